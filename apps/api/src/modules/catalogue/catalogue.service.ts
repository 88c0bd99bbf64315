import {
  ResponseCode,
  type Category,
  type CategoryNode,
  type EndpointData,
  type EndpointQuery,
  type GoodsInfo,
  type GoodsListItem,
  type Language,
  type Page,
  type Review,
  type Sku,
  getCategory as getCategoryCall,
  getGoods,
  type getSku,
  listCategories as listCategoriesCall,
  listCategoryTree,
  listGoods,
  type listReviews,
} from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { withTransaction } from '../../lib/transaction.js';
import { memberIdOf, type Actor } from '../../lib/actor.js';
import { Expiring, responseCache, type CachedAnswer } from '../../lib/cache.js';
import { goodsPageHooks } from './goods-page-hooks.js';
import * as q from './catalogue.queries.js';
import type { SpecDef, Texts } from './catalogue.table.js';
import { CacheTag, catalogueChanged } from './response-cache.js';
import { foldGoodsSold } from './stock.queries.js';
import { maskName, pick, sanitizeRich } from './texts.js';
import { iso } from '../../lib/dates.js';
import { searchWords } from '../../lib/like.js';
import { totalOf } from '../../lib/paging.js';

type GoodsListQuery = EndpointQuery<typeof listGoods>;

// ---------------------------------------------------------------- categories

interface CategoryRow {
  id: number;
  parent_id: number | null;
  type_id: number;
  name: Texts;
  icon: string;
  sort: number;
}

const toCategory = (r: CategoryRow, lang: Language): Category => ({ id: r.id, parent_id: r.parent_id, type_id: r.type_id, name: pick(r.name, lang), icon: r.icon, sort: r.sort });

/** Every visible category, in display order (cached: the tree changes only when an operator edits it). */
export async function allCategories(deps: AppDeps, lang: Language): Promise<Category[]> {
  return responseCache(deps).memo({ id: `categories:${lang}`, tags: [CacheTag.categories] }, async () => (await q.findVisibleCategories(deps.db)).map((r) => toCategory(r, lang)));
}

/** The ids of a category and all its descendants. */
export function subtreeIds(categories: Category[], rootId: number): number[] {
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++) for (const c of categories) if (c.parent_id === ids[i]) ids.push(c.id);
  return ids;
}

/** One level of categories: the top level, or the children of `parentId`. */
export async function listCategories(deps: AppDeps, actor: Actor, input: { parent_id?: number; type_id?: number }): Promise<CachedAnswer<EndpointData<typeof listCategoriesCall>>> {
  const { lang } = actor;
  return responseCache(deps).cached(listCategoriesCall, { id: `${lang}:${input.parent_id ?? ''}:${input.type_id ?? ''}`, tags: [CacheTag.categories] }, async () => {
    const all = await allCategories(deps, lang);
    return { list: all.filter((c) => c.parent_id === (input.parent_id ?? null) && (input.type_id === undefined || c.type_id === input.type_id)) };
  });
}

/** One category with its direct children and how many goods it (with its sub-categories) has on sale. */
export async function getCategory(deps: AppDeps, actor: Actor, input: { id: number }): Promise<CachedAnswer<EndpointData<typeof getCategoryCall>>> {
  const { lang } = actor;
  const { id } = input;
  return responseCache(deps).cached(getCategoryCall, { id: `${lang}:${id}`, tags: [CacheTag.categories] }, async () => {
    const all = await allCategories(deps, lang);
    const category = all.find((c) => c.id === id);
    if (!category) throw new AppError(ResponseCode.categoryNotFound);
    const counts = new Map((await q.countGoodsOnSaleByCategory(deps.db)).map((r) => [r.category_id, Number(r.count)]));
    const goodsCount = subtreeIds(all, id).reduce((n, cid) => n + (counts.get(cid) ?? 0), 0);
    return { ...category, children: all.filter((c) => c.parent_id === id), goods_count: goodsCount };
  });
}

