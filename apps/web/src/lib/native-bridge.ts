import { useNativeShell } from '@/stores/app-flags';

interface FlutterWindow {
  flutter_inappwebview?: { callHandler: (name: string, ...args: unknown[]) => Promise<unknown> };
  FlutterBridge?: { postMessage: (message: string) => void };
}

/**
 * Sends a message to the native app shell when the app runs inside it and the shell offers a
 * bridge; answers false otherwise, so callers fall back to the web way.
 */
export function postToShell(action: string, payload: Record<string, unknown> = {}): boolean {
  if (!useNativeShell.getState().isNativeShell) return false;
  const w = window as unknown as FlutterWindow;
  if (w.flutter_inappwebview?.callHandler) {
    void w.flutter_inappwebview.callHandler(action, payload);
    return true;
  }
  if (w.FlutterBridge?.postMessage) {
    w.FlutterBridge.postMessage(JSON.stringify({ action, ...payload }));
    return true;
  }
  return false;
}

/**
 * Asks the native app shell for something and waits for its answer (e.g. `getLocation`); answers
 * undefined outside the shell, when its bridge cannot answer, or when it fails or says nothing.
 */
export async function askShell<T>(action: string, payload: Record<string, unknown> = {}): Promise<T | undefined> {
  if (!useNativeShell.getState().isNativeShell) return undefined;
  const w = window as unknown as FlutterWindow;
  if (!w.flutter_inappwebview?.callHandler) return undefined;
  try {
    return ((await w.flutter_inappwebview.callHandler(action, payload)) ?? undefined) as T | undefined;
  } catch {
    return undefined;
  }
}
