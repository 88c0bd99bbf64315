import { useSyncExternalStore } from 'react';

const query = '(prefers-reduced-motion: reduce)';
const media = () => (typeof window.matchMedia === 'function' ? window.matchMedia(query) : undefined);

function subscribe(changed: () => void): () => void {
  const list = media();
  list?.addEventListener?.('change', changed);
  return () => list?.removeEventListener?.('change', changed);
}

/** Whether the operator asked their system for less motion; follows a change of that setting. */
export function useLessMotion(): boolean {
  return useSyncExternalStore(subscribe, () => media()?.matches ?? false, () => false);
}
