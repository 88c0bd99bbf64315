import { Workbox } from 'workbox-window';
import { inNativeShell, shellAppInfo } from '@/lib/native-bridge';
import { useAppUpdate } from '@/stores/app-update';

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
  let reloading = false;
  wb.addEventListener('waiting', () => {
    useAppUpdate.getState().set({
      waiting: true,
      applyUpdate: () => {
        // Once the new release is in charge, this tab reloads onto it.
        wb.addEventListener('controlling', () => {
          if (reloading) return;
          reloading = true;
          window.location.reload();
        });
        wb.messageSkipWaiting();
      },
    });
  });
  const check = () => void wb.update().catch(() => undefined);
  try {
    await wb.register();
  } catch {
    // A browser that refuses workers (private mode, a policy) keeps the app as it is.
    return;
  }
  useAppUpdate.getState().set({ checkForUpdate: check });
  setInterval(check, UPDATE_CHECK_INTERVAL_MS);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && check());
  window.addEventListener('online', check);
}
