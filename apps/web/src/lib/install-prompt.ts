import { create } from 'zustand';

/** The browser's install offer (`beforeinstallprompt`, Chromium browsers), kept for the member's moment. */
interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface InstallState {
  /** The browser would install the app now, if asked. */
  offered: InstallPromptEvent | undefined;
}

export const useInstallPrompt = create<InstallState>()(() => ({ offered: undefined }));

/**
 * Called at start: the browser's own install banner is held back, and its offer kept, so the app
 * asks at a moment of the member's choosing (the install bar once the page is usable).
 */
export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    useInstallPrompt.setState({ offered: event as InstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => useInstallPrompt.setState({ offered: undefined }));
}

/** Shows the browser's install dialog; answers whether the member installed the app. The offer is used up either way. */
export async function promptInstall(): Promise<boolean> {
  const offered = useInstallPrompt.getState().offered;
  if (!offered) return false;
  useInstallPrompt.setState({ offered: undefined });
  await offered.prompt();
  return (await offered.userChoice).outcome === 'accepted';
}
