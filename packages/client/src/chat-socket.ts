import { ChatSocketClose } from '@shop/contract/support';

/**
 * The live side of a support chat, shared by the member app's chat page and the console's desk: the
 * chat socket (opened again when it drops) and, whenever it is not live, asking over HTTP for what
 * came after the last message held, so nothing is missed either way. No React, no app state.
 *
 * - A socket that has worked before in this page and drops (a server restart, a phone between
 *   networks) is a temporary loss: it is opened again with a capped back-off (1 s, 2 s, 4 s, then
 *   every 5 s) while the page asks every few seconds; the back-off starts again at once when a read
 *   succeeds after failing (the server is back).
 * - Only where the socket has never opened in this page, three tries in a row, does the network
 *   seem to refuse WebSocket (a proxy): the page asks every few seconds and tries the socket again
 *   every minute, and as soon as a read succeeds after failing.
 * - Closed for a session that ended (4001): not opened again. Closed as one socket too many of the
 *   same member (4002, another tab took its place): the page asks instead, and opens it again when
 *   it is looked at again.
 * - While live it still asks every 10 s and when the page comes back to the screen: a notice lost on
 *   the way costs seconds, not the message.
 */

/** Asking over HTTP while no socket is live: every 3 s, backing off to 15 s while the server does not answer. */
export const ASK_EVERY_MS = 3_000;
const ASK_AT_MOST_EVERY_MS = 15_000;
/** Opening again after a loss: 1 s, doubling, at most 5 s apart. */
export const REOPEN_FIRST_MS = 1_000;
export const REOPEN_AT_MOST_MS = 5_000;
/** Tries in a row after which a socket that never opened is taken as refused by the network. */
export const NEVER_OPENED_TRIES = 3;
/** How often a refused socket is tried again. */
export const REFUSED_RETRY_MS = 60_000;
/** Asking beside a live socket. */
export const RESYNC_MS = 10_000;

export interface ChatFrame {
  type: string;
  [field: string]: unknown;
}

export interface ChatSocketOptions {
  /** The socket's address. */
  url(): string;
  /** The socket's first frame (its auth), taken when it opens; undefined without a session: the page then only asks. */
  hello(): Record<string, unknown> | undefined;
  /** Reads over HTTP what came after the last message held; rejects when it could not. */
  catchUp(): Promise<void>;
  /** Each frame the socket brings (`ready` included); `send` writes on that socket. */
  onFrame(frame: ChatFrame, send: (frame: Record<string, unknown>) => void): void;
  /** Whether the server could not be reached the last time it was asked (a read, or the socket). */
  onOffline?(offline: boolean): void;
  /** Read over HTTP once before the socket first opens (the member's page: the history, then only what comes next). */
  readFirst?: boolean;
}

export interface ChatSocket {
  /** Sends a frame on the live socket; false when none is live (nothing is sent). */
  send(frame: Record<string, unknown>): boolean;
  /** "Try again": reads now and, where the socket is waiting to be opened again, opens it now. */
  retryNow(): void;
  stop(): void;
}

/** Starts a chat's live connection (see above); `stop()` ends it. */
export function startChatSocket(options: ChatSocketOptions): ChatSocket {
  let stopped = false;
  let ws: WebSocket | null = null;
  /** The current socket said "ready". */
  let live = false;
  /** A socket has said "ready" in this page: a drop is a temporary loss. */
  let everLive = false;
  /** Socket tries in a row that ended without "ready" (or lost it). */
  let socketFailures = 0;
  let askFailures = 0;
  /** Closed for a session that ended: never opened again. */
  let ended = false;
  /** Closed as one socket too many: opened again when the page is looked at again. */
  let replaced = false;
  let askTimer: ReturnType<typeof setTimeout> | undefined;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;

  const offline = (value: boolean) => options.onOffline?.(value);
  const visible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

  const scheduleAsk = () => {
    if (stopped || live || ended || askTimer) return;
    askTimer = setTimeout(() => void ask(), Math.min(ASK_AT_MOST_EVERY_MS, ASK_EVERY_MS * 2 ** askFailures));
  };
  const ask = async () => {
    clearTimeout(askTimer);
    askTimer = undefined;
    try {
      await options.catchUp();
      const recovered = askFailures > 0;
      askFailures = 0;
      offline(false);
      // The server answers again: a socket waiting out its back-off is tried now, from the first step.
      if (recovered && reopenTimer) {
        socketFailures = 0;
        reopenNow();
      }
    } catch {
      askFailures++;
      if (!live) offline(true);
    }
    scheduleAsk();
  };

  const reopenNow = () => {
    clearTimeout(reopenTimer);
    reopenTimer = undefined;
    open();
  };
  const reopenLater = () => {
    const refused = !everLive && socketFailures >= NEVER_OPENED_TRIES;
    reopenTimer = setTimeout(reopenNow, refused ? REFUSED_RETRY_MS : Math.min(REOPEN_AT_MOST_MS, REOPEN_FIRST_MS * 2 ** (socketFailures - 1)));
  };

  const open = () => {
    if (stopped || ended || ws || typeof WebSocket === 'undefined' || !options.hello()) return;
    let socket: WebSocket;
    try {
      socket = new WebSocket(options.url());
    } catch {
      socketFailures++;
      return reopenLater();
    }
    ws = socket;
    const send = (frame: Record<string, unknown>) => {
      if (ws === socket && socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
    };
    socket.onopen = () => {
      const hello = options.hello();
      if (hello) send(hello);
      else socket.close();
    };
    socket.onmessage = (event: MessageEvent) => {
      if (ws !== socket) return;
      let frame: ChatFrame;
      try {
        frame = JSON.parse(String(event.data)) as ChatFrame;
      } catch {
        return;
      }
      if (frame.type === 'ready') {
        live = everLive = true;
        socketFailures = askFailures = 0;
        clearTimeout(askTimer);
        askTimer = undefined;
        offline(false);
      }
      options.onFrame(frame, send);
    };
    socket.onclose = (event: CloseEvent) => {
      if (ws !== socket) return;
      ws = null;
      const wasLive = live;
      live = false;
      if (stopped) return;
      if (event.code === ChatSocketClose.sessionEnded) {
        ended = true;
        return;
      }
      if (event.code === ChatSocketClose.replaced) {
        replaced = true;
        return void ask();
      }
      socketFailures++;
      reopenLater();
      // Lost while live: what may have come meanwhile is asked for now, and then every few seconds.
      if (wasLive) void ask();
      else scheduleAsk();
    };
  };

  const resync = () => {
    if (!visible()) return;
    if (live) return void options.catchUp().catch(() => undefined);
    // Looked at again: a socket that gave way to another tab, or one waiting to be opened again, opens now.
    if (replaced) {
      replaced = false;
      socketFailures = 0;
      open();
    } else if (reopenTimer && everLive) reopenNow();
  };
  const resyncing = setInterval(() => live && resync(), RESYNC_MS);
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', resync);

  if (options.readFirst) void ask().finally(open);
  else {
    open();
    scheduleAsk();
  }

  return {
    send(frame) {
      if (!live || !ws || ws.readyState !== ws.OPEN) return false;
      ws.send(JSON.stringify(frame));
      return true;
    },
    retryNow() {
      askFailures = 0;
      if (live) return void options.catchUp().catch(() => undefined);
      void ask();
      if (reopenTimer) {
        socketFailures = 0;
        reopenNow();
      }
    },
    stop() {
      stopped = true;
      clearTimeout(askTimer);
      clearTimeout(reopenTimer);
      clearInterval(resyncing);
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', resync);
      ws?.close();
      ws = null;
    },
  };
}
