import { useSyncExternalStore } from 'react';

/** Why the console went back to the sign-in page. */
export type EndReason = 'idle' | 'expired' | 'signed_out';

const TOKEN_KEY = 'admin.token';
const ACTIVITY_KEY = 'admin.lastActivity';
/** The console signs out after this long without a key press, click or scroll (the server ends the session too). */
export const IDLE_MS = 30 * 60 * 1000;

interface State {
  token: string | null;
  ended: EndReason | null;
}

let state: State = { token: localStorage.getItem(TOKEN_KEY), ended: null };
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const sessionStore = {
  get: () => state,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  signIn(token: string) {
    localStorage.setItem(TOKEN_KEY, token);
    touch();
    state = { token, ended: null };
    emit();
  },
  end(reason: EndReason) {
    localStorage.removeItem(TOKEN_KEY);
    if (state.token === null && state.ended === reason) return;
    state = { token: null, ended: reason };
    emit();
  },
};

export const useSession = () => useSyncExternalStore(sessionStore.subscribe, sessionStore.get);

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
