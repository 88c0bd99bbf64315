import { sql, type Transaction } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import type { SpecDef, Texts } from './catalogue.table.js';
import { containing } from '../../lib/like.js';
import { nextUpdatedAt } from '../../lib/row-version.queries.js';
import { executePage } from '../../lib/paging.js';

// The catalogue as operators change it: every category and goods, on sale or not.

/** Every category with the count of goods filed directly under it. */
export const findAllCategories = (db: Executor) =>
  db
    .selectFrom('categories as c')
    .select(['c.id', 'c.parent_id', 'c.type_id', 'c.name', 'c.icon', 'c.sort', 'c.is_visible', 'c.updated_at', sql<number>`(select count(*) from goods g where g.category_id = c.id)::int`.as('goods_count')])
    .orderBy('c.sort', 'desc')
    .orderBy('c.id')
    .execute();

export const findCategory = (db: Executor, id: number) => db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();

export const findFirstCategoryType = (db: Executor) => db.selectFrom('category_types').select('id').orderBy('sort', 'desc').orderBy('id').executeTakeFirst();

export const insertCategoryType = (db: Executor, name: Texts) => db.insertInto('category_types').values({ name: JSON.stringify(name) }).returning('id').executeTakeFirstOrThrow();

/** The ids of a category's ancestors, nearest first (to refuse filing a category under itself). */
export async function findCategoryAncestors(db: Executor, id: number): Promise<number[]> {
  const r = await sql<{ id: number }>`
    with recursive up(id, parent_id, depth) as (
      select id, parent_id, 0 from categories where id = ${id}
      union all
      select c.id, c.parent_id, up.depth + 1 from categories c join up on c.id = up.parent_id where up.depth < 50
    )
    select id from up order by depth`.execute(db);
  return r.rows.map((row) => row.id);
}

/** The lowest sort among a parent's children: a new category goes after them. */
export const findLowestSiblingSort = async (db: Executor, parentId: number | null) =>
  (
    await db
      .selectFrom('categories')
      .select((eb) => eb.fn.min<number>('sort').as('sort'))
      .where('parent_id', parentId === null ? 'is' : '=', parentId)
      .executeTakeFirst()
  )?.sort ?? null;

export const insertCategory = (db: Executor, c: { parent_id: number | null; type_id: number; name: Texts; icon: string; is_visible: boolean; sort: number }) =>
  db
    .insertInto('categories')
    .values({ ...c, name: JSON.stringify(c.name) })
    .returning('id')
    .executeTakeFirstOrThrow();

/** Locks one category for a save of the form (two operators saving it take turns); with the version it is at. */
export const lockCategoryForUpdate = (trx: Transaction<DB>, id: number) => trx.selectFrom('categories').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const updateCategory = (db: Executor, id: number, c: { parent_id: number | null; type_id: number; name: Texts; icon: string; is_visible: boolean; sort?: number }) =>
  db
    .updateTable('categories')
    .set({ ...c, name: JSON.stringify(c.name), updated_at: nextUpdatedAt })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();

/** Locks a parent's children (the rows a reorder rewrites). */
export const lockChildCategoriesForUpdate = (trx: Transaction<DB>, parentId: number | null) =>
  trx
    .selectFrom('categories')
    .select('id')
    .where('parent_id', parentId === null ? 'is' : '=', parentId)
    .orderBy('id')
    .forUpdate()
    .execute();

export const setCategorySort = (db: Executor, id: number, sort: number) => db.updateTable('categories').set({ sort }).where('id', '=', id).execute();

export interface AdminGoodsFilter {
  q?: string;
  categoryId?: number;
  status?: 'on_sale' | 'off_sale';
  sort: 'updated_desc' | 'created_desc' | 'price_asc' | 'price_desc' | 'stock_asc' | 'sales_desc' | 'sort';
  limit: number;
  offset: number;
}

