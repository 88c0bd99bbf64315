import { AFTER_SALE_COUNTING_STATUSES, ResponseCode } from '@shop/contract';
import { sql, type Insertable, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import { laterJobInsertOf } from '../../jobs/enqueue.js';
import type { Tx } from '../../lib/transaction.js';
import { nextUpdatedAt } from '../../lib/row-version.queries.js';
import { hasUnitsOutsideCasesSql } from '../after-sales/after-sales.queries.js';
import type { MemberShopsTable, ShopOrderAddress, ShopOrderLinesTable, ShopOrderStatus, ShopOrdersTable, ShopSaleLinesTable, ShopSalesTable, StockCause } from './user-shop.table.js';
import { executePage, executeSqlPage } from '../../lib/paging.js';
import { containing, searchText, searchWords } from '../../lib/like.js';
import { containsEveryWord } from '../../lib/search.queries.js';

// Every statement of member shops. Stock is taken only by conditional updates (`… and stock >= q`),
// shop orders move only by conditional updates from their expected state.

// ── Settings ────────────────────────────────────────────────────────────────────────────────

/** The operators' shop settings (one row). */
export const findShopSettings = (db: Executor) => db.selectFrom('shop_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
/** The shop settings, locked: a part saved never writes back another part read before a change approved meanwhile. */
export const lockShopSettingsForUpdate = (tx: Tx) => tx.selectFrom('shop_settings').selectAll().where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();

/** Saves the operators' shop settings; the version (`updated_at`) moves strictly forward, so a form read before never matches after. */
export const updateShopSettings = (db: Executor, s: { fee_bp: number; audit_hours: number; payment_minutes: number; price_below_bp: number; price_above_bp: number; updated_by: string }) =>
  db.updateTable('shop_settings').set({ ...s, updated_at: nextUpdatedAt }).where('id', '=', 1).returningAll().executeTakeFirstOrThrow();

// ── Prices ──────────────────────────────────────────────────────────────────────────────────

/**
 * The price a shop sells an SKU at: its own price (or the platform's) held inside the operators'
 * band around the platform's price, so a band narrowed later or a platform price changed later
 * never lets an old price out of it. `bandPrice` of user-shop.service.ts is the same rule.
 */
export const shopPriceSql = (own: string, platform: string) =>
  sql<string>`greatest(least(coalesce(${sql.ref(own)}, ${sql.ref(platform)}), floor(${sql.ref(platform)} * (10000 + (select price_above_bp from shop_settings where id = 1)) / 10000.0)), ceil(${sql.ref(platform)} * (10000 - (select price_below_bp from shop_settings where id = 1)) / 10000.0))`;

/** A shop's own prices of the SKUs (those it set). */
export const findShopSkuPrices = async (db: Executor, shopId: number, skuIds: number[]): Promise<Map<number, number>> =>
  new Map((await db.selectFrom('shop_sku_prices').select(['sku_id', 'price_minor']).where('shop_id', '=', shopId).where('sku_id', 'in', skuIds.length ? skuIds : [-1]).execute()).map((r) => [Number(r.sku_id), Number(r.price_minor)]));

/** Sets a shop's own prices of SKUs. */
export const upsertShopSkuPrices = (db: Executor, shopId: number, prices: Array<{ sku_id: number; price: number }>) =>
  db
    .insertInto('shop_sku_prices')
    .values(prices.map((p) => ({ shop_id: shopId, sku_id: p.sku_id, price_minor: p.price })))
    .onConflict((oc) => oc.columns(['shop_id', 'sku_id']).doUpdateSet((eb) => ({ price_minor: eb.ref('excluded.price_minor'), updated_at: sql`now()` })))
    .execute();

/**
 * What a shop's checkout needs of the SKUs, in one statement: each SKU with its goods, the shop's
 * price of it (`shopPriceSql`), the units the shop holds, whether the shop offers its goods now, and
 * the settings' minutes to pay.
 */
export const findShopCheckoutSkus = (db: Executor, shopId: number, skuIds: number[]) =>
  db
    .selectFrom('goods_skus as k')
    .innerJoin('goods as g', 'g.id', 'k.goods_id')
    .leftJoin('shop_sku_prices as p', (j) => j.onRef('p.sku_id', '=', 'k.id').on('p.shop_id', '=', shopId))
    .leftJoin('shop_stock as st', (j) => j.onRef('st.sku_id', '=', 'k.id').on('st.shop_id', '=', shopId))
    .leftJoin('shop_goods as sg', (j) => j.onRef('sg.goods_id', '=', 'k.goods_id').on('sg.shop_id', '=', shopId))
    .select([
      'k.id',
      'k.goods_id',
      'k.pv',
      'k.image',
      'g.status',
      'g.name',
      'g.cover',
      'g.currency',
      shopPriceSql('p.price_minor', 'k.price_minor').as('price_minor'),
      sql<number>`coalesce(st.stock, 0)`.as('held'),
      sql<boolean>`coalesce(sg.on_sale, false) and g.status = 'on_sale'`.as('offered'),
      sql<number>`(select payment_minutes from shop_settings where id = 1)`.as('payment_minutes'),
    ])
    .where('k.id', 'in', skuIds.length ? skuIds : [-1])
    .execute();

// ── Shops ───────────────────────────────────────────────────────────────────────────────────

// With the owner's names, account state and whether they hold the shop-owner role now: one statement.
const shopWithOwner = (db: Executor) =>
  db
    .selectFrom('member_shops as s')
    .innerJoin('users as u', 'u.id', 's.owner_id')
    .selectAll('s')
    .select([
      'u.user_name as owner_user_name',
      'u.nickname as owner_nickname',
      'u.status as owner_status',
      sql<boolean>`exists (select 1 from member_roles r where r.member_id = s.owner_id and r.kind = 'shop_owner' and r.status = 'active')`.as('owner_active'),
    ]);

/**
 * Why the shop `s` takes no orders and no payments now, in SQL: 8102 when buyers may not see it
 * (closed, its owner's account not active, or no longer a shop owner), 8107 when it is paused; null
 * when it takes them. `shopRefusal` of user-shop.service.ts is the same rule.
 */
export const shopRefusalSql = sql<number | null>`case
  when s.status = 'closed'
    or not exists (select 1 from users refusal_u where refusal_u.id = s.owner_id and refusal_u.status = 'active')
    or not exists (select 1 from member_roles refusal_r where refusal_r.member_id = s.owner_id and refusal_r.kind = 'shop_owner' and refusal_r.status = 'active')
    then ${ResponseCode.shopItemNotFound}::int
  when s.status <> 'open' then ${ResponseCode.shopNotTakingOrders}::int
  end`;

/** The shop a member owns, with the owner's names and account state. */
export const findShopOfOwner = (db: Executor, ownerId: number) => shopWithOwner(db).where('s.owner_id', '=', ownerId).executeTakeFirst();
/** Whether the member owns a shop that is not closed, or a shop order that may still earn for its owner (neither refused nor settled yet). */
export const ownsShopThatMayEarn = async (db: Executor, ownerId: number) =>
  !!(await db
    .selectFrom('member_shops')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('status', '<>', 'closed')
    .unionAll(db.selectFrom('shop_orders').select('id').where('owner_id', '=', ownerId).where('status', 'not in', ['rejected', 'closed']).where('settled_at', 'is', null))
    .limit(1)
    .executeTakeFirst());
/** A shop by id, with the owner's names and account state. */
export const findShop = (db: Executor, id: number) => shopWithOwner(db).where('s.id', '=', id).executeTakeFirst();
export type ShopRow = NonNullable<Awaited<ReturnType<typeof findShop>>>;

/** Locks a shop's row (its state decides whether it takes orders). */
export const lockShopForUpdate = (tx: Tx, id: number) => tx.selectFrom('member_shops').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/** Creates the owner's shop; nothing when they already have one. */
export const insertShop = (db: Executor, shop: Insertable<MemberShopsTable>) => db.insertInto('member_shops').values(shop).onConflict((oc) => oc.column('owner_id').doNothing()).returning('id').executeTakeFirst();

/** Changes the owner's profile of a shop. */
export const updateShopProfile = (db: Executor, id: number, p: { name: string; logo: string; intro: string; contact_mobile: string; address: string; region: string }) =>
  db.updateTable('member_shops').set({ ...p, updated_at: sql`now()` }).where('id', '=', id).executeTakeFirst();

/** Moves a shop's state from one of `from`; answers whether it moved. */
export const setShopStatus = async (db: Executor, id: number, from: Array<'open' | 'paused' | 'closed'>, to: 'open' | 'paused' | 'closed', reason: string) =>
  Number((await db.updateTable('member_shops').set({ status: to, status_reason: reason, status_changed_at: sql`now()`, updated_at: sql`now()` }).where('id', '=', id).where('status', 'in', from).executeTakeFirst()).numUpdatedRows) > 0;

/** Shops for operators, newest first, by state or name. */
export function findShopsPage(db: Executor, f: { status?: string; q?: string }, limit: number, offset: number) {
  let q = shopWithOwner(db).select(sql<string>`count(*) over ()`.as('total'));
  if (f.status) q = q.where('s.status', '=', f.status as 'open');
  if (f.q) q = q.where((eb) => eb.or([eb('s.name', 'ilike', `%${f.q}%`), eb('u.user_name', 'ilike', `%${f.q}%`)]));
  return q.orderBy('s.id', 'desc').limit(limit).offset(offset).$call(executePage);
}

// ── Stock ───────────────────────────────────────────────────────────────────────────────────

/** What the shop holds of the SKUs. */
export const findShopStock = async (db: Executor, shopId: number, skuIds: number[]): Promise<Map<number, number>> =>
  new Map((await db.selectFrom('shop_stock').select(['sku_id', 'stock']).where('shop_id', '=', shopId).where('sku_id', 'in', skuIds.length ? skuIds : [-1]).execute()).map((r) => [Number(r.sku_id), r.stock]));

/** Adds units to what the shop holds of an SKU (a first row for it when needed); the stock after. */
export const addShopStock = async (tx: Tx, shopId: number, skuId: number, goodsId: number, units: number) =>
  (
    await sql<{ stock: number }>`insert into shop_stock (shop_id, sku_id, goods_id, stock) values (${shopId}, ${skuId}, ${goodsId}, ${units})
      on conflict (shop_id, sku_id) do update set stock = shop_stock.stock + excluded.stock, updated_at = now() returning stock`.execute(tx)
  ).rows[0]!.stock;

/**
 * Takes units of an SKU from the shop in one statement, only when that many are there: concurrent
 * takers wait on the row and PostgreSQL re-checks the condition for each, so the stock never goes
 * below zero. The stock after, or undefined when refused.
 */
export const takeShopStock = async (tx: Tx, shopId: number, skuId: number, units: number) =>
  (
    await tx
      .updateTable('shop_stock')
      .set((eb) => ({ stock: eb('stock', '-', units), updated_at: sql`now()` }))
      .where('shop_id', '=', shopId)
      .where('sku_id', '=', skuId)
      .where('stock', '>=', units)
      .returning('stock')
      .executeTakeFirst()
  )?.stock;

/** Records one change of a shop's stock. */
export const insertStockAdjustment = (db: Executor, a: { shop_id: number; sku_id: number; delta: number; stock_after: number; cause: StockCause; reference: string; reason: string; actor: string }) =>
  db.insertInto('shop_stock_adjustments').values(a).execute();

/** The units a shop holds in all. */
export const sumShopStock = async (db: Executor, shopId: number) => Number((await db.selectFrom('shop_stock').select(sql<string>`coalesce(sum(stock), 0)`.as('n')).where('shop_id', '=', shopId).executeTakeFirstOrThrow()).n);

/** Every SKU row the shop holds, with its goods (the console's detail). */
export const findShopStockRows = (db: Executor, shopId: number) =>
  db.selectFrom('shop_stock as st').innerJoin('goods as g', 'g.id', 'st.goods_id').select(['st.sku_id', 'st.goods_id', 'st.stock', 'g.name']).where('st.shop_id', '=', shopId).orderBy('st.goods_id').orderBy('st.sku_id').execute();

const RESTOCK_REFERENCE_PREFIX = 'order:';
/** The reference a restock's stock changes carry: the regular order's number. */
export const restockReference = (orderNo: string) => `${RESTOCK_REFERENCE_PREFIX}${orderNo}`;

/**
 * The units of a regular order booked into its buyer's shop, per SKU (the restock's stock changes),
 * unexecuted: after-sales reads it inside its own statements (JSON `[{sku_id, units}]`). The order is
 * given as values, or as references to a row of `orders` of the statement (a list of orders at once).
 */
export const restockedUnitsQuery = (order: { id: number; order_no: string } | { id: RawBuilder<unknown>; order_no: RawBuilder<unknown> }) =>
  sql<Array<{ sku_id: number | string; units: number | string }>>`(select coalesce(json_agg(json_build_object('sku_id', x.sku_id, 'units', x.units)), '[]'::json) from (
    select a.sku_id, sum(a.delta) as units from shop_restocks r
    join shop_stock_adjustments a on a.shop_id = r.shop_id and a.cause = 'restock'
      and a.reference = ${typeof order.order_no === 'string' ? restockReference(order.order_no) : sql`${RESTOCK_REFERENCE_PREFIX}::text || ${order.order_no}`}
    where r.order_id = ${order.id} group by a.sku_id) x)`;

/** `restockedUnitsQuery` read alone: units per SKU. */
export const findRestockedUnits = async (db: Executor, order: { id: number; order_no: string }): Promise<Map<number, number>> => {
  const { rows } = await sql<{ units: Array<{ sku_id: number | string; units: number | string }> }>`select ${restockedUnitsQuery(order)} as units`.execute(db);
  return new Map((rows[0]?.units ?? []).map((r) => [Number(r.sku_id), Number(r.units)]));
};

/**
 * A page of the member's received (completed) regular orders a restock would still take, newest
 * first, with their lines and the count of all: not booked before, and with a unit no after-sales case
 * holds (the after-sales area's rule, read inside this statement).
 */
export function findRestockableOrders(db: Executor, userId: number, limit: number, offset: number) {
  return executeSqlPage(async (take, skip) => (await sql<{ id: number | string; order_no: string; completed_at: Date | string | null; lines: Array<{ sku_id: number | string; name: Record<string, string>; spec_text: Record<string, string>; quantity: number }>; total: string }>`
    select o.id, o.order_no, o.completed_at,
      (select coalesce(json_agg(json_build_object('sku_id', l.sku_id, 'name', l.name, 'spec_text', l.spec_text, 'quantity', l.quantity) order by l.id), '[]') from order_lines l where l.order_id = o.id) as lines,
      count(*) over () as total
    from orders o
    where o.user_id = ${userId} and o.status = 'completed'
      and not exists (select 1 from shop_restocks r where r.order_id = o.id)
      and ${hasUnitsOutsideCasesSql(sql.ref('o.id'), AFTER_SALE_COUNTING_STATUSES)}
    order by o.id desc limit ${take} offset ${skip}`.execute(db)).rows, limit, offset);
}

/** Claims a received regular order for the shop's stock, once; false when it was already booked. */
export const insertRestock = async (tx: Tx, r: { order_id: number; shop_id: number; units: number }) =>
  !!(await tx.insertInto('shop_restocks').values(r).onConflict((oc) => oc.column('order_id').doNothing()).returning('order_id').executeTakeFirst());

// ── Goods ───────────────────────────────────────────────────────────────────────────────────

const stockOfGoods = sql<string>`coalesce((select sum(st.stock) from shop_stock st where st.shop_id = sg.shop_id and st.goods_id = sg.goods_id), 0)`;
const lowestPrice = sql<string>`(select min(k.price_minor) from goods_skus k where k.goods_id = g.id)`;
const shopPricesOfSkus = sql`select min(${shopPriceSql('p.price_minor', 'k.price_minor')}) from goods_skus k left join shop_sku_prices p on p.shop_id = sg.shop_id and p.sku_id = k.id where k.goods_id = g.id`;
/**
 * The price a buyer can pay at the shop: the lowest of the shop's prices of the SKUs it holds in
 * stock (an option out of stock cannot be bought); of all the SKUs when it holds none.
 */
const lowestShopPrice = sql<string>`coalesce((${shopPricesOfSkus} and exists (select 1 from shop_stock st where st.shop_id = sg.shop_id and st.sku_id = k.id and st.stock > 0)), (${shopPricesOfSkus}))`;
const highestPv = sql<string>`coalesce((select max(k.pv) from goods_skus k where k.goods_id = g.id), 0)`;

const shopGoodsRows = (db: Executor) =>
  db
    .selectFrom('shop_goods as sg')
    .innerJoin('goods as g', 'g.id', 'sg.goods_id')
    .select(['sg.id', 'sg.shop_id', 'sg.goods_id', 'sg.on_sale', 'g.name', 'g.cover', 'g.images', 'g.currency', 'g.status as goods_status', stockOfGoods.as('stock'), lowestShopPrice.as('price'), highestPv.as('pv')]);

/** A shop's goods, newest first: all (owner) or those on sale and on the platform's sale (buyers). */
export function findShopGoodsPage(db: Executor, shopId: number, f: { onSaleOnly: boolean; q?: string }, limit: number, offset: number) {
  let q = shopGoodsRows(db).select(sql<string>`count(*) over ()`.as('total')).where('sg.shop_id', '=', shopId);
  if (f.onSaleOnly) q = q.where('sg.on_sale', '=', true).where('g.status', '=', 'on_sale');
  // As the catalogue's search: every word in the name in some language.
  if (f.q) q = q.where(containsEveryWord(sql.ref('g.name_search'), searchWords(f.q)));
  return q.orderBy('sg.id', 'desc').limit(limit).offset(offset).$call(executePage);
}
export type ShopGoodsRow = Omit<Awaited<ReturnType<typeof findShopGoodsPage>>[number], 'total'>;

/** One shop goods by its id. */
export const findShopGoods = (db: Executor, id: number) => shopGoodsRows(db).where('sg.id', '=', id).executeTakeFirst();
/** A shop's entry for some goods. */
export const findShopGoodsOf = (db: Executor, shopId: number, goodsId: number) => shopGoodsRows(db).where('sg.shop_id', '=', shopId).where('sg.goods_id', '=', goodsId).executeTakeFirst();

/** Puts goods on the shop's shelves or takes them off (the row stays, with its history of stock). */
export const upsertShopGoods = (db: Executor, shopId: number, goodsId: number, onSale: boolean) =>
  db
    .insertInto('shop_goods')
    .values({ shop_id: shopId, goods_id: goodsId, on_sale: onSale })
    .onConflict((oc) => oc.columns(['shop_id', 'goods_id']).doUpdateSet({ on_sale: onSale, updated_at: sql`now()` }))
    .returning('id')
    .executeTakeFirstOrThrow();

/** Goods on the platform's sale an owner may offer, newest first, with whether the shop offers them and its stock of them. */
export function findGoodsChoicesPage(db: Executor, shopId: number, q: string | undefined, limit: number, offset: number) {
  let query = db
    .selectFrom('goods as g')
    .leftJoin('shop_goods as sg', (j) => j.onRef('sg.goods_id', '=', 'g.id').on('sg.shop_id', '=', shopId))
    .select([
      'g.id as goods_id',
      'g.name',
      'g.cover',
      'g.currency',
      'sg.on_sale',
      lowestPrice.as('price'),
      highestPv.as('pv'),
      sql<string>`coalesce((select sum(st.stock) from shop_stock st where st.shop_id = ${shopId} and st.goods_id = g.id), 0)`.as('stock'),
      sql<string>`count(*) over ()`.as('total'),
    ])
    .where('g.status', '=', 'on_sale');
  if (q) query = query.where(containsEveryWord(sql.ref('g.name_search'), searchWords(q)));
  return query.orderBy('g.id', 'desc').limit(limit).offset(offset).$call(executePage);
}

/**
 * The currencies the shop's money is in: those of its goods; a shop without goods yet, that of the first goods it may
 * add (the newest on the platform's sale, as its choices list them). Empty when there is nothing either way.
 */
export const findShopCurrencies = async (db: Executor, shopId: number): Promise<string[]> =>
  (
    await sql<{ currencies: string[] }>`select coalesce(
      (select array_agg(distinct g.currency order by g.currency) from shop_goods sg join goods g on g.id = sg.goods_id where sg.shop_id = ${shopId}),
      (select array[g.currency] from goods g where g.status = 'on_sale' order by g.id desc limit 1),
      '{}') as currencies`.execute(db)
  ).rows[0]!.currencies;

/** Goods the shop offers now (on its shelves and on the platform's sale). */
export const countGoodsOnSale = async (db: Executor, shopId: number) =>
  Number((await db.selectFrom('shop_goods as sg').innerJoin('goods as g', 'g.id', 'sg.goods_id').select(sql<string>`count(*)`.as('n')).where('sg.shop_id', '=', shopId).where('sg.on_sale', '=', true).where('g.status', '=', 'on_sale').executeTakeFirstOrThrow()).n);

/** Whether the shop offers the goods now. */
export const shopOffers = async (db: Executor, shopId: number, goodsId: number) => (await goodsOffered(db, shopId, [goodsId])).has(goodsId);

/** Which of the goods the shop offers now, in one statement. */
export const goodsOffered = async (db: Executor, shopId: number, goodsIds: number[]): Promise<Set<number>> =>
  new Set(
    (await db.selectFrom('shop_goods as sg').innerJoin('goods as g', 'g.id', 'sg.goods_id').select('sg.goods_id').where('sg.shop_id', '=', shopId).where('sg.goods_id', 'in', goodsIds.length ? goodsIds : [-1]).where('sg.on_sale', '=', true).where('g.status', '=', 'on_sale').execute()).map((r) => Number(r.goods_id)),
  );

// ── The shop cart ───────────────────────────────────────────────────────────────────────────

/** The member's shop cart lines (of one shop, or all), with the SKU, its goods, the shop and what it holds. */
export function findCartLines(db: Executor, userId: number, f: { shopId?: number; ids?: number[] } = {}) {
  let q = db
    .selectFrom('shop_cart_lines as c')
    .innerJoin('goods_skus as k', 'k.id', 'c.sku_id')
    .innerJoin('goods as g', 'g.id', 'c.goods_id')
    .innerJoin('member_shops as s', 's.id', 'c.shop_id')
    .leftJoin('shop_stock as st', (j) => j.onRef('st.shop_id', '=', 'c.shop_id').onRef('st.sku_id', '=', 'c.sku_id'))
    .leftJoin('shop_goods as sg', (j) => j.onRef('sg.shop_id', '=', 'c.shop_id').onRef('sg.goods_id', '=', 'c.goods_id'))
    .leftJoin('shop_sku_prices as p', (j) => j.onRef('p.shop_id', '=', 'c.shop_id').onRef('p.sku_id', '=', 'c.sku_id'))
    .select([
      'c.id',
      'c.shop_id',
      'c.goods_id',
      'c.sku_id',
      'c.quantity',
      'c.selected',
      shopPriceSql('p.price_minor', 'k.price_minor').as('price_minor'),
      'k.spec_value_ids',
      'k.image',
      'k.pv',
      'g.name',
      'g.cover',
      'g.specs',
      'g.currency',
      'g.status as goods_status',
      's.name as shop_name',
      's.logo as shop_logo',
      's.status as shop_status',
      shopRefusalSql.as('shop_refusal'),
      sql<number>`coalesce(st.stock, 0)`.as('stock'),
      sql<boolean>`coalesce(sg.on_sale, false)`.as('offered'),
    ])
    .where('c.user_id', '=', userId);
  if (f.shopId) q = q.where('c.shop_id', '=', f.shopId);
  if (f.ids) q = q.where('c.id', 'in', f.ids.length ? f.ids : [-1]);
  return q.orderBy('c.id', 'desc').execute();
}
export type CartLineRow = Awaited<ReturnType<typeof findCartLines>>[number];

/**
 * Adds units of an SKU to the member's cart of a shop (at most 99 on the line); the line, or undefined
 * when the units already on it and these would pass `stock` (what the shop holds as read): nothing changes then.
 */
export const addCartLine = async (db: Executor, l: { userId: number; shopId: number; goodsId: number; skuId: number; quantity: number; stock: number }) =>
  (
    await sql<{ id: number; quantity: number }>`insert into shop_cart_lines (user_id, shop_id, goods_id, sku_id, quantity) values (${l.userId}, ${l.shopId}, ${l.goodsId}, ${l.skuId}, ${l.quantity})
      on conflict (user_id, shop_id, sku_id) do update set quantity = least(shop_cart_lines.quantity + excluded.quantity, 99), selected = true
      where shop_cart_lines.quantity + excluded.quantity <= ${l.stock} returning id, quantity`.execute(db)
  ).rows[0];

/** Changes a line of the member's shop cart; the line, or undefined when it is not theirs. */
export const updateCartLine = (db: Executor, userId: number, id: number, change: { quantity?: number; selected?: boolean }) =>
  db.updateTable('shop_cart_lines').set(change).where('id', '=', id).where('user_id', '=', userId).returning(['id', 'quantity']).executeTakeFirst();

/** Removes lines of the member's shop carts; how many. */
export const deleteCartLines = async (db: Executor, userId: number, ids: number[]) => Number((await db.deleteFrom('shop_cart_lines').where('user_id', '=', userId).where('id', 'in', ids).executeTakeFirst()).numDeletedRows);

/** Units in the member's shop carts. */
export const countCartUnits = async (db: Executor, userId: number) => Number((await db.selectFrom('shop_cart_lines').select(sql<string>`coalesce(sum(quantity), 0)`.as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);

// ── Shop orders ─────────────────────────────────────────────────────────────────────────────

/** The key of a shop order's expiry job (one per order). */
export const shopOrderExpiryKey = (orderId: number) => `shop-order-expire:${orderId}`;

/**
 * Places a shop order with its lines, its first event and its expiry job (`expire_shop_order`) in
 * one statement. `expiry_job` is false when the job could not be added this way (its task was never
 * enqueued before): the caller enqueues it.
 */
export async function insertShopOrderWithLines(db: Executor, order: Insertable<ShopOrdersTable>, lines: Array<Omit<Insertable<ShopOrderLinesTable>, 'order_id'>>, event: { actor: string }, expiry: { runAt: Date; maxAttempts: number }) {
  const row = order as Record<string, unknown>;
  const columns = Object.keys(row).filter((k) => row[k] !== undefined);
  const { rows } = await sql<{ id: number; order_no: string; currency: string; expiry_job: boolean }>`
    with o as (
      insert into shop_orders (${sql.join(columns.map((c) => sql.ref(c)))}) values (${sql.join(columns.map((c) => row[c]))})
      returning id, order_no, currency),
    l as (
      insert into shop_order_lines (order_id, goods_id, sku_id, name, image, price_minor, quantity, pv)
      select o.id, x.goods_id, x.sku_id, x.name, x.image, x.price_minor, x.quantity, x.pv
      from o, jsonb_to_recordset(${JSON.stringify(lines.map((l) => ({ ...l, name: JSON.parse(String(l.name)) })))}::jsonb)
        as x(goods_id bigint, sku_id bigint, name jsonb, image text, price_minor bigint, quantity int, pv int)),
    e as (
      insert into shop_order_events (order_id, kind, from_status, to_status, reason, actor)
      select o.id, 'transition', null, ${order.status}, '', ${event.actor} from o),
    j as (${laterJobInsertOf('expire_shop_order', { payload: sql`json_build_object('orderId', o.id)`, key: sql`'shop-order-expire:' || o.id`, runAt: expiry.runAt, maxAttempts: expiry.maxAttempts, from: 'o' })})
    select o.*, exists (select 1 from j) as expiry_job from o`.execute(db);
  const placed = rows[0]!;
  return { ...placed, id: Number(placed.id) };
}

/** A shop order by id. */
export const findShopOrder = (db: Executor, id: number) => db.selectFrom('shop_orders').selectAll().where('id', '=', id).executeTakeFirst();

/** What the payments area reads of a shop order (its payable), unexecuted. */
export const shopOrderPayableQuery = (db: Executor, id: number) =>
  db
    .selectFrom('shop_orders as o')
    .innerJoin('member_shops as s', 's.id', 'o.shop_id')
    .select(['o.id', 'o.buyer_id', 'o.order_no', 'o.total_minor', 'o.currency', 'o.status', 'o.expires_at', sql<string | null>`o.address->>'country_code'`.as('country_code'), shopRefusalSql.as('shop_refusal')])
    .where('o.id', '=', id);
export type ShopOrderPayableRow = { id: number; buyer_id: number; order_no: string; total_minor: number | string; currency: string; status: ShopOrderStatus; expires_at: Date | string; country_code: string | null; shop_refusal: number | null };
/** Locks a shop order's row. */
export const lockShopOrderForUpdate = (tx: Tx, id: number) => tx.selectFrom('shop_orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
/** Locks a shop order's row, read with why its shop takes no payment now (`shopRefusalSql`). */
export const lockShopOrderForPayment = (tx: Tx, id: number) =>
  tx.selectFrom('shop_orders as o').innerJoin('member_shops as s', 's.id', 'o.shop_id').selectAll('o').select(shopRefusalSql.as('shop_refusal')).where('o.id', '=', id).forUpdate('o').executeTakeFirst();

/**
 * Moves a shop order from one of `from` to `to` in one conditional update, with what the move sets;
 * the row when this call moved it, undefined when another got there first.
 */
export const transitionShopOrder = (tx: Tx, id: number, from: ShopOrderStatus[], to: ShopOrderStatus, set: Partial<Record<'paid_at' | 'audit_due_at' | 'fee_bp' | 'decided_at' | 'shipped_at' | 'completed_at' | 'settles_at' | 'reject_reason' | 'carrier' | 'tracking_number', unknown>> = {}) =>
  tx
    .updateTable('shop_orders')
    .set({ ...(set as object), status: to, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', 'in', from)
    .returningAll()
    .executeTakeFirst();

/** Writes one event of a shop order's history. */
export const insertShopOrderEvent = (tx: Tx, e: { order_id: number; kind: string; from_status: string | null; to_status: string | null; reason: string; actor: string }) =>
  tx.insertInto('shop_order_events').values(e).execute();

/** A shop order's history, oldest first. */
export const findShopOrderEvents = (db: Executor, orderId: number) => db.selectFrom('shop_order_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

/** The lines of the orders, with their SKU's spec choices (for the spec text). */
export const findShopOrderLines = (db: Executor, orderIds: number[]) =>
  db
    .selectFrom('shop_order_lines as l')
    .innerJoin('goods_skus as k', 'k.id', 'l.sku_id')
    .innerJoin('goods as g', 'g.id', 'l.goods_id')
    .select(['l.id', 'l.order_id', 'l.goods_id', 'l.sku_id', 'l.name', 'l.image', 'l.price_minor', 'l.quantity', 'l.pv', 'k.spec_value_ids', 'g.specs'])
    .where('l.order_id', 'in', orderIds.length ? orderIds : [-1])
    .orderBy('l.id')
    .execute();

/** A page of shop orders of a shop (owner) or of a buyer, newest first, in some states (the total is `countShopOrdersOf`). */
export function findShopOrdersPage(db: Executor, f: { shopId?: number; buyerId?: number; statuses?: ShopOrderStatus[]; q?: string }, limit: number, offset: number) {
  let q = db
    .selectFrom('shop_orders as o')
    .innerJoin('member_shops as s', 's.id', 'o.shop_id')
    .innerJoin('users as b', 'b.id', 'o.buyer_id')
    .selectAll('o')
    .select(['s.name as shop_name', 's.logo as shop_logo', 'b.user_name as buyer_user_name', 'b.nickname as buyer_nickname', shopRefusalSql.as('shop_refusal')]);
  if (f.shopId !== undefined) q = q.where('o.shop_id', '=', f.shopId);
  if (f.buyerId !== undefined) q = q.where('o.buyer_id', '=', f.buyerId);
  if (f.statuses) q = q.where('o.status', 'in', f.statuses);
  if (f.q) q = q.where('o.order_no', 'like', containing(searchText(f.q)));
  return q.orderBy('o.id', 'desc').limit(limit).offset(offset).execute();
}

/** How many orders the same filter finds (on the orders' own indexes, without the joins of a page). */
export async function countShopOrdersOf(db: Executor, f: { shopId?: number; buyerId?: number; statuses?: ShopOrderStatus[]; q?: string }): Promise<number> {
  let q = db.selectFrom('shop_orders as o').select(sql<string>`count(*)`.as('n'));
  if (f.shopId !== undefined) q = q.where('o.shop_id', '=', f.shopId);
  if (f.buyerId !== undefined) q = q.where('o.buyer_id', '=', f.buyerId);
  if (f.statuses) q = q.where('o.status', 'in', f.statuses);
  if (f.q) q = q.where('o.order_no', 'like', containing(searchText(f.q)));
  return Number((await q.executeTakeFirstOrThrow()).n);
}
export type ShopOrderListRow = Awaited<ReturnType<typeof findShopOrdersPage>>[number];

/** The owner cannot act on the shop's orders: banned, no longer a shop owner, or the shop closed by an operator. */
const ownerAwaySql = sql<boolean>`(ow.status <> 'active' or s.status = 'closed' or not exists (select 1 from member_roles r where r.member_id = o.owner_id and r.kind = 'shop_owner' and r.status = 'active'))`;

/**
 * Shop orders across shops for operators, newest first: in some states, or awaiting an audit, a
 * shipment or a hand-over their owner cannot give (`ownerAway`: banned, no longer a shop owner, or the
 * shop closed); by number, shop name or buyer; of one shop or one buyer.
 */
export function findConsoleShopOrdersPage(db: Executor, f: { statuses?: ShopOrderStatus[]; ownerAway?: boolean; q?: string; shopId?: number; buyerId?: number }, limit: number, offset: number) {
  let q = db
    .selectFrom('shop_orders as o')
    .innerJoin('member_shops as s', 's.id', 'o.shop_id')
    .innerJoin('users as b', 'b.id', 'o.buyer_id')
    .innerJoin('users as ow', 'ow.id', 'o.owner_id')
    .selectAll('o')
    .select(['s.name as shop_name', 's.logo as shop_logo', 'b.user_name as buyer_user_name', 'b.nickname as buyer_nickname', shopRefusalSql.as('shop_refusal'), 'ow.user_name as owner_user_name', 'ow.status as owner_status', ownerAwaySql.as('owner_away'), sql<string>`count(*) over ()`.as('total')]);
  if (f.statuses) q = q.where('o.status', 'in', f.statuses);
  // What waits on an owner who cannot act: an audit, or an approved order to ship or hand over.
  if (f.ownerAway) q = q.where('o.status', 'in', ['awaiting_audit', 'approved', 'ready_for_pickup']).where(ownerAwaySql);
  if (f.shopId !== undefined) q = q.where('o.shop_id', '=', f.shopId);
  if (f.buyerId !== undefined) q = q.where('o.buyer_id', '=', f.buyerId);
  if (f.q) q = q.where((eb) => eb.or([eb('o.order_no', 'like', `%${f.q}%`), eb('s.name', 'ilike', `%${f.q}%`), eb('b.user_name', 'ilike', `%${f.q}%`)]));
  return q.orderBy('o.id', 'desc').limit(limit).offset(offset).$call(executePage);
}

/** One shop order with its shop's and buyer's names. */
export const findShopOrderWithNames = (db: Executor, id: number) =>
  db
    .selectFrom('shop_orders as o')
    .innerJoin('member_shops as s', 's.id', 'o.shop_id')
    .innerJoin('users as b', 'b.id', 'o.buyer_id')
    .selectAll('o')
    .select(['s.name as shop_name', 's.logo as shop_logo', 'b.user_name as buyer_user_name', 'b.nickname as buyer_nickname', shopRefusalSql.as('shop_refusal')])
    .where('o.id', '=', id)
    .executeTakeFirst();

/** Orders of the shop in a state. */
export const countShopOrders = async (db: Executor, shopId: number, statuses: ShopOrderStatus[]) =>
  Number((await db.selectFrom('shop_orders').select(sql<string>`count(*)`.as('n')).where('shop_id', '=', shopId).where('status', 'in', statuses).executeTakeFirstOrThrow()).n);

/**
 * Paid orders of the shop since a moment: how many, and their goods value per currency less what
 * after-sales refunded of it (a shop order has no freight; the rule its owner's earnings settle on).
 */
export const findPaidSince = (db: Executor, shopId: number, since: Date) =>
  db
    .selectFrom('shop_orders as o')
    .select([
      'currency',
      sql<string>`count(*)`.as('n'),
      sql<string>`sum(greatest(o.goods_minor - (select coalesce(sum(c.refunded_minor), 0) from after_sales c where c.shop_order_id = o.id and c.status = 'refunded'), 0))`.as('amount'),
    ])
    .where('shop_id', '=', shopId)
    .where('paid_at', '>=', since)
    .where('status', 'not in', ['rejected', 'closed'])
    .groupBy('currency')
    .execute();

/** The owner's earnings credited, per currency. */
export const findEarnings = (db: Executor, shopId: number) =>
  db.selectFrom('shop_orders').select(['currency', sql<string>`sum(earnings_minor)`.as('amount')]).where('shop_id', '=', shopId).where('settled_at', 'is not', null).groupBy('currency').execute();

/** Orders still awaiting the audit past their due time (the auto-reject sweep). */
export const findOverdueAuditIds = async (db: Executor, limit: number) =>
  (await db.selectFrom('shop_orders').select('id').where('status', '=', 'awaiting_audit').where('audit_due_at', '<=', new Date()).orderBy('audit_due_at').limit(limit).execute()).map((r) => Number(r.id));

/** Orders approved before `before` and not shipped, or made ready for pickup before it and not picked up (the sweep behind each order's fulfilment job). */
export const findUnfulfilledIds = async (db: Executor, before: Date, limit: number) =>
  (
    await db
      .selectFrom('shop_orders')
      .select('id')
      .where((eb) => eb.or([eb.and([eb('status', '=', 'approved'), eb('decided_at', '<=', before)]), eb.and([eb('status', '=', 'ready_for_pickup'), eb('shipped_at', '<=', before)])]))
      .orderBy('id')
      .limit(limit)
      .execute()
  ).map((r) => Number(r.id));

/** Orders of a shop not yet handed over (closing it refunds the paid ones and closes the unpaid ones). */
export const findOpenOrderIdsOfShop = async (db: Executor, shopId: number) =>
  (await db.selectFrom('shop_orders').select(['id', 'status']).where('shop_id', '=', shopId).where('status', 'in', ['awaiting_payment', 'awaiting_audit', 'approved', 'ready_for_pickup']).orderBy('id').execute()).map((r) => ({ id: Number(r.id), status: r.status }));

/** Marks a rejected or closed order refunded once its payment came back whole; its shop, or undefined when it was not this call. */
export const markShopOrderRefunded = async (tx: Tx, id: number) =>
  (await tx.updateTable('shop_orders').set({ refunded_at: sql`now()`, updated_at: sql`now()` }).where('id', '=', id).where('status', 'in', ['rejected', 'closed']).where('refunded_at', 'is', null).returning('shop_id').executeTakeFirst())?.shop_id;

/** Sets when a completed order settles. */
export const setShopOrderSettlesAt = (tx: Tx, id: number, at: Date) => tx.updateTable('shop_orders').set({ settles_at: at }).where('id', '=', id).execute();

/** Marks a completed order settled with the owner's earnings, once; the row when this call did. */
export const markShopOrderSettled = (tx: Tx, id: number, earnings: { fee_bp: number; earnings_minor: number }) =>
  tx
    .updateTable('shop_orders')
    .set({ settled_at: sql`now()`, ...earnings, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'completed')
    .where('settled_at', 'is', null)
    .returningAll()
    .executeTakeFirst();

/** Completed orders past their settling time not yet settled (the sweep behind each order's job). */
export const findDueUnsettledIds = async (db: Executor, limit: number) =>
  (await db.selectFrom('shop_orders').select('id').where('status', '=', 'completed').where('settled_at', 'is', null).where('settles_at', '<=', new Date()).limit(limit).execute()).map((r) => Number(r.id));

/** Shipped (delivery) orders shipped before `shippedBefore` that their buyers never confirmed (the sweep behind each order's auto-complete job). */
export const findUnconfirmedShippedIds = async (db: Executor, shippedBefore: Date, limit: number) =>
  (await db.selectFrom('shop_orders').select('id').where('status', '=', 'shipped').where('delivery', '=', 'ship').where('shipped_at', '<=', shippedBefore).orderBy('shipped_at').limit(limit).execute()).map((r) => Number(r.id));

/** Unpaid orders past their deadline (the sweep behind each order's expiry job). */
export const findOverdueUnpaidIds = async (db: Executor, limit: number) =>
  (await db.selectFrom('shop_orders').select('id').where('status', '=', 'awaiting_payment').where('expires_at', '<=', new Date()).limit(limit).execute()).map((r) => Number(r.id));

// ── Sales slips ─────────────────────────────────────────────────────────────────────────────

/**
 * A member attached to the shop, active: one its owner invited (`users.referrer_id`) or one who
 * bought from it (a paid shop order the shop did not reject). Anyone else, the owner included, is
 * not found, whether the id exists or not.
 */
export const findShopMember = (db: Executor, shop: { id: number; owner_id: number }, memberId: number) =>
  db
    .selectFrom('users as u')
    .select(['u.id', 'u.user_name', 'u.nickname'])
    .where('u.id', '=', memberId)
    .where('u.id', '<>', shop.owner_id)
    .where('u.status', '=', 'active')
    .where((eb) =>
      eb.or([
        eb('u.referrer_id', '=', shop.owner_id),
        eb.exists(eb.selectFrom('shop_orders as o').select('o.id').where('o.shop_id', '=', shop.id).where('o.buyer_id', '=', eb.ref('u.id')).where('o.paid_at', 'is not', null).where('o.status', '<>', 'rejected')),
      ]),
    )
    .executeTakeFirst();

/** Records a sales slip with its lines. */
export async function insertSale(tx: Tx, sale: Insertable<ShopSalesTable>, lines: Array<Omit<Insertable<ShopSaleLinesTable>, 'sale_id'>>) {
  const row = await tx.insertInto('shop_sales').values(sale).returningAll().executeTakeFirstOrThrow();
  await tx.insertInto('shop_sale_lines').values(lines.map((l) => ({ ...l, sale_id: row.id }))).execute();
  return row;
}

/** A shop's slips, newest first, of a month or all, with the buyer member's names. */
export function findSalesPage(db: Executor, shopId: number, range: { from: Date; to: Date } | undefined, limit: number, offset: number) {
  let q = db
    .selectFrom('shop_sales as s')
    .leftJoin('users as u', 'u.id', 's.buyer_id')
    .selectAll('s')
    .select(['u.user_name as buyer_user_name', 'u.nickname as buyer_nickname', sql<string>`count(*) over ()`.as('total')])
    .where('s.shop_id', '=', shopId);
  if (range) q = q.where('s.created_at', '>=', range.from).where('s.created_at', '<', range.to);
  return q.orderBy('s.id', 'desc').limit(limit).offset(offset).$call(executePage);
}

/** What a shop's slips collected, per currency, of a month or all. */
export function sumSales(db: Executor, shopId: number, range: { from: Date; to: Date } | undefined) {
  let q = db.selectFrom('shop_sales').select(['currency', sql<string>`sum(paid_minor)`.as('amount'), sql<string>`count(*)`.as('n')]).where('shop_id', '=', shopId);
  if (range) q = q.where('created_at', '>=', range.from).where('created_at', '<', range.to);
  return q.groupBy('currency').execute();
}

/** The lines of the slips, with their SKU's spec choices. */
export const findSaleLines = (db: Executor, saleIds: number[]) =>
  db
    .selectFrom('shop_sale_lines as l')
    .innerJoin('goods_skus as k', 'k.id', 'l.sku_id')
    .innerJoin('goods as g', 'g.id', 'l.goods_id')
    .select(['l.id', 'l.sale_id', 'l.goods_id', 'l.sku_id', 'l.name', 'l.image', 'l.price_minor', 'l.quantity', 'l.pv', 'k.spec_value_ids', 'g.specs'])
    .where('l.sale_id', 'in', saleIds.length ? saleIds : [-1])
    .orderBy('l.id')
    .execute();

export type { ShopOrderAddress };

// ── After-sales of shop orders ──────────────────────────────────────────────────────────────

/** A shop's name. */
export const findShopName = async (db: Executor, shopId: number) => (await db.selectFrom('member_shops').select('name').where('id', '=', shopId).executeTakeFirst())?.name ?? '';

/** The shop order a line belongs to. */
export const findOrderIdOfShopLine = async (db: Executor, lineId: number) => {
  const row = await db.selectFrom('shop_order_lines').select('order_id').where('id', '=', lineId).executeTakeFirst();
  return row ? Number(row.order_id) : undefined;
};

/** A member's country (registration), or an empty string. */
export const findMemberCountry = async (db: Executor, memberId: number) => (await db.selectFrom('users').select('country').where('id', '=', memberId).executeTakeFirst())?.country ?? '';
