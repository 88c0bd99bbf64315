import { useEffect, useState } from 'react';

/** Set once the app's first screen has painted and the browser was idle: later screens render whole at once. */
let firstScreenShown = false;

/**
 * Whether what lies below the fold may render now. On the app's first screen, only after its first
 * paint, at an idle moment (within `timeoutMs`), so the largest paint does not wait for lists and
 * popups nobody sees yet; on every later screen (another page, back to this one) at once, so a
 * kept scroll position finds the page whole.
 */
export function useAfterFirstScreen(timeoutMs = 1500): boolean {
  const [ready, setReady] = useState(firstScreenShown);
  useEffect(() => {
    if (ready) return;
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = () => {
      firstScreenShown = true;
      setReady(true);
    };
    // After the next frame has been painted, at the first idle moment.
    const frame = requestAnimationFrame(() => {
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(show, { timeout: timeoutMs });
      else timer = setTimeout(show, 50);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer) clearTimeout(timer);
    };
  }, [ready, timeoutMs]);
  return ready;
}
