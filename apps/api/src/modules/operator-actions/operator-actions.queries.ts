import type { Executor } from '../../db/database.js';
import { fromCommandLine } from '../../lib/command-line.js';
import type { AuditFacts, OperatorAction } from '@shop/contract';
import type { OperatorActionTarget } from './operator-actions.table.js';

/**
 * Records one operator decision: who, what (a kind the console names, then its details), about which
 * row, and why; written by an operator command (`npm run ops`), `via` says so. Details in words go in
 * `facts` (the console words them in the operator's language), never as an English sentence in `action`
 * or `reason`; `reason` holds only what the operator typed.
 */
export const insertOperatorAction = (
  db: Executor,
  a: { operator: string; action: OperatorAction; target_type: OperatorActionTarget; target_id: number; reason?: string | null; facts?: AuditFacts | null },
) =>
  db
    .insertInto('operator_actions')
    .values({ ...a, reason: a.reason ?? null, facts: a.facts ? JSON.stringify(a.facts) : null, via: fromCommandLine() ? 'command_line' : null })
    .returningAll()
    .executeTakeFirstOrThrow();

/** An action trimmed and cut to `max` characters (what the log keeps of a long detail), still of its kind. */
export const trimmedAction = (action: OperatorAction, max = Infinity): OperatorAction => action.trim().slice(0, max) as OperatorAction;

/** The latest decisions, newest first. */
export const findRecentOperatorActions = (db: Executor, limit: number) => db.selectFrom('operator_actions').selectAll().orderBy('id', 'desc').limit(limit).execute();
