import { useEffect, useState } from 'react';

/** Set once the app's first screen has painted and the browser was idle: later screens render whole at once. */
let firstScreenShown = false;

/** The first screen's largest pictures still on their way, and who waits for them to arrive. */
const picturesOnTheWay = new Set<HTMLImageElement>();
const waiting = new Set<() => void>();

/**
 * A picture of the first screen that is its largest paint (a `priority` picture): what lies below
 * the fold renders once it has been painted (or has failed), so rendering and laying out lists
 * nobody sees yet does not come between the picture's arrival and its paint. Answers what to call
 * when the picture has arrived or failed.
 */
export function awaitFirstScreenPicture(img: HTMLImageElement): () => void {
  if (firstScreenShown) return () => undefined;
  picturesOnTheWay.add(img);
  const release = () => {
    if (!picturesOnTheWay.delete(img) || picturesOnTheWay.size) return;
    for (const go of [...waiting]) go();
  };
  let settled = false;
  const arrived = () => {
    if (settled) return;
    settled = true;
    // Drawn: the frame after the next one has the picture on screen.
    requestAnimationFrame(() => requestAnimationFrame(release));
  };
  if (img.complete) arrived();
  return arrived;
}

/** Calls `go` once no largest picture of the first screen is on its way; answers how to stop waiting. */
function whenPicturesArrived(go: () => void): () => void {
  if (!picturesOnTheWay.size) {
    go();
    return () => undefined;
  }
  const once = () => {
    waiting.delete(once);
    go();
  };
  waiting.add(once);
  return () => waiting.delete(once);
}

/**
 * Whether what lies below the fold may render now. On the app's first screen, only after its first
 * paint and the paint of its largest picture, at an idle moment (within `timeoutMs` overall), so
 * the largest paint does not wait for lists and popups nobody sees yet; on every later screen
 * (another page, back to this one) at once, so a kept scroll position finds the page whole.
 */
export function useAfterFirstScreen(timeoutMs = 1500): boolean {
  const [ready, setReady] = useState(firstScreenShown);
  useEffect(() => {
    if (ready) return;
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopWaiting: (() => void) | undefined;
    const show = () => {
      firstScreenShown = true;
      picturesOnTheWay.clear();
      setReady(true);
    };
    // A picture that never arrives holds nothing back for longer than the time limit.
    const limit = setTimeout(show, timeoutMs);
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(show, { timeout: timeoutMs });
      else timer = setTimeout(show, 50);
    };
    // After the next frame has been painted and so has the largest picture, at the first idle moment.
    const frame = requestAnimationFrame(() => {
      stopWaiting = whenPicturesArrived(whenIdle);
    });
    return () => {
      cancelAnimationFrame(frame);
      stopWaiting?.();
      clearTimeout(limit);
      if (timer) clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [ready, timeoutMs]);
  return ready;
}

/** Set once the first screen's content below the fold has been drawn in steps: later screens draw theirs whole. */
let drawnInSteps = false;

/**
 * How many of `total` parts below the fold to render: on the app's first screen one, then one more
 * each frame (a task of its own), so drawing lists nobody sees yet never blocks a tap for long on a
 * slow phone; on every later screen all of them at once, so a kept scroll position finds the page whole.
 */
export function useRenderedInSteps(total: number): number {
  const [count, setCount] = useState(() => (drawnInSteps ? total : Math.min(1, total)));
  useEffect(() => {
    if (count >= total) {
      drawnInSteps = true;
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setCount((c) => c + 1), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [count, total]);
  return Math.min(count, total);
}
