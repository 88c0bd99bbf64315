import type { Generated, Selectable } from 'kysely';
import type { Timestamp } from '../members/members.table.js';

export type CancellationStatus = 'pending' | 'approved' | 'rejected' | 'withdrawn' | 'completed';

export interface AccountCancellationsTable {
  id: Generated<number>;
  user_id: number;
  status: Generated<CancellationStatus>;
  reason: string | null;
  reviewed_by: string | null;
  reviewed_at: Timestamp | null;
  completed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type CancellationRow = Selectable<AccountCancellationsTable>;
