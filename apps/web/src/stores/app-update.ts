import { create } from 'zustand';
import { keepOpenDrafts } from '@/lib/open-drafts';

interface AppUpdateState {
  /** A new release is installed and waits for the member to reload (`lib/offline-support.ts`). */
  waiting: boolean;
  /** Puts the waiting release in charge and reloads; set while one waits. */
  applyUpdate?: () => void;
  /** Asks the server whether a new release is out; set once the service worker is registered. */
  checkForUpdate?: () => void;
  set: (state: Partial<Omit<AppUpdateState, 'set'>>) => void;
}

export const useAppUpdate = create<AppUpdateState>()((set) => ({
  waiting: false,
  set: (state) => set(state),
}));

/**
 * Reloads the app, onto the waiting release when there is one (the reload of "a new version is
 * ready", and of a page whose code did not arrive because the tab's release is gone).
 */
export function reloadApp(): void {
  // What the member has typed on this page comes back after the reload (lib/open-drafts.ts).
  keepOpenDrafts();
  const { applyUpdate } = useAppUpdate.getState();
  if (applyUpdate) applyUpdate();
  else window.location.reload();
}
