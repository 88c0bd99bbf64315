import { useSyncExternalStore } from 'react';

/** Below antd's `lg` (992 px; a 1280 px screen zoomed to 200 % is 640 px wide): the menu is a drawer, a list may show as cards. */
const NARROW = '(max-width: 991.98px)';
const narrowMedia = () => (typeof window.matchMedia === 'function' ? window.matchMedia(NARROW) : undefined);
function subscribeNarrow(changed: () => void): () => void {
  const list = narrowMedia();
  list?.addEventListener?.('change', changed);
  return () => list?.removeEventListener?.('change', changed);
}

/** Whether the window is narrower than 992 px; follows a resize or a zoom. */
export const useNarrowWindow = (): boolean => useSyncExternalStore(subscribeNarrow, () => narrowMedia()?.matches ?? false, () => false);
