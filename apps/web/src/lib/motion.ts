const LESS_MOTION = '(prefers-reduced-motion: reduce)';
const setting = () => (typeof window.matchMedia === 'function' ? window.matchMedia(LESS_MOTION) : undefined);

/** Whether the visitor asked their system for less motion: the app then starts nothing that moves by itself. */
export const prefersReducedMotion = (): boolean => setting()?.matches ?? false;

/** Calls `changed` with the new setting each time the visitor changes it while the page is open; answers how to stop listening. */
export function onMotionSettingChange(changed: (less: boolean) => void): () => void {
  const list = setting();
  if (!list) return () => undefined;
  const listener = () => changed(list.matches);
  list.addEventListener?.('change', listener);
  return () => list.removeEventListener?.('change', listener);
}
