import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AppLayout } from '@/app/layouts/app-layout';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n';
import { installFakeShell, type FakeShellCall, type FakeShellPlan } from '@/test/fake-shell';
import { clearToasts, ok, prepareApp, renderRouter, startFakeApi, type Recorded } from '@/test/helpers';
import { useNativeShell } from '@/stores/app-flags';
import AppUpdateCheck from '../components/app-update-check';

const LATEST = '1.6.7';
const OLDEST_ALLOWED = '1.6.0';
const older = (a: string, b: string) => {
  const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) < (y[i] ?? 0);
  return false;
};
let downloadUrl = 'https://apps.example.com/shop.apk';
/** Answers as the shop's server does: the client's version against the oldest allowed and the newest. */
const api = await startFakeApi({
  '/web/version': (req: Recorded) => {
    const version = new URL(req.url, 'http://api').searchParams.get('version');
    return ok({ version: LATEST, min_version: OLDEST_ALLOWED, update_required: !!version && older(version, OLDEST_ALLOWED), update_available: !!version && older(version, LATEST), download_url: downloadUrl });
  },
});

type ShellWindow = { flutter_inappwebview?: unknown; __shellCalls?: FakeShellCall[] };
const w = window as unknown as ShellWindow;
const calls = () => w.__shellCalls ?? [];
const versionAsks = () => api.requests.filter((r) => r.url.startsWith('/web/version'));
const inShell = (version: string, replies: FakeShellPlan['replies'] = {}) => {
  installFakeShell({ readyAfterMs: 0, replies: { appInfo: { answer: { ok: true, version, platform: 'android', serviceWorker: false } }, ...replies } });
  useNativeShell.setState({ isNativeShell: true });
};
const dialog = () => document.querySelector('.adm-dialog');
const settle = () => act(() => new Promise((r) => setTimeout(r, 150)));

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  api.requests.length = 0;
  localStorage.clear();
  downloadUrl = 'https://apps.example.com/shop.apk';
});
afterEach(async () => {
  cleanup();
  await clearToasts();
  delete w.flutter_inappwebview;
  delete w.__shellCalls;
  useNativeShell.setState({ isNativeShell: false });
  await i18n.changeLanguage('en-us');
});

describe('an old native app', () => {
  it('is told in a dialog that cannot be closed that it must update, and the shell opens the download', async () => {
    inShell('1.5.9+31', { openExternal: { answer: { ok: true } } });
    render(<AppUpdateCheck />);
    expect(await screen.findByText('This version of the app is no longer supported. Update it to keep shopping.')).toBeTruthy();
    expect(new URL(versionAsks()[0]!.url, 'http://api').searchParams.toString()).toBe('version=1.5.9&platform=android');
    expect(screen.getByText('Update the app')).toBeTruthy();
    // Neither the mask, nor Escape, nor a way of putting it off closes it.
    fireEvent.click(document.querySelector('.adm-mask')!);
    fireEvent.keyDown(dialog()!, { key: 'Escape' });
    await settle();
    expect(screen.getByText('Update the app')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Not now' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(calls().filter((c) => c.name === 'openExternal')).toEqual([{ name: 'openExternal', args: { url: downloadUrl, returnTo: window.location.href } }]));
    await settle();
    expect(screen.getByText('Update the app')).toBeTruthy();
  });

  it("says so in the member's language", async () => {
    await i18n.changeLanguage('zh-cn');
    inShell('1.2.0', { openExternal: { answer: { ok: true } } });
    render(<AppUpdateCheck />);
    expect(await screen.findByText('此版本的应用已不再支持，请更新后继续购物。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '更新' })).toBeTruthy();
  });
});

describe('a native app with a newer version out', () => {
  it('is offered the update once per version, and may put it off', async () => {
    inShell('1.6.2', { openExternal: { answer: { ok: true } } });
    render(<AppUpdateCheck />);
    expect(await screen.findByText('Version 1.6.7 is ready to download.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByText('Version 1.6.7 is ready to download.')).toBeNull());
    expect(calls().filter((c) => c.name === 'openExternal')).toEqual([]);
    cleanup();
    // The next start: the same version is not offered again.
    inShell('1.6.2');
    render(<AppUpdateCheck />);
    await waitFor(() => expect(versionAsks()).toHaveLength(2));
    await settle();
    expect(dialog()).toBeNull();
  });

  it('is told nothing when it is up to date', async () => {
    inShell(LATEST);
    render(<AppUpdateCheck />);
    await waitFor(() => expect(versionAsks()).toHaveLength(1));
    await settle();
    expect(dialog()).toBeNull();
  });
});

describe('the version check in a browser', () => {
  const renderLayout = () => renderRouter([{ path: '/', element: <AppLayout />, children: [{ path: paths.tabbar.home, element: <p>home</p> }] }], paths.tabbar.home);

  it('asks nothing and shows nothing, even when opened with the launch flag', async () => {
    useNativeShell.setState({ isNativeShell: true });
    renderLayout();
    await screen.findByText('home');
    await act(() => new Promise((r) => setTimeout(r, 600)));
    expect(versionAsks()).toEqual([]);
    expect(dialog()).toBeNull();
  });

  it('asks with the native app’s version once the app starts inside the shell', async () => {
    inShell('1.5.0', { openExternal: { answer: { ok: true } } });
    renderLayout();
    expect(await screen.findByText('Update the app')).toBeTruthy();
  });
});
