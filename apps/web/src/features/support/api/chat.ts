import { useCallback, useEffect, useRef, useState } from 'react';
import { getChatState, listChatMessages, sendChatMessage, type ChatMessage } from '@shop/contract/support';
import type { EndpointBodyInput } from '@shop/contract/common';
import { useEndpointQuery } from '@/lib/endpoint-query';
import { call } from '@/lib/request';

/** The member's conversation state (agent, online, unread), asked again every 10 seconds. */
export const useChatState = () => useEndpointQuery(getChatState, undefined, { refetchInterval: 10_000 });

/** How long to wait before asking again: every 3 seconds, backing off to 30 after failures. */
const delayAfter = (failures: number) => Math.min(30_000, 3_000 * 2 ** failures);

/**
 * The conversation's messages, kept in order and each once: the history first, then every few
 * seconds what came after the last message held (so a page that was away, offline or asleep gets
 * everything it missed, once). Sending adds the stored message at once.
 */
export function useChatMessages() {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [offline, setOffline] = useState(false);
  const [hasOlder, setHasOlder] = useState(false);
  const last = useRef(0);
  const merge = useCallback((incoming: ChatMessage[]) => {
    if (!incoming.length) return;
    setMessages((held) => {
      const byId = new Map(held.map((m) => [m.id, m]));
      for (const m of incoming) byId.set(m.id, m);
      const all = [...byId.values()].sort((a, b) => a.id - b.id);
      last.current = all.at(-1)?.id ?? last.current;
      return all;
    });
  }, []);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const poll = async () => {
      try {
        if (!last.current) {
          const history = await call(listChatMessages, { limit: 50 });
          merge([...history.list].reverse());
          setHasOlder(history.has_more);
          setLoaded(true);
        } else {
          merge((await call(listChatMessages, { after_id: last.current, limit: 100 })).list);
        }
        failures = 0;
        setOffline(false);
      } catch {
        failures++;
        setOffline(true);
      }
      if (!stopped) timer = setTimeout(() => void poll(), delayAfter(failures));
    };
    void poll();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [merge]);

  const send = useCallback(
    async (body: EndpointBodyInput<typeof sendChatMessage>) => {
      const sent = await call(sendChatMessage, body);
      merge([sent]);
      return sent;
    },
    [merge],
  );
  /** The page of messages before the oldest one held. */
  const loadOlder = useCallback(async () => {
    const oldest = messages[0]?.id;
    if (!oldest) return;
    const page = await call(listChatMessages, { before_id: oldest, limit: 50 });
    merge(page.list);
    setHasOlder(page.has_more);
  }, [merge, messages]);
  return { messages, loaded, offline, hasOlder, loadOlder, send };
}
