import { ResponseCode } from '@shop/contract';
import type { Database } from '../../db/database.js';
import { operatorNameOf, type Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import { withTransaction } from '../../lib/transaction.js';
import { findGoodsById } from '../catalogue/catalogue.queries.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import * as q from './goods-points.queries.js';

/** Sets the points each unit of a goods item earns on a completed order (null: the operator's percentage again); recorded with who. */
export async function setGoodsPoints(db: Database, actor: Actor, input: { goods_id: number; points_per_unit: number | null }): Promise<{ ok: true }> {
  const operator = operatorNameOf(actor);
  if (input.points_per_unit !== null && (!Number.isSafeInteger(input.points_per_unit) || input.points_per_unit < 0 || input.points_per_unit > 100_000_000)) throw new AppError(ResponseCode.settingInvalid);
  await withTransaction(db, async (tx) => {
    if (!(await findGoodsById(tx, input.goods_id))) throw new AppError(ResponseCode.goodsNotFound);
    if (input.points_per_unit === null) await q.deleteGoodsPoints(tx, input.goods_id);
    else await q.upsertGoodsPoints(tx, input.goods_id, input.points_per_unit, operator);
    await insertOperatorAction(tx, { operator, action: `goods.points ${input.goods_id} ${input.points_per_unit ?? 'percentage'}`, target_type: 'setting', target_id: input.goods_id, reason: '' });
  });
  return { ok: true };
}