/** Goods on or off sale matching the filter, one page, each row with the total count, summed stock and SKU count. */
export function findAdminGoodsPage(db: Executor, f: AdminGoodsFilter) {
  const stock = sql<number>`coalesce((select sum(s.stock) from goods_skus s where s.goods_id = g.id), 0)::int`;
  const price = sql<number>`coalesce((select min(s.price_minor) from goods_skus s where s.goods_id = g.id), g.price_minor)::bigint`;
  let q = db
    .selectFrom('goods as g')
    .innerJoin('categories as c', 'c.id', 'g.category_id')
    .select([
      'g.id', 'g.name', 'g.cover', 'g.category_id', 'c.name as category_name', 'g.currency', 'g.sales', 'g.status', 'g.updated_at',
      price.as('price'),
      stock.as('stock'),
      sql<number>`(select count(*) from goods_skus s where s.goods_id = g.id)::int`.as('sku_count'),
      sql<string>`count(*) over ()`.as('total'),
    ]);
  if (f.categoryId !== undefined) q = q.where('g.category_id', '=', f.categoryId);
  if (f.status) q = q.where('g.status', '=', f.status);
  if (f.q) {
    const pattern = containing(f.q);
    const asId = /^\d{1,9}$/.test(f.q) ? Number(f.q) : -1;
    q = q.where(sql<boolean>`(g.id = ${asId} or exists (select 1 from jsonb_each_text(g.name) n where n.value ilike ${pattern}))`);
  }
  switch (f.sort) {
    case 'created_desc':
      q = q.orderBy('g.created_at', 'desc');
      break;
    case 'price_asc':
      q = q.orderBy(price);
      break;
    case 'price_desc':
      q = q.orderBy(price, 'desc');
      break;
    case 'stock_asc':
      q = q.orderBy(stock);
      break;
    case 'sales_desc':
      q = q.orderBy('g.sales', 'desc');
      break;
    case 'sort':
      q = q.orderBy('g.sort', 'desc');
      break;
    default:
      q = q.orderBy('g.updated_at', 'desc');
  }
  return q.orderBy('g.id', 'desc').limit(f.limit).offset(f.offset).$call(executePage);
}

export const findGoodsForEdit = (db: Executor, id: number) => db.selectFrom('goods').selectAll().where('id', '=', id).executeTakeFirst();

export const findSkusForEdit = (db: Executor, goodsId: number) => db.selectFrom('goods_skus').selectAll().where('goods_id', '=', goodsId).orderBy('id').execute();

/** Locks one goods row for an edit (two operators saving the same goods take turns). */
export const lockGoodsRowForUpdate = (trx: Transaction<DB>, id: number) => trx.selectFrom('goods').select(['id', 'status', 'updated_at']).where('id', '=', id).forUpdate().executeTakeFirst();

export interface GoodsFields {
  category_id: number;
  name: Texts;
  subtitle: Texts;
  description: Texts;
  images: string[];
  cover: string;
  currency: string;
  price_minor: number;
  market_price_minor: number;
  status: 'on_sale' | 'off_sale';
  is_hot: boolean;
  is_new: boolean;
  is_recommend: boolean;
  sort: number;
  warranty_months: number;
  specs: SpecDef[];
}

const goodsColumns = (g: GoodsFields) => ({
  ...g,
  name: JSON.stringify(g.name),
  subtitle: JSON.stringify(g.subtitle),
  description: JSON.stringify(g.description),
  images: JSON.stringify(g.images),
  specs: JSON.stringify(g.specs),
});

export const insertGoods = (db: Executor, g: GoodsFields) => db.insertInto('goods').values(goodsColumns(g)).returning('id').executeTakeFirstOrThrow();

export const updateGoods = (db: Executor, id: number, g: GoodsFields) =>
  db
    .updateTable('goods')
    .set({ ...goodsColumns(g), updated_at: nextUpdatedAt })
    .where('id', '=', id)
    .execute();

export interface SkuFields {
  spec_key: string;
  spec_value_ids: number[];
  price_minor: number;
  market_price_minor: number;
  pv: number;
  weight_g: number;
  image: string;
}

export const insertSku = (db: Executor, goodsId: number, s: SkuFields & { stock: number }) =>
  db
    .insertInto('goods_skus')
    .values({ ...s, goods_id: goodsId, spec_value_ids: JSON.stringify(s.spec_value_ids) })
    .returning('id')
    .executeTakeFirstOrThrow();

