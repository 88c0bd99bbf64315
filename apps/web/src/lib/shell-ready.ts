/**
 * The native shell's ready event, listened for from the app's first line (the rest of the bridge,
 * `lib/native-bridge.ts`, loads with the pages that use it).
 */

/** How long the app waits for the shell's ready event before it takes the shell as absent. */
export const SHELL_READY_LIMIT_MS = 3_000;
/** The event flutter_inappwebview dispatches on `window` once `callHandler` may be used. */
export const SHELL_READY_EVENT = 'flutterInAppWebViewPlatformReady';

/** The bridge that said it is ready (the web view's object at its ready event). */
let readyBridge: unknown;
let listening = false;

const bridgeObject = () => (window as unknown as { flutter_inappwebview?: unknown }).flutter_inappwebview;

/**
 * Starts listening for the shell's ready event; called once at start, before anything else, so an
 * event dispatched while the app loads is not missed.
 */
export function listenForShell(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener(SHELL_READY_EVENT, () => (readyBridge = bridgeObject()));
}

/** The web view's bridge said it is ready (or says so itself). */
export const shellSaidReady = (): boolean => {
  const bridge = bridgeObject() as { _platformReady?: boolean } | undefined;
  return (readyBridge !== undefined && readyBridge === bridge) || bridge?._platformReady === true;
};
