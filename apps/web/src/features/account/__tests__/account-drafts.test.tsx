import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent } from '@testing-library/react';
import { paths } from '@/config/paths';
import { routes } from '@/app/routes';
import { keepOpenDrafts, takeDraftsLeftOpen } from '@/lib/open-drafts';
import { useSession } from '@/stores/session';
import { useShareCode } from '@/stores/app-flags';
import { clearToasts, ok, prepareApp, renderRouter, startFakeApi } from '@/test/helpers';
import { useCaptchaPass } from '../captcha-pass';

// The sign-up, login and forgotten-password forms, loaded again while open (the new version's
// "Reload", the browser's reload): what the member typed comes back, never a password or a code.
const api = await startFakeApi({
  '/attractive/country/getAreaPre': () => ok({ country: 'US', pre: '1' }),
  '/attractive/countryCode': () => ok([{ code: 'US', name: 'United States', pre: '1' }]),
  '/user/message/total': () => ok({ unread: 0 }),
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url }, upload: { default: api.url, cn: api.url } };
  sessionStorage.clear();
  useSession.getState().clear();
  useCaptchaPass.setState({ token: '', draft: {} });
  useShareCode.setState({ shareCode: '' });
});
afterEach(async () => {
  cleanup();
  await clearToasts();
});

const field = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
const type = (name: string, value: string) => fireEvent.change(field(name)!, { target: { value } });
const until = async (check: () => boolean) => {
  await act(async () => {
    for (let i = 0; i < 150 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  });
  expect(check()).toBe(true);
};

/** The update's "Reload": the open forms are written down as the document ends, and the same page opens again. */
function reloadAt(page: string) {
  keepOpenDrafts();
  cleanup();
  takeDraftsLeftOpen(page);
  return renderRouter(routes, page);
}

describe('a form loaded again while it is open', () => {
  it('sign-up: the account, name, e-mail, phone and invitation code come back; the password and the code do not', async () => {
    renderRouter(routes, paths.login.register);
    await until(() => Boolean(field('user_name')));
    type('user_name', 'newmember7');
    type('nickname', 'Mia');
    type('password', 'Secret123');
    type('email', 'mia@example.com');
    type('mobile', '5550100');
    type('invite_code', 'ABCDEFGH');
    type('code', '123456');

    reloadAt(paths.login.register);
    await until(() => field('user_name')?.value === 'newmember7');
    expect(field('nickname')!.value).toBe('Mia');
    expect(field('email')!.value).toBe('mia@example.com');
    expect(field('mobile')!.value).toBe('5550100');
    expect(field('invite_code')!.value).toBe('ABCDEFGH');
    expect(field('password')!.value).toBe('');
    expect(field('code')!.value).toBe('');
    expect(sessionStorage.getItem('shop.openDrafts') ?? '').not.toMatch(/Secret123|123456/);
  });

  it('sign-up: given back once, an empty form opened again inside the app stays empty', async () => {
    renderRouter(routes, paths.login.register);
    await until(() => Boolean(field('user_name')));
    type('nickname', 'Mia');
    const router = reloadAt(paths.login.register);
    await until(() => field('nickname')?.value === 'Mia');
    act(() => void router.navigate(paths.login.login));
    await until(() => Boolean(field('account')));
    act(() => void router.navigate(paths.login.register));
    await until(() => Boolean(field('nickname')));
    expect(field('nickname')!.value).toBe('');
  });

  it('login: the account comes back, the password does not', async () => {
    renderRouter(routes, paths.login.login);
    await until(() => Boolean(field('account')));
    type('account', 'member01');
    type('password', 'Secret123');
    reloadAt(paths.login.login);
    await until(() => field('account')?.value === 'member01');
    expect(field('password')!.value).toBe('');
  });

  it('forgotten password: the account comes back, the code and the new password do not', async () => {
    renderRouter(routes, paths.login.forgotPassword);
    await until(() => Boolean(field('account')));
    type('account', 'member01');
    type('code', '123456');
    type('password', 'Secret123');
    reloadAt(paths.login.forgotPassword);
    await until(() => field('account')?.value === 'member01');
    expect(field('code')!.value).toBe('');
    expect(field('password')!.value).toBe('');
  });
});
