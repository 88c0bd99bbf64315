import { ResponseCode } from '@shop/contract';
import type { Database } from '../../db/database.js';
import { operatorNameOf, type Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import { withTransaction } from '../../lib/transaction.js';
import { findGoodsById } from '../catalogue/catalogue.queries.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import * as q from './orders.queries.js';
import type { PointsSettings } from './points.js';

// The operator's side of points at checkout and points earned.

const RANGES: Record<keyof PointsSettings, [number, number]> = {
  points_per_unit: [1, 1_000_000],
  shopping_points_per_unit: [1, 1_000_000],
  points_max_share_bp: [0, 10_000],
  earn_rate_bp: [0, 10_000],
};

/** Changes what points are worth, the share of the goods they may pay and the percentage completed orders earn; recorded with who. */
export async function setPointsSettings(db: Database, actor: Actor, input: Partial<PointsSettings>): Promise<PointsSettings & { updated_by: string }> {
  const operator = operatorNameOf(actor);
  for (const [key, value] of Object.entries(input) as Array<[keyof PointsSettings, number | undefined]>) {
    const [min, max] = RANGES[key];
    if (value !== undefined && (!Number.isSafeInteger(value) || value < min || value > max)) throw new AppError(ResponseCode.settingInvalid);
  }
  return withTransaction(db, async (tx) => {
    const s = await q.updateOrderSettings(tx, input, operator);
    await insertOperatorAction(tx, { operator, action: `order.points ${JSON.stringify(input)}`, target_type: 'setting', target_id: 0, reason: '' });
    return { points_per_unit: s.points_per_unit, shopping_points_per_unit: s.shopping_points_per_unit, points_max_share_bp: s.points_max_share_bp, earn_rate_bp: s.earn_rate_bp, updated_by: s.updated_by };
  });
}

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