/** The category tree. */
export async function categoryTree(deps: AppDeps, actor: Actor): Promise<CachedAnswer<EndpointData<typeof listCategoryTree>>> {
  const { lang } = actor;
  return responseCache(deps).cached(listCategoryTree, { id: lang, tags: [CacheTag.categories] }, async () => {
    const all = await allCategories(deps, lang);
    const nodes = new Map<number, CategoryNode>(all.map((c) => [c.id, { ...c, children: [] }]));
    const roots: CategoryNode[] = [];
    for (const c of all) {
      const node = nodes.get(c.id)!;
      const parent = c.parent_id === null ? undefined : nodes.get(c.parent_id);
      if (parent) parent.children.push(node);
      else if (c.parent_id === null) roots.push(node);
    }
    return { list: roots };
  });
}

// ---------------------------------------------------------------- goods

type GoodsRow = Awaited<ReturnType<typeof q.findGoodsPage>>[number];

const toListItem = (r: GoodsRow, lang: Language): GoodsListItem => ({
  id: r.id,
  cate_id: r.category_id,
  name: pick(r.name, lang),
  cover: r.cover,
  price: Number(r.price_minor),
  market_price: Number(r.market_price_minor),
  currency: r.currency,
  sales: r.sales,
  stock: r.stock,
});


/**
 * How many goods on sale are in these categories (all when none) and on this shelf: summed from
 * the counts per category and shelf, kept until the goods lists change (counting 100,000 goods
 * on sale for each page built cost five times the page itself).
 */
async function goodsOnSaleCount(deps: AppDeps, f: { categoryIds?: number[]; shelf?: 'hot' | 'new' | 'recommend' }): Promise<number> {
  const counts = await responseCache(deps).memo({ id: 'goods-on-sale-by-shelf', tags: [CacheTag.goodsList] }, () => q.countGoodsOnSaleByShelf(deps.db));
  const inCategories = f.categoryIds && new Set(f.categoryIds);
  const onShelf = { hot: 'is_hot', new: 'is_new', recommend: 'is_recommend' } as const;
  return counts.reduce((n, c) => (inCategories && !inCategories.has(c.category_id)) || (f.shelf && !c[onShelf[f.shelf]]) ? n : n + Number(c.count), 0);
}

/** A page of goods on sale (uncached: use `goodsPage` from handlers). */
export async function findGoods(deps: AppDeps, lang: Language, input: GoodsListQuery): Promise<Page<GoodsListItem>> {
  const categoryIds = input.cate_id === undefined ? undefined : subtreeIds(await allCategories(deps, lang), input.cate_id);
  const words = searchWords(input.keyword ?? '');
  const filter = {
    categoryIds,
    shelf: input.shelf,
    keyword: words.length ? words : undefined,
    sort: input.sort,
    limit: input.limit,
    offset: (input.page - 1) * input.limit,
  };
  const [rows, total] = await Promise.all([q.findGoodsPage(deps.db, filter), filter.keyword ? q.countGoodsMatching(deps.db, filter) : goodsOnSaleCount(deps, filter)]);
  return { list: rows.map((r) => toListItem(r, lang)), total, page: input.page, limit: input.limit, has_more: input.page * input.limit < total };
}

/** `/shop/goods/list`: cached per language and parameters (searches excepted); a member's keyword is added to their search log. */
export async function goodsPage(deps: AppDeps, actor: Actor, input: GoodsListQuery): Promise<CachedAnswer<Page<GoodsListItem>> | Page<GoodsListItem>> {
  const { lang } = actor;
  const keyword = input.keyword?.trim() || undefined;
  if (keyword && actor.memberId !== undefined) await q.upsertSearchLog(deps.db, actor.memberId, keyword.slice(0, 60));
  // Searches are read from the database: endless distinct keywords must not push the hot pages out of the cache.
  if (keyword) return findGoods(deps, lang, { ...input, keyword });
  const id = `${lang}:${input.page}:${input.limit}:${input.cate_id ?? ''}:${input.shelf ?? ''}:${input.sort}`;
  return responseCache(deps).cached(listGoods, { id, tags: [CacheTag.goodsList] }, () => findGoods(deps, lang, { ...input, keyword: undefined }));
}

