import type { Language } from '@shop/contract';
import type { RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import type { Tx } from '../../lib/transaction.js';
import { pick } from '../catalogue/texts.js';
import { findOrder, findOrderLines, findOrderLinesById, findOrderWithLines, lockOrderWithLinesForUpdate } from '../orders/orders.queries.js';
import type { OrderRef } from './after-sales.queries.js';

// The orders a case may be on: a regular order (the orders area, below this one) or a member-shop
// order (the member-shop area, above this one, which fills `shopOrderSource` in wiring.ts). Cases
// read both through one shape, so windows, units, shares and refunds are computed once.

export type { OrderRef };

/** An order as after-sales reads it. `status` is `shipped` or `completed` while it is open to after-sales. */
export interface CaseOrder {
  kind: OrderRef['kind'];
  id: number;
  order_no: string;
  user_id: number;
  status: string;
  completed_at: Date | null;
  shipped_at: Date | null;
  settled_at: Date | null;
  total_minor: number;
  freight_minor: number;
  currency: string;
  country_code: string;
  /** The member shop that sold a shop order, and its owner (null for a regular order). */
  shop: { id: number; name: string; owner_id: number } | null;
  /** Points and shopping points spent on the order at checkout (a shop order spends none): a return gives their share back. */
  points_spent: number;
}

/** A line of such an order. */
export interface CaseOrderLine {
  id: number;
  order_id: number;
  goods_id: number;
  sku_id: number;
  quantity: number;
  unit_price_minor: number;
  line_total_minor: number;
  name: Record<string, string>;
  image: string;
  spec: (lang: Language) => string;
  /** The goods' warranty months, when read with the line. */
  warranty_months?: number;
}

/** A regular order as the member-shop area knows it: its buyer may have booked it into their shop's stock. */
export interface RestockedOrder {
  id: number;
  order_no: string;
}

/** Such an order as references to a row of `orders` in a statement (many orders read at once). */
export interface RestockedOrderRow {
  id: RawBuilder<unknown>;
  order_no: RawBuilder<unknown>;
}

/**
 * What the member-shop area offers after-sales about its shop orders, and about the regular orders
 * their owners booked into a shop's stock (registered in wiring.ts).
 */
export interface ShopOrderSource {
  find(db: Executor, id: number): Promise<CaseOrder | undefined>;
  /** The shop order under its row lock (the lock its settlement takes too). */
  lock(tx: Tx, id: number): Promise<CaseOrder | undefined>;
  lines(db: Executor, id: number): Promise<CaseOrderLine[]>;
  /** The shop order a line belongs to. */
  orderOfLine(db: Executor, lineId: number): Promise<number | undefined>;
  /** Units returned and resellable go back to the shop's stock, recorded. */
  takeBack(tx: Tx, actor: Actor, shopOrderId: number, units: Array<{ sku_id: number; goods_id: number; qty: number }>, reference: string): Promise<void>;
  /** A case of the shop order was opened or moved: the owner's lists show it. */
  caseChanged(tx: Tx, shopOrderId: number): Promise<void>;
  /** A case of the shop order ended: its settlement is scheduled again. */
  caseEnded(tx: Tx, shopOrderId: number): Promise<void>;
  /**
   * Units of a regular order its buyer booked into their shop's stock (`/attractive/shop/restock`),
   * per SKU: they are the shop's now, no longer the buyer's to ask after-sales about.
   */
  restockedUnits(db: Executor, order: RestockedOrder): Promise<Map<number, number>>;
  /**
   * The same read, unexecuted, for a statement of after-sales to run with its own (JSON `[{sku_id, units}]`):
   * of one order, or of the `orders` row the statement names (its list of orders open to cases).
   */
  restockedUnitsQuery(order: RestockedOrder | RestockedOrderRow): RawBuilder<Array<{ sku_id: number | string; units: number | string }>>;
}

export const shopOrderSource: { hooks?: ShopOrderSource } = {};

const shopHooks = (): ShopOrderSource => {
  if (!shopOrderSource.hooks) throw new Error('member-shop orders are not wired to after-sales');
  return shopOrderSource.hooks;
};

type RegularOrder = NonNullable<Awaited<ReturnType<typeof findOrder>>>;
type RegularLine = Awaited<ReturnType<typeof findOrderLines>>[number];

const regularOrder = (o: RegularOrder): CaseOrder => ({
  kind: 'order',
  id: o.id,
  order_no: o.order_no,
  user_id: o.user_id,
  status: o.status,
  completed_at: o.completed_at ? new Date(o.completed_at) : null,
  shipped_at: o.shipped_at ? new Date(o.shipped_at) : null,
  settled_at: o.settled_at ? new Date(o.settled_at) : null,
  total_minor: Number(o.total_minor),
  freight_minor: Number(o.freight_minor),
  currency: o.currency,
  country_code: o.country_code,
  shop: null,
  points_spent: Number(o.points_used) + Number(o.shopping_points_used),
});

const regularLine = (l: RegularLine): CaseOrderLine => ({
  id: l.id,
  order_id: l.order_id,
  goods_id: l.goods_id,
  sku_id: l.sku_id,
  quantity: l.quantity,
  unit_price_minor: Number(l.unit_price_minor),
  line_total_minor: Number(l.line_total_minor),
  name: l.name as Record<string, string>,
  image: l.image,
  spec: (lang) => pick(l.spec_text, lang),
});

/** The order a case (or a request) names. */
export const refOf = (c: { order_id?: number | null; shop_order_id?: number | string | null }): OrderRef =>
  c.shop_order_id !== null && c.shop_order_id !== undefined ? { kind: 'shop_order', id: Number(c.shop_order_id) } : { kind: 'order', id: c.order_id! };

/** The order, or nothing. */
export async function findCaseOrder(db: Executor, ref: OrderRef): Promise<CaseOrder | undefined> {
  if (ref.kind === 'shop_order') return shopHooks().find(db, ref.id);
  const o = await findOrder(db, ref.id);
  return o ? regularOrder(o) : undefined;
}

type OrderWithLines = Awaited<ReturnType<typeof findOrderWithLines>>;

/** A regular order's rows with its lines (one per line) as the order, its lines and their warranty months. */
function regularOrderWithLines(rows: OrderWithLines): { order: CaseOrder; lines: CaseOrderLine[] } | undefined {
  if (!rows[0]) return undefined;
  return {
    order: regularOrder(rows[0]),
    lines: rows.flatMap((r) => (r.line ? [{ ...regularLine(r.line), warranty_months: r.warranty_months ?? 0 }] : [])),
  };
}

/** The order with its lines (a regular order's in one read). */
export async function findCaseOrderWithLines(db: Executor, ref: OrderRef): Promise<{ order: CaseOrder; lines: CaseOrderLine[] } | undefined> {
  if (ref.kind === 'order') return regularOrderWithLines(await findOrderWithLines(db, ref.id));
  const order = await shopHooks().find(db, ref.id);
  return order && { order, lines: await shopHooks().lines(db, ref.id) };
}

/**
 * The order under its row lock with its lines (a regular order's in the locking read, with what
 * `also` reads for a regular order, as `also`).
 */
export async function lockCaseOrderWithLines<A = never>(tx: Tx, ref: OrderRef, also?: (orderId: number) => RawBuilder<A>): Promise<{ order: CaseOrder; lines: CaseOrderLine[]; also?: A } | undefined> {
  if (ref.kind === 'order') {
    const rows = await lockOrderWithLinesForUpdate(tx, ref.id, also?.(ref.id));
    const found = regularOrderWithLines(rows);
    return found && { ...found, also: rows[0]!.also };
  }
  const order = await shopHooks().lock(tx, ref.id);
  return order && { order, lines: await shopHooks().lines(tx, ref.id) };
}

/** The order's lines. */
export async function caseOrderLines(db: Executor, ref: OrderRef): Promise<CaseOrderLine[]> {
  if (ref.kind === 'shop_order') return shopHooks().lines(db, ref.id);
  return (await findOrderLines(db, [ref.id])).map(regularLine);
}

/** The order a line belongs to. */
export async function orderOfLine(db: Executor, kind: OrderRef['kind'], lineId: number): Promise<OrderRef | undefined> {
  if (kind === 'shop_order') {
    const id = await shopHooks().orderOfLine(db, lineId);
    return id === undefined ? undefined : { kind, id };
  }
  const [line] = await findOrderLinesById(db, lineId);
  return line ? { kind, id: line.order_id } : undefined;
}

/** Units of a shop order returned and resellable go back to the shop's stock. */
export const takeBackToShop = (tx: Tx, actor: Actor, shopOrderId: number, units: Array<{ sku_id: number; goods_id: number; qty: number }>, reference: string) => shopHooks().takeBack(tx, actor, shopOrderId, units, reference);

/** A shop order's case was opened or moved. */
export const shopOrderCaseChanged = (tx: Tx, shopOrderId: number) => shopHooks().caseChanged(tx, shopOrderId);

/** A shop order's case ended. */
export const shopOrderCaseEnded = (tx: Tx, shopOrderId: number) => shopHooks().caseEnded(tx, shopOrderId);

/** Units of the order booked into its buyer's shop, per SKU: none for a shop order (only a regular order is booked into a shop). */
export const restockedUnitsOf = async (db: Executor, order: CaseOrder): Promise<Map<number, number>> => (order.kind === 'order' ? shopHooks().restockedUnits(db, order) : new Map());

/** `restockedUnitsOf` of a regular order, unexecuted (a shop order has none: undefined). */
export const restockedUnitsQueryOf = (order: CaseOrder) => (order.kind === 'order' ? shopHooks().restockedUnitsQuery(order) : undefined);

/** `restockedUnitsOf` of the regular order whose `orders` row a statement names, unexecuted. */
export const restockedUnitsQueryOfRow = (row: RestockedOrderRow) => shopHooks().restockedUnitsQuery(row);
