import { useEffect, useState } from 'react';

/** Without any interaction, how long after the page has loaded a promotion waits. */
export const PROMOTION_IDLE_DELAY_MS = 8000;
/** After the member's first scroll, tap or key press, the short pause before a promotion. */
export const PROMOTION_AFTER_INPUT_MS = 600;

const INPUTS = ['scroll', 'pointerdown', 'keydown', 'touchstart'] as const;

/**
 * Runs `run` once the page is usable and has been seen: after its load event, when the member first
 * scrolls, taps or types (plus a short pause), or after `idleDelayMs` without any, at an idle moment.
 * The page itself is what paints first and largest; a promotion never stands in for it.
 * Returns a function that cancels it.
 */
export function whenPageUsable(run: () => void, idleDelayMs = PROMOTION_IDLE_DELAY_MS): () => void {
  let cancelled = false;
  let done = false;
  const timers: Array<ReturnType<typeof setTimeout>> = [];
  let idle: number | undefined;
  const fire = () => {
    if (cancelled || done) return;
    done = true;
    stopListening();
    run();
  };
  const onInput = () => timers.push(setTimeout(fire, PROMOTION_AFTER_INPUT_MS));
  const stopListening = () => {
    for (const type of INPUTS) window.removeEventListener(type, onInput, true);
  };
  const afterLoad = () => {
    for (const type of INPUTS) window.addEventListener(type, onInput, { capture: true, passive: true, once: true });
    timers.push(
      setTimeout(() => {
        if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(fire, { timeout: 2000 });
        else fire();
      }, idleDelayMs),
    );
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    cancelled = true;
    stopListening();
    window.removeEventListener('load', afterLoad);
    timers.forEach(clearTimeout);
    if (idle !== undefined && typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
  };
}

/** `whenPageUsable` as a component's state: false until the page is usable (while `enabled`), then true. */
export function usePageUsable(idleDelayMs = PROMOTION_IDLE_DELAY_MS, enabled = true): boolean {
  const [usable, setUsable] = useState(false);
  useEffect(() => (usable || !enabled ? undefined : whenPageUsable(() => setUsable(true), idleDelayMs)), [usable, enabled, idleDelayMs]);
  return usable;
}

/**
 * Runs `run` once the page has shown its first text or picture (at once when it has), in a task after
 * the next frame: for what should not compete with the first screen for the network. Where the
 * browser does not report paints, a second after it is asked.
 */
export function afterFirstContentfulPaint(run: () => void): void {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    setTimeout(run, 1000);
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(run, 0));
  });
  observer.observe({ type: 'paint', buffered: true });
}
