import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { List } from 'antd-mobile';
import type { PaymentInfo } from '@shop/contract/payments';
import { AppVersionRows } from '@/components/shell/app-version';
import { logoutMember } from '@/features/account/api/logout';
import { GatewayHandoff } from '@/features/payments/components/gateway-handoff';
import { installFakeShell, type FakeShellCall, type FakeShellPlan } from '@/test/fake-shell';
import { memberFixture, ok, prepareApp, startFakeApi } from '@/test/helpers';
import { useNativeShell } from '@/stores/app-flags';
import { useSession } from '@/stores/session';
import PushRegistration from '../components/push-registration';

const api = await startFakeApi({
  '/user/device/pushToken': () => ok({ registered: true }),
  '/user/info/login_out': () => ok({ ok: true }),
});
type ShellWindow = { flutter_inappwebview?: unknown; __shellCalls?: FakeShellCall[] };
const w = window as unknown as ShellWindow;
const calls = () => w.__shellCalls ?? [];
const inShell = (plan: FakeShellPlan) => {
  installFakeShell({ readyAfterMs: 0, ...plan });
  useNativeShell.setState({ isNativeShell: true });
};
const show = (ui: React.ReactNode) => render(ui);
const pushCalls = () => api.requests.filter((r) => r.url === '/user/device/pushToken');

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  api.requests.length = 0;
});
afterEach(() => {
  cleanup();
  delete w.flutter_inappwebview;
  delete w.__shellCalls;
  useNativeShell.setState({ isNativeShell: false });
  useSession.getState().clear();
});

describe('the push token, after a login in the shell', () => {
  const phone = { ok: true, token: 'fcm-token-of-a-phone-0001', platform: 'android', provider: 'fcm' };

  it('is asked of the shell once per login and registered with the shop', async () => {
    inShell({ replies: { pushToken: { answer: phone } } });
    show(<PushRegistration />);
    expect(calls()).toEqual([]);
    act(() => useSession.getState().signIn('token-one', memberFixture()));
    await waitFor(() => expect(pushCalls()).toHaveLength(1));
    expect(JSON.parse(pushCalls()[0]!.body)).toEqual({ token: phone.token, platform: 'android', provider: 'fcm' });
    expect(pushCalls()[0]!.headers.authorization).toBe('Bearer token-one');
    cleanup();
    show(<PushRegistration />);
    await new Promise((r) => setTimeout(r, 100));
    expect(calls()).toHaveLength(1);
  });

  it('registers nothing when the shell refuses or answers something unusable', async () => {
    inShell({ replies: { pushToken: { answer: { ok: false, error: 'denied' } } } });
    useSession.getState().signIn('token-two', memberFixture());
    show(<PushRegistration />);
    await waitFor(() => expect(calls()).toHaveLength(1));
    cleanup();
    inShell({ replies: { pushToken: { answer: { ok: true, token: 'short', platform: 'android', provider: 'fcm' } } } });
    act(() => useSession.getState().signIn('token-three', memberFixture()));
    show(<PushRegistration />);
    await waitFor(() => expect(calls()).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 100));
    expect(pushCalls()).toEqual([]);
  });
});

describe('the shell at logout and in the settings', () => {
  it('is told when the member logs out', async () => {
    inShell({ replies: { logout: { answer: { ok: true } } } });
    useSession.getState().signIn('token-four', memberFixture());
    await logoutMember();
    await waitFor(() => expect(calls()).toEqual([{ name: 'logout', args: {} }]));
    expect(useSession.getState().token).toBe('');
  });

  it("shows the native app's version and platform beside the web app's", async () => {
    inShell({ replies: { appInfo: { answer: { ok: true, version: '2.4.0', platform: 'android', serviceWorker: false } } } });
    show(<List><AppVersionRows /></List>);
    expect(await screen.findByText('2.4.0 · android')).toBeTruthy();
    expect(screen.getByText('1.6.7')).toBeTruthy();
  });
});

describe("a payment's hand-off to a wallet or bank app", () => {
  const payment = { payment_no: 'P1', order_id: 7, order_type: 'order', order_no: '2611230000000007', currency: 'CNY', gateway_part: 4190, balance_part: 0, redirect_url: 'alipays://platformapi/startapp?appId=20000067' } as unknown as PaymentInfo;

  it('goes through the shell, which is told the way back to the result page', async () => {
    inShell({ replies: { openExternal: { answer: { ok: true } } } });
    show(<GatewayHandoff payment={payment} />);
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Go to the payment page' })));
    expect(await screen.findByText('Finish paying in the other app. This page shows the result when you come back.')).toBeTruthy();
    expect(calls()).toEqual([
      { name: 'openExternal', args: { url: payment.redirect_url, returnTo: `${window.location.origin}/#/pages/goods/payFinish?payment_no=P1&order_id=7&order_type=order` } },
    ]);
  });

  // jsdom cannot leave the page: a web view sent to the gateway shows as its "navigation" complaint.
  const leavesThePage = async (tap: () => Promise<void>) => {
    const { virtualConsole } = (globalThis as unknown as { jsdom: { virtualConsole: { on(e: string, f: (error: Error) => void): void; off(e: string, f: (error: Error) => void): void } } }).jsdom;
    let left = false;
    const complaint = (error: Error) => (left ||= error.message.includes('navigation'));
    virtualConsole.on('jsdomError', complaint);
    try {
      await tap();
      await new Promise((r) => setTimeout(r, 50));
      return left;
    } finally {
      virtualConsole.off('jsdomError', complaint);
    }
  };
  const tapGo = () => act(async () => fireEvent.click(screen.getByRole('link', { name: 'Go to the payment page' })));

  it('stays on the page when the member cancels in the shell, saying nothing more', async () => {
    inShell({ replies: { openExternal: { answer: { ok: false, error: 'cancelled' } } } });
    show(<GatewayHandoff payment={payment} />);
    expect(await leavesThePage(async () => {
      await tapGo();
      await waitFor(() => expect(calls()).toHaveLength(1));
    })).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the payment page' })).toBeTruthy();
  });

  it('stays on the page when the shell refuses otherwise, says so and lets the member tap again', async () => {
    inShell({ replies: { openExternal: { answer: { ok: false, error: 'denied' } } } });
    show(<GatewayHandoff payment={payment} />);
    expect(await leavesThePage(async () => {
      await tapGo();
      expect((await screen.findByRole('alert')).textContent).toBe('Could not open the payment page. Tap the button to try again.');
    })).toBe(false);
    inShell({ replies: { openExternal: { answer: { ok: true } } } });
    await tapGo();
    expect(await screen.findByText('Finish paying in the other app. This page shows the result when you come back.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('goes to the gateway in the web view itself only when the shell does not do this', async () => {
    inShell({ replies: {} });
    show(<GatewayHandoff payment={payment} />);
    expect(await leavesThePage(async () => {
      await tapGo();
      await waitFor(() => expect(calls()).toHaveLength(1));
    })).toBe(true);
  });
});
