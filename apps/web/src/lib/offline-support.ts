import { Workbox } from 'workbox-window';
import { OFFLINE_READ_PATHS } from '@/config/offline';
import { inNativeShell, shellAppInfo } from '@/lib/native-bridge';
import { takeReadsBeforeWorker } from '@/lib/reads-before-worker';
import { useAppUpdate } from '@/stores/app-update';
import { useSession } from '@/stores/session';

/** How often an open tab asks whether a new release is out (besides on coming back to the tab or online). */
export const UPDATE_CHECK_INTERVAL_MS = 30 * 60_000;
const SCOPE = '/h5/';

/**
 * Registers the service worker (`sw/sw.ts`), loaded once the page is usable so it never competes
 * with the first paint. Inside the native shell only when the shell asks for it (`appInfo` answers
 * `serviceWorker: true`): some web views limit workers, or lose the bridge with them; a worker left
 * from an earlier visit is then removed. A new release is offered, never forced.
 */
export async function startOfflineSupport(): Promise<void> {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  if (inNativeShell() && !(await shellAppInfo())?.serviceWorker) {
    const registration = await navigator.serviceWorker.getRegistration(SCOPE).catch(() => undefined);
    await registration?.unregister();
    return;
  }
  const wb = new Workbox(`${SCOPE}sw.js`, { scope: SCOPE });
  let registration: ServiceWorkerRegistration | undefined;
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  };
  wb.addEventListener('waiting', () => {
    const controllerWhenOffered = navigator.serviceWorker.controller;
    useAppUpdate.getState().set({
      waiting: true,
      applyUpdate: () => {
        // Another tab may have put the new release in charge already: nothing waits any more, and no
        // `controlling` will come, so this tab just reloads onto it.
        if (!registration?.waiting || navigator.serviceWorker.controller !== controllerWhenOffered) {
          reload();
          return;
        }
        // Once the new release is in charge, this tab reloads onto it.
        wb.addEventListener('controlling', reload);
        wb.messageSkipWaiting();
      },
    });
  });
  const check = () => void wb.update().catch(() => undefined);
  try {
    registration = await wb.register();
  } catch {
    // A browser that refuses workers (private mode, a policy) keeps the app as it is.
    return;
  }
  // A first visit: what the member saw before the worker took charge is kept for offline use too.
  if (navigator.serviceWorker.controller) void keepReadsMadeBefore();
  else navigator.serviceWorker.addEventListener('controllerchange', () => void keepReadsMadeBefore(), { once: true });
  useAppUpdate.getState().set({ checkForUpdate: check });
  setInterval(check, UPDATE_CHECK_INTERVAL_MS);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && check());
  window.addEventListener('online', check);
}

/**
 * Asks again, through the worker now serving the page, the public catalogue and content reads this
 * visit made before it did (with the same headers, so they are kept under the same language, region
 * and login); the worker keeps what its own rules keep. Member and money reads are never asked again,
 * nor a read of a session that has ended since.
 */
async function keepReadsMadeBefore(): Promise<void> {
  const offlineReads = new Set(OFFLINE_READ_PATHS);
  const token = useSession.getState().token;
  const login = token ? `Bearer ${token}` : '';
  for (const read of takeReadsBeforeWorker()) {
    if (!offlineReads.has(read.path)) continue;
    const sentWith = read.headers.Authorization ?? '';
    if (sentWith && sentWith !== login) continue;
    // One at a time: the page's own calls come first.
    await fetch(read.url, { headers: read.headers, credentials: 'omit' }).catch(() => undefined);
  }
}
