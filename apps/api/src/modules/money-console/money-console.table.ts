import type { Generated, Selectable } from 'kysely';
import type { Timestamp } from '../members/members.table.js';

export type AdjustableAsset = 'cash' | 'points' | 'shopping_points';
export type AdjustmentStatus = 'pending' | 'posted' | 'rejected';

/** A manual change of a member's balance by an operator, with its reason and, above the limit, a second operator's decision. */
export interface LedgerAdjustmentsTable {
  id: Generated<number>;
  user_id: number;
  asset: AdjustableAsset;
  currency: string;
  /** Signed minor units: positive credits the member. */
  amount: number;
  reason: string;
  status: AdjustmentStatus;
  requested_by: string;
  decided_by: string | null;
  decision_reason: string | null;
  entry_id: number | null;
  created_at: Timestamp;
  decided_at: Timestamp | null;
}

export type LedgerAdjustmentRow = Selectable<LedgerAdjustmentsTable>;
