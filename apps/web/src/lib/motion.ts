const LESS_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the visitor asked their system for less motion: the app then starts nothing that moves by itself. */
export const prefersReducedMotion = (): boolean => typeof window.matchMedia === 'function' && window.matchMedia(LESS_MOTION).matches;

/** Calls `then` when the visitor turns less motion on while the page is open; answers how to stop listening. */
export function whenLessMotionAsked(then: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(LESS_MOTION);
  const changed = () => {
    if (list.matches) then();
  };
  list.addEventListener?.('change', changed);
  return () => list.removeEventListener?.('change', changed);
}
