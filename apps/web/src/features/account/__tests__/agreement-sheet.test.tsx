import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { paths } from '@/config/paths';
import { routes } from '@/app/routes';
import { useSession } from '@/stores/session';
import { clearToasts, ok, prepareApp, renderRouter, startFakeApi, untilGone } from '@/test/helpers';

// The agreements named beside the tick open over the form: reading one and coming back leaves every
// field as the member filled it, and a code already asked for still counting down (the form was
// never left, so nothing had to be kept anywhere, passwords least of all).

const api = await startFakeApi({
  '/web/agreement': (req) => {
    const kind = new URL(req.url, 'http://x').searchParams.get('type');
    return ok({ type: kind, title: kind, content: kind === 'privacy' ? '<p>We keep your data safe.</p>' : '<p>Be kind to other members.</p>', updated_at: '2026-11-20T00:00:00.000Z' });
  },
  '/user/openJY': () => ok(0),
  '/user/send_code': () => ok({ to: 'mia***com', resend_in: 60, expires_in: 600 }),
  '/attractive/country/getAreaPre': () => ok({ country: 'US', pre: '1' }),
  '/attractive/countryCode': () => ok([{ code: 'US', name: 'United States', pre: '1' }]),
});

beforeAll(() => prepareApp());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url }, upload: { default: api.url, cn: api.url } };
  useSession.getState().clear();
});
afterEach(async () => {
  cleanup();
  await clearToasts();
});
afterAll(() => api.close());

const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });

/** Opens the agreement named `link`, reads `text` in it, and closes it with its own button. */
async function readAgreement(link: string, text: string) {
  fireEvent.click(screen.getByText(link));
  const sheet = await screen.findByRole('dialog', { name: link });
  expect(await within(sheet).findByText(text)).toBeTruthy();
  expect(within(sheet).getByText('Last updated Nov 20, 2026')).toBeTruthy();
  fireEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
  await untilGone(() => screen.queryByRole('dialog'));
}

describe('the agreements beside the tick', () => {
  it('on the sign-up form open over it and leave every field and the code’s countdown as they were', async () => {
    const router = renderRouter(routes, paths.login.register);
    await screen.findByRole('button', { name: 'Sign up' });
    const filled = { user_name: 'mia01', nickname: 'Mia', password: 'Secret123', email: 'mia@example.com', invite_code: 'ABCDEFGH' };
    for (const [name, value] of Object.entries(filled)) type(name, value);
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    await screen.findByRole('button', { name: /^Resend in (60|59) s$/ });
    type('code', '123456');

    await readAgreement('User agreement', 'Be kind to other members.');
    await readAgreement('Privacy policy', 'We keep your data safe.');

    expect(router.state.location.pathname).toBe(paths.login.register);
    for (const [name, value] of Object.entries({ ...filled, code: '123456' })) expect(input(name).value, name).toBe(value);
    expect(screen.getByRole('button', { name: /^Resend in \d+ s$/ })).toBeTruthy();
    expect(api.requests.filter((r) => r.url === '/user/send_code')).toHaveLength(1);
  });

  it('on the login form open over it and leave what was typed', async () => {
    const router = renderRouter(routes, paths.login.login);
    await screen.findByRole('button', { name: 'Log in' });
    type('account', 'member01');
    type('password', 'Secret123');
    await readAgreement('User agreement', 'Be kind to other members.');
    expect(router.state.location.pathname).toBe(paths.login.login);
    expect(input('account').value).toBe('member01');
    expect(input('password').value).toBe('Secret123');
  });
});
