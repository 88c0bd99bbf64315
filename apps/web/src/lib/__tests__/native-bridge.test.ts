import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { askShell, shellAppInfo, shellLocation, SHELL_READY_LIMIT_MS, SHELL_TIME_LIMITS_MS, tellShell } from '@/lib/native-bridge';
import { installFakeShell, type FakeShellCall, type FakeShellPlan } from '@/test/fake-shell';
import { useNativeShell } from '@/stores/app-flags';

type ShellWindow = { flutter_inappwebview?: unknown; FlutterBridge?: unknown; __shellCalls?: FakeShellCall[] };
const w = window as unknown as ShellWindow;
const calls = () => w.__shellCalls ?? [];
/** Lets the shell's timers run (its ready event, its answers) until `p` settles. */
const settle = async <T,>(p: Promise<T>): Promise<T> => {
  await vi.advanceTimersByTimeAsync(100);
  return p;
};
const shell = (plan: FakeShellPlan) => {
  installFakeShell(plan);
  useNativeShell.setState({ isNativeShell: true });
};

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => {
  vi.useRealTimers();
  delete w.flutter_inappwebview;
  delete w.FlutterBridge;
  delete w.__shellCalls;
  useNativeShell.setState({ isNativeShell: false });
});

describe('the native shell bridge', () => {
  it('asks nothing in a browser, even where a bridge object exists, so callers take the browser way', async () => {
    installFakeShell({ replies: { appInfo: { answer: { ok: true, version: '2.4.0' } } } });
    expect(await askShell('appInfo')).toEqual({ kind: 'unavailable' });
    expect(calls()).toEqual([]);
  });

  it("waits for the shell's ready event before the first call, then passes the answer on", async () => {
    shell({ replies: { getLocation: { answer: { latitude: 3.139, longitude: 101.6869 } } }, readyAfterMs: 500 });
    const asked = shellLocation();
    await vi.advanceTimersByTimeAsync(400);
    expect(calls()).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(await asked).toEqual({ latitude: 3.139, longitude: 101.6869 });
    expect(calls()).toEqual([{ name: 'getLocation', args: {} }]);
  });

  it('tells a refusal from a failure and from a shell that does not know the message', async () => {
    shell({ replies: { saveImage: { answer: { ok: false, error: 'denied' } }, share: { throws: 'sheet crashed' } } });
    expect(await settle(askShell('saveImage', { url: 'https://shop.example/p.png', name: 'p.png' }))).toEqual({ kind: 'refused', reason: 'denied' });
    expect(await settle(askShell('share', { url: 'https://shop.example/' }))).toEqual({ kind: 'refused', reason: 'sheet crashed' });
    expect(await settle(askShell('scanCode'))).toEqual({ kind: 'unavailable' });
    expect(calls().map((c) => c.name)).toEqual(['saveImage', 'share', 'scanCode']);
  });

  it('gives up at the time limit and ignores an answer that comes later', async () => {
    shell({ replies: { appInfo: { answer: { ok: true, version: '2.4.0', platform: 'ios', serviceWorker: true }, delayMs: SHELL_TIME_LIMITS_MS.appInfo + 1000 } } });
    const info = shellAppInfo();
    await vi.advanceTimersByTimeAsync(SHELL_TIME_LIMITS_MS.appInfo + 100);
    expect(await info).toBeUndefined();
    await vi.advanceTimersByTimeAsync(2000);
    const quick = shellAppInfo();
    await vi.advanceTimersByTimeAsync(SHELL_TIME_LIMITS_MS.appInfo + 1100);
    expect(await quick).toBeUndefined();
  });

  it('takes the shell as absent when it never says it is ready, and never calls it', async () => {
    shell({ replies: { pushToken: { answer: { ok: true, token: 'x'.repeat(20) } } }, readyAfterMs: 'never' });
    const asked = askShell('pushToken');
    await vi.advanceTimersByTimeAsync(SHELL_READY_LIMIT_MS + 10);
    expect(await asked).toEqual({ kind: 'unavailable' });
    expect(calls()).toEqual([]);
  });

  it("tells an older shell through its one-way channel, and the bridge's shell by its handler", async () => {
    const sent: string[] = [];
    w.FlutterBridge = { postMessage: (m: string) => sent.push(m) };
    useNativeShell.setState({ isNativeShell: true });
    expect(await tellShell('logout')).toBe(true);
    expect(sent).toEqual([JSON.stringify({ action: 'logout' })]);
    delete w.FlutterBridge;
    shell({ replies: { logout: { answer: { ok: true } } } });
    const told = tellShell('logout');
    await vi.advanceTimersByTimeAsync(50);
    expect(await told).toBe(true);
    expect(calls()).toEqual([{ name: 'logout', args: {} }]);
  });
});
