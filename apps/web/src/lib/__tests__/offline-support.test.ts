import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { startOfflineSupport } from '@/lib/offline-support';
import { reloadApp, useAppUpdate } from '@/stores/app-update';

/** The browser's side of a service worker, as far as the page sees it: its script, its state, what it is told. */
class FakeWorker extends EventTarget {
  readonly scriptURL = `${window.location.origin}/h5/sw.js`;
  readonly told: unknown[] = [];
  constructor(public state: ServiceWorkerState) {
    super();
  }
  postMessage(message: unknown): void {
    this.told.push(message);
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  constructor(
    public active: FakeWorker | null,
    public waiting: FakeWorker | null,
  ) {
    super();
  }
  update = async () => undefined;
  unregister = async () => true;
}

/** `navigator.serviceWorker` of a tab served by `current`, with `next` installed and waiting. */
class FakeContainer extends EventTarget {
  readonly registration: FakeRegistration;
  constructor(
    public controller: FakeWorker | null,
    next: FakeWorker,
  ) {
    super();
    this.registration = new FakeRegistration(controller, next);
  }
  register = async () => this.registration;
  getRegistration = async () => this.registration;
  /** The new release takes charge (the skip-waiting of this tab or of another one). */
  activate(next: FakeWorker): void {
    next.state = 'activated';
    next.dispatchEvent(new Event('statechange'));
    this.registration.waiting = null;
    this.registration.active = next;
    this.controller = next;
    this.dispatchEvent(new Event('controllerchange'));
  }
}

let current: FakeWorker;
let next: FakeWorker;
let container: FakeContainer;

beforeEach(() => {
  current = new FakeWorker('activated');
  next = new FakeWorker('installed');
  container = new FakeContainer(current, next);
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  useAppUpdate.setState({ waiting: false, applyUpdate: undefined, checkForUpdate: undefined });
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

// jsdom cannot load a page again: a reload shows as its "navigation" complaint.
async function reloadsDuring(run: () => void | Promise<void>): Promise<boolean> {
  const { virtualConsole } = (globalThis as unknown as { jsdom: { virtualConsole: { on(e: string, f: (error: Error) => void): void; off(e: string, f: (error: Error) => void): void } } }).jsdom;
  let reloaded = false;
  const complaint = (error: Error) => (reloaded ||= error.message.includes('navigation'));
  virtualConsole.on('jsdomError', complaint);
  try {
    await run();
    await new Promise((r) => setTimeout(r, 50));
    return reloaded;
  } finally {
    virtualConsole.off('jsdomError', complaint);
  }
}

describe('"A new version is ready — Reload"', () => {
  it('asks the waiting release to take charge, and reloads once it has', async () => {
    await startOfflineSupport();
    await waitFor(() => expect(useAppUpdate.getState().waiting).toBe(true));

    expect(await reloadsDuring(() => reloadApp())).toBe(false);
    expect(next.told).toEqual([{ type: 'SKIP_WAITING' }]);

    expect(await reloadsDuring(() => container.activate(next))).toBe(true);
  });

  it('in a second tab, after the first tab reloaded onto the new release, reloads this tab onto it too', async () => {
    await startOfflineSupport();
    await waitFor(() => expect(useAppUpdate.getState().waiting).toBe(true));
    // Reload in the other tab: the new release is in charge of both tabs, nothing waits any more.
    container.activate(next);

    expect(await reloadsDuring(() => reloadApp())).toBe(true);
  });
});
