import type { ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, onRequestHookHandler } from 'fastify';
import { DEFAULT_LANGUAGE, ResponseCode } from '@shop/contract';
import type { Config } from '../config.js';
import type { Translator } from '../lib/i18n.js';
import { BASE_SECURITY_HEADERS } from './security.js';
import { requestLanguage } from './context.js';

/** The one path whose request may take minutes to arrive (a video from a phone). */
const UPLOAD_PATH = '/upload2';

/**
 * Node's own limits, for the server Fastify creates: the whole of any request must arrive within
 * the upload limit (checked every second), its headers within 20 s, and a connection with nothing
 * moving for 60 s is closed. Calls get a shorter limit from `requestDeadlines`.
 */
export function serverLimits(config: Config): { requestTimeout: number; connectionTimeout: number; http: ServerOptions } {
  const uploadMs = config.UPLOAD_TIMEOUT_SECONDS * 1000;
  return {
    requestTimeout: uploadMs,
    connectionTimeout: 60_000,
    http: { headersTimeout: Math.min(20_000, uploadMs), connectionsCheckingInterval: 1_000 },
  };
}

/**
 * Cuts off a call whose body has not fully arrived within REQUEST_TIMEOUT_SECONDS (a client sending
 * a byte at a time holds no connection for long), answering 408 with the envelope; and bounds the
 * open connections of the process. Requests without a body never start a timer; reads never run the check.
 */
export function requestDeadlines(app: FastifyInstance, config: Config, i18n: Translator): void {
  app.server.maxConnections = config.MAX_CONNECTIONS;
  const limitMs = config.REQUEST_TIMEOUT_SECONDS * 1000;
  const body = JSON.stringify({ code: ResponseCode.badRequest, msg: i18n.t(DEFAULT_LANGUAGE, 'code.badRequest'), data: null });
  const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), 'cache-control': 'no-store', connection: 'close', ...BASE_SECURITY_HEADERS };
  // Written on the socket itself: Fastify is still waiting for the body, so no reply of its own exists yet.
  const answer = `HTTP/1.1 408 Request Timeout\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n${body}`;
  const start: onRequestHookHandler = (request, reply, done) => {
    const raw = request.raw;
    const hasBody = raw.headers['content-length'] !== undefined ? raw.headers['content-length'] !== '0' : raw.headers['transfer-encoding'] !== undefined;
    if (!hasBody || raw.complete) return done();
    const timer = setTimeout(() => {
      const socket = raw.socket;
      if (raw.complete || reply.sent || socket.destroyed) return;
      request.log.warn({ reqId: request.id }, 'request body too slow: connection closed');
      if (socket.writable) socket.end(answer, () => socket.destroy());
      else socket.destroy();
    }, limitMs);
    reply.raw.once('close', () => clearTimeout(timer));
    done();
  };
  // Only routes that read a body get the hook: a GET or HEAD is answered without waiting for one
  // (a slow body then only delays the connection's next request, which Node's own limits bound).
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat() as string[];
    if (methods.every((m) => m === 'GET' || m === 'HEAD') || route.url.startsWith(UPLOAD_PATH)) return;
    route.onRequest = [start, ...[route.onRequest ?? []].flat()];
  });
}

/** Routes of GET paths that are files, not calls: served as they stream, never cut off. */
const FILE_PATHS = /^\/(h5|admin(?!\/api)|uploads|media|assets)(\/|$)|\/export$/;

/** What the answering code tells the read deadline: this reply has been sent. */
export interface ReadDeadlines {
  answered(reply: FastifyReply): void;
}

/**
 * Bounds a read's whole time: a GET call not answered within READ_DEADLINE_MS (the database frozen,
 * every connection busy) answers 503 with the envelope then, instead of after its statements give
 * up. Only reads: a write answered early might still commit, so writes keep their statement limit
 * and their idempotency keys.
 */
