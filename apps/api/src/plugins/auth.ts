import type { FastifyRequest } from 'fastify';
import { ResponseCode } from '@shop/contract';
import type { Database } from '../db/database.js';
import { AppError } from '../lib/errors.js';
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
 * Resolves a token to its member. Throws 2001 for an unknown, expired, revoked or idle token (unused
 * for `idleDays`), and for a banned or closed account; 2020 when the session's member no longer exists.
 */
export async function resolveMember(db: Database, token: string, idleDays: number): Promise<Member> {
  const row = await findSessionWithMember(db, token);
  const now = Date.now();
  if (!row || row.revoked_at || new Date(row.expires_at).getTime() <= now) throw new AppError(ResponseCode.tokenInvalid);
  const lastUsed = new Date(row.last_used_at).getTime();
  if (lastUsed <= now - idleDays * 86_400_000) throw new AppError(ResponseCode.tokenInvalid);
  if (row.user_exists === null) throw new AppError(ResponseCode.userNotFound);
  if (row.status !== 'active') throw new AppError(ResponseCode.tokenInvalid);
  if (lastUsed <= now - LAST_USE_RESOLUTION_MS) {
    // Conditional, so concurrent requests (or processes) write it once.
    await touchSession(db, row.session_id, new Date(now), new Date(now - LAST_USE_RESOLUTION_MS));
  }
  return { userId: row.user_id, sessionId: row.session_id };
}
