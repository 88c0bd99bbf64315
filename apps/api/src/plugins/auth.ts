import type { FastifyRequest } from 'fastify';
import { ResponseCode } from '@shop/contract';
import type { Database } from '../db/database.js';
import { AppError } from '../lib/errors.js';
import { hashToken } from '../lib/tokens.js';

/** The logged-in member behind a request. */
export interface Member {
  userId: number;
  sessionId: number;
  /** The raw bearer token of this session (to revoke or refresh it). */
  token: string;
}

/** The bearer token of the request, if any (`Authorization: Bearer …`, an empty one counts as none). */
export function bearerToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h.trim());
  const token = m?.[1];
  return token && token !== 'null' && token !== 'undefined' && token.length <= 200 ? token : undefined;
}

/**
 * Resolves a token to its member. Throws 2001 for an unknown, expired or revoked token (and for
 * a banned or closed account), 2020 when the session's member no longer exists.
 */
export async function resolveMember(db: Database, token: string): Promise<Member> {
  const row = await db
    .selectFrom('sessions')
    .leftJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id as session_id', 'sessions.user_id', 'sessions.expires_at', 'sessions.revoked_at', 'users.id as user_exists', 'users.status'])
    .where('sessions.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.revoked_at || new Date(row.expires_at).getTime() <= Date.now()) throw new AppError(ResponseCode.tokenInvalid);
  if (row.user_exists === null) throw new AppError(ResponseCode.userNotFound);
  if (row.status !== 'active') throw new AppError(ResponseCode.tokenInvalid);
  return { userId: row.user_id, sessionId: row.session_id, token };
}
