/** What the unread count's readers share: the count in an answer, and when to ask it again. */
import { useEffect, useRef } from 'react';
import { onOtherTabs } from '@/lib/tab-signals';

/** The answer's shape is the messages area's to declare; until then any of the usual spellings is read. */
export const unreadCountOf = (data: unknown): number => {
  if (typeof data === 'number') return data;
  if (data && typeof data === 'object') {
    for (const field of ['unread', 'total', 'count', 'num']) {
      const v = (data as Record<string, unknown>)[field];
      if (typeof v === 'number') return v;
    }
  }
  return 0;
};

/**
 * Calls `ask` when another tab reads messages and when this tab comes back to the screen: the
 * unread count is otherwise fresh for a minute, and a tab in the background would show a count the
 * member has already read elsewhere.
 */
export function useAskedAgainElsewhere(ask: () => void, enabled: boolean): void {
  const latest = useRef(ask);
  latest.current = ask;
  useEffect(() => {
    if (!enabled) return;
    const visible = () => document.visibilityState === 'visible' && latest.current();
    document.addEventListener('visibilitychange', visible);
    const stop = onOtherTabs('messages-read', () => latest.current());
    return () => {
      document.removeEventListener('visibilitychange', visible);
      stop();
    };
  }, [enabled]);
}
