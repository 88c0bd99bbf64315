/**
 * A stand-in for the native app shell's web view (flutter_inappwebview), for page tests (jsdom) and
 * browser tests (`page.addInitScript(installFakeShell, plan)`): it offers
 * `window.flutter_inappwebview.callHandler`, dispatches `flutterInAppWebViewPlatformReady`, answers
 * each message as the plan says, and records every call in `window.__shellCalls`.
 * Self-contained (no imports, no outer names): a browser test sends its source to the page.
 */

/** How the fake shell treats one message. A message without a plan is unknown to it (it answers null). */
export interface FakeShellReply {
  /** Answer with this (an object; `{ ok: false, error }` is a refusal in the bridge's terms). */
  answer?: unknown;
  /** Reject the call with this message (a handler that throws). */
  throws?: string;
  /** Answer only after this long (a late answer). */
  delayMs?: number;
  /** Never answer. */
  never?: boolean;
}

export interface FakeShellPlan {
  replies: Record<string, FakeShellReply>;
  /** When the ready event comes; `never`: it does not. Default 30 ms after the script runs. */
  readyAfterMs?: number | 'never';
  /** Also mark the bridge `_platformReady` at that moment, as the Android web view does (iOS only dispatches the event). */
  marksReady?: boolean;
}

/** One call the shell received. */
export interface FakeShellCall {
  name: string;
  args: Record<string, unknown>;
}

export function installFakeShell(plan: FakeShellPlan): void {
  const w = window as unknown as { flutter_inappwebview?: unknown; __shellCalls?: FakeShellCall[] };
  const calls: FakeShellCall[] = [];
  w.__shellCalls = calls;
  const bridge: { callHandler: unknown; _platformReady?: boolean } = {
    callHandler(name: string, args: Record<string, unknown> = {}) {
      calls.push({ name, args });
      const reply = plan.replies[name];
      if (!reply) return Promise.resolve(null);
      if (reply.never) return new Promise(() => undefined);
      return new Promise((resolve, reject) => {
        setTimeout(() => (reply.throws !== undefined ? reject(new Error(reply.throws)) : resolve(reply.answer ?? null)), reply.delayMs ?? 0);
      });
    },
  };
  w.flutter_inappwebview = bridge;
  const after = plan.readyAfterMs ?? 30;
  if (after === 'never') return;
  setTimeout(() => {
    window.dispatchEvent(new Event('flutterInAppWebViewPlatformReady'));
    if (plan.marksReady) bridge._platformReady = true;
  }, after);
}
