import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getChatState, listChatMessages, sendChatMessage, type ChatMessage } from '@shop/contract/support';
import type { EndpointBodyInput } from '@shop/contract/common';
import { startChatSocket, type ChatSocket } from '@shop/client/chat-socket';
import { invalidateEndpoints, useEndpointQuery } from '@/lib/endpoint-query';
import { apiUrl, call } from '@/lib/request';
import { useLanguage } from '@/stores/language';
import { useSession } from '@/stores/session';

/** The member's conversation state (agent, online, unread), asked again every 10 seconds. */
export const useChatState = () => useEndpointQuery(getChatState, undefined, { refetchInterval: 10_000 });

/** The chat socket's address on the API host (ws:// or wss:// as the page's own). */
const socketUrl = (): string => {
  const url = new URL(apiUrl('/user/chat/socket'), window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
};
/** How long "typing…" shows after the agent's last keystroke. */
const TYPING_SHOWN_MS = 4_000;

/**
 * The conversation's messages, kept in order and each once: the history first, then what comes next
 * pushed over the chat socket, which `startChatSocket` (shared with the console's desk) keeps open:
 * opened again with a capped back-off after a drop (a server restart), saying the last message held,
 * and asked for over HTTP whenever it is not live, every 10 seconds beside it and when the page comes
 * back to the screen. Only where the socket never opens (a proxy that refuses WebSocket) does the page
 * keep asking every few seconds, trying the socket again now and then. Sending adds the stored message
 * at once. `failure` is the last read's error while the chat cannot be read (the page shows it until
 * the history loads); `retry` asks again now instead of at the next turn.
 */
export function useChatMessages() {
  const client = useQueryClient();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [offline, setOffline] = useState(false);
  const [hasOlder, setHasOlder] = useState(false);
  const [agentTyping, setAgentTyping] = useState(false);
  const [failure, setFailure] = useState<unknown>(undefined);
  const last = useRef(0);
  const live = useRef<ChatSocket | null>(null);
  const lastTyping = useRef(0);
  const merge = useCallback((incoming: ChatMessage[]) => {
    if (!incoming.length) return;
    // The last id held moves at once (the state below is applied at React's next render).
    last.current = Math.max(last.current, ...incoming.map((m) => m.id));
    setMessages((held) => {
      const byId = new Map(held.map((m) => [m.id, m]));
      for (const m of incoming) byId.set(m.id, m);
      return [...byId.values()].sort((a, b) => a.id - b.id);
    });
  }, []);

  useEffect(() => {
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const refreshState = () => void invalidateEndpoints(client, [getChatState]);
    /** Asks for what came after the last message held (the history first); a failure is kept for the page to show. */
    const catchUp = async () => {
      try {
        if (!last.current) {
          const history = await call(listChatMessages, { limit: 50 });
          merge([...history.list].reverse());
          setHasOlder(history.has_more);
          setLoaded(true);
        } else {
          merge((await call(listChatMessages, { after_id: last.current, limit: 100 })).list);
        }
        setFailure(undefined);
      } catch (e) {
        setFailure(e);
        throw e;
      }
    };
    const socket = startChatSocket({
      url: socketUrl,
      readFirst: true,
      hello: () => {
        const token = useSession.getState().token;
        return token ? { type: 'auth', token, after_id: last.current, lang: useLanguage.getState().lang } : undefined;
      },
      catchUp,
      onOffline: setOffline,
      onFrame: (frame) => {
        const message = frame.message as ChatMessage | undefined;
        if (frame.type === 'message' && message) {
          merge([message]);
          if (message.sender === 'agent') setAgentTyping(false);
        } else if (frame.type === 'state' || frame.type === 'read') refreshState();
        else if (frame.type === 'typing' && frame.by === 'agent') {
          setAgentTyping(true);
          clearTimeout(typingTimer);
          typingTimer = setTimeout(() => setAgentTyping(false), TYPING_SHOWN_MS);
        }
      },
    });
    live.current = socket;
    return () => {
      live.current = null;
      socket.stop();
      clearTimeout(typingTimer);
    };
  }, [merge, client]);

  /** Tells the agent the member is typing (at most every 3 seconds). */
  const typing = useCallback(() => {
    if (Date.now() - lastTyping.current < 3_000 || !live.current?.send({ type: 'typing' })) return;
    lastTyping.current = Date.now();
  }, []);

  const send = useCallback(
    async (body: EndpointBodyInput<typeof sendChatMessage>) => {
      const sent = await call(sendChatMessage, body);
      // A sent message ends "typing" on the other side: the next keystroke says so again.
      lastTyping.current = 0;
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
  const retry = useCallback(() => live.current?.retryNow(), []);
  return { messages, loaded, offline, failure, retry, hasOlder, loadOlder, send, typing, agentTyping };
}
