import type { FastifyRequest } from 'fastify';
import { ResponseCode } from '@shop/contract';
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../lib/errors.js';
import { onChanges } from '../lib/changes.js';
import { responseCache } from '../lib/cache.js';
import { hashToken } from '../lib/tokens.js';
import { findSessionWithMember, touchSession } from '../modules/members/members.queries.js';

/** The logged-in member behind a request. */
export interface Member {
  userId: number;
  sessionId: number;
}

/** The bearer token of the request, if any (`Authorization: Bearer …`, an empty one counts as none). */
export function bearerToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h.trim());
  const token = m?.[1];
  return token && token !== 'null' && token !== 'undefined' && token.length <= 200 ? token : undefined;
}

/** Last use is written at most this often per session: the idle limit needs days, not seconds. */
export const LAST_USE_RESOLUTION_MS = 5 * 60_000;

/**
 * How long a process trusts a session it checked without reading it again. Whatever ends a session
 * is told at once (`lib/changes.ts`: in this process when it commits, in the others through the
 * database channel), so this only bounds how long a notice lost on the way could go unnoticed.
 */
export const SESSION_TRUST_MS = 30_000;

interface CheckedSession extends Member {
  expiresAt: number;
  lastUsedAt: number;
  trustedUntil: number;
}

/**
 * The sessions this process checked lately, by token hash: a member's calls read their session once
 * per `SESSION_TRUST_MS` instead of once per call. A member's sessions are forgotten as soon as a
 * change says one of them may have ended, and everything when notices may have been missed.
 */
export class SessionCache {
  private entries = new Map<string, CheckedSession>();
  /** Bumped by every forgetting: a lookup that started before it is not kept. */
  private generation = 0;

  constructor(private readonly max = 50_000) {}

  get(key: string, now: number): CheckedSession | undefined {
    const hit = this.entries.get(key);
    if (hit && now < hit.trustedUntil) return hit;
    if (hit) this.entries.delete(key);
    return undefined;
  }

  /** The marker a lookup takes before reading, handed back to `set`. */
  get mark(): number {
    return this.generation;
  }

  set(key: string, session: CheckedSession, mark: number): void {
    if (mark !== this.generation) return;
    // Full: the session checked longest ago makes room (a Map keeps its keys in the order set).
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, session);
  }

  forgetMembers(ids: readonly number[]): void {
    this.generation++;
    const gone = new Set(ids);
    for (const [key, s] of this.entries) if (gone.has(s.userId)) this.entries.delete(key);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<object, SessionCache>();

/** The session cache of one running app (one per set of dependencies), listening for ended sessions until the app closes. */
export function sessionCache(deps: Pick<AppDeps, 'config' | 'redis'>): SessionCache {
  let cache = caches.get(deps);
  if (!cache) {
    const created = new SessionCache();
    cache = created;
    caches.set(deps, created);
    responseCache(deps).onClose(
      onChanges((changes) => {
        for (const c of changes) {
          if (c.kind === 'all') created.clear();
          else if (c.kind === 'sessions') created.forgetMembers(c.memberIds);
        }
      }),
    );
  }
  return cache;
}

/**
 * Resolves a token to its member. Throws 2001 for an unknown, expired, revoked or idle token (unused
 * for `idleDays`), and for a banned or closed account; 2020 when the session's member no longer exists.
 */
export async function resolveMember(deps: Pick<AppDeps, 'db' | 'config' | 'redis'>, token: string): Promise<Member> {
  const cache = sessionCache(deps);
  const hash = hashToken(token);
  const key = hash.toString('base64');
  const now = Date.now();
  const ended = (s: CheckedSession) => s.expiresAt <= now || s.lastUsedAt <= now - deps.config.SESSION_IDLE_DAYS * 86_400_000;
  let session = cache.get(key, now);
  if (!session) {
    const mark = cache.mark;
    const row = await findSessionWithMember(deps.db, hash);
    if (!row || row.revoked_at) throw new AppError(ResponseCode.tokenInvalid);
    session = { userId: row.user_id, sessionId: row.session_id, expiresAt: new Date(row.expires_at).getTime(), lastUsedAt: new Date(row.last_used_at).getTime(), trustedUntil: now + SESSION_TRUST_MS };
    if (ended(session)) throw new AppError(ResponseCode.tokenInvalid);
    if (row.user_exists === null) throw new AppError(ResponseCode.userNotFound);
    if (row.status !== 'active') throw new AppError(ResponseCode.tokenInvalid);
    cache.set(key, session, mark);
  } else if (ended(session)) {
    throw new AppError(ResponseCode.tokenInvalid);
  }
  if (session.lastUsedAt <= now - LAST_USE_RESOLUTION_MS) {
    // Conditional, so concurrent requests (or processes) write it once.
    session.lastUsedAt = now;
    await touchSession(deps.db, session.sessionId, new Date(now), new Date(now - LAST_USE_RESOLUTION_MS));
  }
  return { userId: session.userId, sessionId: session.sessionId };
}
