import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { AppLayout } from '@/app/layouts/app-layout';
import { paths } from '@/config/paths';
import { PopupHost } from '@/features/catalogue/components/popup-host';
import { installFakeShell } from '@/test/fake-shell';
import { clearToasts, memberFixture, ok, prepareApp, renderRouter, startFakeApi } from '@/test/helpers';
import { useNativeShell } from '@/stores/app-flags';
import { useOwnPopupGate } from '@/stores/popups';
import { useSession } from '@/stores/session';

// In the native shell, an app older than the oldest the server allows shows the "Update the app"
// dialog that cannot be closed; the home page's promotion ("Autumn sale") and the popup of a newly
// reached star opened behind it all the same. While an update is required the app opens nothing of
// its own; an app that is up to date still gets both.

const OLDEST_ALLOWED = '1.6.0';
const LATEST = '1.6.7';
const api = await startFakeApi({
  '/web/version': (req) => {
    const version = new URL(req.url, 'http://api').searchParams.get('version') ?? '';
    const required = version.localeCompare(OLDEST_ALLOWED, undefined, { numeric: true }) < 0;
    const available = version.localeCompare(LATEST, undefined, { numeric: true }) < 0;
    return ok({ version: LATEST, min_version: OLDEST_ALLOWED, update_required: required, update_available: available, download_url: 'https://apps.example.com/shop.apk' });
  },
  '/attractive/popup/list': () => ok({ list: [{ id: 7, title: 'Autumn sale', content: '<p>Everything 30% off</p>', image: '', link: '' }] }),
  '/user/info/UserStarProgress': () => ok({ star: 2, next_star: 3, conditions: [], achieved_at: '2026-11-20T10:00:00.000Z', popup: true, history: [{ star: 2, reached_at: '2026-11-20T10:00:00.000Z' }] }),
  '/user/message/total': () => ok({ unread: 0 }),
});

type ShellWindow = { flutter_inappwebview?: unknown; __shellCalls?: unknown };
const w = window as unknown as ShellWindow;

/** The app started in the native shell of `version`, on the home page with its promotion, a member signed in. */
const startInShell = (version: string) => {
  installFakeShell({ readyAfterMs: 0, marksReady: true, replies: { appInfo: { answer: { ok: true, version, platform: 'android', serviceWorker: false } } } });
  useNativeShell.setState({ isNativeShell: true });
  useSession.getState().signIn('tok-1', memberFixture());
  renderRouter([{ path: '/', element: <AppLayout />, children: [{ path: paths.tabbar.home, element: <><p>home</p><PopupHost /></> }] }], paths.tabbar.home);
};
/** The member's first tap makes the page usable (the promotion and the star popup wait for it), then the time they take. */
const useThePage = async () => {
  await screen.findByText('home');
  fireEvent.keyDown(window, { key: 'Shift' });
  fireEvent.pointerDown(window);
  await act(() => new Promise((r) => setTimeout(r, 2500)));
};

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  sessionStorage.clear();
  api.requests.length = 0;
});
afterEach(async () => {
  cleanup();
  await clearToasts();
  delete w.flutter_inappwebview;
  delete w.__shellCalls;
  useNativeShell.setState({ isNativeShell: false });
  useOwnPopupGate.setState(useOwnPopupGate.getInitialState());
  useSession.getState().clear();
});

describe('the app\'s own popups behind a required update', () => {
  it('an app that must be updated shows the update dialog alone: no promotion, no star popup', async () => {
    startInShell('1.5.0');
    expect(await screen.findByText('Update the app', undefined, { timeout: 8000 })).toBeTruthy();
    await useThePage();
    expect(screen.getByText('Update the app')).toBeTruthy();
    expect(screen.queryByText('Autumn sale')).toBeNull();
    expect(screen.queryByTestId('star-popup')).toBeNull();
    // The star is not spent on a popup nobody could see: the app has not asked for it.
    expect(api.requests.filter((r) => r.url.startsWith('/user/info/UserStarProgress'))).toEqual([]);
  }, 15_000);

  it('an update the member may put off comes first; the promotion and the star popup follow once it is answered', async () => {
    startInShell('1.6.2');
    expect(await screen.findByText('Version 1.6.7 is ready to download.', undefined, { timeout: 8000 })).toBeTruthy();
    await useThePage();
    expect(screen.queryByText('Autumn sale')).toBeNull();
    expect(screen.queryByTestId('star-popup')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(await screen.findByText('Autumn sale', undefined, { timeout: 3000 })).toBeTruthy();
    expect(await screen.findByTestId('star-popup', undefined, { timeout: 3000 })).toBeTruthy();
  }, 20_000);

  it('an app that is up to date still gets the promotion and the star popup', async () => {
    startInShell('1.6.7');
    await useThePage();
    expect(await screen.findByText('Autumn sale', undefined, { timeout: 3000 })).toBeTruthy();
    expect(await screen.findByTestId('star-popup', undefined, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByText('Update the app')).toBeNull();
  }, 15_000);
});
