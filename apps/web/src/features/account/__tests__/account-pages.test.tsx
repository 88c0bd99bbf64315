import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { paths } from '@/config/paths';
import { routes } from '@/app/routes';
import { useSession } from '@/stores/session';
import { clearToasts, memberFixture, ok, prepareApp, startFakeApi, toastText, fieldRefusal } from '@/test/helpers';
import { SliderCaptcha } from '../components/slider-captcha';
import { useCaptchaPass } from '../captcha-pass';

let captchaNeeded = 0;
const user = memberFixture({ user_name: 'member01', invite_code: 'ABCDEFGH' });
const api = await startFakeApi({
  '/user/openJY': () => ok(captchaNeeded),
  '/user/no_auth/login': () => ok({ token: 'tok-123', expires_at: '2026-12-21T00:00:00.000Z', user }),
  '/user/send_code': () => ok({ to: 'mia***com', resend_in: 60, expires_in: 600 }),
  '/attractive/country/getAreaPre': () => ok({ country: 'US', pre: '1' }),
  '/attractive/countryCode': () => ok([{ code: 'US', name: 'United States', pre: '1' }]),
  '/user/message/total': () => ok({ unread: 0 }),
  '/captcha/challenge': () => ({ json: null, wait: new Promise<void>(() => {}) }),
  '/user/info/index': () => ok({ ...user, google_bound: true, real_name_status: 'pending', mobile_pre: '60', mobile: '123456789' }),
  '/user/info/login_out': () => ok({ ok: true }),
  '/attractive/page/captchaConfig': () => ok({ mode: 'auto', bypass_allowed: false, timeout_ms: 10000, challenge_path: '/captcha/challenge', verify_path: '/captcha/verify' }),
});

beforeAll(() => prepareApp());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url }, upload: { default: api.url, cn: api.url } };
  useSession.getState().clear();
  useCaptchaPass.setState({ token: '', draft: {} });
  captchaNeeded = 0;
});
afterEach(async () => {
  cleanup();
  await clearToasts();
});
afterAll(() => api.close());

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });

