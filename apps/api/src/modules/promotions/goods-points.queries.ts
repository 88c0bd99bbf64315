import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';

// Goods whose units earn their own number of points on a completed order.

/** The goods among `goodsIds` whose units earn a set number of points each. */
export const findGoodsPoints = (db: Executor, goodsIds: number[]) =>
  db.selectFrom('goods_points').select(['goods_id', 'points_per_unit']).where('goods_id', 'in', goodsIds.length ? goodsIds : [-1]).execute();

/** The rules of the goods `goodsIds` (a subquery of the statement) selects, for a statement of another area to read with its own. */
export const goodsPointsOfQuery = (goodsIds: RawBuilder<unknown>) => sql`select goods_id, points_per_unit from goods_points where goods_id in ${goodsIds}`;

export const upsertGoodsPoints = (db: Executor, goodsId: number, pointsPerUnit: number, by: string) =>
  db
    .insertInto('goods_points')
    .values({ goods_id: goodsId, points_per_unit: pointsPerUnit, updated_by: by })
    .onConflict((oc) => oc.column('goods_id').doUpdateSet({ points_per_unit: pointsPerUnit, updated_by: by, updated_at: sql`now()` }))
    .execute();

export const deleteGoodsPoints = (db: Executor, goodsId: number) => db.deleteFrom('goods_points').where('goods_id', '=', goodsId).execute();
