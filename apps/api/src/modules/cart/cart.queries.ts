import { sql, type ExpressionBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import type { Tx } from '../../lib/transaction.js';

/**
 * Adds `quantity` of an SKU to the member's cart in one statement, and answers what the refusal
 * rules need: the SKU with its goods' status and the member's cart as it stood (units of this SKU,
 * lines, units in all), with the line as written (`line_id`, `line_quantity`), or no line when the
 * write's own conditions refused it (goods not `goodsId`'s or not on sale, no stock, `quantity`
 * beyond `min(lineMax, stock)` for the line as it would be, a new line in a cart of `maxLines`).
 * Nothing at all when the SKU is unknown.
 */
export const addCartLine = async (db: Executor, line: { userId: number; goodsId: number; skuId: number; quantity: number; lineMax: number; maxLines: number }) =>
  (
    await sql<{ id: number; goods_id: number; price_minor: number; stock: number; status: string; already: number; lines: number; units: number; line_id: number | null; line_quantity: number | null }>`
      with s as (
        select s.id, s.goods_id, s.price_minor, s.stock, g.status, coalesce(c.already, 0)::int as already, coalesce(c.lines, 0)::int as lines, coalesce(c.units, 0)::int as units,
          least(${line.lineMax}::int, s.stock) as max
        from goods_skus s
        join goods g on g.id = s.goods_id
        left join (
          select sum(quantity) filter (where sku_id = ${line.skuId}) as already, count(*) as lines, sum(quantity) as units from cart_items where user_id = ${line.userId}
        ) c on true
        where s.id = ${line.skuId}
      ),
      w as (
        insert into cart_items (user_id, goods_id, sku_id, quantity, added_price_minor)
        select ${line.userId}, s.goods_id, s.id, ${line.quantity}, s.price_minor from s
        where s.goods_id = ${line.goodsId} and s.status = 'on_sale' and s.stock > 0 and ${line.quantity} <= s.max and (s.already > 0 or s.lines < ${line.maxLines})
        on conflict (user_id, sku_id) do update set quantity = cart_items.quantity + excluded.quantity, selected = true, updated_at = now()
          where cart_items.quantity + excluded.quantity <= (select max from s)
        returning id, quantity
      )
      select s.id, s.goods_id, s.price_minor, s.stock, s.status, s.already, s.lines, s.units, w.id as line_id, w.quantity as line_quantity from s left join w on true`.execute(db)
  ).rows[0];

/** Units in the member's cart. */
export const sumCartQuantity = async (db: Executor, userId: number) =>
  Number((await db.selectFrom('cart_items').select(sql<string>`coalesce(sum(quantity), 0)`.as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);

/** The ids an `in` list of named lines compares with: an empty list names no line (SQL has no empty `in ()`). */
const named = (ids: number[]) => (ids.length ? ids : [-1]);

/** The member's lines with the live state of their SKU and goods (the reads below narrow it), oldest first. */
const cartLinesQuery = (db: Executor, userId: number) =>
  db
    .selectFrom('cart_items as c')
    .innerJoin('goods_skus as s', 's.id', 'c.sku_id')
    .innerJoin('goods as g', 'g.id', 'c.goods_id')
    .select([
      'c.id',
      'c.goods_id',
      'c.sku_id',
      'c.quantity',
      'c.selected',
      'c.added_price_minor',
      's.price_minor',
      's.stock',
      's.spec_value_ids',
      's.image',
      'g.name',
      'g.cover',
      'g.specs',
      'g.currency',
      'g.status',
    ])
    .where('c.user_id', '=', userId)
    .orderBy('c.id');

/** The member's lines with the live state of their SKU and goods, oldest first. */
export const findCartLines = (db: Executor, userId: number, ids?: number[]) => {
  const q = cartLinesQuery(db, userId);
  return (ids ? q.where('c.id', 'in', named(ids)) : q).execute();
};

/** The lines an order is made of: those `ids` names, or else the selected ones. */
const chosen = (ids: number[] | undefined) => (eb: ExpressionBuilder<{ c: DB['cart_items'] }, 'c'>) => (ids ? eb('c.id', 'in', named(ids)) : eb('c.selected', '=', true));

/** The lines an order is made of (`chosen`) as `findCartLines` reads them, unexecuted: for a statement of another area to read with its own. */
export const chosenCartLinesQuery = (db: Executor, userId: number, ids: number[] | undefined) => cartLinesQuery(db, userId).where(chosen(ids));

/** The units of the lines an order is made of (`chosen`), summed per SKU, unexecuted: for a statement of another area to read with its own. */
export const chosenCartUnitsQuery = (db: Executor, userId: number, ids: number[] | undefined) =>
  db
    .selectFrom('cart_items as c')
    .select(['c.sku_id', 'c.goods_id', sql<number>`sum(c.quantity)::int`.as('quantity')])
    .where('c.user_id', '=', userId)
    .where(chosen(ids))
    .groupBy(['c.sku_id', 'c.goods_id']);

/** Locks the member's lines named by `ids` (all of them without ids), in id order. */
export const lockCartLinesForUpdate = (tx: Tx, userId: number, ids?: number[]) => {
  let q = tx.selectFrom('cart_items').select(['id', 'sku_id', 'quantity', 'selected']).where('user_id', '=', userId);
  if (ids) q = q.where('id', 'in', named(ids));
  return q.orderBy('id').forUpdate().execute();
};

export const updateCartLine = (db: Executor, userId: number, id: number, change: { quantity?: number; selected?: boolean }) =>
  db
    .updateTable('cart_items')
    .set({ ...(change.quantity !== undefined ? { quantity: change.quantity } : {}), ...(change.selected !== undefined ? { selected: change.selected } : {}), updated_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();

export const setAllCartLinesSelected = (db: Executor, userId: number, selected: boolean) =>
  db.updateTable('cart_items').set({ selected, updated_at: sql`now()` }).where('user_id', '=', userId).executeTakeFirst();

export const deleteCartLines = (db: Executor, userId: number, ids: number[]) =>
  db.deleteFrom('cart_items').where('user_id', '=', userId).where('id', 'in', ids).executeTakeFirst();

/**
 * The statement that removes from the member's cart the given SKUs (bought in an order), for a CTE
 * of the order's insert: it deletes only when the CTE named `after` has a row (the order was made),
 * and answers the ids it deleted. A line another checkout took (and committed) meanwhile is not
 * deleted again: the caller compares what was deleted with what it read, and refuses when less.
 */
export const deleteCartLinesOfSkusAfter = (userId: number, skuIds: number[], after: string) =>
  sql`delete from cart_items where user_id = ${userId} and sku_id = any(${skuIds}::int[]) and exists (select 1 from ${sql.table(after)}) returning id`;
