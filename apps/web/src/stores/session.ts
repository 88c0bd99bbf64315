import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { storageKeys } from '@/lib/storage';

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

/** Token and user, persisted in localStorage so a reload keeps the member logged in. */
export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      token: '',
      user: null,
      signIn: (token, user) => set({ token, user }),
      setToken: (token) => set({ token }),
      setUser: (user) => set({ user }),
      clear: () => set({ token: '', user: null }),
    }),
    {
      name: storageKeys.session,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ token: s.token, user: s.user }),
    },
  ),
);

export const isLoggedIn = () => Boolean(useSession.getState().token);
