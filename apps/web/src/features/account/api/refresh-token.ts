import { refreshToken } from '@shop/contract/account';
import { call } from '@/lib/request';
import { storage, storageKeys } from '@/lib/storage';
import { followStoredSession, tokenRefreshDue, useSession } from '@/stores/session';

// The calls that carry the token wait for this answer: not a minute, as a tapped POST may.
const REFRESH_TIMEOUT_MS = 15_000;

/**
 * Exchanges the stored token for a fresh one (spec §4: the answer replaces the stored token). Quiet:
 * no loading indicator and no message; a 2001 answer ends the session the usual way (message,
 * login), any other failure keeps the token for the next start to try again.
 */
export async function refreshStoredToken(): Promise<void> {
  const token = useSession.getState().token;
  if (!token) return;
  try {
    const fresh = await call(refreshToken, { token }, { quiet: true, showLoading: false, timeoutMs: REFRESH_TIMEOUT_MS });
    // Only if nothing replaced the token meanwhile (a login, a logout, another tab's refresh).
    if (fresh && useSession.getState().token === token) useSession.getState().setToken(fresh);
  } catch {
    // Handled by the request client (2001) or left for the next start.
  }
}

/**
 * Refreshes the stored token if it is due, one tab at a time so two tabs never spend the same
 * token: a tab that waited for its turn first takes what the other one stored.
 */
export function refreshTokenWhenDue(now = Date.now()): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const refresh = async () => {
    if (locks && storage.get(storageKeys.session) !== null) followStoredSession();
    if (tokenRefreshDue(now)) await refreshStoredToken();
  };
  return locks ? locks.request('shop.tokenRefresh', refresh).then(() => {}) : refresh();
}
