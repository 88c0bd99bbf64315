import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { Tx } from '../../lib/transaction.js';
import { addToSkuStock, insertStockAdjustment } from './catalogue-admin.queries.js';

// Stock of the goods' SKUs: read for a checkout, set aside and put back by conditional updates
// (orders, group buys and member shops all reserve through here).

/** SKUs with their goods, as checkout prices and describes them. */
export const findSkusForCheckout = (db: Executor, skuIds: number[]) => skusForCheckoutQuery(db, skuIds).execute();

/** `findSkusForCheckout` unexecuted, for a statement of another area to read with its own. */
export const skusForCheckoutQuery = (db: Executor, skuIds: number[]) =>
  db
    .selectFrom('goods_skus as s')
    .innerJoin('goods as g', 'g.id', 's.goods_id')
    .select(['s.id', 's.goods_id', 's.price_minor', 's.stock', 's.spec_value_ids', 's.image', 's.weight_g', 's.pv', 'g.name', 'g.cover', 'g.specs', 'g.currency', 'g.status'])
    .where('s.id', 'in', skuIds.length ? skuIds : [-1]);

export type SkuRow = Awaited<ReturnType<typeof findSkusForCheckout>>[number];

/**
 * Takes `quantity` of an SKU out of stock if that many are left and its goods are on sale, in one
 * statement: concurrent buyers wait on the row and PostgreSQL re-checks the condition for each, so
 * the stock can never be sold twice. Answers the price of the locked row, or nothing when refused.
 */
export const reserveStock = (tx: Tx, skuId: number, quantity: number) =>
  tx
    .updateTable('goods_skus as s')
    .set((eb) => ({ stock: eb('s.stock', '-', quantity) }))
    .where('s.id', '=', skuId)
    .where('s.stock', '>=', quantity)
    .where((eb) => eb.exists(eb.selectFrom('goods as g').select('g.id').whereRef('g.id', '=', 's.goods_id').where('g.status', '=', 'on_sale')))
    .returning(['s.id', 's.price_minor', 's.stock'])
    .executeTakeFirst();

/** Puts units back on sale (an order cancelled or closed). */
export const returnStock = (tx: Tx, skuId: number, quantity: number) =>
  tx
    .updateTable('goods_skus')
    .set((eb) => ({ stock: eb('stock', '+', quantity) }))
    .where('id', '=', skuId)
    .executeTakeFirst();

/**
 * Puts units an operator took back on sale (goods returned in a condition to sell again), recorded
 * among the goods' stock adjustments as an operator's adjustment is, with its cause. Answers the
 * goods whose stock changed (nothing for an SKU that no longer exists).
 */
export async function returnStockRecorded(tx: Tx, skuId: number, quantity: number, record: { reason: string; operator: string; after_sale_case_no?: string | null }): Promise<number | undefined> {
  const sku = await addToSkuStock(tx, skuId, quantity);
  if (!sku) return undefined;
  await insertStockAdjustment(tx, { goods_id: sku.goods_id, sku_id: sku.id, delta: quantity, stock_after: sku.stock, ...record });
  return sku.goods_id;
}

/**
 * An insert of units sold per goods (`rows`: a query of goods id and units, units above zero), for
 * a statement of another area: appended rows, so concurrent payments of one goods never wait on
 * each other for its row. `foldGoodsSold` adds them to the goods' `sales`.
 */
export const appendGoodsSold = (rows: RawBuilder<unknown>) => sql`insert into goods_sold_pending (goods_id, units) ${rows}`;

/**
 * Adds the units sold appended so far to their goods' `sales` and removes them, in one statement
 * (rows appended meanwhile wait for the next fold; two folds at once count each row once). Answers
 * the goods whose count moved.
 */
export const foldGoodsSold = (db: Executor) =>
  sql<{ id: number }>`
    with d as (delete from goods_sold_pending returning goods_id, units),
    n as (select goods_id, sum(units)::int as units from d group by goods_id)
    update goods g set sales = g.sales + n.units from n where g.id = n.goods_id
    returning g.id`
    .execute(db)
    .then((r) => r.rows.map((row) => Number(row.id)));
