import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { AgreementCheck } from '@/features/account/components/agreement-check';
import { prepareApp } from '@/test/helpers';
import { addStyles } from '@/test/styles';
import { CheckBox } from '../check-box';

let removeStyles: () => void;
beforeAll(() => {
  prepareApp();
  removeStyles = addStyles('node_modules/antd-mobile/es/components/checkbox/checkbox.css', 'apps/web/src/components/check-box.css');
});
afterAll(() => removeStyles());
afterEach(cleanup);

function Agreement() {
  const [checked, setChecked] = useState(false);
  return <AgreementCheck checked={checked} onChange={setChecked} />;
}

describe('tick boxes', () => {
  it('the agreement of login and registration is a checkbox a keyboard reaches, named by its words, with its state', () => {
    const router = createMemoryRouter([{ path: '/', element: <Agreement /> }]);
    render(<RouterProvider router={router} />);
    const box = screen.getByRole('checkbox', { name: /I have read and agree/ }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(box.tabIndex).toBe(0);
    box.focus();
    expect(document.activeElement).toBe(box);
    // Space on a focused checkbox is the browser's click on it.
    fireEvent.click(box);
    expect((screen.getByRole('checkbox', { name: /I have read and agree/ }) as HTMLInputElement).checked).toBe(true);
    expect(document.activeElement).toBe(box);
  });

  it('a box without words of its own is named by its label, which takes no room on screen', () => {
    render(<CheckBox checked label="Choose Teapot" />);
    const box = screen.getByRole('checkbox', { name: 'Choose Teapot' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(box.closest('label')!.querySelector('.check-box-name')!.textContent).toBe('Choose Teapot');
  });

  it('a box with words and a fuller name is said by the name, which contains the words', () => {
    render(
      <CheckBox checked={false} label="Choose gift card ****1234">
        ****1234
      </CheckBox>,
    );
    expect(screen.getByRole('checkbox', { name: 'Choose gift card ****1234' })).toBeTruthy();
  });
});
