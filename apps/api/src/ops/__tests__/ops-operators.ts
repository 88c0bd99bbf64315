import type { OperatorRole } from '@shop/contract';
import type { Database } from '../../db/database.js';
import { operatorCliActor } from '../../lib/actor.js';
import { findOperatorByName } from '../../modules/operators/operators.queries.js';
import { createOperator } from '../../modules/operators/operators.service.js';

/**
 * The console operators a test's commands run as (`--by`, or the default name): created once per
 * test database, as the machine's administrator does, and answered with their ids.
 */
export async function opsOperators(db: Database, roles: Record<string, OperatorRole>): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const [name, role] of Object.entries(roles)) {
    const found = await findOperatorByName(db, name);
    ids[name] = found ? Number(found.id) : (await createOperator(db, operatorCliActor('admin'), { userName: name, role })).id;
  }
  return ids;
}