const specText = (specs: SpecDef[], valueIds: number[], lang: Language): string =>
  valueIds
    .map((vid, i) => specs[i]?.values.find((v) => v.id === vid) ?? specs.flatMap((s) => s.values).find((v) => v.id === vid))
    .map((v) => (v ? pick(v.name, lang) : ''))
    .filter(Boolean)
    .join(' / ');

type SkuRow = Awaited<ReturnType<typeof q.findSkusOfGoods>>[number];
const toSku = (r: SkuRow, specs: SpecDef[], lang: Language, cover: string): Sku => ({
  id: r.id,
  spec_value_ids: r.spec_value_ids,
  spec_text: specText(specs, r.spec_value_ids, lang),
  price: Number(r.price_minor),
  market_price: Number(r.market_price_minor),
  stock: r.stock,
  image: r.image || cover,
});

/** One goods as the detail page shows it, for everyone (the member's flag is added by `goodsInfo`). */
/** The goods answer as a cache miss builds it (the large-data bench measures this). */
export async function buildGoodsInfo(db: Database, lang: Language, id: number): Promise<Expiring<GoodsInfo>> {
  const g = await q.findGoodsById(db, id);
  if (!g) throw new AppError(ResponseCode.goodsNotFound);
  const [skus, stats, groupBuy] = await Promise.all([q.findSkusOfGoods(db, id), q.reviewStats(db, id), goodsPageHooks.groupBuyOffer(db, id)]);
  const list = skus.map((s) => toSku(s, g.specs, lang, g.cover));
  // Kept until a group buy of the goods starts or ends.
  return new Expiring({
    id: g.id,
    cate_id: g.category_id,
    cate_name: pick(g.category_name, lang),
    name: pick(g.name, lang),
    subtitle: pick(g.subtitle, lang),
    cover: g.cover,
    images: g.images.length ? g.images : [g.cover],
    description: sanitizeRich(pick(g.description, lang)),
    price: list.length ? Math.min(...list.map((s) => s.price)) : Number(g.price_minor),
    market_price: Number(g.market_price_minor),
    currency: g.currency,
    sales: g.sales,
    stock: list.reduce((n, s) => n + s.stock, 0),
    is_hot: g.is_hot,
    is_new: g.is_new,
    status: g.status,
    specs: g.specs.map((s) => ({ id: s.id, name: pick(s.name, lang), values: s.values.map((v) => ({ id: v.id, name: pick(v.name, lang) })) })),
    skus: list,
    comment_total: stats.total,
    good_rate: goodRate(stats),
    collect_count: g.collect_count,
    is_collected: false,
    warranty_months: g.warranty_months,
    group_buy: g.status === 'on_sale' ? groupBuy.offer : null,
  }, groupBuy.changesAt);
}

/** `/shop/goods/info`: cached per goods and language; a member also learns whether they collected it. */
export async function goodsInfo(deps: AppDeps, actor: Actor, input: { id: number }): Promise<CachedAnswer<GoodsInfo> | GoodsInfo> {
  const { lang } = actor;
  const { id } = input;
  const answer = await responseCache(deps).cached(getGoods, { id: `${id}:${lang}`, tags: [CacheTag.goodsInfo(), CacheTag.goodsInfo(id)] }, () => buildGoodsInfo(deps.db, lang, id));
  if (actor.memberId === undefined) return answer;
  const collected = await q.isGoodsCollected(deps.db, actor.memberId, id);
  return collected ? { ...answer.value, is_collected: true } : answer;
}

/** One SKU with its live price and stock, by id or by the chosen spec values. */
export async function skuInfo(db: Database, actor: Actor, input: EndpointQuery<typeof getSku>): Promise<EndpointData<typeof getSku>> {
  const { lang } = actor;
  const g = await q.findGoodsById(db, input.goods_id);
  if (!g) throw new AppError(ResponseCode.goodsNotFound);
  const sku = await q.findSku(db, g.id, input.sku_id !== undefined ? { id: input.sku_id } : { specKey: input.spec_value_ids!.join('_') });
  if (!sku) throw new AppError(ResponseCode.skuNotFound);
  return { ...toSku(sku, g.specs, lang, g.cover), goods_id: g.id, currency: g.currency, available: g.status === 'on_sale' && sku.stock > 0 };
}

