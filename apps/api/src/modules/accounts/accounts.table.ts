import type { Generated } from 'kysely';
import type { Timestamp } from '../members/members.table.js';

/** Every operator decision (ban, review …): who, what, when and why. */
export interface OperatorActionsTable {
  id: Generated<number>;
  operator: string;
  action: string;
  target_type: 'user' | 'certification' | 'cancellation' | 'setting';
  target_id: number;
  reason: string | null;
  created_at: Timestamp;
}
