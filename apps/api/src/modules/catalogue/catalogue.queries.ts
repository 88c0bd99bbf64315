import { sql, type Transaction } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { containsEveryWord } from '../../lib/search.queries.js';
import { executePage } from '../../lib/paging.js';

export const findVisibleCategories = (db: Executor) =>
  db
    .selectFrom('categories')
    .select(['id', 'parent_id', 'type_id', 'name', 'icon', 'sort'])
    .where('is_visible', '=', true)
    .orderBy('sort', 'desc')
    .orderBy('id')
    .execute();

export const findCategoryTypes = (db: Executor) => db.selectFrom('category_types').select(['id', 'name', 'sort']).orderBy('sort', 'desc').orderBy('id').execute();

export const countGoodsOnSaleByCategory = (db: Executor) =>
  db.selectFrom('goods').select(['category_id', (eb) => eb.fn.countAll<number>().as('count')]).where('status', '=', 'on_sale').groupBy('category_id').execute();

export interface GoodsFilter {
  categoryIds?: number[];
  shelf?: 'hot' | 'new' | 'recommend';
  /** A search's words (`searchWords`): each somewhere in the goods' name, in any language. */
  keyword?: string[];
  sort: 'default' | 'sales' | 'new' | 'price_asc' | 'price_desc';
  limit: number;
  offset: number;
}

/** Goods on sale matching the filter (no order, no page). */
function goodsMatching(db: Executor, f: GoodsFilter) {
  let q = db.selectFrom('goods as g').where('g.status', '=', 'on_sale');
  if (f.categoryIds) q = q.where('g.category_id', 'in', f.categoryIds.length ? f.categoryIds : [-1]);
  if (f.shelf === 'hot') q = q.where('g.is_hot', '=', true);
  if (f.shelf === 'new') q = q.where('g.is_new', '=', true);
  if (f.shelf === 'recommend') q = q.where('g.is_recommend', '=', true);
  // Any language: a word typed in Simplified Chinese finds goods a member reads in Traditional.
  if (f.keyword) q = q.where(containsEveryWord(sql.ref('g.name_search'), f.keyword));
  return q;
}

/**
 * Goods on sale matching the filter, one page, each with its SKUs' summed stock (summed for the
 * page's rows only). The default order reads its page from an index (`goods_on_sale_order_idx`).
 * The count is asked apart (`countGoodsMatching`, or the shelf counts below): counted beside the
 * page, each page read every goods on sale.
 */
export function findGoodsPage(db: Executor, f: GoodsFilter) {
  type Column = 'sales' | 'created_at' | 'price_minor' | 'sort' | 'id';
  const order = ((
    {
      sales: [['sales', 'desc'], ['id', 'asc']],
      new: [['created_at', 'desc'], ['id', 'desc']],
      price_asc: [['price_minor', 'asc'], ['id', 'asc']],
      price_desc: [['price_minor', 'desc'], ['id', 'asc']],
      default: [['sort', 'desc'], ['id', 'asc']],
    } as const
  )[f.sort] ?? [['sort', 'desc'], ['id', 'asc']]) as ReadonlyArray<readonly [Column, 'asc' | 'desc']>;
  let page = goodsMatching(db, f).select([
    'g.id',
    'g.category_id',
    'g.name',
    'g.cover',
    'g.price_minor',
    'g.market_price_minor',
    'g.currency',
    'g.sales',
    sql<number>`coalesce((select sum(s.stock) from goods_skus s where s.goods_id = g.id), 0)::int`.as('stock'),
  ]);
  for (const [column, direction] of order) page = page.orderBy(`g.${column}`, direction);
  return page.limit(f.limit).offset(f.offset).execute();
}

