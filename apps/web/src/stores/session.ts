import { create } from 'zustand';
import { storage, storageKeys } from '@/lib/storage';

/**
 * The logged-in member as the app keeps it (spec §3). The account feature fills it from the
 * login answer; fields beyond `id` are whatever that answer carries.
 */
export interface SessionUser {
  id: number;
  user_name?: string;
  nickname?: string | null;
  true_name?: string | null;
  email?: string | null;
  mobile_pre?: string | null;
  mobile?: string | null;
  last_order_ids?: number[] | null;
  [field: string]: unknown;
}

interface SessionState {
  token: string;
  user: SessionUser | null;
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

/** Token and user, persisted in localStorage so a reload keeps the member logged in. */
export const useSession = create<SessionState>()((set) => ({
  token: initialToken,
  user: initialUser,
  signIn: (token, user) => set({ token, user }),
  setToken: (token) => set({ token }),
  setUser: (user) => set({ user }),
  clear: () => set({ token: '', user: null }),
}));

useSession.subscribe((s, prev) => {
  if (s.token !== prev.token || s.user !== prev.user) storage.setJson(storageKeys.session, { state: { token: s.token, user: s.user }, version: 0 });
});

// Another tab logged in or out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key !== storageKeys.session) return;
    const next = storage.getJson<StoredSession>(storageKeys.session)?.state;
    useSession.setState({
      token: typeof next?.token === 'string' ? next.token : '',
      user: next?.user && typeof next.user === 'object' ? (next.user as SessionUser) : null,
    });
  });
}

export const isLoggedIn = () => Boolean(useSession.getState().token);
