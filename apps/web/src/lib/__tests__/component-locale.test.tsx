import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Dialog, Stepper } from 'antd-mobile';
import { ComponentTexts } from '@/lib/component-locale';
import { i18n } from '@/lib/i18n';
import { prepareApp } from '@/test/helpers';

// antd-mobile's own texts (a quantity stepper's buttons, a dialog's buttons) speak the member's
// language, from the app's own packs: antd-mobile has no Khmer locale, and left these English.

beforeAll(() => prepareApp());
afterEach(async () => {
  cleanup();
  Dialog.clear();
  await act(() => i18n.changeLanguage('en-us'));
});

/** The names a screen reader gives the stepper's two buttons. */
const stepperButtons = () => screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'));

describe("antd-mobile's texts", () => {
  it('label the quantity stepper in Khmer and in Hungarian, switching with the language', async () => {
    await act(() => i18n.changeLanguage('km'));
    render(
      <ComponentTexts>
        <Stepper defaultValue={2} min={1} max={5} />
      </ComponentTexts>,
    );
    expect(stepperButtons()).toEqual(['បន្ថយ', 'បន្ថែម']);

    await act(() => i18n.changeLanguage('hu'));
    expect(stepperButtons()).toEqual(['Csökkentés', 'Növelés']);
  });

  it('name the buttons of a dialog opened by a call in the language in use', async () => {
    await act(() => i18n.changeLanguage('km'));
    render(<ComponentTexts>{null}</ComponentTexts>);
    act(() => void Dialog.confirm({ content: 'ok?' }));
    expect(await screen.findByRole('button', { name: 'បញ្ជាក់' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'បោះបង់' })).toBeTruthy();
  });
});
