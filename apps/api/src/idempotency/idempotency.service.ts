import { createHash } from 'node:crypto';
import { ResponseCode } from '@shop/contract';
import type { Database } from '../db/database.js';
import { AppError } from '../lib/errors.js';
import * as q from './idempotency.queries.js';
import type { IdempotencyKeysTable } from './idempotency.table.js';

/** How long a key given by the caller keeps its answer. */
export const KEY_TTL_MS = 24 * 60 * 60_000;
/** How long a request without a key shields an identical one (a double tap) from running again. */
export const DOUBLE_TAP_WINDOW_MS = 2_000;
/** How long a request may run before another process may take its key over (the first one crashed). */
export const LOCK_MS = 60_000;
/** How long a repeat waits for the first request's answer before it answers "request in progress". */
export const WAIT_MS = 3_000;

/** Who sent a keyed request: keys of different callers never meet. */
export interface IdempotencyCaller {
  kind: IdempotencyKeysTable['caller_kind'];
  /** The member's or operator's id; 0 for callers without one. */
  id: number;
}

export interface IdempotentRequest {
  caller: IdempotencyCaller;
  key: string;
  method: string;
  path: string;
  /** `requestHash(method, path, body)`. */
  requestHash: string;
}

/** What to do with a request: run it (and later complete or release `id`), or answer what was answered before. */
export type IdempotencyDecision = { outcome: 'run'; id: number } | { outcome: 'replay'; status: number; body: string };

/** JSON with object keys sorted at every depth: the same body always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** sha256 (hex) of the method, the path and the canonical JSON of the body. */
export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(`${method.toUpperCase()} ${path}\n${canonicalJson(body)}`).digest('hex');
}

/**
 * The key of a request sent without one: the same caller sending the same body to the same path
 * gets the same key, which `beginIdempotentRequest` honours for `DOUBLE_TAP_WINDOW_MS` only.
 */
export function doubleTapKey(hash: string): string {
  return `auto:${hash.slice(0, 40)}`;
}

/**
 * Claims a key for a request. Answers `run` for the first request (or one whose key expired, or
 * whose earlier run crashed and let its lock lapse), `replay` with the saved answer for a repeat of
 * a finished one; throws `idempotencyKeyReused` for the key with another request and
 * `requestInProgress` when the first one still runs after `waitMs` (it is polled until then, so a
 * parallel repeat usually gets the same answer). Commits on its own, so parallel callers see it.
 */
export async function beginIdempotentRequest(
  db: Database,
  request: IdempotentRequest,
  options: { ttlMs?: number; lockMs?: number; waitMs?: number } = {},
): Promise<IdempotencyDecision> {
  const waitUntil = Date.now() + (options.waitMs ?? WAIT_MS);
  const ttl = q.msFromNow(options.ttlMs ?? KEY_TTL_MS);
  const lock = q.msFromNow(options.lockMs ?? LOCK_MS);
  const { caller, key } = request;
  const fresh: q.FreshKey = { method: request.method, path: request.path, request_hash: request.requestHash, status: 'in_flight' as const, response_status: null, response_body: null, completed_at: null, locked_until: lock, expires_at: ttl };
  // A few lost races at most: each means another request changed the row in between.
  for (let races = 0; races < 5; ) {
    const inserted = await q.insertKeyIfAbsent(db, caller, key, fresh);
    if (inserted) return { outcome: 'run', id: inserted.id };

    const row = await q.findKey(db, caller, key);
    if (!row) {
      races++; // pruned in between: insert again
      continue;
    }

    if (row.expired && (row.status === 'done' || row.lapsed)) {
      // The key's time is over: it starts afresh for this request, whatever it stood for before.
      const taken = await q.retakeExpiredKey(db, row.id, fresh);
      if (taken) return { outcome: 'run', id: taken.id };
      races++;
      continue;
    }
    if (row.request_hash !== request.requestHash) throw new AppError(ResponseCode.idempotencyKeyReused, undefined, { httpStatus: 422 });
    if (row.status === 'done') return { outcome: 'replay', status: row.response_status ?? 200, body: row.response_body ?? '' };
    if (row.lapsed) {
      // The first run's process is gone (its lock lapsed without an answer): run it here.
      const taken = await q.retakeLapsedKey(db, row.id, lock);
      if (taken) return { outcome: 'run', id: taken.id };
      races++;
      continue;
    }
    if (Date.now() >= waitUntil) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new AppError(ResponseCode.requestInProgress, undefined, { httpStatus: 409 });
}

/** Saves the answer of a request that ran: every repeat of its key gets exactly this. */
export async function completeIdempotentRequest(db: Database, id: number, status: number, body: string): Promise<void> {
  await q.completeKey(db, id, status, body);
}

/** Frees the key of a request that failed without effect (a 5xx, a busy answer), so a retry runs again. */
export async function releaseIdempotentRequest(db: Database, id: number): Promise<void> {
  await q.deleteInFlightKey(db, id);
}

/** Deletes keys whose time is over (24 h for keys callers sent); answers how many went. */
export async function pruneIdempotencyKeys(db: Database): Promise<number> {
  return q.deleteExpiredKeys(db);
}
