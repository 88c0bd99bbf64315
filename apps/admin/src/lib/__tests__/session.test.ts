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
    expect(sessionStore.get()).toMatchObject({ token: 'token-1', ended: null });
    vi.advanceTimersByTime(60_000 + 15_000);
    expect(sessionStore.get()).toMatchObject({ token: null, ended: 'idle' });
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
    expect(sessionStore.get()).toMatchObject({ token: null, ended: 'idle' });
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

  // The pages' answers are keyed by the scope (useQueryScope): kept, a page keeps its lists and forms under the sign-in.
  it('a session that ends by itself keeps its pages for the same operator; a sign-out or another operator does not', () => {
    sessionStore.signIn('token-4');
    sessionStore.end('expired');
    expect(sessionStore.get()).toEqual({ token: null, ended: 'expired', scope: 'token-4', operator: null });
    // The same operator signed in again: a new token, the same pages.
    sessionStore.resume('token-5');
    expect(sessionStore.get()).toEqual({ token: 'token-5', ended: null, scope: 'token-4', operator: null });
    expect(localStorage.getItem('admin.token')).toBe('token-5');
    // Idle: kept too; another operator signing in starts afresh.
    sessionStore.end('idle');
    expect(sessionStore.get().scope).toBe('token-4');
    sessionStore.signIn('token-6');
    expect(sessionStore.get()).toEqual({ token: 'token-6', ended: null, scope: 'token-6', operator: null });
  });

  it('a sign-out closes the pages, and a late refusal of a call sent before does not reopen them', () => {
    sessionStore.signIn('token-7');
    sessionStore.end('signed_out');
    expect(sessionStore.get()).toEqual({ token: null, ended: 'signed_out', scope: '', operator: null });
    sessionStore.end('expired');
    expect(sessionStore.get()).toEqual({ token: null, ended: 'signed_out', scope: '', operator: null });
    // Kept pages the operator leaves with a sign-out are closed.
    sessionStore.signIn('token-8');
    sessionStore.end('expired');
    sessionStore.end('signed_out');
    expect(sessionStore.get()).toEqual({ token: null, ended: 'signed_out', scope: '', operator: null });
  });
});
