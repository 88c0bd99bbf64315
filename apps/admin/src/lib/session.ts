import { useEffect, useSyncExternalStore } from 'react';
import { ClientCode } from '@shop/contract/common';
import { ApiError } from '@shop/client/call';

/** Why the console went back to the sign-in page. */
export type EndReason = 'idle' | 'expired' | 'signed_out';

const TOKEN_KEY = 'admin.token';
const ACTIVITY_KEY = 'admin.lastActivity';
/** The console signs out after this long without a key press, click or scroll (the server ends the session too). */
export const IDLE_MS = 30 * 60 * 1000;

interface State {
  token: string | null;
  ended: EndReason | null;
  /**
   * The session the open pages' answers are keyed by ('' for none). It outlives a session that ended
   * by itself (expired, idle) while its operator signs in again over the page, so the page keeps its
   * lists and forms; a sign-out, or another operator signing in, ends it.
   */
  scope: string;
}

/** Whether a session that ended this way keeps its pages open under the sign-in (it was not ended on purpose). */
const keepsPages = (reason: EndReason | null): boolean => reason === 'expired' || reason === 'idle';

const kept = localStorage.getItem(TOKEN_KEY);
let state: State = { token: kept, ended: null, scope: kept ?? '' };
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
/** What forgets, on a resume, what the pages were told only because the session had ended (`useForgetEndedSession`). */
const resumeListeners = new Set<() => void>();

export const sessionStore = {
  get: () => state,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  /** A new session: the pages and answers of any earlier one are not shown in it. */
  signIn(token: string) {
    localStorage.setItem(TOKEN_KEY, token);
    touch();
    state = { token, ended: null, scope: token };
    emit();
  },
  /** The operator whose session ended signed in again: the pages open (their answers and forms) are theirs again. */
  resume(token: string) {
    localStorage.setItem(TOKEN_KEY, token);
    touch();
    state = { token, ended: null, scope: state.scope };
    emit();
    resumeListeners.forEach((l) => l());
  },
  /** Calls `listener` each time the operator whose session ended signs in again over the page; answers the function that stops it. */
  onResume(listener: () => void) {
    resumeListeners.add(listener);
    return () => void resumeListeners.delete(listener);
  },
  end(reason: EndReason) {
    localStorage.removeItem(TOKEN_KEY);
    // Already ended: a late refusal of a call sent before does not change why (a sign-out stays one); only a sign-out closes the pages kept.
    if (state.token === null && state.ended !== null && (reason !== 'signed_out' || state.ended === 'signed_out')) return;
    state = { token: null, ended: reason, scope: state.token !== null && keepsPages(reason) ? state.scope : '' };
    emit();
  },
};

export const useSession = () => useSyncExternalStore(sessionStore.subscribe, sessionStore.get);

/** Whether a refusal said only that the operator's session had ended (2001, 2002): nothing about what was sent. */
export const saidSessionEnded = (error: unknown): boolean => error instanceof ApiError && (error.code === ClientCode.tokenInvalid || error.code === ClientCode.loginRequired);

/**
 * Forgets a refusal that said only that the session had ended once its operator signs in again over
 * the page (`sessionStore.resume`): the page is usable again, and "please log in again" above a form
 * would stay until the next send. `forget` clears what shows it (a mutation's `reset` …).
 */
export function useForgetEndedSession(error: unknown, forget: () => void): void {
  useEffect(() => (saidSessionEnded(error) ? sessionStore.onResume(forget) : undefined), [error, forget]);
}

/** Records the operator's activity (shared across the console's tabs). */
export function touch(now = Date.now()): void {
  localStorage.setItem(ACTIVITY_KEY, String(now));
}

/** Whether the last activity is older than the idle limit. */
export function idleExpired(now = Date.now()): boolean {
  const last = Number(localStorage.getItem(ACTIVITY_KEY) ?? 0);
  return last > 0 && now - last >= IDLE_MS;
}

/** Watches activity while signed in; ends the session after 30 idle minutes. Returns the cleanup. */
export function watchIdle(): () => void {
  if (idleExpired()) sessionStore.end('idle');
  let lastWrite = 0;
  const onActivity = () => {
    const now = Date.now();
    if (now - lastWrite > 5000) {
      lastWrite = now;
      touch(now);
    }
  };
  const events = ['keydown', 'pointerdown', 'wheel', 'scroll'] as const;
  for (const e of events) window.addEventListener(e, onActivity, { passive: true, capture: true });
  const timer = window.setInterval(() => {
    if (idleExpired()) sessionStore.end('idle');
  }, 15_000);
  return () => {
    for (const e of events) window.removeEventListener(e, onActivity, { capture: true });
    window.clearInterval(timer);
  };
}