/** How many goods on sale match the filter (a search: every other filter is answered from `countGoodsOnSaleByShelf`). */
export async function countGoodsMatching(db: Executor, f: GoodsFilter): Promise<number> {
  const row = await goodsMatching(db, f)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Goods on sale counted per category and shelf flags: a few rows per category, from which any category and shelf filter is summed. */
export const countGoodsOnSaleByShelf = (db: Executor) =>
  db
    .selectFrom('goods')
    .select(['category_id', 'is_hot', 'is_new', 'is_recommend', (eb) => eb.fn.countAll<number>().as('count')])
    .where('status', '=', 'on_sale')
    .groupBy(['category_id', 'is_hot', 'is_new', 'is_recommend'])
    .execute();

export const findGoodsById = (db: Executor, id: number) =>
  db
    .selectFrom('goods as g')
    .innerJoin('categories as c', 'c.id', 'g.category_id')
    .selectAll('g')
    .select('c.name as category_name')
    .where('g.id', '=', id)
    .executeTakeFirst();

export const findSkusOfGoods = (db: Executor, goodsId: number) =>
  db.selectFrom('goods_skus').selectAll().where('goods_id', '=', goodsId).orderBy('id').execute();

export const findSku = (db: Executor, goodsId: number, by: { id?: number; specKey?: string }) => {
  let q = db.selectFrom('goods_skus').selectAll().where('goods_id', '=', goodsId);
  if (by.id !== undefined) q = q.where('id', '=', by.id);
  if (by.specKey !== undefined) q = q.where('spec_key', '=', by.specKey);
  return q.executeTakeFirst();
};

export const reviewStats = (db: Executor, goodsId: number) =>
  db
    .selectFrom('goods_reviews')
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`count(*) filter (where rating >= 4)::int`.as('good'),
      sql<number>`count(*) filter (where rating = 3)::int`.as('medium'),
      sql<number>`count(*) filter (where rating <= 2)::int`.as('bad'),
      sql<number>`count(*) filter (where jsonb_array_length(images) > 0)::int`.as('images'),
      sql<number>`coalesce(avg(rating), 0)::float8`.as('average'),
    ])
    .where('goods_id', '=', goodsId)
    .where('is_visible', '=', true)
    .executeTakeFirstOrThrow();

export function findReviewsPage(db: Executor, goodsId: number, filter: 'all' | 'good' | 'medium' | 'bad' | 'images', limit: number, offset: number) {
  let q = reviewsWithLines(db)
    .select(sql<number>`count(*) over ()`.as('total'))
    .where('r.goods_id', '=', goodsId)
    .where('r.is_visible', '=', true);
  if (filter === 'good') q = q.where('r.rating', '>=', 4);
  if (filter === 'medium') q = q.where('r.rating', '=', 3);
  if (filter === 'bad') q = q.where('r.rating', '<=', 2);
  if (filter === 'images') q = q.where(sql<boolean>`jsonb_array_length(r.images) > 0`);
  return q.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(limit).offset(offset).$call(executePage);
}

/** Reviews with the options bought in every language (`line_spec_text`, from the reviewed order line; null for reviews of no line). */
const reviewsWithLines = (db: Executor) =>
  db.selectFrom('goods_reviews as r').leftJoin('order_lines as l', 'l.id', 'r.order_line_id').selectAll('r').select('l.spec_text as line_spec_text');

export const findReview = (db: Executor, id: number) => reviewsWithLines(db).where('r.id', '=', id).where('r.is_visible', '=', true).executeTakeFirst();

export const isGoodsCollected = async (db: Executor, userId: number, goodsId: number) =>
  Boolean(await db.selectFrom('goods_collects').select('goods_id').where('user_id', '=', userId).where('goods_id', '=', goodsId).executeTakeFirst());

export const insertGoodsCollect = (db: Executor, userId: number, goodsId: number) =>
  db.insertInto('goods_collects').values({ user_id: userId, goods_id: goodsId }).onConflict((oc) => oc.doNothing()).returning('goods_id').executeTakeFirst();

export const deleteGoodsCollect = (db: Executor, userId: number, goodsId: number) =>
  db.deleteFrom('goods_collects').where('user_id', '=', userId).where('goods_id', '=', goodsId).returning('goods_id').executeTakeFirst();

export const addToGoodsCollectCount = (db: Executor, goodsId: number, delta: number) =>
  db
    .updateTable('goods')
    .set((eb) => ({ collect_count: sql<number>`greatest(${eb.ref('collect_count')} + ${delta}, 0)` }))
    .where('id', '=', goodsId)
    .returning('collect_count')
    .executeTakeFirstOrThrow();

