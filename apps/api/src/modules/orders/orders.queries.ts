import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { Tx } from '../../lib/transaction.js';
import type { AddressSnapshot, OrderStatus } from './orders.table.js';

// ---------------------------------------------------------------- settings and fees

export const findOrderSettings = (db: Executor) => db.selectFrom('order_settings').selectAll().executeTakeFirstOrThrow();

export const updateOrderSettings = (db: Executor, change: { expiry_minutes?: number; auto_confirm_days?: number }, by: string) =>
  db.updateTable('order_settings').set({ ...change, updated_by: by, updated_at: sql`now()` }).returningAll().executeTakeFirstOrThrow();

export const findOperatingFeeRate = async (db: Executor, countryCode: string) =>
  (await db.selectFrom('operating_fees').select('rate_bp').where('country_code', '=', countryCode).executeTakeFirst())?.rate_bp ?? 0;

export const upsertOperatingFee = (db: Executor, countryCode: string, rateBp: number, by: string) =>
  db
    .insertInto('operating_fees')
    .values({ country_code: countryCode, rate_bp: rateBp, updated_by: by })
    .onConflict((oc) => oc.column('country_code').doUpdateSet({ rate_bp: rateBp, updated_by: by, updated_at: sql`now()` }))
    .execute();

export const findShippingFee = (db: Executor, countryCode: string, currency: string) =>
  db.selectFrom('shipping_fees').select(['fee_minor', 'free_over_minor']).where('country_code', '=', countryCode).where('currency', '=', currency).executeTakeFirst();

export const upsertShippingFee = (db: Executor, row: { country_code: string; currency: string; fee_minor: number; free_over_minor: number | null }, by: string) =>
  db
    .insertInto('shipping_fees')
    .values({ ...row, updated_by: by })
    .onConflict((oc) => oc.columns(['country_code', 'currency']).doUpdateSet({ fee_minor: row.fee_minor, free_over_minor: row.free_over_minor, updated_by: by, updated_at: sql`now()` }))
    .execute();

// ---------------------------------------------------------------- what is bought

/** SKUs with their goods, as checkout prices and describes them. */
export const findSkusForCheckout = (db: Executor, skuIds: number[]) =>
  db
    .selectFrom('goods_skus as s')
    .innerJoin('goods as g', 'g.id', 's.goods_id')
    .select(['s.id', 's.goods_id', 's.price_minor', 's.stock', 's.spec_value_ids', 's.image', 's.weight_g', 'g.name', 'g.cover', 'g.specs', 'g.currency', 'g.status'])
    .where('s.id', 'in', skuIds.length ? skuIds : [-1])
    .execute();

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

/** Counts sold units on the SKUs and their goods (an order paid). */
export const addSales = async (tx: Tx, lines: Array<{ skuId: number; goodsId: number; quantity: number }>) => {
  for (const l of [...lines].sort((a, b) => a.skuId - b.skuId)) {
    await tx.updateTable('goods_skus').set((eb) => ({ sales: eb('sales', '+', l.quantity) })).where('id', '=', l.skuId).execute();
  }
  const perGoods = new Map<number, number>();
  for (const l of lines) perGoods.set(l.goodsId, (perGoods.get(l.goodsId) ?? 0) + l.quantity);
  for (const [goodsId, n] of [...perGoods].sort((a, b) => a[0] - b[0])) {
    await tx.updateTable('goods').set((eb) => ({ sales: eb('sales', '+', n) })).where('id', '=', goodsId).execute();
  }
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
  shipping_method?: string;
  weight_g?: number;
  local_currency?: string;
  exchange_rate?: string;
  rate_source?: string;
  rate_date?: string;
}

export const insertOrder = (tx: Tx, o: NewOrder) =>
  tx
    .insertInto('orders')
    .values({ ...o, status: 'awaiting_payment', address: JSON.stringify(o.address) })
    .onConflict((oc) => oc.column('order_no').doNothing())
    .returning(['id', 'order_no', 'status', 'total_minor', 'currency', 'expires_at'])
    .executeTakeFirst();

export interface NewOrderLine {
  goods_id: number;
  sku_id: number;
  name: string;
  spec_text: string;
  image: string;
  unit_price_minor: number;
  quantity: number;
  line_total_minor: number;
}

export const insertOrderLines = (tx: Tx, orderId: number, lines: NewOrderLine[]) =>
  tx
    .insertInto('order_lines')
    .values(lines.map((l) => ({ ...l, order_id: orderId })))
    .execute();

