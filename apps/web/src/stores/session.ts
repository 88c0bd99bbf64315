import { create } from 'zustand';
import type { User } from '@shop/contract/account';
import { storage, storageKeys } from '@/lib/storage';

/**
 * The member's copy kept with the token (spec §3: stored, so a reload shows who is logged in at
 * once). The member itself is server state: pages read it through the account feature's profile
 * query, which starts from this copy and refreshes it.
 */
export type SessionUser = User;

/** A stored token older than this is exchanged for a fresh one when the app starts. */
export const TOKEN_REFRESH_AFTER_MS = 24 * 3600_000;

interface SessionState {
  token: string;
  user: SessionUser | null;
  /** When the token was issued to us (login or refresh), in ms; 0 when not known. */
  refreshedAt: number;
  /** The last change came from another tab of the app (a logout or login there), not from this one. */
  fromOtherTab: boolean;
  /** After login: both at once. */
  signIn: (token: string, user: SessionUser | null) => void;
  /** Token refresh: the answer replaces the stored token (spec §4). */
  setToken: (token: string) => void;
  setUser: (user: SessionUser | null) => void;
  /** Logout, or the server said the token is no longer valid. */
  clear: () => void;
}

interface StoredSession {
  state?: { token?: unknown; user?: unknown };
}

// Stored as `{ state: { token, user }, version: 0 }`, the shape earlier releases wrote.
const stored = storage.getJson<StoredSession>(storageKeys.session)?.state;
const initialToken = typeof stored?.token === 'string' ? stored.token : '';
const initialUser = stored?.user && typeof stored.user === 'object' ? (stored.user as SessionUser) : null;
// Kept beside the session, not in it, so the session keeps the shape earlier releases wrote.
const storedRefreshedAt = () => {
  const at = Number(storage.get(storageKeys.sessionRefreshedAt));
  return Number.isFinite(at) && at > 0 ? at : 0;
};

/** Token and user, persisted in localStorage so a reload keeps the member logged in. */
export const useSession = create<SessionState>()((set) => ({
  token: initialToken,
  user: initialUser,
  refreshedAt: storedRefreshedAt(),
  fromOtherTab: false,
  signIn: (token, user) => set({ token, user, refreshedAt: Date.now(), fromOtherTab: false }),
  setToken: (token) => set({ token, refreshedAt: Date.now(), fromOtherTab: false }),
  setUser: (user) => set({ user, fromOtherTab: false }),
  clear: () => set({ token: '', user: null, refreshedAt: 0, fromOtherTab: false }),
}));

useSession.subscribe((s, prev) => {
  if (s.token !== prev.token || s.user !== prev.user) storage.setJson(storageKeys.session, { state: { token: s.token, user: s.user }, version: 0 });
  if (s.refreshedAt !== prev.refreshedAt) {
    if (s.refreshedAt) storage.set(storageKeys.sessionRefreshedAt, String(s.refreshedAt));
    else storage.remove(storageKeys.sessionRefreshedAt);
  }
});

/** Takes what another tab stored (a login, a logout, a refreshed token). */
export function followStoredSession(): void {
  const next = storage.getJson<StoredSession>(storageKeys.session)?.state;
  useSession.setState({
    token: typeof next?.token === 'string' ? next.token : '',
    user: next?.user && typeof next.user === 'object' ? (next.user as SessionUser) : null,
    refreshedAt: storedRefreshedAt(),
    fromOtherTab: true,
  });
}

/**
 * Whether two sessions are the same member's: both none, or both a member's, the same one (by id
 * when both are known, else by token). A refreshed token is the same member; a logout or another
 * member's login is not.
 */
export function sameMember(a: Pick<SessionState, 'token' | 'user'>, b: Pick<SessionState, 'token' | 'user'>): boolean {
  if (!a.token || !b.token) return !a.token && !b.token;
  return a.user && b.user ? a.user.id === b.user.id : a.token === b.token;
}

// Another tab logged in or out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    // `key` null: the other tab cleared the whole storage (a logout too).
    if (e.key === null || e.key === storageKeys.session || e.key === storageKeys.sessionRefreshedAt) followStoredSession();
  });
}

export const isLoggedIn = () => Boolean(useSession.getState().token);

/**
 * A stored token is due for refresh when it was issued more than a day ago, or at an unknown time
 * (a session stored by an earlier release).
 */
export function tokenRefreshDue(now = Date.now()): boolean {
  const { token, refreshedAt } = useSession.getState();
  return Boolean(token) && now - refreshedAt >= TOKEN_REFRESH_AFTER_MS;
}
