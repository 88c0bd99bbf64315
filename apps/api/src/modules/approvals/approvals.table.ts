import type { Generated } from 'kysely';
import type { Timestamp } from '../members/members.table.js';

/** What an operator asked for that creates value or moves it into a member's hands, and a second operator's decision on it. */
export interface ApprovalRequestsTable {
  id: Generated<number>;
  kind: string;
  status: Generated<'pending' | 'approved' | 'rejected' | 'cancelled'>;
  member_id: number | null;
  currency: string;
  /** Minor units (points for points); null where the request has none. */
  amount: number | null;
  /** What the approving operator carries out, as asked. */
  payload: unknown;
  summary: string;
  /** What a settings request changes, field by field (`ApprovalChange[]`); null for other requests. */
  changes: unknown;
  /** What it is about (`recharge:12`): one request waits per kind and subject. */
  subject: string | null;
  reason: string;
  requested_by: string;
  requested_by_id: number | null;
  requested_at: Timestamp;
  /** Carried out at once, at or under the owner's threshold. */
  automatic: Generated<boolean>;
  decided_by: string | null;
  decided_by_id: number | null;
  decided_at: Timestamp | null;
  decision_reason: string | null;
  result: unknown;
}

/** Per kind and currency: carried out at once up to `auto_up_to` (null: never), and what one operator may ask for in a day. */
export interface ApprovalLimitsTable {
  kind: string;
  currency: string;
  auto_up_to: number | null;
  daily_limit: number | null;
  updated_by: string;
  updated_at: Timestamp;
}