export function readDeadline(app: FastifyInstance, config: Config, i18n: Translator): ReadDeadlines {
  const limitMs = config.READ_DEADLINE_MS;
  if (!limitMs) return { answered: () => {} };
  // A read's start is kept on its connection (a keep-alive connection carries one read at a time):
  // every read pays two property writes, not a timer and two listeners, nor a map's entry and its
  // removal (about a twentieth of a small read's cost). The connections with a read under way are
  // listed once each; a second read on a connection whose first is still under way (pipelining)
  // goes to a map. One sweep per tick answers the reads past the deadline; the answer comes at most
  // a tick late. The code that sends an answer (the calls' envelope, the error handler) takes its
  // read out at once, so no response hook runs on every request; the sweep drops any other answered
  // read (a file, a route outside the contract) and the connections without a read.
  const connections: ReadConnection[] = [];
  const pipelined = new Map<FastifyReply, number>();
  const tickMs = Math.max(10, Math.min(250, Math.floor(limitMs / 10)));
  const answerLate = (reply: FastifyReply) => {
    const request = reply.request;
    request.log.warn({ reqId: request.id, url: request.url, ms: limitMs }, 'read not answered in time: 503');
    void reply
      .code(503)
      .header('retry-after', '2')
      .header('cache-control', 'no-store')
      .send({ code: ResponseCode.serviceUnavailable, msg: i18n.t(requestLanguage(request), 'code.serviceUnavailable'), data: null });
  };
  const answeredAlready = (reply: FastifyReply) => reply.sent || reply.raw.headersSent || reply.raw.destroyed;
  const sweep = setInterval(() => {
    const now = Date.now();
    let kept = 0;
    for (const connection of connections) {
      const reply = connection[READ];
      const open = reply !== undefined && !answeredAlready(reply);
      if (open && now - connection[READ_STARTED]! < limitMs) {
        connections[kept++] = connection;
        continue;
      }
      // Answered (or never noted as answered), closed, or late: the connection leaves the list.
      connection[READ] = undefined;
      connection[LISTED] = false;
      if (open) answerLate(reply);
    }
    connections.length = kept;
    for (const [reply, startedAt] of pipelined) {
      const late = now - startedAt >= limitMs;
      if (answeredAlready(reply)) pipelined.delete(reply);
      else if (late) {
        pipelined.delete(reply);
        answerLate(reply);
      }
    }
  }, tickMs);
  sweep.unref();
  app.addHook('onClose', (_app, done) => {
    clearInterval(sweep);
    done();
  });
  // Only the routes of reads get the hook, decided once per route: other requests pay nothing.
  const start: onRequestHookHandler = (request, reply, done) => {
    if (request.method === 'GET') {
      const connection = request.raw.socket as ReadConnection;
      if (connection[READ] === undefined) {
        connection[READ] = reply;
        connection[READ_STARTED] = Date.now();
        if (connection[LISTED] !== true) {
          connection[LISTED] = true;
          connections.push(connection);
        }
      } else pipelined.set(reply, Date.now());
    }
    done();
  };
  app.addHook('onRoute', (route) => {
    // A WebSocket's upgrade is a GET that lasts as long as the chat: not a read to bound.
    if (!([route.method].flat() as string[]).includes('GET') || FILE_PATHS.test(route.url) || (route as { websocket?: boolean }).websocket) return;
    route.onRequest = [start, ...[route.onRequest ?? []].flat()];
  });
  return {
    answered: (reply) => {
      const connection = reply.request.raw.socket as ReadConnection | null;
      if (connection?.[READ] === reply) connection[READ] = undefined;
      else if (pipelined.size) pipelined.delete(reply);
    },
  };
}

const READ = Symbol('read');
const READ_STARTED = Symbol('readStarted');
const LISTED = Symbol('listed');
/** A connection with the read under way on it, when it started, and whether the sweep lists it. */
type ReadConnection = Socket & { [READ]?: FastifyReply | undefined; [READ_STARTED]?: number; [LISTED]?: boolean };
