import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_MS, idleExpired, sessionStore, touch, watchIdle } from '../session';

describe('the console session', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('ends after 30 minutes without a key press, click or scroll, and not before', () => {
    sessionStore.signIn('token-1');
    const stop = watchIdle();
    vi.advanceTimersByTime(IDLE_MS - 60_000);
    expect(sessionStore.get()).toEqual({ token: 'token-1', ended: null });
    vi.advanceTimersByTime(60_000 + 15_000);
    expect(sessionStore.get()).toEqual({ token: null, ended: 'idle' });
    expect(localStorage.getItem('admin.token')).toBeNull();
    stop();
  });

  it('activity keeps it open; another tab’s activity counts too', () => {
    sessionStore.signIn('token-2');
    const stop = watchIdle();
    vi.advanceTimersByTime(20 * 60_000);
    window.dispatchEvent(new KeyboardEvent('keydown'));
    vi.advanceTimersByTime(20 * 60_000);
    expect(sessionStore.get().token).toBe('token-2');
    // Another tab of the console wrote its activity.
    touch(Date.now());
    vi.advanceTimersByTime(25 * 60_000);
    expect(sessionStore.get().token).toBe('token-2');
    vi.advanceTimersByTime(6 * 60_000);
    expect(sessionStore.get()).toEqual({ token: null, ended: 'idle' });
    stop();
  });

  it('a session found idle when the console opens is ended at once', () => {
    sessionStore.signIn('token-3');
    touch(Date.now() - IDLE_MS - 1);
    expect(idleExpired()).toBe(true);
    const stop = watchIdle();
    expect(sessionStore.get().ended).toBe('idle');
    stop();
  });
});
