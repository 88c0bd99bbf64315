import type { Executor } from '../../db/database.js';
import { operatorNameOf, type Actor } from '../../lib/actor.js';
import * as q from './operators.queries.js';

// Four eyes need two people (docs/decisions/2026-11-29-operator-grants.md). Two operators are one
// person for it when they are the same operator, when one of them received the other's way in (the
// setup link that created it, or its latest sign-in link), or when a third operator received the
// latest links of both: whoever holds a link may have set the account up themself. Every check that
// compares who asked, approved or pays goes through here.

/** An operator as a record names them: the id where it has one, and the name it was recorded as (`olivia#3`, or `olivia`). */
export interface OperatorRef {
  id: number | string | null;
  name: string;
}

/** How two operators stand for a four-eyes check: `same` operator, `linked` (one received the other's way in), or `apart`. */
export type FourEyes = 'same' | 'linked' | 'apart';

/** The operator a record names (`olivia#3` carries the id; an older record or the command line may name them only). */
export const operatorRefOf = (recorded: string, id?: number | string | null): OperatorRef => ({ id: id ?? null, name: recorded });

/** The deciding operator as a four-eyes check names them. */
export const deciderRefOf = (actor: Actor): OperatorRef => ({ id: actor.operatorId ?? null, name: operatorNameOf(actor) });

const bareName = (recorded: string) => recorded.replace(/#\d+$/, '').toLowerCase();

/** The operator's id: as recorded, else the `#id` of its recorded name, else the operator of that name (if there is one). */
async function idOf(db: Executor, ref: OperatorRef): Promise<number | null> {
  if (ref.id !== null) return Number(ref.id);
  const suffix = /#(\d+)$/.exec(ref.name);
  if (suffix) return Number(suffix[1]);
  const row = await q.findOperatorByName(db, bareName(ref.name));
  return row ? Number(row.id) : null;
}

/**
 * Whether two operators may be the two pairs of eyes on one decision: not the same operator (by id,
 * else by name whatever its case and `#id`), neither received the other's way in (its first setup
 * link or its latest sign-in link), and no one operator received the latest links of both (an owner
 * who approved two finance operators' creation holds both setup links until another owner issues
 * one of them a new link). The command line's links name no console operator.
 */
export async function fourEyes(db: Executor, a: OperatorRef, b: OperatorRef): Promise<FourEyes> {
  const [idA, idB] = [await idOf(db, a), await idOf(db, b)];
  if (idA === null || idB === null) return bareName(a.name) === bareName(b.name) ? 'same' : 'apart';
  if (idA === idB) return 'same';
  const rows = await q.findAccessIssuers(db, [idA, idB]);
  const holders = (id: number) => rows.filter((r) => Number(r.id) === id).flatMap((r) => [r.created_by_id, r.access_issued_by]).filter((v) => v !== null).map(Number);
  const latest = (id: number) => rows.find((r) => Number(r.id) === id)?.access_issued_by ?? null;
  const oneHolder = latest(idA) !== null && Number(latest(idA)) === Number(latest(idB));
  return holders(idA).includes(idB) || holders(idB).includes(idA) || oneHolder ? 'linked' : 'apart';
}
