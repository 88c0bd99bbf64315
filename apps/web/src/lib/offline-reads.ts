import { OFFLINE_CACHES } from '@/config/offline';

/** Forgets the public answers the service worker kept for offline use (the member's view of them included): at logout. */
export async function forgetOfflineReads(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(OFFLINE_CACHES.reads).catch(() => false);
}