describe('the login page', () => {
  it('names the first empty field, then asks for the agreement, then logs in and keeps the session', async () => {
    const router = renderAt(paths.login.login);
    const button = await screen.findByRole('button', { name: 'Log in' });
    fireEvent.click(button);
    expect(await fieldRefusal()).toBe('Please enter Account');
    await clearToasts();
    type('account', 'member01');
    fireEvent.click(button);
    expect(await fieldRefusal()).toBe('Please enter Password');
    await clearToasts();
    type('password', 'Secret123');
    fireEvent.click(button);
    expect(await toastText()).toBe('Please tick the relevant agreement');
    await clearToasts();
    fireEvent.click(screen.getByText('I have read and agree to the User Agreement and Privacy Policy'));
    fireEvent.click(button);
    await act(async () => {
      for (let i = 0; i < 50 && router.state.location.pathname !== paths.tabbar.my; i++) await new Promise((r) => setTimeout(r, 20));
    });
    expect(router.state.location.pathname).toBe(paths.tabbar.my);
    expect(useSession.getState()).toMatchObject({ token: 'tok-123', user: { user_name: 'member01' } });
    const sent = api.requests.find((r) => r.url === '/user/no_auth/login')!;
    expect(JSON.parse(sent.body)).toEqual({ account: 'member01', password: 'Secret123' });
    expect(sent.headers.authorization).toBe('');
  });

  it('sends the member to the human check when the server asks for the slider, and back after', async () => {
    captchaNeeded = 1;
    const router = renderAt(paths.login.login);
    const button = await screen.findByRole('button', { name: 'Log in' });
    type('account', 'member01');
    type('password', 'Secret123');
    fireEvent.click(screen.getByText('I have read and agree to the User Agreement and Privacy Policy'));
    fireEvent.click(button);
    await act(async () => {
      for (let i = 0; i < 50 && router.state.location.pathname === paths.login.login; i++) await new Promise((r) => setTimeout(r, 20));
    });
    expect(router.state.location.pathname).toBe(paths.other.humanCheck);
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent(paths.login.login)}`);
    expect(useCaptchaPass.getState().draft).toEqual({ account: 'member01', password: 'Secret123' });
  });
});

describe('the registration page', () => {
  it('names the first empty field, and counts 60 s down after sending the code', async () => {
    renderAt(paths.login.register);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign up' }));
    expect(await fieldRefusal()).toBe('Please enter Username');
    await clearToasts();
    type('email', 'mia@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    const counting = await screen.findByRole('button', { name: /^Resend in (60|59) s$/ });
    expect((counting as HTMLButtonElement).disabled).toBe(true);
    expect(JSON.parse(api.requests.find((r) => r.url === '/user/send_code')!.body)).toEqual({ type: 'register', email: 'mia@example.com' });
    expect(await toastText()).toBe('A code was sent to mia***com');
  });
});

describe('the password rule on the forms', () => {
  it('shows the rule and refuses a password under 8 characters before anything is sent', async () => {
    renderAt(paths.login.forgotPassword);
    await screen.findByRole('button', { name: 'Reset password' });
    expect(input('password').placeholder).toBe('8 to 128 characters');
    type('account', 'member01');
    type('code', '123456');
    type('password', 'abc123');
    type('password_confirm', 'abc123');
    const before = api.requests.length;
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await fieldRefusal()).toBe('The password must be 8 to 128 characters');
    expect(api.requests.slice(before).filter((r) => r.url === '/user/no_auth/forget')).toHaveLength(0);
  });
});

describe('the forgotten-password page', () => {
  it('asks for a user name, e-mail or phone number, and says under the Google code field when it is needed', async () => {
    renderAt(paths.login.forgotPassword);
    await screen.findByRole('button', { name: 'Reset password' });
    // The account may be typed as a user name, an e-mail or a phone number: no user-name rule in its hint.
    expect(input('account').placeholder).toBe('Username, email or phone number');
    // A short placeholder, the condition as a line under the field (read whole on a phone, in any language).
    expect(input('google_code').placeholder).toBe('6-digit code from the app');
    const item = input('google_code').closest('.adm-list-item')!;
    expect(item.textContent).toContain('Only if Google Authenticator is bound to the account');
  });
});

describe('the account part of the settings page', () => {
  it('shows the member’s security state and logs out, forgetting the session', async () => {
    useSession.getState().signIn('tok-456', user);
    const router = renderAt(paths.other.settings);
    await screen.findByText('Account and security');
    const row = (label: string) => screen.getByText(label, { selector: '.adm-list-item-content-main' }).closest('.adm-list-item')!.textContent;
    await act(async () => {
      for (let i = 0; i < 50 && !row('Real-name authentication')?.includes('Under review'); i++) await new Promise((r) => setTimeout(r, 20));
    });
    expect(row('Real-name authentication')).toContain('Under review');
    expect(row('Google Authenticator')).toContain('Set');
    expect(row('Phone number')).toContain('+60 123***789');
    expect(row('Email')).toContain('mia*********com');
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await act(async () => {
      for (let i = 0; i < 50 && router.state.location.pathname !== paths.tabbar.my; i++) await new Promise((r) => setTimeout(r, 20));
    });
    expect(router.state.location.pathname).toBe(paths.tabbar.my);
    expect(useSession.getState().token).toBe('');
    // The server hears of it in the background, with the session's token.
    await act(async () => {
      for (let i = 0; i < 50 && !api.requests.some((r) => r.url === '/user/info/login_out'); i++) await new Promise((r) => setTimeout(r, 20));
    });
    expect(api.requests.find((r) => r.url === '/user/info/login_out')?.headers.authorization).toBe('Bearer tok-456');
  });

  it('is not there for a visitor', async () => {
    renderAt(paths.other.settings);
    await screen.findByText('Language');
    expect(screen.queryByText('Account and security')).toBeNull();
  });
});

describe('the slider captcha', () => {
  it('goes init → loading → fail with 60205 after two timeouts, offering bypass only when given', async () => {
    let bypassed = false;
    const { container } = render(
      <>
        <SliderCaptcha onPass={() => {}} onBypass={() => (bypassed = true)} timeoutMs={60} />
      </>,
    );
    expect(container.querySelector('.slider-captcha')?.getAttribute('data-state')).toBe('loading');
    const alert = await screen.findByRole('alert', {}, { timeout: 2000 });
    expect(container.querySelector('.slider-captcha')?.getAttribute('data-state')).toBe('fail');
    expect(alert.textContent).toContain('(60205)');
    fireEvent.click(screen.getByRole('button', { name: 'Continue without verification' }));
    expect(bypassed).toBe(true);
    cleanup();
    render(
      <>
        <SliderCaptcha onPass={() => {}} timeoutMs={60} />
      </>,
    );
    await screen.findByRole('alert', {}, { timeout: 2000 });
    expect(screen.queryByRole('button', { name: 'Continue without verification' })).toBeNull();
  });
});