/** Adds goods to the member's collection or removes them; repeating either changes nothing. */
export async function collectGoods(deps: AppDeps, actor: Actor, input: { goods_id: number; collect: boolean }): Promise<{ collected: boolean; collect_count: number }> {
  const userId = memberIdOf(actor);
  const { goods_id: goodsId, collect } = input;
  return withTransaction(deps.db, async (trx) => {
    const g = await q.lockGoodsForUpdate(trx, goodsId);
    if (!g) throw new AppError(ResponseCode.goodsNotFound);
    const changed = collect ? await q.insertGoodsCollect(trx, userId, goodsId) : await q.deleteGoodsCollect(trx, userId, goodsId);
    if (!changed) return { collected: collect, collect_count: g.collect_count };
    const { collect_count } = await q.addToGoodsCollectCount(trx, goodsId, collect ? 1 : -1);
    // The cached detail shows the count: dropped once the new count is committed, not before.
    trx.afterCommit(() => responseCache(deps).invalidate(CacheTag.goodsInfo(goodsId)));
    return { collected: collect, collect_count };
  });
}

// ---------------------------------------------------------------- reviews

/** The share of 4- and 5-star reviews among those shown, floored; none (null) without a review shown: no share to claim. */
function goodRate(s: { total: number; good: number }): number | null {
  return s.total ? Math.floor((s.good * 100) / s.total) : null;
}

type ReviewRow = NonNullable<Awaited<ReturnType<typeof q.findReview>>>;
const toReview = (lang: Language) => (r: ReviewRow): Review => ({
  id: r.id,
  goods_id: r.goods_id,
  user_name: maskName(r.author_name),
  avatar: '',
  rating: r.rating,
  content: r.content,
  images: r.images,
  // The options bought, in the reader's language (the stored text is in the writer's).
  sku_text: (r.line_spec_text && pick(r.line_spec_text, lang)) || r.sku_text,
  reply: r.reply,
  created_at: iso(r.created_at),
});

/** Review counts of one goods. */
export async function reviewTotals(db: Database, _actor: Actor, input: { goods_id: number }) {
  const s = await q.reviewStats(db, input.goods_id);
  return { ...s, good_rate: goodRate(s), average: Math.round(s.average * 10) / 10 };
}

/** Reviews of one goods, newest first. */
export async function reviewPage(db: Database, actor: Actor, input: EndpointQuery<typeof listReviews>): Promise<Page<Review>> {
  const rows = await q.findReviewsPage(db, input.goods_id, input.filter, input.limit, (input.page - 1) * input.limit);
  const total = totalOf(rows);
  return { list: rows.map(toReview(actor.lang)), total, page: input.page, limit: input.limit, has_more: input.page * input.limit < total };
}

/** One review. */
export async function review(db: Database, actor: Actor, input: { id: number }): Promise<Review> {
  const r = await q.findReview(db, input.id);
  if (!r) throw new AppError(ResponseCode.reviewNotFound);
  return toReview(actor.lang)(r);
}

/**
 * Adds the units paid orders sold since the last fold to their goods' sales (a job, every minute:
 * a payment appends them instead of locking the goods' row), and drops the cached answers showing
 * those goods. Answers how many goods moved.
 */
export async function countGoodsSales(deps: AppDeps): Promise<number> {
  const moved = await foldGoodsSold(deps.db);
  if (moved.length) catalogueChanged(deps, moved);
  return moved.length;
}

// ---------------------------------------------------------------- search log

/** The member's recent searches, newest first; visitors have none. */
export async function searchLog(db: Database, actor: Actor) {
  if (actor.memberId === undefined) return { list: [] };
  const rows = await q.findSearchLog(db, actor.memberId);
  return { list: rows.map((r) => ({ keyword: r.keyword, searched_at: iso(r.searched_at) })) };
}

/** Forgets the member's searches. */
export async function clearSearchLog(db: Database, actor: Actor) {
  const r = await q.deleteSearchLog(db, memberIdOf(actor));
  return { cleared: Number(r.numDeletedRows) };
}
