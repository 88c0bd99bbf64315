import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getChatState, listChatMessages, sendChatMessage, type ChatMessage } from '@shop/contract/support';
import type { EndpointBodyInput } from '@shop/contract/common';
import { invalidateEndpoints, useEndpointQuery } from '@/lib/endpoint-query';
import { apiUrl, call } from '@/lib/request';
import { useLanguage } from '@/stores/language';
import { useSession } from '@/stores/session';

/** The member's conversation state (agent, online, unread), asked again every 10 seconds. */
export const useChatState = () => useEndpointQuery(getChatState, undefined, { refetchInterval: 10_000 });

/** How long to wait before asking again: every 3 seconds, backing off to 30 after failures. */
const delayAfter = (failures: number) => Math.min(30_000, 3_000 * 2 ** failures);

/** The chat socket's address on the API host (ws:// or wss:// as the page's own). */
const socketUrl = (): string => {
  const url = new URL(apiUrl('/user/chat/socket'), window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
};
/** The close code of a session that ended: the socket is not opened again. */
const SESSION_ENDED = 4001;
/** How long "typing…" shows after the agent's last keystroke. */
const TYPING_SHOWN_MS = 4_000;
/** While the socket is open the page still asks now and then, so a notice lost on the way costs seconds, not the answer. */
const RESYNC_MS = 10_000;

/**
 * The conversation's messages, kept in order and each once: the history first, then what comes next
 * pushed over the chat socket (opened again with back-off when it drops, saying the last message
 * held, so nothing is missed or shown twice). While it is open the page also asks every 10 seconds
 * and when it comes back to the screen (a push lost on the way, a phone that slept). Where the
 * socket cannot open (a proxy that refuses WebSocket), the page asks every few seconds instead.
 * Sending adds the stored message at once. `failure` is the last read's error while the chat cannot be
 * read (the page shows it until the history loads); `retry` asks again now instead of at the next turn.
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
  const retryNow = useRef<() => void>(() => undefined);
  const socket = useRef<WebSocket | null>(null);
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
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** What the timer will do: a retry by hand does it at once. */
    let next: (() => void) | undefined;
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const refreshState = () => void invalidateEndpoints(client, [getChatState]);
    const later = (work: () => void, ms: number) => {
      if (stopped) return;
      next = work;
      timer = setTimeout(() => {
        next = undefined;
        work();
      }, ms);
    };
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
    const poll = async () => {
      try {
        await catchUp();
        failures = 0;
        setOffline(false);
      } catch {
        failures++;
        setOffline(true);
      }
      later(() => void poll(), delayAfter(failures));
    };
    const connect = () => {
      const token = useSession.getState().token;
      if (stopped || !token || typeof WebSocket === 'undefined') return void poll();
      let opened = false;
      const ws = new WebSocket(socketUrl());
      socket.current = ws;
      ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token, after_id: last.current, lang: useLanguage.getState().lang }));
      ws.onmessage = (event) => {
        const frame = JSON.parse(String(event.data)) as { type: string; message?: ChatMessage; by?: string };
        if (frame.type === 'ready') {
          opened = true;
          failures = 0;
          setOffline(false);
        } else if (frame.type === 'message' && frame.message) {
          merge([frame.message]);
          if (frame.message.sender === 'agent') setAgentTyping(false);
        } else if (frame.type === 'state' || frame.type === 'read') refreshState();
        else if (frame.type === 'typing' && frame.by === 'agent') {
          setAgentTyping(true);
          clearTimeout(typingTimer);
          typingTimer = setTimeout(() => setAgentTyping(false), TYPING_SHOWN_MS);
        }
      };
      ws.onclose = (event) => {
        socket.current = null;
        if (stopped || event.code === SESSION_ENDED) return;
        failures++;
        setOffline(true);
        // Never opened three times in a row: this network refuses the socket; ask every few seconds.
        if (!opened && failures >= 3) return void poll();
        later(() => void catchUp().then(connect, connect), delayAfter(failures - 1));
      };
    };
    const resync = () => {
      const ws = socket.current;
      if (ws && ws.readyState === ws.OPEN && document.visibilityState === 'visible') void catchUp().catch(() => undefined);
    };
    // A member's "Try again": what was waiting for its turn (a reconnect, the next ask) runs now,
    // from the first back-off step; beside a live socket, the page just asks.
    retryNow.current = () => {
      failures = 0;
      if (next) {
        clearTimeout(timer);
        const work = next;
        next = undefined;
        work();
      } else if (socket.current) void catchUp().catch(() => undefined);
    };
    const resyncing = setInterval(resync, RESYNC_MS);
    document.addEventListener('visibilitychange', resync);
    void catchUp()
      .then(() => setOffline(false))
      .catch(() => setOffline(true))
      .finally(connect);
    return () => {
      stopped = true;
      retryNow.current = () => undefined;
      clearInterval(resyncing);
      document.removeEventListener('visibilitychange', resync);
      if (timer) clearTimeout(timer);
      clearTimeout(typingTimer);
      socket.current?.close();
    };
  }, [merge, client]);

  /** Tells the agent the member is typing (at most every 3 seconds). */
  const typing = useCallback(() => {
    if (Date.now() - lastTyping.current < 3_000 || socket.current?.readyState !== WebSocket.OPEN) return;
    lastTyping.current = Date.now();
    socket.current.send(JSON.stringify({ type: 'typing' }));
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
  const retry = useCallback(() => retryNow.current(), []);
  return { messages, loaded, offline, failure, retry, hasOlder, loadOlder, send, typing, agentTyping };
}
