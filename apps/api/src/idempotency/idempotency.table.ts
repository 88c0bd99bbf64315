import type { Generated } from 'kysely';
import type { Timestamp } from '../modules/members/members.table.js';

/** One `Idempotency-Key` of one caller: the request it stood for and, once done, the answer given. */
export interface IdempotencyKeysTable {
  id: Generated<number>;
  caller_kind: 'member' | 'operator' | 'system' | 'job' | 'provider';
  /** The member's or operator's id; 0 for callers without one. */
  caller_id: number;
  key: string;
  method: string;
  path: string;
  /** sha256 of method, path and the canonical JSON of the body. */
  request_hash: string;
  status: 'in_flight' | 'done';
  response_status: number | null;
  /** The envelope exactly as it was sent. */
  response_body: string | null;
  /** While in flight, nobody else runs this key before this time (a crashed process's key is taken over after it). */
  locked_until: Timestamp;
  /** After this the key means nothing: pruned, or taken over by a new request. */
  expires_at: Timestamp;
  created_at: Generated<Timestamp>;
  completed_at: Timestamp | null;
}
