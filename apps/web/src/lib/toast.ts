import { limits } from '@/config/runtime';
import { toastRegion } from '@/lib/toast-region';

// The toasts' live region is there from the start.
toastRegion();

type Impl = typeof import('./toast-impl');
let impl: Promise<Impl> | undefined;
const load = () => (impl ??= import('./toast-impl'));

/** Loads the toast code ahead of need (after the first paint). */
export const preloadToast = (): void => void load();

// Calls are applied in order, whenever the code has arrived.
let queue: Promise<unknown> = Promise.resolve();
const run = (fn: (t: Impl) => unknown) => {
  queue = queue.then(() => load().then(fn)).catch(() => undefined);
  return queue;
};


/** A short message above everything (spec §9: 1500 ms, z-index 10090), read out by screen readers. */
export function showToast(text: string, duration: number = limits.toastDurationMs): void {
  if (!text) return;
  void run((t) => t.show(text, duration));
}

let loadingShown = false;

/** The blocking loading indicator of POST calls: a mask that takes no taps until it goes. */
export function showBlockingLoading(text: string): void {
  loadingShown = true;
  void run((t) => loadingShown && t.showLoading(text));
}

export function hideBlockingLoading(): void {
  if (!loadingShown) return;
  loadingShown = false;
  void run((t) => t.clear());
}

/** Resolves when every toast asked for so far is on screen (tests, and code that must wait for it). */
export const toastsSettled = (): Promise<unknown> => queue;
