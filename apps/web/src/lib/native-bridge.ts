import { listenForShell, SHELL_READY_EVENT, SHELL_READY_LIMIT_MS, shellSaidReady } from '@/lib/shell-ready';
import { useNativeShell } from '@/stores/app-flags';

export { SHELL_READY_LIMIT_MS };

/**
 * The bridge to the native app shell (docs/native-shell.md). The shell is a Flutter app whose web
 * view (flutter_inappwebview) offers `window.flutter_inappwebview.callHandler(name, args)`, usable
 * once it has dispatched `flutterInAppWebViewPlatformReady`. Every message has a time limit, and
 * every caller has a way to do without the shell (a plain browser, an older shell, no answer).
 */

/** Every message the app sends to the shell. */
export type ShellMessage = 'getLocation' | 'share' | 'saveImage' | 'openExternal' | 'pickMedia' | 'scanCode' | 'pushToken' | 'logout' | 'appInfo';

/** How long the app waits for each answer; after it, the app goes on as in a browser and a late answer is ignored. */
export const SHELL_TIME_LIMITS_MS: Readonly<Record<ShellMessage, number>> = {
  getLocation: 15_000,
  // The share sheet, the camera and the file picker wait for the member.
  share: 120_000,
  saveImage: 30_000,
  openExternal: 10_000,
  pickMedia: 300_000,
  scanCode: 120_000,
  pushToken: 10_000,
  logout: 5_000,
  appInfo: 3_000,
};

interface ShellWindow {
  flutter_inappwebview?: { callHandler?: (name: string, ...args: unknown[]) => Promise<unknown> };
  /** An older shell's one-way channel (no answers). */
  FlutterBridge?: { postMessage: (message: string) => void };
}

/** What asking the shell came to. */
export type ShellOutcome<T> =
  /** The shell did it and answered. */
  | { kind: 'answered'; answer: T }
  /** The shell said no: the member cancelled (`cancelled`), refused a permission (`denied`), or it failed. */
  | { kind: 'refused'; reason: string }
  /** No shell to ask, or it did not answer in time: do it the browser's way. */
  | { kind: 'unavailable' };

const shellWindow = () => window as unknown as ShellWindow;

/** The app runs inside the native shell (the `isFlutter` launch flag). */
export const inNativeShell = (): boolean => useNativeShell.getState().isNativeShell;

/**
 * Resolves with the shell's `callHandler` once the shell is ready, or undefined: outside the shell,
 * when it offers no such bridge, or when it is not ready within `SHELL_READY_LIMIT_MS`.
 */
async function readyHandler(): Promise<((name: string, ...args: unknown[]) => Promise<unknown>) | undefined> {
  const bridge = () => shellWindow().flutter_inappwebview;
  // The web view puts its bridge in place before the page runs: without it there is nothing to wait for.
  if (!inNativeShell() || !bridge()) return undefined;
  listenForShell();
  if (!shellSaidReady()) {
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        window.removeEventListener(SHELL_READY_EVENT, done);
        resolve();
      };
      const timer = setTimeout(done, SHELL_READY_LIMIT_MS);
      window.addEventListener(SHELL_READY_EVENT, done);
    });
  }
  const handler = bridge()?.callHandler;
  return shellSaidReady() && typeof handler === 'function' ? handler.bind(bridge()) : undefined;
}

/**
 * A shell is there to be asked: the launch flag, the web view's bridge, and its ready event within
 * `SHELL_READY_LIMIT_MS`. The flag alone is not enough: a browser opened with `isFlutter=1` has none.
 */
export const shellReachable = async (): Promise<boolean> => (await readyHandler()) !== undefined;

const TIMED_OUT = Symbol('timed out');

/**
 * Asks the shell (`callHandler(name, args)`) and waits at most the message's time limit. The shell
 * answers `{ ok: true, … }` (or, for `getLocation`, the bare answer), `{ ok: false, error }` to
 * refuse, or rejects; `null` or no answer in time count as no shell.
 */
