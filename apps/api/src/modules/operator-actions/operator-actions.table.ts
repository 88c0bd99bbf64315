import type { OperatorActionTarget } from '@shop/contract';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../members/members.table.js';

/** What an operator decision is about. */
export type { OperatorActionTarget };

/** Every operator decision (ban, review …): who, what, when and why. */
export interface OperatorActionsTable {
  id: Generated<number>;
  operator: string;
  action: string;
  target_type: OperatorActionTarget;
  target_id: number;
  reason: string | null;
  /** `command_line`: decided with an operator command (`npm run ops`); null: in the console (or by the shop itself). */
  via: Generated<'command_line' | null>;
  /** The entry's details as facts (`AuditFacts`) the console words in the operator's language; null where they are written in `action`. Written as JSON text. */
  facts: ColumnType<unknown, string | null | undefined, never>;
  created_at: Timestamp;
}