export const insertOrderEvent = (
  db: Executor,
  e: { order_id: number; kind: string; from_status?: string | null; to_status?: string | null; actor_kind: string; actor_id?: string; reason?: string; request_id?: string },
) => db.insertInto('order_events').values({ from_status: null, to_status: null, ...e }).execute();

/** Moves an order from one of `from` to `to` only if it is still there: the one way statuses change. */
export const transitionOrder = (db: Executor, orderId: number, from: OrderStatus[], to: OrderStatus, stamps: Record<string, unknown> = {}, userId?: number) => {
  let q = db
    .updateTable('orders')
    .set({ ...stamps, status: to, updated_at: sql`now()` })
    .where('id', '=', orderId)
    .where('status', 'in', from);
  if (userId !== undefined) q = q.where('user_id', '=', userId);
  return q.returning(['id', 'status', 'user_id', 'order_no']).executeTakeFirst();
};

/** Locks one order row until the transaction ends (shipping serializes on it). */
export const lockOrderForUpdate = (tx: Tx, orderId: number) => tx.selectFrom('orders').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirst();

export const findOrderEvents = (db: Executor, orderId: number) => db.selectFrom('order_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

export const findOrder = (db: Executor, orderId: number) => db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();

export const findMemberOrder = (db: Executor, userId: number, orderId: number) =>
  db.selectFrom('orders').selectAll().where('id', '=', orderId).where('user_id', '=', userId).executeTakeFirst();

export const findOrderLines = (db: Executor, orderIds: number[]) =>
  db.selectFrom('order_lines').selectAll().where('order_id', 'in', orderIds.length ? orderIds : [-1]).orderBy('order_id').orderBy('id').execute();

const VIEW_STATUSES: Record<string, OrderStatus[] | undefined> = {
  all: undefined,
  unpaid: ['awaiting_payment'],
  to_ship: ['paid'],
  to_receive: ['shipped'],
  after_sales: ['refunding', 'refunded'],
};
export const statusesOfView = (view: string) => VIEW_STATUSES[view];

export function findMemberOrdersPage(db: Executor, userId: number, statuses: OrderStatus[] | undefined, limit: number, offset: number) {
  let q = db
    .selectFrom('orders')
    .selectAll()
    .select(sql<string>`count(*) over ()`.as('total'))
    .where('user_id', '=', userId);
  if (statuses) q = q.where('status', 'in', statuses);
  return q.orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export const countMemberOrdersByStatus = (db: Executor, userId: number) =>
  db.selectFrom('orders').select(['status', sql<string>`count(*)`.as('n')]).where('user_id', '=', userId).groupBy('status').execute();

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

export function findOrdersPageByStatus(db: Executor, status: OrderStatus | undefined, limit: number, offset: number) {
  let q = db.selectFrom('orders').selectAll().select(sql<string>`count(*) over ()`.as('total'));
  if (status) q = q.where('status', '=', status);
  return q.orderBy('id', 'desc').limit(limit).offset(offset).execute();
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

/** International freight bands holding `weightG` for a country, one per method. */
export const findInternationalFreightFees = (db: Executor, countryCode: string, weightG: number, currency: string) =>
  db
    .selectFrom('international_freight')
    .select(['method', 'fee_minor'])
    .where('country_code', '=', countryCode)
    .where('currency', '=', currency)
    .where('weight_from_g', '<=', weightG)
    .where('weight_to_g', '>', weightG)
    .orderBy('method')
    .execute();

export const upsertInternationalFreight = (db: Executor, row: { country_code: string; method: 'standard' | 'express'; weight_from_g: number; weight_to_g: number; currency: string; fee_minor: number }, by: string) =>
  db
    .insertInto('international_freight')
    .values({ ...row, updated_by: by })
    .onConflict((oc) => oc.columns(['country_code', 'method', 'currency', 'weight_from_g']).doUpdateSet({ weight_to_g: row.weight_to_g, fee_minor: row.fee_minor, updated_by: by, updated_at: sql`now()` }))
    .execute();

/** The currency of a country (what its members pay in). */
export const findCountryCurrency = async (db: Executor, countryCode: string) =>
  (await db.selectFrom('geo_countries').select('currency').where('code', '=', countryCode).executeTakeFirst())?.currency || undefined;

/** Whether the member's international real-name is approved (needed for customs). */
export const hasApprovedInternationalRealName = async (db: Executor, userId: number) =>
  Boolean(await db.selectFrom('certifications').select('id').where('user_id', '=', userId).where('kind', '=', 'international').where('status', '=', 'approved').executeTakeFirst());
