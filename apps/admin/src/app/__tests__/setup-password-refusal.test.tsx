import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../lib/i18n';
import { SetupPassword } from '../SetupPassword';

// A new operator choosing a common password is told so under the password field, in the console's
// language (the server's refusal, localized by the language the console sends).

beforeAll(async () => {
  await initI18n();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en-us');
});

const REFUSAL = '此密码过于常见或曾在数据泄露中出现，请换一个';
const describedBy = (el: HTMLElement) => (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);

describe('the setup page refusing a common password', () => {
  it('shows the refusal on the password field, in the operator’s language', async () => {
    await changeLanguage('zh-cn');
    const languages: string[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit = {}) => {
      languages.push(String((init.headers as Record<string, string>)['Accept-Language']));
      return new Response(JSON.stringify({ code: 422, msg: REFUSAL, data: { errors: [{ field: 'password', msg: REFUSAL }] } }), { status: 422, headers: { 'Content-Type': 'application/json' } });
    });
    render(
      <MemoryRouter initialEntries={['/setup?token=abc']}>
        <AntApp>
          <SetupPassword />
        </AntApp>
      </MemoryRouter>,
    );
    const password = screen.getByLabelText('新密码');
    fireEvent.change(password, { target: { value: 'password1234' } });
    fireEvent.change(screen.getByLabelText('再次输入密码'), { target: { value: 'password1234' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: '设置密码' })));
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(password)).toContain(REFUSAL);
    expect(languages).toEqual(['zh-cn']);
  }, 60_000);
});
