import { sql, type RawBuilder, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { SortOrder } from '@shop/contract';
import type { Executor } from '../../db/database.js';
import { laterJobInsertOf } from '../../jobs/enqueue.js';
import { shippingAddressQuery } from '../address/address.queries.js';
import { chosenCartUnitsQuery, deleteCartLinesOfSkusAfter } from '../cart/cart.queries.js';
import { memberBalancesQuery } from '../ledger/ledger.queries.js';
import { referrerIdOf } from '../members/members.queries.js';
import { insertMessageFrom } from '../messages/messages.queries.js';
import type { MessageParams } from '../messages/messages.table.js';
import { goodsPointsOfQuery } from '../promotions/goods-points.queries.js';
import { latestRatesJson } from '../rates/rates.queries.js';
import { SHOP_CURRENCY, type StoredRate } from '../rates/rates.service.js';
import type { ShippingAddressRow } from '../address/address.table.js';
import { orderList } from '../../lib/list-order.queries.js';
import type { Tx } from '../../lib/transaction.js';
import type { AddressSnapshot, OrderLinesTable, OrdersTable, OrderStatus } from './orders.table.js';
import { appendGoodsSold, type SkuRow } from '../catalogue/stock.queries.js';
import { containing } from '../../lib/like.js';
import { nextUpdatedAt } from '../../lib/row-version.queries.js';
import { executePage } from '../../lib/paging.js';

type OrderListSort = 'id' | 'total' | 'status' | 'created_at' | 'paid_at' | 'last_reminded_at';

// ---------------------------------------------------------------- settings and fees

export const findOrderSettings = (db: Executor) => db.selectFrom('order_settings').selectAll().executeTakeFirstOrThrow();

/** The one row of order settings, held until the transaction ends (a save checks the version its form read under it). */
export const lockOrderSettingsForUpdate = (tx: Tx) => tx.selectFrom('order_settings').selectAll().forUpdate().executeTakeFirstOrThrow();

export interface OrderTimesChange {
  expiry_minutes?: number;
  auto_confirm_days?: number;
  settle_after_days?: number;
}

export interface PointsSettingsChange {
  points_per_unit?: number;
  shopping_points_per_unit?: number;
  points_max_share_bp?: number;
  earn_rate_bp?: number;
}

// Order times and points share the row but are two cards of the console: each change stamps its own
// card, its version moved strictly forward (`nextUpdatedAt`), so a copy read before never matches after.
const nextPointsUpdatedAt = sql<Date>`date_trunc('milliseconds', greatest(now(), points_updated_at + interval '1 millisecond'))`;

/** Changes the order times, stamped with who and when (the order times' version). */
export const updateOrderTimes = (db: Executor, change: OrderTimesChange, by: string) =>
  db.updateTable('order_settings').set({ ...change, updated_by: by, updated_at: nextUpdatedAt }).returningAll().executeTakeFirstOrThrow();

/** Changes the points settings, stamped with who and when (the points' own version). */
export const updatePointsSettings = (db: Executor, change: PointsSettingsChange, by: string) =>
  db.updateTable('order_settings').set({ ...change, points_updated_by: by, points_updated_at: nextPointsUpdatedAt }).returningAll().executeTakeFirstOrThrow();

export const findOperatingFeeRate = async (db: Executor, countryCode: string) =>
  (await db.selectFrom('operating_fees').select('rate_bp').where('country_code', '=', countryCode).executeTakeFirst())?.rate_bp ?? 0;

// Freight and fee rows are saved whole from the console's copy: each is locked, its version checked,
// then changed with its version moved strictly forward (`nextUpdatedAt`), or added when it is not there
// (nothing added, and so refused, when another save added it meanwhile).

/** A country's operating fee row, held until the transaction ends. */
export const lockOperatingFeeForUpdate = (tx: Tx, countryCode: string) =>
  tx.selectFrom('operating_fees').select(['rate_bp', 'updated_at']).where('country_code', '=', countryCode).forUpdate().executeTakeFirst();

/** Changes a country's operating fee, or adds it; answers whether a row was written. */
export const writeOperatingFee = async (db: Executor, countryCode: string, rateBp: number, by: string, exists: boolean) =>
  exists
    ? (await db.updateTable('operating_fees').set({ rate_bp: rateBp, updated_by: by, updated_at: nextUpdatedAt }).where('country_code', '=', countryCode).executeTakeFirst()).numUpdatedRows > 0n
    : !!(await db.insertInto('operating_fees').values({ country_code: countryCode, rate_bp: rateBp, updated_by: by }).onConflict((oc) => oc.column('country_code').doNothing()).returning('country_code').executeTakeFirst());

/** The freight row of a country in a currency, held until the transaction ends. */
export const lockShippingFeeForUpdate = (tx: Tx, countryCode: string, currency: string) =>
  tx.selectFrom('shipping_fees').select(['fee_minor', 'updated_at']).where('country_code', '=', countryCode).where('currency', '=', currency).forUpdate().executeTakeFirst();

/** Changes the freight of a country in a currency, or adds it; answers whether a row was written. */
export async function writeShippingFee(db: Executor, row: { country_code: string; currency: string; fee_minor: number; free_over_minor: number | null }, by: string, exists: boolean): Promise<boolean> {
  if (!exists) return !!(await db.insertInto('shipping_fees').values({ ...row, updated_by: by }).onConflict((oc) => oc.columns(['country_code', 'currency']).doNothing()).returning('country_code').executeTakeFirst());
  const changed = await db
    .updateTable('shipping_fees')
    .set({ fee_minor: row.fee_minor, free_over_minor: row.free_over_minor, updated_by: by, updated_at: nextUpdatedAt })
    .where('country_code', '=', row.country_code)
    .where('currency', '=', row.currency)
    .executeTakeFirst();
  return changed.numUpdatedRows > 0n;
}

/** Removes the freight of one country and currency; answers whether there was one. */
export const deleteShippingFee = async (db: Executor, countryCode: string, currency: string) =>
  (await db.deleteFrom('shipping_fees').where('country_code', '=', countryCode).where('currency', '=', currency).executeTakeFirst()).numDeletedRows > 0n;

// ---------------------------------------------------------------- what is bought

/** What an order's amounts and times depend on besides its goods (`findCheckoutTerms`). */
export interface CheckoutTerms {
  expiry_minutes: number;
  auto_confirm_days: number;
  points_per_unit: number;
  shopping_points_per_unit: number;
  points_max_share_bp: number;
  earn_rate_bp: number;
  /** The operating fee at the destination, in basis points (none set: null). */
  fee_rate_bp: number | null;
  /** Freight to the destination in the order's currency, and the subtotal from which it is free (none set: null). */
  shipping_fee_minor: number | null;
  shipping_free_over_minor: number | null;
  /**
   * An order in another currency than the shop's: the recorded rates (the latest of each pair on
   * or before today), to quote the order's currency against the shop's, which points are valued
   * in. Null for an order in the shop's currency.
   */
  rates: StoredRate[] | null;
}

/** The terms' columns for an order in `currency` (an expression of the statement, or a code). */
const termsColumns = (currency: string | RawBuilder<unknown>) => sql`os.expiry_minutes, os.auto_confirm_days, os.points_per_unit, os.shopping_points_per_unit, os.points_max_share_bp, os.earn_rate_bp,
  of.rate_bp as fee_rate_bp, sf.fee_minor as shipping_fee_minor, sf.free_over_minor as shipping_free_over_minor,
  case when (${currency})::text = ${SHOP_CURRENCY}::text then null else ${latestRatesJson(new Date().toISOString().slice(0, 10))} end as rates`;

/** The terms' select at the destination `country` (an expression of the statement; '' for none) in `currency`. */
const termsAt = (country: RawBuilder<unknown>, currency: string | RawBuilder<unknown>) =>
  sql`select ${termsColumns(currency)} from order_settings os
    left join operating_fees of on of.country_code = ${country}
    left join shipping_fees sf on sf.country_code = ${country} and sf.currency = ${currency}`;

/**
 * What an order's amounts and times depend on besides its goods, in one reading: the operator's
 * order settings, and at the destination the operating fee's rate and the shipping fee in `currency`.
 */
export const findCheckoutTerms = async (db: Executor, countryCode: string | undefined, currency: string) =>
  (await sql<CheckoutTerms>`${termsAt(sql`${countryCode ?? ''}`, currency)}`.execute(db)).rows[0]!;

/**
 * What a checkout's preview shows, in one statement: the rows of `lines` (the cart's lines or the
 * SKUs bought at once, with their goods' currency, as JSON), the member's address (none when it is
 * not theirs), the order's terms there in the lines' currency, the goods' own points rules and the
 * member's balances.
 */
export const findCheckoutView = async <L>(db: Executor, memberId: number, addressId: number | undefined, lines: SelectQueryBuilder<any, any, L>) => {
  const row = (
    await sql<{ lines: L[]; address: ShippingAddressRow | null; terms: CheckoutTerms; rules: Array<{ goods_id: number; points_per_unit: number }>; balances: Array<{ asset: string; currency: string; balance: number }> }>`
      with l as (${lines}), a as (${shippingAddressQuery(memberId, addressId)})
      select (select coalesce(json_agg(l), '[]') from l) as lines,
        (select row_to_json(a) from a) as address,
        (select row_to_json(t) from (${termsAt(sql`coalesce((select country_code from a), '')`, sql`(select currency from l limit 1)`)}) t) as terms,
        (select coalesce(json_agg(r), '[]') from (${goodsPointsOfQuery(sql`(select goods_id from l)`)}) r) as rules,
        (select coalesce(json_agg(b), '[]') from (${memberBalancesQuery(db, memberId)}) b) as balances`.execute(db)
  ).rows[0]!;
  return { ...row, address: row.address ?? undefined };
};

/**
 * `reserveStock` and, in the same statement, the reserved SKU as checkout describes it (the row of
 * `findSkusForCheckout`, its stock after the reservation) with its goods' own points rule (`sku`,
 * null when refused). With `destination`, also the member's address (`address`, null when it is not
 * theirs) and the order's terms at its country in the goods' currency (`terms`): checkout's hot path
 * reads all it needs in one round trip, and nothing more while it holds the SKU's row.
 * Given `cart` instead of an SKU, the units come from the member's cart lines (those of `ids`, or
 * else the selected ones), summed per SKU (`plan`, in ascending SKU id order), and the first SKU
 * of the plan is the one reserved: an order from the cart reads its lines in the same round trip.
 * With `destination`, the member's checkouts are first held in line (`lockMemberCheckouts`, before
 * any SKU row is touched) until the transaction ends, so the order's insert counts their unpaid orders exactly.
 */
export const reserveSkuForCheckout = async (tx: Tx, what: { skuId: number; quantity: number } | { cart: { userId: number; ids?: number[] } }, destination?: { memberId: number; addressId?: number }) => {
  const plan = 'cart' in what ? chosenCartUnitsQuery(tx, what.cart.userId, what.cart.ids) : sql`select ${what.skuId}::bigint as sku_id, null::bigint as goods_id, ${what.quantity}::int as quantity`;
  return (
    await sql<{ plan: Array<{ sku_id: number; goods_id: number | null; quantity: number }>; sku: (SkuRow & { points_per_unit: number | null }) | null; address: ShippingAddressRow | null; terms: CheckoutTerms | null }>`
      with p as (${plan}),
      m as (${destination ? sql`select pg_advisory_xact_lock(hashtext('member-checkout'), ${destination.memberId}::int)` : sql`select 1`}),
      w as (select sku_id, quantity from p, m order by sku_id limit 1),
      r as (
        update goods_skus s set stock = s.stock - w.quantity from w
        where s.id = w.sku_id and s.stock >= w.quantity and exists (select 1 from goods g where g.id = s.goods_id and g.status = 'on_sale')
        returning s.id, s.goods_id, s.price_minor, s.stock, s.spec_value_ids, s.image, s.weight_g, s.pv),
      k as (
        select r.id, r.goods_id, r.price_minor, r.stock, r.spec_value_ids, r.image, r.weight_g, r.pv, g.name, g.cover, g.specs, g.currency, g.status, gp.points_per_unit
        from r join goods g on g.id = r.goods_id left join goods_points gp on gp.goods_id = r.goods_id),
      a as (${destination ? shippingAddressQuery(destination.memberId, destination.addressId) : sql`select null::text as country_code where false`})
      select (select coalesce(json_agg(p order by p.sku_id), '[]') from p) as plan, (select row_to_json(k) from k) as sku, (select row_to_json(a) from a) as address,
        (select row_to_json(t) from (select ${termsColumns(sql`k.currency`)} from order_settings os cross join a cross join k
          left join operating_fees of on of.country_code = a.country_code
          left join shipping_fees sf on sf.country_code = a.country_code and sf.currency = k.currency) t) as terms`.execute(tx)
  ).rows[0]!;
};

// ---------------------------------------------------------------- orders

export interface NewOrder {
  order_no: string;
  user_id: number;
  currency: string;
  subtotal_minor: number;
  operating_fee_rate_bp: number;
  operating_fee_minor: number;
  freight_minor: number;
  total_minor: number;
  country_code: string;
  address: AddressSnapshot;
  remarks: string;
  expires_at: Date;
  kind?: 'regular' | 'international' | 'group_buy';
  coupon_id?: number;
  coupon_discount_minor?: number;
  points_used?: number;
  points_value_minor?: number;
  shopping_points_used?: number;
  shopping_points_value_minor?: number;
  points_earned?: number;
  shipping_method?: string;
  weight_g?: number;
  local_currency?: string;
  exchange_rate?: string;
  rate_source?: string;
  rate_date?: string;
  points_rate?: string;
  points_rate_source?: string;
  points_rate_date?: string;
}

export interface NewOrderLine {
  goods_id: number;
  sku_id: number;
  /** Goods name and spec text per language. */
  name: Partial<Record<string, string>>;
  spec_text: Partial<Record<string, string>>;
  image: string;
  unit_price_minor: number;
  quantity: number;
  line_total_minor: number;
  /** PV of one unit when placed. */
  pv: number;
}

const ORDER_EXPIRY_KEY_PREFIX = 'order-expiry:';
/** The key of an order's expiry job (one per order). */
export const orderExpiryJobKey = (orderId: number) => `${ORDER_EXPIRY_KEY_PREFIX}${orderId}`;

const ORDER_LINE_COLUMNS = ['goods_id', 'sku_id', 'name', 'spec_text', 'image', 'unit_price_minor', 'quantity', 'line_total_minor', 'pv'] as const satisfies ReadonlyArray<keyof NewOrderLine>;

/**
 * A new order, its lines, its `created` event and, with `expiry`, its expiry job (`expire_order`
 * keyed by `orderExpiryJobKey`) in one statement. Nothing is written, and nothing answered, when
 * the order number is taken (the caller draws another). `expiry_job` is false when the job could
 * not be added this way (the task was never enqueued before): the caller enqueues it.
 * `unpaid_before` counts the member's other orders awaiting payment whose time is not up (each holds
 * its goods' stock), read after the member's checkouts were held in line (`lockMemberCheckouts`).
 */
export const insertOrderWithLines = async (
  tx: Tx,
  o: NewOrder,
  lines: NewOrderLine[],
  event: { actor_kind: string; actor_id: string; request_id: string },
  expiry?: { runAt: Date; maxAttempts: number },
  /** The member's cart lines of these SKUs, deleted with the order (an order from the cart); `cart_lines_taken` answers how many were. */
  cart?: { userId: number; skuIds: number[] },
) => {
  const row: Record<string, unknown> = { ...o, status: 'awaiting_payment', address: JSON.stringify(o.address) };
  const columns = Object.keys(row).filter((k) => row[k] !== undefined);
  const job = expiry
    ? sql`, j as (${laterJobInsertOf('expire_order', { payload: sql`json_build_object('orderId', o.id)`, key: sql`${ORDER_EXPIRY_KEY_PREFIX}::text || o.id`, runAt: expiry.runAt, maxAttempts: expiry.maxAttempts, from: 'o' })})`
    : sql``;
  const { rows } = await sql<Pick<Selectable<OrdersTable>, 'id' | 'order_no' | 'status' | 'total_minor' | 'currency' | 'expires_at'> & { expiry_job: boolean; cart_lines_taken: number; unpaid_before: number }>`
    with o as (
      insert into orders (${sql.join(columns.map((c) => sql.ref(c)))}) values (${sql.join(columns.map((c) => row[c]))})
      on conflict (order_no) do nothing
      returning id, order_no, status, total_minor, currency, expires_at),
    l as (
      insert into order_lines (order_id, ${sql.join(ORDER_LINE_COLUMNS.map((c) => sql.ref(c)))})
      select o.id, x.goods_id, x.sku_id, x.name, x.spec_text, x.image, x.unit_price_minor, x.quantity, x.line_total_minor, x.pv
      from o, jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
        as x(goods_id int, sku_id int, name jsonb, spec_text jsonb, image text, unit_price_minor bigint, quantity int, line_total_minor bigint, pv int)),
    e as (
      insert into order_events (order_id, kind, from_status, to_status, actor_kind, actor_id, request_id)
      select o.id, 'created', null, 'awaiting_payment', ${event.actor_kind}, ${event.actor_id}, ${event.request_id} from o)
    ${job}
    ${cart ? sql`, c as (${deleteCartLinesOfSkusAfter(cart.userId, cart.skuIds, 'o')})` : sql``}
    select o.*, ${expiry ? sql`exists (select 1 from j)` : sql`false`} as expiry_job, ${cart ? sql`(select count(*) from c)::int` : sql`0`} as cart_lines_taken,
      (select count(*) from orders u where u.user_id = ${o.user_id} and u.status = 'awaiting_payment' and u.expires_at > now())::int as unpaid_before from o`.execute(tx);
  return rows[0];
};

export const insertOrderEvent = (
  db: Executor,
  e: { order_id: number; kind: string; from_status?: string | null; to_status?: string | null; actor_kind: string; actor_id?: string; reason?: string; request_id?: string },
) => db.insertInto('order_events').values({ from_status: null, to_status: null, ...e }).execute();

/**
 * Moves an order from one of `from` to `to` only if it is still there (its row locked first, so a
 * waiting change sees the newest state), with `set` in the same update, and writes the change's
 * event with the state it left — one statement. Answers the moved row (and the state it was in),
 * or nothing when the order is elsewhere (or not `userId`'s).
 */
export const transitionOrderWithEvent = async (
  db: Executor,
  t: {
    orderId: number;
    from: OrderStatus[];
    to: OrderStatus;
    set: Record<string, unknown>;
    userId?: number;
    /** Only an order of this total and currency moves. */
    amount?: { total_minor: number; currency: string };
    /**
     * The order is paid: its units are counted as sold on its SKUs (rows its order already took
     * stock from) and handed to its goods' count (`appendGoodsSold`: no goods row is locked), and
     * the moved row says whose invitee the buyer is (`referrer_id`), by the same statement. Two
     * payments of the same SKUs locking those rows in another order end in a deadlock, which the
     * transaction's retry runs again (`withTransaction`).
     */
    paid?: boolean;
    event: { kind: string; reason: string; actor_kind: string; actor_id: string; request_id: string };
    /** The message the member gets when the order moves (its parameters: the order number and `params`), once per event key. */
    message?: { kind: string; link: string; eventKey: string; params?: MessageParams };
  },
) => {
  const sets = Object.entries(t.set).filter(([, v]) => v !== undefined);
  const message = t.message
    ? sql`, m as (${insertMessageFrom('o', { memberId: sql`o.user_id`, kind: t.message.kind, params: sql`jsonb_build_object('order_no', o.order_no) || ${JSON.stringify(t.message.params ?? {})}::jsonb`, link: t.message.link, eventKey: t.message.eventKey })})`
    : sql``;
  const sales = t.paid
    ? sql`, sold as (select l.sku_id, l.goods_id, l.quantity from order_lines l join o on o.id = l.order_id),
      s as (update goods_skus s set sales = s.sales + v.n from (select sku_id, sum(quantity)::int as n from sold group by sku_id) v where s.id = v.sku_id),
      g as (${appendGoodsSold(sql`select goods_id, sum(quantity)::int from sold group by goods_id`)})`
    : sql``;
  const { rows } = await sql<{ id: number; status: OrderStatus; user_id: number; order_no: string; kind: string; points_hold_id: number | string | null; shopping_points_hold_id: number | string | null; was: OrderStatus; referrer_id?: number | null; messaged: boolean }>`
    with prev as (
      select id, status from orders where id = ${t.orderId}${t.userId === undefined ? sql`` : sql` and user_id = ${t.userId}`} for update),
    o as (
      update orders set status = ${t.to}, updated_at = now()${sql.join(sets.map(([k, v]) => sql`, ${sql.ref(k)} = ${v}`), sql``)}
      from prev where orders.id = prev.id and prev.status in (${sql.join(t.from)})${t.amount ? sql` and orders.total_minor = ${t.amount.total_minor} and orders.currency = ${t.amount.currency}` : sql``}
      returning orders.id, orders.status, orders.user_id, orders.order_no, orders.kind, orders.points_hold_id, orders.shopping_points_hold_id, prev.status as was${t.paid ? sql`, ${referrerIdOf(sql`orders.user_id`)} as referrer_id` : sql``}),
    e as (
      insert into order_events (order_id, kind, from_status, to_status, actor_kind, actor_id, reason, request_id)
      select o.id, ${t.event.kind}, o.was, o.status, ${t.event.actor_kind}, ${t.event.actor_id}, ${t.event.reason}, ${t.event.request_id} from o)
    ${message}${sales}
    select *, ${t.message ? sql`exists (select 1 from m)` : sql`false`} as messaged from o`.execute(db);
  return rows[0];
};

/** Locks one order row until the transaction ends (shipping serializes on it). */
export const lockOrderForUpdate = (tx: Tx, orderId: number) => tx.selectFrom('orders').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirst();
/** Locks an order unless another transaction holds it (a payment of it in flight): answers nothing then, without waiting. */
export const lockOrderUnlessBusy = (tx: Tx, orderId: number) => tx.selectFrom('orders').select('id').where('id', '=', orderId).forUpdate().skipLocked().executeTakeFirst();

/** An order's rows with its lines, one row per line (`line` its row as JSON), and each line's goods' warranty months. */
const orderWithLines = (db: Executor, orderId: number) =>
  db
    .selectFrom('orders as o')
    .leftJoin('order_lines as l', 'l.order_id', 'o.id')
    .leftJoin('goods as g', 'g.id', 'l.goods_id')
    .selectAll('o')
    .select([sql<Selectable<OrderLinesTable> | null>`to_jsonb(l)`.as('line'), 'g.warranty_months'])
    .where('o.id', '=', orderId)
    .orderBy('l.id');

/** The order with its lines (and their goods' warranty months) in one statement: nothing when there is no such order. */
export const findOrderWithLines = (db: Executor, orderId: number) => orderWithLines(db, orderId).execute();
/**
 * The same under the order's row lock (the lines and goods are not locked), with `also`, an
 * expression of another area read once by the same statement (on every row), when given.
 */
export const lockOrderWithLinesForUpdate = <A = never>(tx: Tx, orderId: number, also?: RawBuilder<A>) =>
  orderWithLines(tx, orderId)
    .$if(also !== undefined, (qb) => qb.select(also!.as('also')))
    .forUpdate('o')
    .execute() as Promise<Array<Awaited<ReturnType<typeof findOrderWithLines>>[number] & { also?: A }>>;

export const findOrderEvents = (db: Executor, orderId: number) => db.selectFrom('order_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

export const findOrder = (db: Executor, orderId: number) => db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();

/** What the payments area reads of an order (its payable), unexecuted. */
export const orderPayableQuery = (db: Executor, orderId: number) =>
  db.selectFrom('orders').select(['id', 'user_id', 'order_no', 'total_minor', 'currency', 'status', 'expires_at', 'country_code']).where('id', '=', orderId);
export type OrderPayableRow = { id: number; user_id: number; order_no: string; total_minor: number | string; currency: string; status: OrderStatus; expires_at: Date | string; country_code: string };

export const findMemberOrder = (db: Executor, userId: number, orderId: number) =>
  db.selectFrom('orders').selectAll().where('id', '=', orderId).where('user_id', '=', userId).executeTakeFirst();

export const findOrderLines = (db: Executor, orderIds: number[]) =>
  db.selectFrom('order_lines').selectAll().where('order_id', 'in', orderIds.length ? orderIds : [-1]).orderBy('order_id').orderBy('id').execute();

// What came back of an order through after-sales, as the member's order pages show it: the order's
// own state stays as it was (settlement and earnings key on it), these say what the member holds.

/** Units of an order line (an SQL reference) returned through after-sales and refunded. */
const returnedUnitsOf = (lineId: RawBuilder<unknown>) =>
  sql<number>`(select coalesce(sum(rl.qty), 0)::int from after_sale_lines rl join after_sales rc on rc.id = rl.case_id
    where rl.order_line_id = ${lineId} and rc.kind = 'return' and rc.status = 'refunded')`;

/** What an order's (an SQL reference) refunded returns gave back to the member, card surcharges with it, in minor units. */
const refundedByReturnsOf = (orderId: RawBuilder<unknown>) =>
  sql<string>`(select coalesce(sum(rc.refunded_minor + rc.refunded_fee_minor), 0) from after_sales rc where rc.order_id = ${orderId} and rc.kind = 'return' and rc.status = 'refunded')`;

/** Points an order (its id) earned and credited that were taken back from the member with refunds (`reverseEarnedPoints`' entries). */
const pointsReversedOf = (orderId: number) =>
  sql<string>`(select coalesce(sum(p.amount), 0) from journal_entries e join postings p on p.entry_id = e.id
    where e.reference_type = 'order' and e.reference_id = ${String(orderId)} and e.kind = 'order.points.reverse' and p.amount > 0)`;

/**
 * An order's lines as its page shows them, each with its units returned and refunded
 * (`returned_quantity`), and on every row what the order's refunded returns gave back
 * (`refunded_by_returns_minor`) and the earned points taken back for them (`points_reversed`): one statement.
 */
export const findOrderLinesWithReturns = (db: Executor, orderId: number) =>
  db
    .selectFrom('order_lines as l')
    .selectAll('l')
    .select([returnedUnitsOf(sql.ref('l.id')).as('returned_quantity'), refundedByReturnsOf(sql`${orderId}::int`).as('refunded_by_returns_minor'), pointsReversedOf(orderId).as('points_reversed')])
    .where('l.order_id', '=', orderId)
    .orderBy('l.id')
    .execute();

const VIEW_STATUSES: Record<string, OrderStatus[] | undefined> = {
  all: undefined,
  unpaid: ['awaiting_payment'],
  to_ship: ['paid'],
  to_receive: ['shipped'],
  after_sales: ['refunding', 'refunded'],
};
export const statusesOfView = (view: string) => VIEW_STATUSES[view];

/** An order as a list shows it, and its lines (`findMemberOrderList`). */
export interface OrderListRow {
  id: number;
  order_no: string;
  kind: 'regular' | 'group_buy' | 'international';
  status: OrderStatus;
  currency: string;
  total_minor: number;
  created_at: string;
  expires_at: string;
  shipped_at: string | null;
  /** What the order's refunded returns gave back (`findOrderLinesWithReturns`). */
  refunded_by_returns_minor: number;
  lines: Array<{
    id: number;
    goods_id: number;
    sku_id: number;
    name: Partial<Record<string, string>>;
    spec_text: Partial<Record<string, string>>;
    image: string;
    unit_price_minor: number;
    quantity: number;
    line_total_minor: number;
    shipped_quantity: number;
    pv: number;
    /** Units returned and refunded. */
    returned_quantity: number;
  }>;
}

/**
 * One page of a member's orders (of `statuses`, or all), newest first, each with its lines, and the
 * count of the member's orders per status, in one statement: a member's order list is read often
 * and each round trip counts.
 */
export async function findMemberOrderList(db: Executor, userId: number, statuses: OrderStatus[] | undefined, limit: number, offset: number, alsoIds: number[] = []) {
  const { rows } = await sql<{ counts: Array<{ status: OrderStatus; n: number }>; page: OrderListRow[] }>`
    select
      (select coalesce(json_agg(c), '[]') from (select status, count(*)::int as n from orders where user_id = ${userId} group by status) c) as counts,
      (select coalesce(json_agg(p order by p.id desc), '[]') from (
        select o.id, o.order_no, o.kind, o.status, o.currency, o.total_minor, o.created_at, o.expires_at, o.shipped_at,
          ${refundedByReturnsOf(sql.ref('o.id'))} as refunded_by_returns_minor,
          (select coalesce(json_agg(json_build_object(
              'id', l.id, 'goods_id', l.goods_id, 'sku_id', l.sku_id, 'name', l.name, 'spec_text', l.spec_text, 'image', l.image,
              'unit_price_minor', l.unit_price_minor, 'quantity', l.quantity, 'line_total_minor', l.line_total_minor,
              'shipped_quantity', l.shipped_quantity, 'pv', l.pv, 'returned_quantity', ${returnedUnitsOf(sql.ref('l.id'))}) order by l.id), '[]')
            from order_lines l where l.order_id = o.id) as lines
        from orders o
        where o.user_id = ${userId} ${statuses ? (alsoIds.length ? sql`and (o.status in (${sql.join(statuses)}) or o.id in (${sql.join(alsoIds)}))` : sql`and o.status in (${sql.join(statuses)})`) : sql``}
        order by o.id desc limit ${limit} offset ${offset}
      ) p) as page`.execute(db);
  return rows[0]!;
}

/** Orders of a member that still move (not yet completed, cancelled, closed or refunded). */
export const countOpenOrders = async (db: Executor, userId: number) =>
  Number(
    (
      await db
        .selectFrom('orders')
        .select(sql<string>`count(*)`.as('n'))
        .where('user_id', '=', userId)
        .where('status', 'in', ['awaiting_payment', 'paid', 'shipped', 'refunding'])
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Records a reminder unless one was recorded in the last 24 hours; answers the new time, or nothing. */
export const markReminded = (db: Executor, userId: number, orderId: number) =>
  db
    .updateTable('orders')
    .set({ last_reminded_at: sql`now()` })
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .where('status', '=', 'paid')
    .where((eb) => eb.or([eb('last_reminded_at', 'is', null), eb('last_reminded_at', '<=', sql<Date>`now() - interval '24 hours'`)]))
    .returning(['id', 'last_reminded_at'])
    .executeTakeFirst();

/** Holds one member's checkouts in line until the caller's transaction ends (so their unpaid orders are counted one checkout at a time). */
export const lockMemberCheckouts = (tx: Tx, userId: number) => sql`select pg_advisory_xact_lock(hashtext('member-checkout'), ${userId}::int)`.execute(tx);

/** Orders past their payment time that are still unpaid (a safety net behind each order's own expiry job). */
export const findOverdueUnpaidOrderIds = async (db: Executor, limit: number) =>
  (await db.selectFrom('orders').select('id').where('status', '=', 'awaiting_payment').where('expires_at', '<=', sql<Date>`now()`).orderBy('id').limit(limit).execute()).map((r) => r.id);

// ---------------------------------------------------------------- packages and tracking

export const findPackagesOfOrder = (db: Executor, orderId: number) =>
  db.selectFrom('order_packages').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

export const findPackage = (db: Executor, packageId: number) => db.selectFrom('order_packages').selectAll().where('id', '=', packageId).executeTakeFirst();

export const findPackageLines = (db: Executor, packageIds: number[]) =>
  db
    .selectFrom('package_lines as p')
    .innerJoin('order_lines as l', 'l.id', 'p.order_line_id')
    .select(['p.package_id', 'p.order_line_id', 'p.quantity', 'l.name', 'l.spec_text', 'l.image'])
    .where('p.package_id', 'in', packageIds.length ? packageIds : [-1])
    .orderBy('p.package_id')
    .orderBy('p.order_line_id')
    .execute();

export const findTrackingEvents = (db: Executor, packageIds: number[]) =>
  db
    .selectFrom('tracking_events')
    .select(['package_id', 'happened_at', 'place', 'text'])
    .where('package_id', 'in', packageIds.length ? packageIds : [-1])
    .orderBy('happened_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

export const insertPackage = (tx: Tx, p: { order_id: number; carrier: string; tracking_number: string; tracking_provider: string; created_by: string }) =>
  tx.insertInto('order_packages').values(p).onConflict((oc) => oc.columns(['carrier', 'tracking_number']).doNothing()).returning(['id', 'shipped_at']).executeTakeFirst();

export const insertPackageLines = (tx: Tx, packageId: number, lines: Array<{ order_line_id: number; quantity: number }>) =>
  tx
    .insertInto('package_lines')
    .values(lines.map((l) => ({ package_id: packageId, ...l })))
    .execute();

/** Counts `quantity` more units of a line as shipped, only while that stays within the line. */
export const addShippedQuantity = (tx: Tx, orderId: number, lineId: number, quantity: number) =>
  tx
    .updateTable('order_lines')
    .set((eb) => ({ shipped_quantity: eb('shipped_quantity', '+', quantity) }))
    .where('id', '=', lineId)
    .where('order_id', '=', orderId)
    .where(sql<boolean>`shipped_quantity + ${quantity} <= quantity`)
    .returning('id')
    .executeTakeFirst();

/** Stores tracking events once each (a repeated push or poll adds nothing); answers how many were new. */
export async function insertTrackingEvents(db: Executor, packageId: number, source: string, events: Array<{ time: Date; place: string; text: string }>): Promise<number> {
  if (!events.length) return 0;
  const r = await db
    .insertInto('tracking_events')
    .values(events.map((e) => ({ package_id: packageId, happened_at: e.time, place: e.place, text: e.text, source })))
    .onConflict((oc) => oc.columns(['package_id', 'happened_at', 'text']).doNothing())
    .returning('id')
    .execute();
  return r.length;
}

export const markPackageDelivered = (db: Executor, packageId: number, at: Date) =>
  db.updateTable('order_packages').set({ status: 'delivered', delivered_at: at }).where('id', '=', packageId).where('status', '=', 'in_transit').returning(['id', 'order_id']).executeTakeFirst();

export const markPackageTracked = (db: Executor, packageId: number) => db.updateTable('order_packages').set({ tracked_at: sql`now()` }).where('id', '=', packageId).execute();

/** Reminders of paid orders waiting to be shipped, newest first (what operators see). */
export const findReminders = (db: Executor, limit: number) =>
  db
    .selectFrom('orders')
    .select(['id', 'order_no', 'user_id', 'last_reminded_at', 'paid_at'])
    .where('status', '=', 'paid')
    .where('last_reminded_at', 'is not', null)
    .orderBy('last_reminded_at', 'desc')
    .limit(limit)
    .execute();

/** A member's user name (operators' order views name the buyer). */
export const findUserName = async (db: Executor, userId: number): Promise<string | undefined> => (await db.selectFrom('users').select('user_name').where('id', '=', userId).executeTakeFirst())?.user_name;

/** Orders in a state (or all), by the column the operator sorts on (newest first otherwise), with the total count. */
export function findOrdersPageByStatus(db: Executor, status: OrderStatus | undefined, limit: number, offset: number, sort: { sort?: OrderListSort; order?: SortOrder; q?: string } = {}) {
  let q = db
    .selectFrom('orders')
    .selectAll()
    .select((eb) => [sql<string>`count(*) over ()`.as('total'), eb.selectFrom('users').select('users.user_name').whereRef('users.id', '=', 'orders.user_id').as('user_name')]);
  if (status) q = q.where('status', '=', status);
  if (sort.q) {
    // An operator's search: part of the order number, or the member by name or number.
    const text = sort.q;
    const like = containing(text);
    q = q.where((eb) =>
      eb.or([
        eb('order_no', 'ilike', like),
        eb('user_id', 'in', eb.selectFrom('users').select('users.id').where('users.user_name', 'ilike', like)),
        ...(/^\d{1,9}$/.test(text) ? [eb('user_id', '=', Number(text))] : []),
      ]),
    );
  }
  const columns = { id: 'id', total: 'total_minor', status: 'status', created_at: 'created_at', paid_at: 'paid_at', last_reminded_at: 'last_reminded_at' };
  return orderList(q, sort, columns, { sort: 'id', order: 'desc' }, 'id').limit(limit).offset(offset).$call(executePage);
}

/** Provider-tracked packages in transit, not asked about in the last hour (oldest first). */
export const findPackagesToTrack = async (db: Executor, limit: number) =>
  (
    await db
      .selectFrom('order_packages')
      .select('id')
      .where('status', '=', 'in_transit')
      .where('tracking_provider', '!=', 'manual')
      .where((eb) => eb.or([eb('tracked_at', 'is', null), eb('tracked_at', '<', sql<Date>`now() - interval '1 hour'`)]))
      .orderBy('tracked_at', (ob) => ob.asc().nullsFirst())
      .limit(limit)
      .execute()
  ).map((r) => r.id);

/** The member's newest order ids. */
export const findRecentOrderIds = async (db: Executor, userId: number, limit: number) =>
  (await db.selectFrom('orders').select('id').where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute()).map((r) => r.id);

/**
 * International freight bands holding `weightG` for a country, one per method. A band holds both its
 * bounds ("from 0 up to 5000 g" holds 5,000 g); where two bands meet, the lighter one holds the shared bound.
 */
export const findInternationalFreightFees = (db: Executor, countryCode: string, weightG: number, currency: string) =>
  db
    .selectFrom('international_freight')
    .distinctOn('method')
    .select(['method', 'fee_minor'])
    .where('country_code', '=', countryCode)
    .where('currency', '=', currency)
    .where('weight_from_g', '<=', weightG)
    .where('weight_to_g', '>=', weightG)
    .orderBy('method')
    .orderBy('weight_from_g')
    .execute();

/** The heaviest weight a method carries to a country in a currency (none: no band at all). */
export const findInternationalFreightMaxWeight = async (db: Executor, countryCode: string, method: 'standard' | 'express', currency: string): Promise<number | undefined> => {
  const row = await db
    .selectFrom('international_freight')
    .select((eb) => eb.fn.max('weight_to_g').as('max_g'))
    .where('country_code', '=', countryCode)
    .where('method', '=', method)
    .where('currency', '=', currency)
    .executeTakeFirst();
  return row?.max_g == null ? undefined : Number(row.max_g);
};

/** Serializes changes to the bands of one country, method and currency until the transaction ends (so two saves cannot add overlapping bands). */
export const lockInternationalFreightBands = (tx: Tx, key: Omit<FreightBandKey, 'weight_from_g'>) =>
  sql`select pg_advisory_xact_lock(hashtext('international-freight'), hashtext(${`${key.country_code}:${key.method}:${key.currency}`}))`.execute(tx);

/** Another band of the same country, method and currency that shares more than a bound with `from`–`to` (bands may meet, not overlap). */
export const findOverlappingInternationalFreight = (db: Executor, key: FreightBandKey, weightToG: number) =>
  db
    .selectFrom('international_freight')
    .select(['weight_from_g', 'weight_to_g'])
    .where('country_code', '=', key.country_code)
    .where('method', '=', key.method)
    .where('currency', '=', key.currency)
    .where('weight_from_g', '!=', key.weight_from_g)
    .where('weight_from_g', '<', weightToG)
    .where('weight_to_g', '>', key.weight_from_g)
    .orderBy('weight_from_g')
    .executeTakeFirst();

type FreightBandKey = { country_code: string; method: 'standard' | 'express'; currency: string; weight_from_g: number };

/** A band of the international freight table (by country, method, currency and starting weight), held until the transaction ends. */
export const lockInternationalFreightForUpdate = (tx: Tx, key: FreightBandKey) =>
  tx
    .selectFrom('international_freight')
    .select(['fee_minor', 'updated_at'])
    .where('country_code', '=', key.country_code)
    .where('method', '=', key.method)
    .where('currency', '=', key.currency)
    .where('weight_from_g', '=', key.weight_from_g)
    .forUpdate()
    .executeTakeFirst();

/** Changes a band of the international freight table, or adds it; answers whether a row was written. */
export async function writeInternationalFreight(db: Executor, row: FreightBandKey & { weight_to_g: number; fee_minor: number }, by: string, exists: boolean): Promise<boolean> {
  if (!exists) {
    const added = await db.insertInto('international_freight').values({ ...row, updated_by: by }).onConflict((oc) => oc.columns(['country_code', 'method', 'currency', 'weight_from_g']).doNothing()).returning('country_code').executeTakeFirst();
    return !!added;
  }
  const changed = await db
    .updateTable('international_freight')
    .set({ weight_to_g: row.weight_to_g, fee_minor: row.fee_minor, updated_by: by, updated_at: nextUpdatedAt })
    .where('country_code', '=', row.country_code)
    .where('method', '=', row.method)
    .where('currency', '=', row.currency)
    .where('weight_from_g', '=', row.weight_from_g)
    .executeTakeFirst();
  return changed.numUpdatedRows > 0n;
}

/** The currency of a country (what its members pay in). */
export const findCountryCurrency = async (db: Executor, countryCode: string) =>
  (await db.selectFrom('geo_countries').select('currency').where('code', '=', countryCode).executeTakeFirst())?.currency || undefined;

/** Whether the member's international real-name is approved (needed for customs). */
export const hasApprovedInternationalRealName = async (db: Executor, userId: number) =>
  Boolean(await db.selectFrom('certifications').select('id').where('user_id', '=', userId).where('kind', '=', 'international').where('status', '=', 'approved').executeTakeFirst());

// ---------------------------------------------------------------- points

/** Keeps the ledger holds of the points an order spends. */
export const setOrderPointsHolds = (tx: Tx, orderId: number, holds: { points_hold_id: number | null; shopping_points_hold_id: number | null }) =>
  tx.updateTable('orders').set(holds).where('id', '=', orderId).execute();

/** Lowers what an order will earn while it is not credited yet (paid in points, it earns less than it was placed with). */
export const lowerOrderPointsEarned = (tx: Tx, orderId: number, earned: number) =>
  tx.updateTable('orders').set({ points_earned: earned }).where('id', '=', orderId).where('points_earned', '>', earned).where('points_earned_at', 'is', null).execute();

/** Marks the points of a completed order credited, once: answers the order when this call did it. */
export const markPointsEarned = (tx: Tx, orderId: number) =>
  tx
    .updateTable('orders')
    .set({ points_earned_at: sql`now()` })
    .where('id', '=', orderId)
    .where('status', '=', 'completed')
    .where('points_earned', '>', 0)
    .where('points_earned_at', 'is', null)
    .returning(['id', 'user_id', 'points_earned', 'points_withheld'])
    .executeTakeFirst();

/**
 * Withholds points an order will not earn (its share of a refund) while they are not credited yet:
 * answers false when they were credited meanwhile (they are then taken back from the balance instead).
 */
export const withholdOrderPoints = async (tx: Tx, orderId: number, points: number): Promise<boolean> =>
  (await tx
    .updateTable('orders')
    .set({ points_withheld: sql`points_withheld + ${points}` })
    .where('id', '=', orderId)
    .where('points_earned_at', 'is', null)
    .returning('id')
    .executeTakeFirst()) !== undefined;

/** The package a tracking provider's push is about: by provider and number (and the carrier code, when the provider names one). */
export const findPackageByProviderNumber = (db: Executor, provider: string, trackingNumber: string, carrier?: string) =>
  db
    .selectFrom('order_packages')
    .select(['id', 'order_id'])
    .where('tracking_provider', '=', provider)
    .where('tracking_number', '=', trackingNumber)
    .$if(carrier !== undefined, (qb) => qb.where('carrier', '=', carrier!))
    .orderBy('id', 'desc')
    .executeTakeFirst();

// ---------------------------------------------------------------- settlement

/** Marks a completed order settled, once (from unsettled); answers the row when this call did. */
export const markOrderSettled = (db: Executor, orderId: number) =>
  db.updateTable('orders').set({ settled_at: sql`now()`, settles_at: null }).where('id', '=', orderId).where('status', '=', 'completed').where('settled_at', 'is', null).returning(['id', 'user_id', 'order_no', 'currency', 'kind']).executeTakeFirst();

/** Notes when the settlement job next looks at an order. */
export const setOrderSettlesAt = (db: Executor, orderId: number, at: Date | null) => db.updateTable('orders').set({ settles_at: at }).where('id', '=', orderId).where('settled_at', 'is', null).execute();

/** Completed orders past their settlement time that their own job missed. */
export const findDueUnsettledOrderIds = async (db: Executor, limit: number) =>
  (await db.selectFrom('orders').select('id').where('settled_at', 'is', null).where('settles_at', '<=', sql<Date>`now()`).where('status', '=', 'completed').orderBy('settles_at').limit(limit).execute()).map((r) => r.id);

/** One order line by its id (its order names the buyer). */
export const findOrderLinesById = (db: Executor, lineId: number) => db.selectFrom('order_lines').selectAll().where('id', '=', lineId).execute();

/** The states of these of the member's orders. */
export const findMemberOrderStatuses = (db: Executor, userId: number, ids: number[]) =>
  db.selectFrom('orders').select(['id', 'status']).where('user_id', '=', userId).where('id', 'in', ids.length ? ids : [-1]).execute();

/** The order's lines' PV and the order's figures commissions and PV read. */
export const findOrderForEarning = (db: Executor, orderId: number) => orderForEarningQuery(db, orderId).executeTakeFirst();

/** `findOrderForEarning` unexecuted, for a statement of another area to read with its own. */
export const orderForEarningQuery = (db: Executor, orderId: number) =>
  db
    .selectFrom('orders')
    .select(['id', 'user_id', 'order_no', 'currency', 'kind', 'status', 'subtotal_minor', 'coupon_discount_minor', 'points_value_minor', 'shopping_points_value_minor', 'total_minor', 'freight_minor', 'operating_fee_minor'])
    .select((eb) => eb.selectFrom('order_lines').select(sql<number>`coalesce(sum(pv * quantity), 0)::int`.as('pv')).whereRef('order_lines.order_id', '=', 'orders.id').as('pv'))
    .where('id', '=', orderId);
