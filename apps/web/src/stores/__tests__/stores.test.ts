import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memberFixture } from '@/test/helpers';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.resetModules();
});

describe('the language store', () => {
  it.each(['zh_TW', 'en_US', 'KM', 'HU', 'klingon'])('resets a stored %s to en-us', async (stored) => {
    localStorage.setItem('lang', stored);
    const { useLanguage } = await import('@/stores/language');
    expect(useLanguage.getState().lang).toBe('en-us');
  });

  it('keeps a stored language of ours and remembers a new choice', async () => {
    localStorage.setItem('lang', 'th');
    const { useLanguage } = await import('@/stores/language');
    expect(useLanguage.getState().lang).toBe('th');
    useLanguage.getState().setLang('jp');
    expect(localStorage.getItem('lang')).toBe('jp');
  });

  it('starts in en-us when nothing is stored', async () => {
    const { useLanguage } = await import('@/stores/language');
    expect(useLanguage.getState().lang).toBe('en-us');
  });
});

describe('the session store', () => {
  it('keeps token and user across a reload; a refresh replaces the token; clear forgets both', async () => {
    let { useSession } = await import('@/stores/session');
    const bob = memberFixture({ id: 3, user_name: 'bob' });
    useSession.getState().signIn('first', bob);
    vi.resetModules();
    ({ useSession } = await import('@/stores/session'));
    expect(useSession.getState()).toMatchObject({ token: 'first', user: { id: 3, user_name: 'bob' } });
    useSession.getState().setToken('refreshed');
    expect(JSON.parse(localStorage.getItem('shop.session')!).state).toEqual({ token: 'refreshed', user: bob });
    useSession.getState().clear();
    expect(JSON.parse(localStorage.getItem('shop.session')!).state).toEqual({ token: '', user: null });
  });
});

describe('the session store: when the token was issued', () => {
  it('stamps login and refresh, keeps the time beside the session across a reload, forgets it on clear', async () => {
    const { TOKEN_REFRESH_AFTER_MS } = await import('@/stores/session');
    let { useSession, tokenRefreshDue } = await import('@/stores/session');
    const before = Date.now();
    const member = memberFixture({ id: 3 });
    useSession.getState().signIn('first', member);
    const issued = useSession.getState().refreshedAt;
    expect(issued).toBeGreaterThanOrEqual(before);
    expect(tokenRefreshDue(issued + TOKEN_REFRESH_AFTER_MS - 1)).toBe(false);
    expect(tokenRefreshDue(issued + TOKEN_REFRESH_AFTER_MS)).toBe(true);
    vi.resetModules();
    ({ useSession, tokenRefreshDue } = await import('@/stores/session'));
    expect(useSession.getState().refreshedAt).toBe(issued);
    // The session itself keeps the shape earlier releases wrote.
    expect(JSON.parse(localStorage.getItem('shop.session')!)).toEqual({ state: { token: 'first', user: member }, version: 0 });
    useSession.getState().clear();
    expect(localStorage.getItem('shop.session.refreshedAt')).toBeNull();
    expect(tokenRefreshDue()).toBe(false);
  });

  it('counts a session stored without a time (an earlier release) as due', async () => {
    localStorage.setItem('shop.session', JSON.stringify({ state: { token: 'old', user: { id: 3 } }, version: 0 }));
    const { tokenRefreshDue } = await import('@/stores/session');
    expect(tokenRefreshDue()).toBe(true);
  });
});

describe('the popup snooze store', () => {
  it('hides a snoozed popup for 24 hours, stored as {id, end_time}', async () => {
    const { usePopups } = await import('@/stores/popups');
    const now = Date.UTC(2026, 10, 21, 8, 0, 0);
    usePopups.getState().snooze(5, now);
    expect(JSON.parse(localStorage.getItem('popupSnooze')!)).toEqual([{ id: 5, end_time: now + 24 * 3600_000 }]);
    const popups = [{ id: 5 }, { id: 6 }];
    expect(usePopups.getState().visible(popups, now + 1000).map((p) => p.id)).toEqual([6]);
    expect(usePopups.getState().visible(popups, now + 24 * 3600_000 - 1).map((p) => p.id)).toEqual([6]);
    expect(usePopups.getState().visible(popups, now + 24 * 3600_000).map((p) => p.id)).toEqual([5, 6]);
  });

  it('reads the stored list at start and drops what has run out', async () => {
    const now = Date.now();
    localStorage.setItem('popupSnooze', JSON.stringify([{ id: 1, end_time: now + 60_000 }, { id: 2, end_time: now - 1 }, { bad: true }]));
    const { usePopups } = await import('@/stores/popups');
    expect(usePopups.getState().snoozes).toEqual([{ id: 1, end_time: now + 60_000 }]);
  });
});

describe('launch parameters', () => {
  it('reads isFlutter, shareCode and lang before and inside the hash (the hash wins)', async () => {
    const { readLaunchParams } = await import('@/lib/launch-params');
    expect(readLaunchParams({ search: '?isFlutter=1&shareCode=ABC&lang=jp', hash: '#/pages/tabbar/index' })).toEqual({ isFlutter: true, shareCode: 'ABC', lang: 'jp' });
    expect(readLaunchParams({ search: '?lang=jp', hash: '#/pages/goods/goodsInfo?id=3&lang=th&isFlutter=0' })).toEqual({ isFlutter: false, shareCode: undefined, lang: 'th' });
    expect(readLaunchParams({ search: '', hash: '' })).toEqual({ isFlutter: undefined, shareCode: undefined, lang: undefined });
  });

  it('applies them: native shell flag, referral code kept for registration, language', async () => {
    const { applyLaunchParams } = await import('@/lib/launch-params');
    const { useNativeShell, useShareCode } = await import('@/stores/app-flags');
    const { useLanguage } = await import('@/stores/language');
    applyLaunchParams({ isFlutter: true, shareCode: 'INV42', lang: 'zh_CN' });
    expect(useNativeShell.getState().isNativeShell).toBe(true);
    expect(useShareCode.getState().shareCode).toBe('INV42');
    expect(localStorage.getItem('shop.shareCode')).toBe('INV42');
    expect(useLanguage.getState().lang).toBe('zh-cn');
    applyLaunchParams({ lang: 'nonsense' });
    expect(useLanguage.getState().lang).toBe('zh-cn');
  });
});

describe('the browser', () => {
  it('recognises WeChat\'s built-in browser', async () => {
    const { isWeChatBrowser } = await import('@/lib/environment');
    expect(isWeChatBrowser('Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI')).toBe(true);
    expect(isWeChatBrowser('Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile Safari/537.36')).toBe(false);
  });
});
