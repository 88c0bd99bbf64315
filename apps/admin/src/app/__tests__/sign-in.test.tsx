import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '../../lib/i18n';
import { SetupPassword } from '../SetupPassword';
import { SignIn } from '../SignIn';

// An operator who cannot see the screen signs in with a screen reader: each field is named by its
// label, a refusal is announced and read with its field, and the window's title names the page.

beforeAll(async () => {
  await initI18n();
});
afterEach(async () => {
  cleanup();
  await changeLanguage('en-us');
});

const describedBy = (el: HTMLElement) => (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);

describe('the sign-in page', () => {
  it('names each field by its label and reads a refusal with its field', async () => {
    render(
      <AntApp>
        <SignIn />
      </AntApp>,
    );
    const name = screen.getByRole('textbox', { name: 'User name' });
    const password = screen.getByLabelText('Password');
    const code = screen.getByRole('textbox', { name: 'Authenticator code' });
    expect(password.tagName).toBe('INPUT');
    // The hint under the code is read with it.
    expect(describedBy(code)).toEqual([screen.getByText(/authenticator app/i).textContent]);

    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['Required', 'Required']);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(name)).toEqual(['Required']);
  });

  it('names the page in the window’s title, in the operator’s language', async () => {
    render(
      <AntApp>
        <SignIn />
      </AntApp>,
    );
    expect(document.title).toBe('Operator sign-in · Shop console');
    await act(() => changeLanguage('zh-cn'));
    expect(document.title).toBe('运营人员登录 · 商城管理后台');
  });
});

describe('the page that sets a new operator’s password', () => {
  it('names both password fields and says what is wrong with each', async () => {
    render(
      <MemoryRouter initialEntries={['/setup?token=abc']}>
        <AntApp>
          <SetupPassword />
        </AntApp>
      </MemoryRouter>,
    );
    expect(document.title).toBe('Choose your password · Shop console');
    const password = screen.getByLabelText('New password');
    const confirm = screen.getByLabelText('Password again');
    fireEvent.change(password, { target: { value: 'short' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Set password' })));
    await screen.findAllByRole('alert');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(password)[0]).toMatch(/12/);
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
  });
});
