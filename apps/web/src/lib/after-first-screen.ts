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

/** Set once the app's first screen has been left: later screens draw what lies below their fold whole. */
let drawnWhole = false;

/** Parts of the first screen that have neared the screen, waiting for a frame of their own. */
const turns: Array<() => void> = [];
let turning = false;

/** Draws the next waiting part in a task of its own after the next frame, then the one after it. */
function nextTurn(): void {
  if (turning || !turns.length) return;
  turning = true;
  requestAnimationFrame(() =>
    setTimeout(() => {
      turning = false;
      turns.shift()?.();
      nextTurn();
    }, 0),
  );
}

/** Queues `draw` for a frame of its own; answers how to take it out of the queue. */
function inTurn(draw: () => void): () => void {
  turns.push(draw);
  nextTurn();
  return () => {
    const at = turns.indexOf(draw);
    if (at >= 0) turns.splice(at, 1);
  };
}

/** How far below the screen a part counts as near: half a screen, so it is drawn before it is scrolled into view. */
const NEAR = '0px 0px 50% 0px';

/**
 * Whether a part below the fold may be drawn: on the app's first screen once it nears the screen
 * (within half a screen's height of it), a part a frame, so lists nobody has scrolled to are not
 * drawn while the page loads and no one task draws several; on every later screen (another page,
 * back to this one) at once, so a kept scroll position finds the page whole. Answers the ref for
 * the element that stands in for the part until then (it should keep the part's room).
 */
export function useDrawnNearScreen<T extends Element>(): [(element: T | null) => void, boolean] {
  const [shown, setShown] = useState(drawnWhole);
  const [element, setElement] = useState<T | null>(null);
  // The first screen's page leaving (this part with it) makes every later screen whole.
  useEffect(
    () => () => {
      drawnWhole = true;
    },
    [],
  );
  useEffect(() => {
    if (shown || !element) return;
    let stopWaiting: (() => void) | undefined;
    const draw = () => setShown(true);
    if (typeof IntersectionObserver !== 'function') {
      stopWaiting = inTurn(draw);
      return stopWaiting;
    }
    const seen = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        seen.disconnect();
        stopWaiting = inTurn(draw);
      },
      { rootMargin: NEAR },
    );
    seen.observe(element);
    return () => {
      seen.disconnect();
      stopWaiting?.();
    };
  }, [element, shown]);
  return [setElement, shown];
}