export async function askShell<T extends object>(name: ShellMessage, args: Record<string, unknown> = {}): Promise<ShellOutcome<T>> {
  const handler = await readyHandler();
  if (!handler) return { kind: 'unavailable' };
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const answer = await Promise.race([
      handler(name, args),
      new Promise<typeof TIMED_OUT>((resolve) => (timer = setTimeout(() => resolve(TIMED_OUT), SHELL_TIME_LIMITS_MS[name]))),
    ]);
    if (answer === TIMED_OUT || answer === null || answer === undefined || typeof answer !== 'object') return { kind: 'unavailable' };
    const { ok, error, ...rest } = answer as { ok?: unknown; error?: unknown };
    if (ok === false) return { kind: 'refused', reason: typeof error === 'string' && error ? error : 'failed' };
    return { kind: 'answered', answer: rest as T };
  } catch (e) {
    return { kind: 'refused', reason: e instanceof Error && e.message ? e.message : 'failed' };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Tells the shell something that needs no answer (`logout`); through `callHandler` when the shell is
 * ready, else an older shell's `FlutterBridge.postMessage`. Answers whether a shell was told.
 */
export async function tellShell(name: ShellMessage, args: Record<string, unknown> = {}): Promise<boolean> {
  if (!inNativeShell()) return false;
  const handler = await readyHandler();
  if (handler) {
    // Its answer, or its failure, changes nothing here.
    void Promise.resolve(handler(name, args)).catch(() => undefined);
    return true;
  }
  const channel = shellWindow().FlutterBridge;
  if (!channel?.postMessage) return false;
  channel.postMessage(JSON.stringify({ action: name, ...args }));
  return true;
}

/** Where the phone is, from the shell (`getLocation`); undefined to ask the browser instead. */
export async function shellLocation(): Promise<{ latitude: number; longitude: number } | undefined> {
  const outcome = await askShell<{ latitude?: unknown; longitude?: unknown }>('getLocation');
  if (outcome.kind !== 'answered') return undefined;
  const latitude = Number(outcome.answer.latitude);
  const longitude = Number(outcome.answer.longitude);
  const valid = Number.isFinite(latitude) && Number.isFinite(longitude) && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
  return valid ? { latitude, longitude } : undefined;
}

/**
 * What handing an address to the shell came to: `opened` outside; `cancelled` by the member (nothing
 * more to do); `failed` (refused otherwise: the app stays and says so); `unavailable` (no shell, or no
 * answer in time): only then the app opens it itself.
 */
export type ExternalOpening = 'opened' | 'cancelled' | 'failed' | 'unavailable';

/**
 * Hands an address the web view cannot open well (a wallet or bank app, its app link) to the shell,
 * which opens it outside and loads `returnTo` in the web view when the member comes back.
 */
export async function openExternally(url: string, returnTo: string): Promise<ExternalOpening> {
  const outcome = await askShell('openExternal', { url, returnTo });
  if (outcome.kind === 'answered') return 'opened';
  if (outcome.kind === 'unavailable') return 'unavailable';
  return outcome.reason === 'cancelled' ? 'cancelled' : 'failed';
}

/** What the shell says about itself (`appInfo`). */
export interface ShellAppInfo {
  /** The native app's version, e.g. `2.4.0`. */
  version: string;
  /** `ios` or `android`. */
  platform: string;
  /** The shell lets the web app register its service worker inside the web view. */
  serviceWorker: boolean;
}

/** The shell's `appInfo`, or undefined outside the shell or when it does not answer. */
export async function shellAppInfo(): Promise<ShellAppInfo | undefined> {
  const outcome = await askShell<{ version?: unknown; platform?: unknown; serviceWorker?: unknown }>('appInfo');
  if (outcome.kind !== 'answered') return undefined;
  const { version, platform, serviceWorker } = outcome.answer;
  return { version: typeof version === 'string' ? version.slice(0, 40) : '', platform: typeof platform === 'string' ? platform.slice(0, 20) : '', serviceWorker: serviceWorker === true };
}
