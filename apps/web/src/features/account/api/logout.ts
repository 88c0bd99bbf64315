import { logout } from '@shop/contract/account';
import { ClientCode } from '@shop/contract/common';
import { forgetMemberAnswers } from '@/lib/endpoint-query';
import { queryClient } from '@/lib/query-client';
import { tellShell } from '@/lib/native-bridge';
import { forgetOfflineReads } from '@/lib/offline-reads';
import { ApiError, call } from '@/lib/request';
import { storage, storageKeys } from '@/lib/storage';
import { useSession } from '@/stores/session';

// The server's answers that the token already ended: nothing left to end.
const SESSION_GONE: ReadonlySet<number> = new Set([ClientCode.tokenInvalid, ClientCode.loginRequired, ClientCode.userNotFound]);
// Enough for a member who logs in and out without a network several times; never a growing list.
const MOST_OWED = 20;
// Owed logouts go quietly in the background: a hung network is given up on sooner than a tap's.
const LOGOUT_TIMEOUT_MS = 15_000;

const owedLogouts = (): string[] => {
  const list = storage.getJson<unknown>(storageKeys.owedLogouts);
  return Array.isArray(list) ? list.filter((t): t is string => typeof t === 'string' && t !== '') : [];
};

function keepOwed(tokens: string[]): void {
  if (tokens.length) storage.setJson(storageKeys.owedLogouts, tokens.slice(-MOST_OWED));
  else storage.remove(storageKeys.owedLogouts);
}

/**
 * Logs out here at once, whatever the network: the session and the member's answers (also those
 * kept for offline use) are forgotten and the native shell is told (`logout`). Ending the session on
 * the server (and with it the phone's pushes) is written down first and owed until the server has
 * it: tried now, then at each start and each time the network comes back (`deliverOwedLogouts`).
 */
export function logoutMember(): void {
  const { token } = useSession.getState();
  if (token) keepOwed([...owedLogouts().filter((t) => t !== token), token]);
  useSession.getState().clear();
  forgetMemberAnswers(queryClient);
  void forgetOfflineReads();
  void tellShell('logout');
  void deliverOwedLogouts();
}

let delivering: Promise<void> = Promise.resolve();

/**
 * Sends each owed logout with its own (old) token, one round at a time. A token is forgotten once
 * the server has ended its session or answers that it no longer stands; offline, a timeout or a
 * server failure keep it for the next round. Unlike a tapped write, which must never go out by
 * itself later, this one may: it only ends a session the member already left.
 */
export function deliverOwedLogouts(): Promise<void> {
  // A round that failed unexpectedly leaves its tokens owed, and the next round still runs.
  delivering = delivering.then(deliverRound).catch(() => undefined);
  return delivering;
}

async function deliverRound(): Promise<void> {
  for (const token of owedLogouts()) {
    try {
      await call(logout, undefined, { token, quiet: true, showLoading: false, timeoutMs: LOGOUT_TIMEOUT_MS });
    } catch (e) {
      if (!(e instanceof ApiError)) continue;
      // No network: the other tokens would fail the same way.
      if (e.kind === 'network' || e.kind === 'timeout') return;
      if (e.code === undefined || !SESSION_GONE.has(e.code)) continue;
    }
    // Read again: another tab may have added one meanwhile.
    keepOwed(owedLogouts().filter((t) => t !== token));
  }
}
