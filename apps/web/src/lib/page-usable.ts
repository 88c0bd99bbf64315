/** How long after the page has loaded a promotion waits, so the member first sees the page itself. */
export const PROMOTION_DELAY_MS = 2500;

/**
 * Runs `run` once the page is usable: its load event has passed, `delayMs` more have gone by and the
 * browser has a moment with nothing else to do. Returns a function that cancels it.
 */
export function whenPageUsable(run: () => void, delayMs = PROMOTION_DELAY_MS): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const fire = () => {
    if (!cancelled) run();
  };
  const afterLoad = () => {
    timer = setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(fire, { timeout: 2000 });
      else fire();
    }, delayMs);
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', afterLoad);
    if (timer !== undefined) clearTimeout(timer);
    if (idle !== undefined && typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
  };
}
