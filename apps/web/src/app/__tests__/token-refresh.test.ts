import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getProfile } from '@shop/contract';
import { refreshTokenAtStart } from '@/app/token-refresh';
import { call, resetRequestState } from '@/lib/request';
import { hideBlockingLoading } from '@/lib/toast';
import { TOKEN_REFRESH_AFTER_MS, useSession } from '@/stores/session';
import { clearToasts, memberFixture, prepareApp, startFakeApi, toastText, type Route } from '@/test/helpers';

const HOUR = 3600_000;
const envelope = (code: number, msg: string, data: unknown = null) => ({ json: { code, msg, data } });

// What the server answers to a refresh in the current test; the old token stops working at once.
let refreshAnswer: Route = () => envelope(200, 'Success', 'fresh-token');
let validToken = 'old-token';
const api = await startFakeApi({
  '/user/no_auth/tokenRefresh': (r) => {
    const answer = refreshAnswer(r);
    validToken = 'fresh-token';
    return answer;
  },
  '/user/info/index': (r) =>
    r.headers.authorization === `Bearer ${validToken}`
      ? envelope(200, 'Success', memberFixture({ user_name: 'alice' }))
      : envelope(2001, 'Authentication failed, please log in again'),
});

const refreshCalls = () => api.requests.filter((r) => r.url === '/user/no_auth/tokenRefresh');
const storedToken = () => JSON.parse(localStorage.getItem('shop.session')!).state.token as string;

/** A member whose token was issued `ageMs` ago (undefined: at a time the app does not know). */
function storedSession(ageMs: number | undefined) {
  useSession.getState().signIn('old-token', memberFixture({ user_name: 'alice' }));
  useSession.setState({ refreshedAt: ageMs === undefined ? 0 : Date.now() - ageMs });
}

beforeAll(() => prepareApp());
afterAll(() => api.close());

beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  window.location.hash = '#/pages/tabbar/my';
  refreshAnswer = () => envelope(200, 'Success', 'fresh-token');
  validToken = 'old-token';
  api.requests.length = 0;
  resetRequestState();
});

afterEach(async () => {
  vi.useRealTimers();
  hideBlockingLoading();
  await clearToasts();
});

describe('token refresh at start (spec §4)', () => {
  it('a token issued more than a day ago is exchanged once, quietly, and the answer replaces the stored token', async () => {
    storedSession(TOKEN_REFRESH_AFTER_MS + HOUR);
    const before = Date.now();
    await refreshTokenAtStart();
    const [sent, ...more] = refreshCalls();
    expect(more).toEqual([]);
    expect(sent!.method).toBe('POST');
    expect(JSON.parse(sent!.body)).toEqual({ token: 'old-token' });
    // A /user/no_auth/ call: the token goes in the body, not in the authorization.
    expect(sent!.headers.authorization).toBe('');
    expect(useSession.getState()).toMatchObject({ token: 'fresh-token', user: { id: 7, user_name: 'alice' } });
    expect(storedToken()).toBe('fresh-token');
    expect(useSession.getState().refreshedAt).toBeGreaterThanOrEqual(before);
    expect(Number(localStorage.getItem('shop.session.refreshedAt'))).toBe(useSession.getState().refreshedAt);
    expect(await toastText()).toBe('');

    // The next start, the same day: nothing to do.
    await refreshTokenAtStart();
    expect(refreshCalls()).toHaveLength(1);
  });

  it('the calls that carry the token wait for the answer and go with the new token', async () => {
    storedSession(2 * TOKEN_REFRESH_AFTER_MS);
    let answer: () => void = () => {};
    refreshAnswer = () => ({ ...envelope(200, 'Success', 'fresh-token'), wait: new Promise<void>((r) => (answer = r)) });
    const refreshing = refreshTokenAtStart();
    // The page asks for the member while the refresh is under way.
    const profile = call(getProfile, undefined, { quiet: true });
    await vi.waitFor(() => expect(refreshCalls()).toHaveLength(1));
    // Past the 800 ms after which a tapped POST shows the blocking indicator: this one shows none.
    await new Promise((r) => setTimeout(r, 900));
    expect(await toastText(0)).toBe('');
    expect(api.requests.map((r) => r.url)).toEqual(['/user/no_auth/tokenRefresh']);
    answer();
    await refreshing;
    await expect(profile).resolves.toMatchObject({ id: 7 });
    const asked = api.requests.find((r) => r.url === '/user/info/index')!;
    expect(asked.headers.authorization).toBe('Bearer fresh-token');
    expect(useSession.getState().token).toBe('fresh-token');
  });

  it('a session stored by an earlier release (no refresh time) is refreshed too', async () => {
    storedSession(undefined);
    await refreshTokenAtStart();
    expect(refreshCalls()).toHaveLength(1);
    expect(useSession.getState().token).toBe('fresh-token');
  });

  it('does nothing for a token refreshed within the day, or for a visitor', async () => {
    storedSession(TOKEN_REFRESH_AFTER_MS - HOUR);
    await refreshTokenAtStart();
    useSession.getState().clear();
    await refreshTokenAtStart();
    expect(api.requests).toEqual([]);
  });

  it('2001 (the token is no longer valid): the usual handling, session cleared and login after 1 s', async () => {
    storedSession(TOKEN_REFRESH_AFTER_MS + HOUR);
    refreshAnswer = () => envelope(2001, 'Authentication failed, please log in again');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await refreshTokenAtStart();
    expect(await toastText()).toBe('Your login has expired. Taking you to the login page…');
    expect(useSession.getState()).toMatchObject({ token: '', user: null, refreshedAt: 0 });
    expect(storedToken()).toBe('');
    vi.advanceTimersByTime(1000);
    expect(window.location.hash).toBe(`#/pages/login/login/login?redirect=${encodeURIComponent('/pages/tabbar/my')}`);
  });

  it('any other failure keeps the member logged in, says nothing, and the next start tries again', async () => {
    storedSession(TOKEN_REFRESH_AFTER_MS + HOUR);
    const issued = useSession.getState().refreshedAt;
    refreshAnswer = () => ({ status: 500, json: { code: 500, msg: 'Something went wrong, please try again later', data: null } });
    await refreshTokenAtStart();
    expect(await toastText()).toBe('');
    expect(useSession.getState()).toMatchObject({ token: 'old-token', refreshedAt: issued });
    expect(window.location.hash).toBe('#/pages/tabbar/my');

    refreshAnswer = () => envelope(200, 'Success', 'fresh-token');
    await refreshTokenAtStart();
    expect(refreshCalls()).toHaveLength(2);
    expect(useSession.getState().token).toBe('fresh-token');
  });

  it('an answer that arrives after the member logged in again leaves the new session alone', async () => {
    storedSession(TOKEN_REFRESH_AFTER_MS + HOUR);
    let answer: () => void = () => {};
    refreshAnswer = () => ({ ...envelope(200, 'Success', 'fresh-token'), wait: new Promise<void>((r) => (answer = r)) });
    const refreshing = refreshTokenAtStart();
    await vi.waitFor(() => expect(refreshCalls()).toHaveLength(1));
    useSession.getState().signIn('login-token', memberFixture());
    answer();
    await refreshing;
    expect(useSession.getState().token).toBe('login-token');
  });
});