export const SEARCH_LOG_SIZE = 20;

export async function upsertSearchLog(db: Executor, userId: number, keyword: string): Promise<void> {
  await db
    .insertInto('search_logs')
    .values({ user_id: userId, keyword })
    .onConflict((oc) => oc.columns(['user_id', 'keyword']).doUpdateSet({ searched_at: sql`now()` }))
    .execute();
  // Only the newest searches are kept.
  await db
    .deleteFrom('search_logs')
    .where('user_id', '=', userId)
    .where('keyword', 'not in', (eb) =>
      eb.selectFrom('search_logs').select('keyword').where('user_id', '=', userId).orderBy('searched_at', 'desc').limit(SEARCH_LOG_SIZE),
    )
    .execute();
}

export const findSearchLog = (db: Executor, userId: number) =>
  db.selectFrom('search_logs').select(['keyword', 'searched_at']).where('user_id', '=', userId).orderBy('searched_at', 'desc').limit(SEARCH_LOG_SIZE).execute();

export const deleteSearchLog = (db: Executor, userId: number) => db.deleteFrom('search_logs').where('user_id', '=', userId).executeTakeFirst();

/** Locks one goods row for a change of its counters (collect count). */
export const lockGoodsForUpdate = (trx: Transaction<DB>, id: number) => trx.selectFrom('goods').select(['id', 'collect_count']).where('id', '=', id).forUpdate().executeTakeFirst();

/** The warranty of goods, in months from receipt (0: none), by goods id. */
export const findGoodsWarranty = (db: Executor, goodsIds: number[]) =>
  db.selectFrom('goods').select(['id', 'warranty_months']).where('id', 'in', goodsIds.length ? goodsIds : [-1]).execute();

/** Members' reviews of these order lines. */
export const findReviewsOfLines = (db: Executor, orderLineIds: number[]) =>
  db.selectFrom('goods_reviews').selectAll().where('order_line_id', 'in', orderLineIds.length ? orderLineIds : [-1]).execute();

/** A member's review of a bought line; nothing when the line has one already. */
export const insertLineReview = (db: Executor, row: { goods_id: number; user_id: number; author_name: string; rating: number; content: string; images: string[]; sku_text: string; order_line_id: number }) =>
  db
    .insertInto('goods_reviews')
    .values({ ...row, images: JSON.stringify(row.images) })
    .onConflict((oc) => oc.column('order_line_id').doNothing())
    .returningAll()
    .executeTakeFirst();

/** Changes a member's review once (while it was never changed and was written after `since`); answers the row when it did. */
export const editLineReviewOnce = (db: Executor, input: { id: number; userId: number; since: Date; rating: number; content: string; images: string[] }) =>
  db
    .updateTable('goods_reviews')
    .set({ rating: input.rating, content: input.content, images: JSON.stringify(input.images), edited_at: new Date() })
    .where('id', '=', input.id)
    .where('user_id', '=', input.userId)
    .where('order_line_id', 'is not', null)
    .where('edited_at', 'is', null)
    .where('created_at', '>=', input.since)
    .returningAll()
    .executeTakeFirst();

/**
 * Takes the reviews of these lines (every unit of each came back) off the goods page, once: hidden,
 * with the moment the goods came back. Answers the reviews it took down: their goods, writer and pictures.
 */
export const takeDownReviewsOfLines = (db: Executor, orderLineIds: number[]) =>
  db
    .updateTable('goods_reviews')
    .set({ is_visible: false, returned_at: new Date() })
    .where('order_line_id', 'in', orderLineIds.length ? orderLineIds : [-1])
    .where('returned_at', 'is', null)
    .returning(['id', 'goods_id', 'user_id', 'images'])
    .execute();

export const findMemberLineReview = (db: Executor, userId: number, id: number) =>
  db.selectFrom('goods_reviews').selectAll().where('id', '=', id).where('user_id', '=', userId).where('order_line_id', 'is not', null).executeTakeFirst();
