import type { Readable } from 'node:stream';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/database.js';
import { operatorNameOf, type Actor } from '../../lib/actor.js';
import { listCsv, type ListExport } from '../../lib/list-export.js';
import * as q from './operator-actions.queries.js';

/** The latest operator decisions (who, what, about which row, why), newest first; for operators only. */
export async function recentDecisions(db: Executor, actor: Actor, input: { limit: number }) {
  operatorNameOf(actor);
  return q.findRecentOperatorActions(db, Math.min(Math.max(1, input.limit), 500));
}

/** An operator's list as a CSV file (`listCsv`), the export recorded in the audit log with its filters first. */
export async function exportList<Q extends object, R>(deps: Pick<AppDeps, 'db' | 'i18n'>, actor: Actor, list: ListExport<Q, R>, query: Q, now = new Date()): Promise<{ filename: string; body: Readable }> {
  const { page: _p, limit: _l, ...filters } = query as Q & { page?: number; limit?: number };
  await q.insertOperatorAction(deps.db, { operator: operatorNameOf(actor), action: `export.${list.name}`, target_type: 'export', target_id: 0, reason: JSON.stringify(filters) });
  return listCsv(deps, actor, list, query, now);
}
