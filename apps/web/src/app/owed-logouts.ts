import { onCallSucceeded } from '@/lib/request';
import { storage, storageKeys } from '@/lib/storage';

// After a call that went through, owed logouts are tried again at most this often: a page's many
// calls (or a server that answers them but fails the logout) never make a stream of logout calls.
export const OWED_LOGOUT_RETRY_GAP_MS = 30_000;

/**
 * A logout the server has not heard of (tapped offline, or its call failed) is sent at start, each
 * time the network comes back, and when a later call goes through (the API is reachable again,
 * which the browser does not always announce), until the server has ended that session: till then
 * its token still works there and the phone still gets the member's pushes. The sending code loads
 * only when a logout is owed. Answers the way to stop listening.
 */
export function deliverOwedLogoutsWhenPossible(): () => void {
  let lastRetry = -Infinity;
  const owed = () => storage.get(storageKeys.owedLogouts) !== null;
  const deliver = () => {
    if (!owed()) return;
    void import('@/features/account/api/logout')
      .then((m) => m.deliverOwedLogouts())
      // Its code could not load (offline, a new release): the next start or reconnection tries again.
      .catch(() => {});
  };
  const afterSuccess = () => {
    // Nothing owed: the next logout owed is tried at the first call that goes through.
    if (!owed()) {
      lastRetry = -Infinity;
      return;
    }
    const now = performance.now();
    if (now - lastRetry < OWED_LOGOUT_RETRY_GAP_MS) return;
    lastRetry = now;
    deliver();
  };
  deliver();
  window.addEventListener('online', deliver);
  const stopAfterSuccess = onCallSucceeded(afterSuccess);
  return () => {
    window.removeEventListener('online', deliver);
    stopAfterSuccess();
  };
}
