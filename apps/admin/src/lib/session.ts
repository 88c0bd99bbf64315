import { useEffect, useSyncExternalStore } from 'react';
import { ClientCode } from '@shop/contract/common';
import { ApiError } from '@shop/client/call';

/** Why the console went back to the sign-in page. */
export type EndReason = 'idle' | 'expired' | 'signed_out';

const TOKEN_KEY = 'admin.token';
/** The operator whose token is stored: another tab tells by it whether the operator signing in there is the one of its page. */
const OPERATOR_KEY = 'admin.operator';
/** Why the session stored last ended: another tab ends its own for the same reason (a sign-out keeps nothing, an expiry keeps the page). */
const ENDED_KEY = 'admin.ended';
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
  /** The operator of that session, when known: the one who may carry on with its pages. */
  operator: number | null;
}

/** Whether a session that ended this way keeps its pages open under the sign-in (it was not ended on purpose). */
const keepsPages = (reason: EndReason | null): boolean => reason === 'expired' || reason === 'idle';

const storedOperator = (): number | null => {
  const id = Number(localStorage.getItem(OPERATOR_KEY));
  return Number.isInteger(id) && id > 0 ? id : null;
};
const storedReason = (): EndReason => {
  const reason = localStorage.getItem(ENDED_KEY);
  // Gone without a word (the browser's site data cleared): nothing is kept, as for a sign-out.
  return reason === 'expired' || reason === 'idle' ? reason : 'signed_out';
};

const kept = localStorage.getItem(TOKEN_KEY);
let state: State = { token: kept, ended: null, scope: kept ?? '', operator: kept ? storedOperator() : null };
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
/** What forgets, on a resume, what the pages were told only because the session had ended (`useForgetEndedSession`). */
const resumeListeners = new Set<() => void>();

// Every write the other tabs follow stores what explains it first and the token last: a tab hears of
// the token's change once the rest is in place.
function storeSession(token: string, operator: number | null) {
  if (operator === null) localStorage.removeItem(OPERATOR_KEY);
  else localStorage.setItem(OPERATOR_KEY, String(operator));
  localStorage.removeItem(ENDED_KEY);
  localStorage.setItem(TOKEN_KEY, token);
}

/** The session, ended here or in another tab. */
function ended(reason: EndReason) {
  // Already ended: a late refusal of a call sent before does not change why (a sign-out stays one); only a sign-out closes the pages kept.
  if (state.token === null && state.ended !== null && (reason !== 'signed_out' || state.ended === 'signed_out')) return;
  const keeps = state.token !== null && keepsPages(reason);
  state = { token: null, ended: reason, scope: keeps ? state.scope : '', operator: keeps ? state.operator : null };
  emit();
}

/** The operator of the session whose pages are open signed in again: they carry on with them. */
function resumed(token: string, operator: number | null) {
  const wasEnded = state.token === null;
  state = { token, ended: null, scope: state.scope, operator: operator ?? state.operator };
  emit();
  if (wasEnded) resumeListeners.forEach((l) => l());
}

/** A new session: the pages and answers of any earlier one are not shown in it. */
function started(token: string, operator: number | null) {
  state = { token, ended: null, scope: token, operator };
  emit();
}

/**
 * Another tab of the console stored a session or ended it: this one follows at once. A sign-out there
 * closes this tab's pages too; a session that ended by itself keeps them under the sign-in; the same
 * operator signing in again there carries on with them here; another operator starts afresh.
 */
function followOtherTab(token: string | null) {
  if (token === state.token) return;
  if (token === null) return ended(storedReason());
  const operator = storedOperator();
  if (state.scope !== '' && operator !== null && operator === state.operator) resumed(token, operator);
  else started(token, operator);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    // `key` null: the other tab cleared the whole storage.
    if (e.storageArea === localStorage && (e.key === TOKEN_KEY || e.key === null)) followOtherTab(localStorage.getItem(TOKEN_KEY));
  });
}

export const sessionStore = {
  get: () => state,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  /** A new session (of `operator`, by id): the pages and answers of any earlier one are not shown in it. */
  signIn(token: string, operator: number | null = null) {
    storeSession(token, operator);
    touch();
    started(token, operator);
  },
  /** The operator whose session ended signed in again: the pages open (their answers and forms) are theirs again. */
  resume(token: string) {
    storeSession(token, state.operator);
    touch();
    resumed(token, state.operator);
  },
  /** Calls `listener` each time the operator whose session ended signs in again over the page; answers the function that stops it. */
  onResume(listener: () => void) {
    resumeListeners.add(listener);
    return () => void resumeListeners.delete(listener);
  },
  /** Ends the session, in every open tab of the console (they follow the stored token). */
  end(reason: EndReason) {
    // Only this session's stored token: never one another tab has signed in with meanwhile.
    if (state.token !== null && localStorage.getItem(TOKEN_KEY) === state.token) {
      localStorage.setItem(ENDED_KEY, reason);
      localStorage.removeItem(TOKEN_KEY);
    }
    ended(reason);
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
