import websocket from '@fastify/websocket';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { chatSendBody, ChatSocketClose, LANGUAGES, ResponseCode, responseCodeMessageKey, type Language } from '@shop/contract';
import type { Actor } from '../../lib/actor.js';
import { onChanges, type Change } from '../../lib/changes.js';
import { AppError, ValidationError } from '../../lib/errors.js';
import { resolveMember } from '../../plugins/auth.js';
import { problemMessage } from '../../plugins/errors.js';
import { assertStorable, zodProblems, type Api } from '../../plugins/routes.js';
import { requirePermission, resolveOperator } from '../operators/operators.service.js';
import * as q from './support-chat.queries.js';
import * as service from './support-chat.service.js';

// The live chat over WebSocket: `/user/chat/socket` for members, `/admin/api/chat/socket` for the
// support desk. The first frame authenticates ({"type":"auth","token"}; within 10 s). Frames are
// JSON; what the server sends is ordered by message id and a client keeps the last id it has:
//
//   client → server   auth {token, after_id?, lang?} · send {id, kind, text | upload_id | goods_id | order_id}
//                     (members) · open {conversation_id, after_id?} (desk) · typing {conversation_id?} · ping
//   server → client   ready · message {message} · sent {id, message_id} · state (the chat's state changed:
//                     read it again) · desk (the desk's lists changed) · typing {by} · read {by} · pong ·
//                     error {id?, code, msg}
//
// Messages are stored before anything is sent; a socket is told "something moved" by the change
// channel (PostgreSQL's NOTIFY, which every process hears, this one too: each notice once) and then reads what came
// after its last id from the database. A lost or doubled notice therefore loses or repeats nothing,
// and a client that reconnects sends its last id and gets exactly what it missed. An expired or
// revoked session ends the socket with an error frame of code 2001 and close code 4001: the session
// (and at the desk the chat permission) is checked again before every frame is taken and every read
// is sent, when a member's sessions end (the change channel) and every 30 s.
//
// What one member can cost everyone is bounded: at most MAX_SOCKETS_PER_SIGN_IN sockets per member
// (or operator) and MAX_SOCKETS_PER_ADDRESS per address in a process, and one "typing" notice (a
// NOTIFY every process hears) per member and side in TYPING_EVERY_MS, counted across sockets and,
// with Redis, across processes.

/** The largest frame taken (a message is at most 1,000 characters): a larger one closes that socket (1009). */
export const MAX_FRAME_BYTES = 16 * 1024;
const AUTH_WITHIN_MS = 10_000;
/** How often a session is checked again, sockets pinged, and a desk operator kept online. */
const CHECK_EVERY_MS = 30_000;
/** Frames per connection: a bucket of 10, refilled 2 a second; 30 frames refused in a row close it (1008), once the frames taken before are answered. */
const BUCKET = 10;
const REFILL_PER_S = 2;
const MAX_REFUSED = 30;
const PAGE = 50;
/** A failed read is tried again this many times (after 250, 500 and 1,000 ms). */
const READ_RETRIES = 3;
/** The close code of a socket the server could not serve for now (the client opens it again). */
const CLOSE_TRY_AGAIN = 1011;
/** Chat sockets one member (or desk operator) holds open in a process: one more closes the oldest (4002, its page asks over HTTP instead). */
export const MAX_SOCKETS_PER_SIGN_IN = 5;
/** Chat sockets one address holds open in a process, signed in or not: one more is closed at once (1013). Generous: many members share a carrier's address. */
export const MAX_SOCKETS_PER_ADDRESS = 50;
/** The close code of a socket refused for its address's count (WebSocket's "try again later": the client does, with back-off). */
const CLOSE_TRY_LATER = 1013;
/** At most one "typing" notice per member (and per operator and conversation) in this long, however many sockets send it. */
export const TYPING_EVERY_MS = 3_000;

interface Conn {
  socket: WebSocket;
  side: 'member' | 'agent';
  token: string;
  actor: Actor;
  memberId?: number;
  /** The desk: the conversation open on screen, and its member. */
  conversationId?: number;
  conversationMemberId?: number;
  lastId: number;
  tokens: number;
  refilledAt: number;
  refused: number;
  /** Reads one after another: two notices at once never send a message twice. */
  reading: Promise<void>;
  alive: boolean;
}

const CLOSE_SESSION_ENDED = ChatSocketClose.sessionEnded;
const CLOSE_POLICY = 1008;

