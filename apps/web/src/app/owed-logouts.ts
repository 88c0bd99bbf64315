import { storage, storageKeys } from '@/lib/storage';

/**
 * A logout the server has not heard of (tapped offline, or its call failed) is sent at start and
 * each time the network comes back, until the server has ended that session: till then its token
 * still works there and the phone still gets the member's pushes. The sending code loads only
 * when a logout is owed.
 */
export function deliverOwedLogoutsWhenPossible(): void {
  const deliver = () => {
    if (storage.get(storageKeys.owedLogouts) === null) return;
    void import('@/features/account/api/logout')
      .then((m) => m.deliverOwedLogouts())
      // Its code could not load (offline, a new release): the next start or reconnection tries again.
      .catch(() => {});
  };
  deliver();
  window.addEventListener('online', deliver);
}