export const updateSku = (db: Executor, goodsId: number, id: number, s: SkuFields) =>
  db
    .updateTable('goods_skus')
    .set({ ...s, spec_value_ids: JSON.stringify(s.spec_value_ids) })
    .where('id', '=', id)
    .where('goods_id', '=', goodsId)
    .execute();

/**
 * Sets one SKU's PV (an approved raise) and marks its goods changed (an editor open on it reloads);
 * answers the PV it had, or undefined when the goods has no such SKU.
 */
export async function setSkuPv(trx: Transaction<DB>, goodsId: number, skuId: number, pv: number): Promise<{ from: number } | undefined> {
  const row = (
    await sql<{ from: number }>`with old as (select id, pv from goods_skus where id = ${skuId} and goods_id = ${goodsId} for update)
      update goods_skus s set pv = ${pv} from old where s.id = old.id returning old.pv as "from"`.execute(trx)
  ).rows[0];
  if (row) await trx.updateTable('goods').set({ updated_at: nextUpdatedAt }).where('id', '=', goodsId).execute();
  return row;
}

/** Puts goods on or off sale; answers the ids that changed. */
export const setGoodsStatus = (db: Executor, ids: number[], status: 'on_sale' | 'off_sale') =>
  db.updateTable('goods').set({ status, updated_at: nextUpdatedAt }).where('id', 'in', ids).where('status', '!=', status).returning('id').execute();

/** Adds `delta` to an SKU's stock only while the result stays at or above zero; undefined when it would not. */
export const addToSkuStock = (db: Executor, skuId: number, delta: number) =>
  db
    .updateTable('goods_skus')
    .set((eb) => ({ stock: eb('stock', '+', delta) }))
    .where('id', '=', skuId)
    .where(sql<boolean>`stock + ${delta} >= 0`)
    .returning(['id', 'goods_id', 'stock'])
    .executeTakeFirst();

export const findSkuWithGoods = (db: Executor, skuId: number) =>
  db.selectFrom('goods_skus as s').innerJoin('goods as g', 'g.id', 's.goods_id').select(['s.id', 's.goods_id', 's.stock', 'g.name']).where('s.id', '=', skuId).executeTakeFirst();

export const insertStockAdjustment = (db: Executor, a: { goods_id: number; sku_id: number; delta: number; stock_after: number; reason: string; operator: string; after_sale_case_no?: string | null }) =>
  db.insertInto('stock_adjustments').values(a).returningAll().executeTakeFirstOrThrow();

/** An SKU's chosen option values and its goods' options (to name the SKU by them); undefined when it no longer exists. */
export const findSkuOptions = (db: Executor, skuId: number) =>
  db.selectFrom('goods_skus as s').innerJoin('goods as g', 'g.id', 's.goods_id').select(['s.spec_value_ids', 'g.specs']).where('s.id', '=', skuId).executeTakeFirst();

/** A page of one goods' stock adjustments, newest first, each with its SKU's option values and the goods' options (null: the SKU is gone). */
export const findStockAdjustmentsPage = (db: Executor, goodsId: number, limit: number, offset: number) =>
  db
    .selectFrom('stock_adjustments as a')
    .leftJoin('goods_skus as s', 's.id', 'a.sku_id')
    .leftJoin('goods as g', 'g.id', 'a.goods_id')
    .selectAll('a')
    .select(['s.spec_value_ids', 'g.specs'])
    .select(sql<string>`count(*) over ()`.as('total'))
    .where('a.goods_id', '=', goodsId)
    .orderBy('a.id', 'desc')
    .limit(limit)
    .offset(offset)
    .$call(executePage);

/** The goods' own price follows its cheapest SKU (the lists show it). */
export const syncGoodsPriceToSkus = (db: Executor, goodsId: number) =>
  db
    .updateTable('goods')
    .set({ price_minor: sql<number>`coalesce((select min(s.price_minor) from goods_skus s where s.goods_id = ${goodsId}), price_minor)` })
    .where('id', '=', goodsId)
    .execute();
