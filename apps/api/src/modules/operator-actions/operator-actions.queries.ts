import type { Executor } from '../../db/database.js';
import type { OperatorActionTarget } from './operator-actions.table.js';

/** Records one operator decision: who, what, about which row, and why. */
export const insertOperatorAction = (
  db: Executor,
  a: { operator: string; action: string; target_type: OperatorActionTarget; target_id: number; reason?: string | null },
) => db.insertInto('operator_actions').values({ ...a, reason: a.reason ?? null }).returningAll().executeTakeFirstOrThrow();

/** The latest decisions, newest first. */
export const findRecentOperatorActions = (db: Executor, limit: number) => db.selectFrom('operator_actions').selectAll().orderBy('id', 'desc').limit(limit).execute();
