import type { Executor } from '../../db/database.js';
import { operatorNameOf, type Actor } from '../../lib/actor.js';
import * as q from './operator-actions.queries.js';

/** The latest operator decisions (who, what, about which row, why), newest first; for operators only. */
export async function recentDecisions(db: Executor, actor: Actor, input: { limit: number }) {
  operatorNameOf(actor);
  return q.findRecentOperatorActions(db, Math.min(Math.max(1, input.limit), 500));
}