function send(conn: Conn, frame: Record<string, unknown>): void {
  if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(JSON.stringify(frame));
}

/** Registers the two chat sockets and the hub that wakes them on chat changes. */
export function chatSocketRoutes(api: Api): void {
  const { app, deps } = api;
  const members = new Map<number, Set<Conn>>();
  const desk = new Set<Conn>();
  /** Open sockets per client address, signed in or not. */
  const perAddress = new Map<string, number>();

  /** Closes the oldest of `held` (in the order they were opened) until one more fits under the cap; each is forgotten at once. */
  const makeRoom = (held: Conn[], forget: (conn: Conn) => void) => {
    for (const old of held.slice(0, Math.max(0, held.length - MAX_SOCKETS_PER_SIGN_IN + 1))) {
      forget(old);
      old.socket.close(ChatSocketClose.replaced, 'too many chat sockets');
    }
  };

  const errorFrame = (conn: Conn, e: unknown, id?: unknown) => {
    const withId = id !== undefined ? { id } : {};
    if (e instanceof ValidationError) {
      // The same refusal as the HTTP call's 422: the first problem as the message, each problem named.
      const lang = conn.actor.lang;
      const errors = e.problems.map((p) => ({ field: p.field, msg: problemMessage(deps.i18n, lang, p) }));
      return send(conn, { type: 'error', ...withId, code: ResponseCode.validation, msg: errors[0]!.msg, errors });
    }
    if (!(e instanceof AppError)) app.log.error({ err: e }, 'chat socket');
    const code = e instanceof AppError ? e.code : ResponseCode.internal;
    const key = (e instanceof AppError ? e.options.messageKey : undefined) ?? responseCodeMessageKey[code] ?? 'code.badRequest';
    send(conn, { type: 'error', ...withId, code, msg: deps.i18n.t(conn.actor.lang, key, e instanceof AppError ? e.params : undefined) });
  };

  /**
   * Ends a socket whose session could not be confirmed: an ended session closes it for good (4001);
   * a failure of the server's own (the database busy) closes it with 1011, which the client opens
   * again, rather than signing the member out of the chat.
   */
  const endSession = (conn: Conn, e: unknown) => {
    if (!(e instanceof AppError)) {
      app.log.warn({ err: e }, 'chat socket: the session could not be checked');
      return conn.socket.close(CLOSE_TRY_AGAIN, 'try again');
    }
    errorFrame(conn, e);
    conn.socket.close(CLOSE_SESSION_ENDED, 'session ended');
  };

  /**
   * Whether the connection's session still stands and, at the desk, still grants the chat (an
   * operator disabled, given another role or signed out has no session left): a socket whose session
   * ended is closed, so it is served nothing more.
   */
  const stillAllowed = async (conn: Conn): Promise<boolean> => {
    if (conn.socket.readyState !== conn.socket.OPEN) return false;
    try {
      if (conn.side === 'member') {
        if ((await resolveMember(deps, conn.token)).userId !== conn.memberId) throw new AppError(ResponseCode.tokenInvalid);
      } else {
        const operator = await resolveOperator(deps.db, conn.token);
        if (operator.operatorId !== conn.actor.operatorId) throw new AppError(ResponseCode.tokenInvalid);
        requirePermission(operator, 'support.chat');
      }
      return true;
    } catch (e) {
      endSession(conn, e);
      return false;
    }
  };

  /**
   * Sends what came after the connection's last message, in order, page by page. A read that fails
   * (the database busy or away) is tried again a few times with back-off, so the notice that asked
   * for it is not lost; the client also asks by itself now and then.
   */
  const readNew = (conn: Conn, { attempt = 0, checked = false }: { attempt?: number; checked?: boolean } = {}) => {
    conn.reading = conn.reading.then(async () => {
      // Nothing is read for a session that has ended since the socket was opened.
      if (!checked && !(await stillAllowed(conn))) return;
      for (;;) {
        if (conn.socket.readyState !== conn.socket.OPEN) return;
        const page =
          conn.side === 'member'
            ? await service.memberMessages(deps, conn.actor, { after_id: conn.lastId, limit: PAGE })
            : conn.conversationId !== undefined
              ? await service.conversationMessages(deps, conn.actor, { conversation_id: conn.conversationId, after_id: conn.lastId, limit: PAGE })
              : { list: [], has_more: false };
        for (const message of page.list) {
          if (message.id <= conn.lastId) continue;
          conn.lastId = message.id;
          send(conn, { type: 'message', message });
        }
        if (!page.has_more) return;
      }
    }).catch((e: unknown) => {
      if (e instanceof AppError || attempt >= READ_RETRIES) return errorFrame(conn, e);
      app.log.warn({ err: e }, 'chat socket read failed; trying again');
      setTimeout(() => readNew(conn, { attempt: attempt + 1 }), 250 * 2 ** attempt).unref();
    });
  };

  const woken = (change: Change) => {
    if (change.kind === 'all') {
      const wake = (conn: Conn, hint: 'state' | 'desk') => {
        readNew(conn);
        send(conn, { type: hint });
      };
      for (const set of members.values()) for (const conn of set) wake(conn, 'state');
      // Sessions may have ended too: each socket's session is checked again before it reads.
      for (const conn of desk) wake(conn, 'desk');
      return;
    }
    if (change.kind === 'sessions') {
      // A member's session ended (signed out, banned, closed): their sockets close now, not at the next
      // 30-second check. Checked once every listener has heard the change (the session cache forgets first).
      const sockets = change.memberIds.flatMap((id) => [...(members.get(id) ?? [])]);
      if (sockets.length) setImmediate(() => sockets.forEach((conn) => void stillAllowed(conn)));
      return;
    }
    if (change.kind !== 'chat') return;
    for (const memberId of change.memberIds) {
      for (const conn of members.get(memberId) ?? []) {
        if (change.signal === 'typing:agent') send(conn, { type: 'typing', by: 'agent' });
        else if (change.signal === 'read:agent') send(conn, { type: 'read', by: 'agent' });
        else if (change.signal === undefined) {
          readNew(conn);
          send(conn, { type: 'state' });
        }
      }
      for (const conn of desk) {
        const watching = conn.conversationMemberId === memberId;
        if (change.signal === 'typing:member') {
          if (watching) send(conn, { type: 'typing', by: 'member' });
        } else if (change.signal === 'read:member') {
          if (watching) send(conn, { type: 'read', by: 'member' });
        } else if (change.signal === 'read:agent') {
          // An operator read the conversation (stored before this notice): every desk asks for its lists again, so its unread badge follows.
          send(conn, { type: 'desk' });
        } else if (change.signal === undefined) {
          if (watching) {
            // The desk showing it reads first (which stores its read), then asks for its lists: no badge for what it shows.
            readNew(conn);
            void conn.reading.then(() => send(conn, { type: 'desk' }));
          } else send(conn, { type: 'desk' });
        }
      }
    }
  };
  const stopListening = onChanges((changes) => changes.forEach(woken));
  app.addHook('onClose', async () => stopListening());

  /** Whether the connection may send one more frame now ('cut' once too many were refused in a row). */
  const takeToken = (conn: Conn): 'taken' | 'refused' | 'cut' => {
    const now = Date.now();
    conn.tokens = Math.min(BUCKET, conn.tokens + ((now - conn.refilledAt) / 1000) * REFILL_PER_S);
    conn.refilledAt = now;
    if (conn.tokens < 1) return ++conn.refused >= MAX_REFUSED ? 'cut' : 'refused';
    conn.tokens -= 1;
    conn.refused = 0;
    return 'taken';
  };

  const authenticate = async (side: Conn['side'], request: FastifyRequest, token: string, lang: Language): Promise<Pick<Conn, 'actor' | 'memberId'>> => {
    const base = { ip: request.ctx?.ip ?? request.ip, lang, requestId: `chat-${String(request.id)}` };
    if (side === 'member') {
      const member = await resolveMember(deps, token);
      return { actor: { kind: 'member', memberId: member.userId, sessionId: member.sessionId, ...base }, memberId: member.userId };
    }
    const operator = await resolveOperator(deps.db, token);
    requirePermission(operator, 'support.chat');
    return { actor: { kind: 'operator', operatorId: operator.operatorId, name: operator.userName, sessionId: operator.sessionId, ...base } };
  };

  const accept = (side: Conn['side']) => (socket: WebSocket, request: FastifyRequest) => {
    const address = request.ctx?.ip ?? request.ip;
    const held = perAddress.get(address) ?? 0;
    if (held >= MAX_SOCKETS_PER_ADDRESS) return socket.close(CLOSE_TRY_LATER, 'too many sockets from this address');
    perAddress.set(address, held + 1);
    socket.once('close', () => {
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
    let conn: Conn | undefined;
    /** Set by the first well-formed auth frame: a second one (while the first is checked, or after) is refused and changes nothing. */
    let authTaken = false;
    const pending: Conn = { socket, side, token: '', actor: { kind: 'system', ip: request.ip, lang: request.ctx?.lang ?? 'en-us', requestId: String(request.id) }, lastId: 0, tokens: BUCKET, refilledAt: Date.now(), refused: 0, reading: Promise.resolve(), alive: true };
    const authTimer = setTimeout(() => !conn && endSession(pending, new AppError(ResponseCode.tokenInvalid)), AUTH_WITHIN_MS);
    const checks = setInterval(() => {
      const c = conn ?? pending;
      if (!c.alive) return socket.terminate();
      c.alive = false;
      socket.ping();
      if (!conn) return;
      const live = conn;
      stillAllowed(live)
        .then((allowed) => (allowed && side === 'agent' ? q.touchAgent(deps.db, live.actor.operatorId!) : undefined))
        .catch(() => undefined);
    }, CHECK_EVERY_MS);
    socket.on('pong', () => ((conn ?? pending).alive = true));
    socket.on('close', () => {
      clearTimeout(authTimer);
      clearInterval(checks);
      if (!conn) return;
      if (conn.memberId !== undefined) {
        const set = members.get(conn.memberId);
        set?.delete(conn);
        if (set?.size === 0) members.delete(conn.memberId);
      }
      desk.delete(conn);
    });
    socket.on('error', () => socket.terminate());

    /**
     * A connection's frames are taken one after another, in the order they came: messages sent
     * quickly are stored (and acknowledged) in the order the member wrote them.
     */
    let taking: Promise<void> = Promise.resolve();
    /** Set once a flood is cut off: nothing more is taken, and the socket closes when what was taken is answered. */
    let cutOff = false;
    socket.on('message', (raw, isBinary) => {
      if (cutOff) return;
      const c = conn ?? pending;
      const token = takeToken(c);
      if (token !== 'taken') {
        if (token === 'cut') {
          cutOff = true;
          // Every message already taken is stored and acknowledged before the socket closes.
          taking = taking.then(() => socket.close(CLOSE_POLICY, 'too many frames'));
          return;
        }
        return send(c, { type: 'error', code: ResponseCode.rateLimited, msg: deps.i18n.t(c.actor.lang, 'code.rateLimited') });
      }
      let frame: Record<string, unknown> | undefined;
      try {
        frame = isBinary ? {} : (JSON.parse(raw.toString()) as Record<string, unknown>);
        if (!frame || typeof frame !== 'object') throw new Error('not an object');
      } catch {
        frame = undefined;
      }
      taking = taking.then(() => {
        // Authenticated meanwhile: frames after the auth frame are taken as the member's (or the desk's).
        const now = conn ?? pending;
        if (!frame) return errorFrame(now, new AppError(ResponseCode.badRequest));
        return handle(now, frame).catch((e: unknown) => errorFrame(now, e, frame.id));
      }).catch((e: unknown) => void app.log.error({ err: e }, 'chat socket'));
    });

    const handle = async (c: Conn, frame: Record<string, unknown>) => {
      if (!conn) {
        // Only the first well-formed "auth" is taken: another one while it is checked is refused.
        if (authTaken) throw new AppError(ResponseCode.badRequest);
        // The language the auth frame asks for answers even its refusal (a browser cannot set headers on a WebSocket).
        if (frame.type === 'auth' && LANGUAGES.includes(frame.lang as Language)) c.actor = { ...c.actor, lang: frame.lang as Language };
        // Anything but a well-formed first "auth" ends the socket: nothing is taken before it.
        if (frame.type !== 'auth' || typeof frame.token !== 'string' || frame.token.length > 200) return endSession(c, new AppError(ResponseCode.tokenInvalid));
        authTaken = true;
        const who = await authenticate(side, request, frame.token, c.actor.lang).catch((e: unknown) => {
          endSession(c, e);
          return undefined;
        });
        // Refused, or the socket closed while the session was checked: nothing is registered.
        if (!who || socket.readyState !== socket.OPEN) return;
        clearTimeout(authTimer);
        conn = { ...c, ...who, token: frame.token, lastId: Number.isSafeInteger(frame.after_id) ? Number(frame.after_id) : Number.MAX_SAFE_INTEGER };
        try {
          if (side === 'member') {
            const set = members.get(conn.memberId!) ?? new Set<Conn>();
            makeRoom([...set], (old) => set.delete(old));
            set.add(conn);
            members.set(conn.memberId!, set);
            // Without a last id the page has just read its history: only what comes next is sent.
            if (conn.lastId === Number.MAX_SAFE_INTEGER) conn.lastId = await latestId(conn);
          } else {
            const operatorId = conn.actor.operatorId;
            makeRoom([...desk].filter((d) => d.actor.operatorId === operatorId), (old) => desk.delete(old));
            desk.add(conn);
            await q.touchAgent(deps.db, conn.actor.operatorId!);
            conn.lastId = 0;
          }
        } catch (e) {
          // Not ready: the client opens the socket again (with its last id) rather than waiting on it.
          return endSession(conn, e);
        }
        send(conn, { type: 'ready' });
        readNew(conn, { checked: true });
        return;
      }
      // Every frame is taken only while the session stands (and the desk may still chat).
      if (!(await stillAllowed(c))) return;
      // What the HTTP calls refuse in any input (NUL, other control characters, a lone surrogate) is refused here alike.
      assertStorable(frame);
      switch (frame.type) {
        case 'ping':
          return send(c, { type: 'pong' });
        case 'send': {
          if (c.side !== 'member') throw new AppError(ResponseCode.forbidden);
          const { type: _type, id, ...body } = frame;
          const parsed = chatSendBody.safeParse(body, { reportInput: true });
          if (!parsed.success) throw new ValidationError(zodProblems(parsed.error, (key) => deps.i18n.has(key)));
          const message = await service.sendMemberMessage(deps, c.actor, parsed.data);
          return send(c, { type: 'sent', id, message_id: message.id });
        }
        case 'open': {
          if (c.side !== 'agent') throw new AppError(ResponseCode.forbidden);
          const row = Number.isSafeInteger(frame.conversation_id) ? await q.findConversationRow(deps.db, Number(frame.conversation_id)) : undefined;
          if (!row) throw new AppError(ResponseCode.notFound, { what: 'conversation' });
          c.conversationId = Number(row.id);
          c.conversationMemberId = Number(row.member_id);
          c.lastId = Number.isSafeInteger(frame.after_id) ? Number(frame.after_id) : 0;
          return readNew(c, { checked: true });
        }
        case 'typing': {
          const memberId = c.side === 'member' ? c.memberId : c.conversationMemberId;
          if (memberId === undefined) return;
          // Each notice is a NOTIFY every process hears: one per member (or operator and conversation) in
          // TYPING_EVERY_MS, across the sockets and processes; the others are dropped without a word.
          const key = service.typingKey(c.side, memberId, c.actor.operatorId);
          if (!(await deps.limiter.hit(key, 1, TYPING_EVERY_MS)).allowed) return;
          await service.chatMoved(deps.db, memberId, c.side === 'member' ? 'typing:member' : 'typing:agent');
          return;
        }
        default:
          throw new AppError(ResponseCode.badRequest);
      }
    };
  };

  /** The newest message a member's chat has (0 for none). */
  const latestId = (conn: Conn): Promise<number> => q.findLatestMessageId(deps.db, conn.memberId!);

  /**
   * A socket's error. A frame the client broke (too large, not UTF-8, a bad close code: `ws`'s
   * WS_ERR_ codes; the socket is closed with its code, 1009 for size) or a connection it dropped is
   * the client's doing, which anyone can repeat: a warning without a stack, not an error in the log.
   */
  const socketError = (error: Error & { code?: unknown }, socket: WebSocket, request: FastifyRequest) => {
    const code = typeof error.code === 'string' ? error.code : undefined;
    if (code?.startsWith('WS_ERR_')) request.log.warn({ code, reason: error.message }, 'chat socket: a frame the client broke; closed');
    else if (code === 'ECONNRESET' || code === 'EPIPE') request.log.info({ code }, 'chat socket: the client dropped the connection');
    else request.log.error({ err: error }, 'chat socket');
    socket.terminate();
  };

  void app.register(async (scope) => {
    await scope.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES }, errorHandler: (error, socket, request) => socketError(error, socket, request) });
    scope.get('/user/chat/socket', { websocket: true, config: { inputChecked: true } }, accept('member'));
    scope.get('/admin/api/chat/socket', { websocket: true, config: { inputChecked: true } }, accept('agent'));
  });
}
