import { holdTokenCalls } from '@/lib/request';
import { tokenRefreshDue } from '@/stores/session';

/**
 * At start, once a day (spec §4: the answer replaces the stored token): the stored token is
 * exchanged for a fresh one, and the calls that carry it wait for the answer, since the old one
 * stops working at once. The refresh's code (and the contract's account schemas) load only then,
 * not with the first screen.
 */
export function refreshTokenAtStart(now = Date.now()): Promise<void> {
  if (!tokenRefreshDue(now)) return Promise.resolve();
  const refresh = import('@/features/account/api/refresh-token')
    .then((m) => m.refreshTokenWhenDue(now))
    // Its code could not load (offline, a new release): the token is kept, the next start tries again.
    .catch(() => {});
  holdTokenCalls(refresh);
  return refresh;
}
