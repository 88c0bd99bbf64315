import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { paths } from '@/config/paths';
import { routes } from '@/app/routes';
import { useSession } from '@/stores/session';
import { useLanguage } from '@/stores/language';
import { i18n } from '@/lib/i18n';
import { clearToasts, memberFixture, ok, prepareApp, startFakeApi } from '@/test/helpers';
import { useCaptchaPass } from '../captcha-pass';

// A phone typed at registration is confirmed later by a code texted to it
// (docs/decisions/2026-11-30-registration-phone-unconfirmed.md): the form says so, and the settings
// show it as not confirmed and start the phone sheet from it.

const user = memberFixture({ user_name: 'member01', invite_code: 'ABCDEFGH', country: 'MY', unverified_mobile_pre: '60', unverified_mobile: '123456780' });
const api = await startFakeApi({
  '/user/openJY': () => ok(0),
  '/user/send_code': () => ok({ to: '+60 123***780', resend_in: 60, expires_in: 600 }),
  '/attractive/country/getAreaPre': () => ok({ country: 'US', pre: '1' }),
  '/attractive/countryCode': () => ok([{ code: 'US', name: 'United States', pre: '1' }, { code: 'MY', name: 'Malaysia', pre: '60' }]),
  '/user/message/total': () => ok({ unread: 0 }),
  '/user/info/index': () => ok(user),
  '/attractive/page/captchaConfig': () => ok({ mode: 'auto', bypass_allowed: false, timeout_ms: 10000, challenge_path: '/captcha/challenge', verify_path: '/captcha/verify' }),
});

beforeAll(() => prepareApp());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url }, upload: { default: api.url, cn: api.url } };
  useSession.getState().clear();
  useCaptchaPass.setState({ token: '', draft: {} });
  api.requests.length = 0;
});
afterEach(async () => {
  cleanup();
  await clearToasts();
});
afterAll(() => api.close());

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;

describe('the phone on the registration page', () => {
  it('says under the field that the number is confirmed later in Settings, and cannot log in until then', async () => {
    renderAt(paths.login.register);
    await screen.findByRole('button', { name: 'Sign up' });
    const item = input('mobile').closest('.adm-list-item')!;
    expect(item.textContent).toContain('Confirm it later in Settings with a code we text to it. Until then it cannot be used to log in.');
  });
});

describe('the calling code on the registration page', () => {
  it('sits in the phone input\'s own row, in front of the number, with the field\'s note under both (zh-tw)', async () => {
    useLanguage.getState().setLang('zh-tw');
    await act(() => i18n.changeLanguage('zh-tw'));
    try {
      renderAt(paths.login.register);
      await screen.findByRole('button', { name: '註冊' });
      const phone = input('mobile');
      const item = phone.closest('.adm-list-item')!;
      const picker = within(item as HTMLElement).getByRole('button', { name: /\+1$/ });
      const note = within(item as HTMLElement).getByText(/設定/);
      // The smallest box holding the picker and the input is their row: the note is not in it, but after it.
      let row = picker.parentElement!;
      while (!row.contains(phone)) row = row.parentElement!;
      expect(row.contains(note)).toBe(false);
      expect(row.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(picker.compareDocumentPosition(phone) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(item.querySelector('.adm-list-item-content-extra')).toBeNull();
    } finally {
      useLanguage.getState().setLang('en-us');
      await act(() => i18n.changeLanguage('en-us'));
    }
  });
});

describe('an unconfirmed phone in the settings', () => {
  it('shows as not confirmed, and the phone sheet starts from it: the code goes to that number', async () => {
    useSession.getState().signIn('tok-9', user);
    renderAt(paths.other.settings);
    await screen.findByText('Account and security');
    const row = () => screen.getByText('Phone number', { selector: '.adm-list-item-content-main' }).closest('.adm-list-item')!;
    await act(async () => {
      for (let i = 0; i < 50 && !row().textContent?.includes('not confirmed'); i++) await new Promise((r) => setTimeout(r, 20));
    });
    expect(row().textContent).toContain('+60 123***780 (not confirmed)');

    fireEvent.click(row());
    await act(async () => {
      for (let i = 0; i < 50 && input('mobile')?.value !== '123456780'; i++) await new Promise((r) => setTimeout(r, 20));
    });
    expect(input('mobile').value).toBe('123456780');
    expect(screen.getByRole('button', { name: /\+60$/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    await act(async () => {
      for (let i = 0; i < 50 && !api.requests.some((r) => r.url === '/user/send_code'); i++) await new Promise((r) => setTimeout(r, 20));
    });
    expect(JSON.parse(api.requests.find((r) => r.url === '/user/send_code')!.body)).toEqual({ type: 'bind', mobile_pre: '60', mobile: '123456780' });
  });
});
