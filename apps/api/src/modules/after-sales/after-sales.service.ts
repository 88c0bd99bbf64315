import {
  AFTER_SALE_COUNTING_STATUSES,
  AFTER_SALE_OPEN_STATUSES,
  AFTER_SALE_IMAGES_MAX,
  AFTER_SALE_DESCRIPTION_MAX,
  AFTER_SALE_VIDEO_SECONDS_MAX,
  allocateMinor,
  DEFAULT_LANGUAGE,
  ResponseCode,
  type AfterSaleCase,
  type EndpointBody,
  type EndpointData,
  type EndpointQuery,
  type applyForOrderAfterSale,
  type estimateAfterSaleRefund,
  type cancelAfterSale,
  type confirmAfterSaleReceipt,
  type getAfterSale,
  type listAfterSaleGoods,
  type listAfterSaleReasons,
  type listExchangeGoods,
  listAfterSales,
  type listAfterSaleServicePoints,
  type saveAfterSaleShipment,
  type submitAfterSale,
  type submitOrderAfterSale,
  type trackAfterSaleShipment,
} from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/database.js';
import { actorStamp, memberIdOf, type Actor } from '../../lib/actor.js';
import { Expiring, responseCache } from '../../lib/cache.js';
import { iso } from '../../lib/dates.js';
import { AppError, ValidationError } from '../../lib/errors.js';
import { businessNumber } from '../../lib/tokens.js';
import { pageOf, totalOf } from '../../lib/paging.js';
import { withTransaction, type Tx } from '../../lib/transaction.js';
import { enqueueLaterJob } from '../../jobs/enqueue.js';
import { notifyMember } from '../messages/messages.service.js';
import { findGoodsById, findGoodsWarranty, findSkusOfGoods } from '../catalogue/catalogue.queries.js';
import { catalogueChangedOnCommit } from '../catalogue/response-cache.js';
import { findSkusForCheckout, returnStock } from '../catalogue/stock.queries.js';
import { skuSpecText } from '../catalogue/sku-text.js';
import { pick } from '../catalogue/texts.js';
import { OrderListTag, ordersChanged } from '../orders/order-lists.js';
import { findRefundsByCausePrefixes, findSucceededRefundsWithMethodByCausePrefixes } from '../payments/payments.queries.js';
import { REFUND_OVERDUE_SECONDS } from '../payments/settlement.js';
import { refundPartsOf } from '../payments/payment-history.js';
import { scheduleSettlement } from '../orders/order-settlement.js';
import { spentPointsDue } from '../orders/points.js';
import { signedAddressesSameUntil, signStored, uploadKeyOf } from '../uploads/file-addresses.js';
import { findOwnUpload, findOwnUploadsByKey } from '../uploads/uploads.queries.js';
import { storedVideoSeconds } from '../uploads/video-duration.js';
import type { ParcelTracker } from '../../providers/tracking/tracking.js';
import * as q from './after-sales.queries.js';
import { pointsFiguresOf } from './points-notes.js';
import { casesPaymentsLeft, orderPaymentsLeft, planCaseRefund, valueLeftOf } from './refund-plan.js';
import type { AfterSaleKind, AfterSaleStatus } from './after-sales.table.js';
import { caseOrderLines, findCaseOrder, findCaseOrderWithLines, lockCaseOrderWithLines, orderOfLine, refOf, restockedUnitsOf, restockedUnitsQueryOf, restockedUnitsQueryOfRow, shopOrderCaseChanged, shopOrderCaseEnded, type CaseOrder, type CaseOrderLine, type OrderRef } from './order-source.js';

// After-sales: a member asks for a return, an exchange or a warranty repair of units of an order
// they received; operators decide and act (after-sales.console.ts). Every move of a case is a
// conditional update from the state it expects, written with its event in the same transaction.
// The units of a line in cases never exceed what was bought: a case is opened under the order's
// row lock, which every case of the order takes in turn.

type OrderRow = CaseOrder;
type OrderLineRow = CaseOrderLine;
export type CaseRow = NonNullable<Awaited<ReturnType<typeof q.findCase>>>;

/** What a refunded case gave back to the member: the order's value it refunded and the card surcharge that came back with it (null: not refunded yet). */
export const refundedOf = (c: Pick<CaseRow, 'refunded_minor' | 'refunded_fee_minor'>): number | null => (c.refunded_minor === null ? null : Number(c.refunded_minor) + Number(c.refunded_fee_minor));

/** Why a case's refund is stuck, for operators: a part the gateway refused for good (its reason), or one pending past a day (the last fault). */
export type RefundProblem = { kind: 'failed' | 'overdue'; reason: string };

/**
 * The refund problems of the cases still refunding: a part the gateway refused with nothing pending
 * in its place and less than the refund given back, or a part pending past `REFUND_OVERDUE_SECONDS`.
 */
export async function caseRefundProblems(db: Executor, rows: Array<Pick<CaseRow, 'id' | 'status' | 'refund_minor'>>): Promise<Map<number, RefundProblem>> {
  const refunding = rows.filter((r) => r.status === 'refunding');
  const refunds = await findRefundsByCausePrefixes(db, refunding.map((r) => `after-sale:${r.id}:`));
  const out = new Map<number, RefundProblem>();
  for (const c of refunding) {
    const mine = refunds.filter((r) => r.cause.startsWith(`after-sale:${c.id}:`));
    const pending = mine.filter((r) => r.status === 'pending');
    const overdue = pending.find((r) => Date.now() - new Date(r.created_at).getTime() >= REFUND_OVERDUE_SECONDS * 1000);
    const live = mine.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + Number(r.amount_minor), 0);
    const refused = mine.filter((r) => r.status === 'failed').at(-1);
    if (overdue) out.set(c.id, { kind: 'overdue', reason: overdue.last_error ?? '' });
    else if (refused && !pending.length && live < Number(c.refund_minor ?? 0)) out.set(c.id, { kind: 'failed', reason: refused.failure_reason ?? '' });
  }
  return out;
}

const DAY = 86_400_000;
const KINDS: AfterSaleKind[] = ['return', 'exchange', 'warranty'];

/** A case number: `AS`, the date and 10 random digits; a number already taken is drawn again (`openCase`). */
const caseNumber = () => businessNumber('AS');

const addMonths = (d: Date, months: number) => {
  const out = new Date(d);
  out.setUTCMonth(out.getUTCMonth() + months);
  return out;
};

/** Writes one event of a case's history. */
export const recordCaseEvent = (db: Executor, actor: Actor, caseId: number, e: { kind: string; from?: string | null; to?: string | null; reason?: string }) =>
  q.insertCaseEvent(db, { case_id: caseId, kind: e.kind, from_status: e.from ?? null, to_status: e.to ?? null, reason: e.reason ?? '', ...actorStamp(actor), request_id: actor.requestId });

/**
 * Moves a case to `to` from one of `from` and writes its event in the caller's transaction;
 * answers the moved row when this call made the change, nothing when the case is elsewhere.
 */
export async function moveCase(tx: Tx, actor: Actor, caseId: number, from: AfterSaleStatus[], to: AfterSaleStatus, change: { kind?: string; reason?: string; set?: Parameters<typeof q.transitionCase>[1]['set']; memberId?: number } = {}) {
  const moved = await q.transitionCase(tx, { caseId, from, to, set: change.set ?? {}, userId: change.memberId });
  if (!moved) return undefined;
  // The member's cached case and order lists are dropped once this commits.
  ordersChanged(tx, [moved.user_id]);
  await recordCaseEvent(tx, actor, caseId, { kind: change.kind ?? to, from: moved.was, to, reason: change.reason });
  if (moved.shop_order_id !== null) await shopOrderCaseChanged(tx, Number(moved.shop_order_id));
  return moved;
}

// ---------------------------------------------------------------- what may be asked

interface LineOpening {
  line: OrderLineRow;
  /** Units held by cases (open ones, and returns taken back), units returned, units ever exchanged. */
  inCases: number;
  /** Units the buyer booked into their member shop's stock: the shop's now, out of after-sales (`left` excludes them). */
  restocked: number;
  returned: number;
  exchanged: number;
  left: number;
  kinds: AfterSaleKind[];
  /** The line's share of what was paid for the goods (coupon, points and fee shared by the largest remainder). */
  share: number;
  warrantyUntil: Date | null;
}

interface Opening {
  order: OrderRow;
  lines: LineOpening[];
  deadlines: { return: Date | null; exchange: Date | null };
  settings: Awaited<ReturnType<typeof q.findAfterSaleSettings>>;
  /** The order is not (or no longer) open to after-sales at all. */
  closed: boolean;
}

type KeptDeps = Pick<AppDeps, 'db' | 'config' | 'redis'>;
/** The cache tags of the after-sales settings and reasons each process keeps: the tables' triggers announce every change. */
export const SETTINGS_TAG = 'after-sale-settings';
/** The reasons' tag also drops every member's kept case list, which names its reasons. */
export const CASE_REASONS_TAG = 'after-sale-reasons';
// Read, when not kept, through `db`: inside a transaction that is its own connection, so a burst of
// cases opened at once, each holding a connection of the pool, never waits on the pool for another.
const keptSettings = (deps: KeptDeps, db: Executor = deps.db) => responseCache(deps).memo({ id: SETTINGS_TAG, tags: [SETTINGS_TAG] }, () => q.findAfterSaleSettings(db));
/** Every reason, enabled or not, by kind, sort and code. */
const keptReasons = (deps: KeptDeps, db: Executor = deps.db) => responseCache(deps).memo({ id: CASE_REASONS_TAG, tags: [CASE_REASONS_TAG] }, () => q.findAllReasons(db));

type UnitsInCases = Awaited<ReturnType<typeof q.findUnitsInCases>>;

/**
 * Units of a line that cases hold: returns (open, or taken back) and open exchanges and repairs. A
 * completed exchange or repair gave the member goods again: those units may be asked about anew.
 */
const heldByCases = (units: UnitsInCases, lineId: number) =>
  units.filter((u) => Number(u.order_line_id) === lineId && (u.kind === 'return' || u.status !== 'completed')).reduce((s, u) => s + Number(u.qty), 0);

/**
 * Per line, the units the buyer booked into their shop's stock (`restocked`, per SKU): taken from the
 * units no case holds, line by line in order, so a line's units in cases and booked never exceed what
 * was bought.
 */
function restockedPerLine(lines: CaseOrderLine[], units: UnitsInCases, restocked: Map<number, number>): Map<number, number> {
  const toPlace = new Map(restocked);
  const out = new Map<number, number>();
  for (const line of lines) {
    const free = Math.max(0, line.quantity - heldByCases(units, line.id));
    const placed = Math.min(free, toPlace.get(line.sku_id) ?? 0);
    toPlace.set(line.sku_id, (toPlace.get(line.sku_id) ?? 0) - placed);
    out.set(line.id, placed);
  }
  return out;
}

/**
 * What of an order may be asked for now: per line the units left (bought, less the units in cases and
 * those booked into the buyer's shop), the kinds open, its share of the payment. Its lines, units in
 * cases and units booked into a shop are read here unless given.
 */
async function openingOf(deps: KeptDeps, db: Executor, order: OrderRow, known: { lines?: CaseOrderLine[]; units?: UnitsInCases; restocked?: Map<number, number> } = {}): Promise<Opening> {
  const [settings, lines, units, restocked] = await Promise.all([
    keptSettings(deps, db),
    known.lines ?? caseOrderLines(db, order),
    known.units ?? q.findUnitsInCases(db, order, AFTER_SALE_COUNTING_STATUSES),
    known.restocked ?? restockedUnitsOf(db, order),
  ]);
  const booked = restockedPerLine(lines, units, restocked);
  // Warranty months read with the lines where their source gives them, the rest here.
  const warranty = new Map(lines.flatMap((l) => (l.warranty_months === undefined ? [] : [[l.goods_id, l.warranty_months] as const])));
  const unread = [...new Set(lines.filter((l) => l.warranty_months === undefined).map((l) => l.goods_id))];
  if (unread.length) for (const g of await findGoodsWarranty(db, unread)) warranty.set(g.id, g.warranty_months);
  const now = Date.now();
  // Received: completed (confirmed or by time); a shipped order is on its way and its windows have not begun.
  const receivedAt = order.completed_at ? new Date(order.completed_at) : null;
  const closed = !['shipped', 'completed'].includes(order.status);
  // Once settled, an order's money is final: exchanges and repairs remain, returns do not.
  const settled = !!order.settled_at;
  const deadlines = {
    return: receivedAt ? new Date(receivedAt.getTime() + settings.return_days * DAY) : null,
    exchange: receivedAt ? new Date(receivedAt.getTime() + settings.exchange_days * DAY) : null,
  };
  const goodsPaid = Number(order.total_minor) - Number(order.freight_minor);
  const weights = lines.map((l) => Number(l.line_total_minor));
  const shares = weights.some((w) => w > 0) ? allocateMinor(Math.max(0, goodsPaid), weights) : lines.map(() => 0);
  return {
    order,
    settings,
    deadlines,
    closed,
    lines: lines.map((line, i) => {
      const mine = units.filter((u) => Number(u.order_line_id) === line.id);
      const of = (kind: AfterSaleKind) => mine.filter((u) => u.kind === kind).reduce((s, u) => s + Number(u.qty), 0);
      // Exchanged units asked about anew stay under the cap of exchanges.
      const inCases = heldByCases(units, line.id);
      const restockedHere = booked.get(line.id) ?? 0;
      const left = Math.max(0, line.quantity - inCases - restockedHere);
      const months = warranty.get(line.goods_id) ?? 0;
      const from = receivedAt ?? (order.shipped_at ? new Date(order.shipped_at) : null);
      const warrantyUntil = months > 0 && from ? addMonths(from, months) : null;
      const exchanged = of('exchange');
      const kinds: AfterSaleKind[] = [];
      if (!closed && left > 0) {
        if (!settled && (!deadlines.return || now <= deadlines.return.getTime())) kinds.push('return');
        if ((!deadlines.exchange || now <= deadlines.exchange.getTime()) && exchanged < exchangeCap(settings.max_exchanges, { line, returned: of('return'), restocked: restockedHere })) kinds.push('exchange');
        if (warrantyUntil && now <= warrantyUntil.getTime()) kinds.push('warranty');
      }
      return { line, inCases, restocked: restockedHere, returned: of('return'), exchanged, left, kinds, share: shares[i] ?? 0, warrantyUntil };
    }),
  };
}

/**
 * How many exchanges a line may have had in all: the operator's number per unit (`max_exchanges`),
 * for the units its buyer still holds; units returned (or being returned) and units booked into
 * their shop give none.
 */
const exchangeCap = (maxExchanges: number, l: { line: { quantity: number }; returned: number; restocked: number }) => maxExchanges * Math.max(0, l.line.quantity - l.returned - l.restocked);

/** Refuses exchanging `qty` more units of a line past its cap of exchanges. */
function refuseOverExchangeCap(maxExchanges: number, l: LineOpening, qty: number): void {
  if (l.exchanged + qty > exchangeCap(maxExchanges, l)) throw new AppError(ResponseCode.afterSaleExchangeLimit, { max: maxExchanges });
}

/** Asking more units than a line has left: "only N left", or that none is left at all. */
const quantityRefusal = (left: number) => new AppError(ResponseCode.afterSaleQuantity, { left }, left > 0 ? undefined : { messageKey: 'afterSales.code.afterSaleNoneLeft' });

/** What returning `qty` more units of a line refunds: the line's share by units, each rounding taken once (the cumulative floor). */
const returnShare = (l: LineOpening, qty: number) => {
  const upTo = (units: number) => Math.floor((l.share * units) / l.line.quantity);
  return upTo(l.returned + qty) - upTo(l.returned);
};

/**
 * What a return of these units (per order line) takes back of the order's value: each line's share by
 * units (`returnShare`), and the freight when it takes back the last unit of the order (no other case
 * can show it while units are left; `settleFreight` works it out again as cases end or are refunded).
 */
function returnValueOf(o: Opening, units: Map<number, number>): { goods: number; freight: number } {
  const goods = o.lines.reduce((s, l) => s + (units.get(l.line.id) ? returnShare(l, units.get(l.line.id)!) : 0), 0);
  const whole = o.lines.every((l) => l.returned + (units.get(l.line.id) ?? 0) >= l.line.quantity);
  return { goods, freight: whole ? Number(o.order.freight_minor) : 0 };
}

/** The member's order (regular or member-shop); another member's answers "not found". */
async function memberOrderOrRefuse(db: Executor, userId: number, ref: OrderRef): Promise<OrderRow> {
  return ownOrRefuse(await findCaseOrder(db, ref), userId);
}

/** An order as found, when it is the member's; "order not found" for another member's, as for none. */
function ownOrRefuse<T extends { user_id: number } | { order: { user_id: number } }>(found: T | undefined, userId: number): T {
  const owner = found && ('order' in found ? found.order.user_id : found.user_id);
  if (owner !== userId) throw new AppError(ResponseCode.orderNotFound);
  return found!;
}

/**
 * A line the call names that is not one of the order's: refused on the field, the same for a line of
 * the member's other order, of another member's order or of none (nothing tells which it is).
 */
const lineNotInOrder = (field: string) => new ValidationError([{ field, key: 'afterSales.validation.lineNotInOrder', params: { field } }]);

/** Which order a member's call names: `order_id`, or `shop_order_id` for a member-shop order. */
const orderOfInput = (input: { order_id?: number; shop_order_id?: number }): OrderRef => refOf({ order_id: input.order_id ?? null, shop_order_id: input.shop_order_id ?? null });

/** The case's order columns: exactly one set. */
const orderColumnsOf = (ref: OrderRef) => (ref.kind === 'order' ? { order_id: ref.id, shop_order_id: null } : { order_id: null, shop_order_id: ref.id });
const lineColumnsOf = (ref: OrderRef, lineId: number) => (ref.kind === 'order' ? { order_line_id: lineId, shop_order_line_id: null } : { order_line_id: null, shop_order_line_id: lineId });

/** A reason's shipped text key, and its text: the operator's name in the language, else the shipped text of its code, else the operator's English name, else the code. */
export const reasonKey = (code: string) => `afterSales.reason.${code}`;
export function reasonText(i18n: AppDeps['i18n'], lang: Actor['lang'], code: string, names: Record<string, string> = {}): string {
  const key = reasonKey(code);
  return names[lang] || (i18n.has(key) ? i18n.t(lang, key) : names[DEFAULT_LANGUAGE] || code);
}

/** The reasons a member may give (of a kind, or all), by sort and code. */
const enabledReasons = async (deps: KeptDeps, kind?: AfterSaleKind, db: Executor = deps.db) =>
  (await keptReasons(deps, db)).filter((r) => r.enabled && (!kind || r.kind === kind)).sort((a, b) => a.sort - b.sort || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));

/** The reasons a member may give, in the member's language. */
async function reasonList(deps: KeptDeps & Pick<AppDeps, 'i18n'>, lang: Actor['lang'], kind?: AfterSaleKind) {
  return (await enabledReasons(deps, kind)).map((r) => ({ id: r.code, kind: r.kind, text: reasonText(deps.i18n, lang, r.code, r.names), needs_evidence: r.needs_evidence }));
}

/** What the member may ask for on an order now, per line: it writes nothing. */
export async function applyInfo(deps: KeptDeps & Pick<AppDeps, 'i18n'>, actor: Actor, input: EndpointBody<typeof applyForOrderAfterSale>): Promise<EndpointData<typeof applyForOrderAfterSale>> {
  const { order, lines } = ownOrRefuse(await findCaseOrderWithLines(deps.db, orderOfInput(input)), memberIdOf(actor));
  const o = await openingOf(deps, deps.db, order, { lines });
  const kinds = KINDS.filter((k) => o.lines.some((l) => l.kinds.includes(k)));
  const now = Date.now();
  return {
    order_id: order.kind === 'order' ? order.id : null,
    shop_order_id: order.kind === 'shop_order' ? order.id : null,
    order_no: order.order_no,
    currency: order.currency,
    kinds,
    deadlines: {
      return: o.closed || o.order.settled_at ? null : iso(o.deadlines.return),
      exchange: o.closed ? null : iso(o.deadlines.exchange),
    },
    lines: o.lines.map((l) => ({
      order_line_id: l.line.id,
      goods_id: l.line.goods_id,
      sku_id: l.line.sku_id,
      name: pick(l.line.name, actor.lang),
      spec_text: l.line.spec(actor.lang),
      image: l.line.image,
      price: Number(l.line.unit_price_minor),
      bought: l.line.quantity,
      in_cases: l.inCases,
      booked: l.restocked,
      left: l.left,
      kinds: l.kinds,
      refundable: l.kinds.includes('return') ? returnShare(l, l.left) : 0,
      warranty_until: l.warrantyUntil && l.warrantyUntil.getTime() >= now ? iso(l.warrantyUntil) : null,
    })),
    reasons: await reasonList(deps, actor.lang),
    freight: Number(order.freight_minor),
    max_images: AFTER_SALE_IMAGES_MAX,
    max_video_seconds: AFTER_SALE_VIDEO_SECONDS_MAX,
    max_description: AFTER_SALE_DESCRIPTION_MAX,
    max_exchanges: o.settings.max_exchanges,
  };
}

/**
 * What a return of these units of the member's order would refund, as the refund will make it: the
 * goods' share and the freight it takes back (as a case opened now would hold), then what the order's
 * payments send for that value (`planCaseRefund`: the card surcharge with the whole of it). Writes nothing.
 */
export async function estimateRefund(deps: KeptDeps, actor: Actor, input: EndpointQuery<typeof estimateAfterSaleRefund>): Promise<EndpointData<typeof estimateAfterSaleRefund>> {
  const ref = orderOfInput(input);
  const { order, lines } = ownOrRefuse(await findCaseOrderWithLines(deps.db, ref), memberIdOf(actor));
  const o = await openingOf(deps, deps.db, order, { lines });
  // Each line is named once (the query refuses a line named twice, as a request does).
  const units = new Map<number, number>();
  for (const pair of input.lines.split(',')) {
    const [lineId, qty] = pair.split(':').map(Number) as [number, number];
    if (qty > 0) units.set(lineId, qty);
  }
  for (const [lineId, qty] of units) {
    const l = o.lines.find((x) => x.line.id === lineId);
    if (!l) throw lineNotInOrder('lines');
    if (qty > l.left) throw quantityRefusal(l.left);
    if (!l.kinds.includes('return')) throw new AppError(ResponseCode.afterSaleKindNotAllowed);
  }
  const { goods, freight } = units.size ? returnValueOf(o, units) : { goods: 0, freight: 0 };
  const payments = await orderPaymentsLeft(deps.db, ref);
  const plan = planCaseRefund(payments, Math.min(goods + freight, valueLeftOf(payments)));
  // The points the order spent come back with the refund, as its refund will give them (a shop order spends none).
  const points = order.points_spent > 0 && units.size ? await spentPointsBack(deps.db, o, units, Math.max(0, plan.value - freight)) : { points: 0, shopping_points: 0 };
  return { currency: order.currency, goods, freight, surcharge: plan.fee, refund: plan.total, points: points.points, shopping_points: points.shopping_points };
}

/**
 * The points and shopping points a return of these units would give back of those the order spent:
 * what the refund's `returnSpentPointsShare` will give for its goods' part (`refunded`), after the
 * order's refunded cases.
 */
async function spentPointsBack(db: Executor, o: Opening, units: Map<number, number>, refunded: number) {
  const orderId = Number(o.order.id);
  const listValue = o.lines.reduce((s, l) => s + (units.get(l.line.id) ? Math.ceil((Number(l.line.line_total_minor) * units.get(l.line.id)!) / l.line.quantity) : 0), 0);
  // Case id 0 is none: every refunded case of the order counts as before this return.
  return spentPointsDue(db, orderId, {
    refundedBefore: await q.sumGoodsRefundedOfOrder(db, orderId, 0),
    refunded,
    returned: async () => ({ before: (await q.sumGoodsValueReturnedOfOrder(db, orderId, 0)).before, case: listValue }),
  });
}

// ---------------------------------------------------------------- opening a case

/** The member's own uploads of the evidence, or "evidence not yours". */
async function ownEvidence(db: Executor, userId: number, images: string[], video: string | undefined) {
  const wanted = [...[...new Set(images)].map((ref) => ({ ref, kind: 'image' as const })), ...(video ? [{ ref: video, kind: 'video' as const }] : [])].map((w) => ({ ...w, key: uploadKeyOf(w.ref) }));
  if (wanted.some((w) => !w.key)) throw new AppError(ResponseCode.afterSaleEvidence);
  // Read together: every key must be the member's own upload of its kind.
  const own = await findOwnUploadsByKey(db, userId, wanted.map((w) => ({ key: w.key!, kind: w.kind })));
  const notOwnPictures = wanted.filter((w) => w.kind === 'image' && !own.has(w.key!)).map((w) => ({ key: w.key!, kind: 'video' as const }));
  // The member's own video given as a picture is told as such, not as someone else's file.
  if (notOwnPictures.length && (await findOwnUploadsByKey(db, userId, notOwnPictures)).size) throw new AppError(ResponseCode.afterSaleEvidence, undefined, { messageKey: 'afterSales.code.afterSaleEvidenceNotImage' });
  return wanted.map((w, sort) => {
    const id = own.get(w.key!);
    if (id === undefined) throw new AppError(ResponseCode.afterSaleEvidence);
    return { upload_id: id, kind: w.kind, url: `/uploads/${w.key}`, sort };
  });
}

interface CaseRequest {
  kind: AfterSaleKind;
  lines: Array<{ order_line_id: number; qty: number; exchange_sku_id?: number }>;
  reason_id: string;
  description: string;
  images: string[];
  video?: string;
  followsCaseId?: number;
}

/** Opens a case on the member's order under its row lock; answers the new case. */
async function openCase(deps: KeptDeps, tx: Tx, actor: Actor, userId: number, ref: OrderRef, input: CaseRequest) {
  // The order's row lock lines up every case of the order (and a shop order's settlement): the units
  // counted under it cannot change meanwhile (a regular order's are counted by the locking read).
  const { order: locked, lines, also: units } = ownOrRefuse(await lockCaseOrderWithLines(tx, ref, q.unitsInCasesLockedOf(AFTER_SALE_COUNTING_STATUSES)), userId);
  // Units the buyer booked into their shop are checked against the case once written (below): read
  // by the statement that writes it, after the lock, so a restock committed while this waited counts.
  const o = await openingOf(deps, tx, locked, { lines, units, restocked: new Map() });
  // Refusing too many units names what is left with the booked units out, as the apply page counts
  // them: read only then (a separate statement, after the lock), so the member is never told to
  // choose a number that is refused in turn.
  const leftWithBooked = async (lineId: number) => (await openingOf(deps, tx, locked, { lines, units })).lines.find((x) => x.line.id === lineId)!.left;
  if (o.closed) throw new AppError(ResponseCode.afterSaleNotAllowed);
  const chosen = input.lines.filter((l) => l.qty > 0);
  if (!chosen.length) throw new AppError(ResponseCode.afterSaleNoLines);
  const merged = new Map<number, { qty: number; exchange_sku_id?: number }>();
  for (const l of chosen) {
    const was = merged.get(l.order_line_id);
    merged.set(l.order_line_id, { qty: (was?.qty ?? 0) + l.qty, exchange_sku_id: l.exchange_sku_id ?? was?.exchange_sku_id });
  }
  const reason = (await enabledReasons(deps, input.kind, tx)).find((r) => r.code === input.reason_id);
  if (!reason) throw new AppError(ResponseCode.afterSaleReasonInvalid);
  const rows: Array<{ order_line_id: number; qty: number; exchange_sku_id: number | null }> = [];
  for (const [lineId, want] of [...merged].sort((a, b) => a[0] - b[0])) {
    const l = o.lines.find((x) => x.line.id === lineId);
    if (!l) throw lineNotInOrder(`lines.${input.lines.findIndex((x) => x.order_line_id === lineId)}.order_line_id`);
    if (want.qty > l.left) throw quantityRefusal(await leftWithBooked(lineId));
    if (!l.kinds.includes(input.kind)) {
      // The window's end, when that is what refuses it.
      const deadline = input.kind === 'return' ? o.deadlines.return : input.kind === 'exchange' ? o.deadlines.exchange : l.warrantyUntil;
      if (input.kind === 'exchange' && l.exchanged >= exchangeCap(o.settings.max_exchanges, l)) throw new AppError(ResponseCode.afterSaleExchangeLimit, { max: o.settings.max_exchanges });
      // The message says the day the window closed (an ISO date, UTC); the data keeps the moment.
      if (deadline && deadline.getTime() < Date.now()) throw new AppError(ResponseCode.afterSaleNotAllowed, { deadline: iso(deadline).slice(0, 10) }, { messageKey: 'afterSales.code.afterSaleNotAllowedUntil', data: { deadline: iso(deadline) } });
      throw new AppError(ResponseCode.afterSaleKindNotAllowed);
    }
    let exchangeSku: number | null = null;
    if (input.kind === 'exchange') {
      refuseOverExchangeCap(o.settings.max_exchanges, l, want.qty);
      exchangeSku = want.exchange_sku_id ?? l.line.sku_id;
      const [sku] = await findSkusForCheckout(tx, [exchangeSku]);
      // Exchanges are at the same price: another SKU of the same goods that costs what was paid for it.
      if (!sku || sku.goods_id !== l.line.goods_id || sku.status !== 'on_sale' || Number(sku.price_minor) !== Number(l.line.unit_price_minor)) throw new AppError(ResponseCode.afterSaleExchangeSku);
      // An unavailable replacement is said as one (5206), never as the cart's shortage; a few left says how many.
      if (sku.stock <= 0) throw new AppError(ResponseCode.afterSaleExchangeSku);
      if (sku.stock < want.qty) throw new AppError(ResponseCode.afterSaleExchangeSku, { name: pick(l.line.name, actor.lang), spec: skuSpecText(sku.specs, sku.spec_value_ids, actor.lang), stock: sku.stock }, { messageKey: 'afterSales.code.replacementShort' });
    }
    rows.push({ order_line_id: lineId, qty: want.qty, exchange_sku_id: exchangeSku });
  }
  // Freight comes back only with the return that takes back the whole order.
  const { goods: refundable, freight } = input.kind === 'return' ? returnValueOf(o, new Map([...merged].map(([id, w]) => [id, w.qty]))) : { goods: 0, freight: 0 };
  const evidence = await ownEvidence(tx, userId, input.images, input.video);
  if (reason.needs_evidence && !evidence.length) throw new AppError(ResponseCode.afterSaleEvidenceRequired);
  const restockedRead = restockedUnitsQueryOf(locked);
  const insert = () =>
    q.insertCaseWithDetails(
      tx,
      {
        case_no: caseNumber(),
        ...orderColumnsOf(ref),
        user_id: userId,
        kind: input.kind,
        status: 'under_review',
        reason_code: reason.code,
        description: input.description,
        currency: locked.currency,
        refundable_minor: refundable + freight,
        freight_minor: freight,
        refund_minor: null,
        refunded_minor: null,
        refunded_at: null,
        follows_case_id: input.followsCaseId ?? null,
        ship_back_by: null,
        return_carrier_code: null,
        return_carrier: null,
        return_tracking: null,
        return_phone_tail: null,
        return_shipped_at: null,
        return_signed_at: null,
        received_at: null,
        resellable: null,
        replacement_carrier: null,
        replacement_tracking: null,
        replacement_shipped_at: null,
        replacement_signed_at: null,
        completed_at: null,
      },
      rows.map(({ order_line_id, ...r }) => ({ ...lineColumnsOf(ref, order_line_id), ...r })),
      evidence,
      { kind: 'submitted', from_status: null, to_status: 'under_review', reason: '', ...actorStamp(actor), request_id: actor.requestId },
      restockedRead,
    );
  // Two cases drawing the same number in a day is unlikely, not impossible: the one that finds it taken draws again.
  let created = await insert();
  for (let attempt = 1; !created; attempt++) {
    if (attempt >= 5) throw new Error('no free case number after 5 attempts');
    created = await insert();
  }
  // Units booked into the buyer's shop are the shop's: a case naming them is refused, and undone with
  // the transaction. A restock takes the same row lock, so it saw this case or this sees its units.
  const restocked = new Map((created.also ?? []).map((r) => [Number(r.sku_id), Number(r.units)] as const));
  if (restocked.size) {
    // What may be asked with those units out (read from what is known: no statement).
    const fresh = await openingOf(deps, tx, locked, { lines, units, restocked });
    for (const r of rows) {
      const l = fresh.lines.find((x) => x.line.id === r.order_line_id)!;
      if (r.qty > l.left) throw quantityRefusal(l.left);
      if (!l.kinds.includes(input.kind)) throw new AppError(input.kind === 'exchange' ? ResponseCode.afterSaleExchangeLimit : ResponseCode.afterSaleKindNotAllowed, { max: o.settings.max_exchanges });
      if (input.kind === 'exchange') refuseOverExchangeCap(o.settings.max_exchanges, l, r.qty);
    }
  }
  // The order now shows in the member's after-sales view and the case in their case list (a shop order's also in the shop's lists).
  ordersChanged(tx, [userId]);
  if (ref.kind === 'shop_order') await shopOrderCaseChanged(tx, ref.id);
  return created;
}

/** A video of evidence no longer than allowed, measured from the stored file itself; one that cannot be measured is refused. */
async function checkVideoLength(deps: Pick<AppDeps, 'db'> & { providers: Pick<AppDeps['providers'], 'storage'> }, userId: number, video: string | undefined): Promise<void> {
  if (!video) return;
  const key = uploadKeyOf(video);
  if (!key) throw new AppError(ResponseCode.afterSaleEvidence);
  if (!(await findOwnUpload(deps.db, userId, key, 'video'))) {
    // The member's own picture sent as the video is told as such, not as someone else's file.
    if (await findOwnUpload(deps.db, userId, key, 'image')) throw new AppError(ResponseCode.afterSaleEvidence, undefined, { messageKey: 'afterSales.code.afterSaleEvidenceNotVideo' });
    throw new AppError(ResponseCode.afterSaleEvidence);
  }
  const seconds = await storedVideoSeconds(await deps.providers.storage.read(key)).catch(() => undefined);
  // A file whose length cannot be read (WebM, a renamed file, a movie whose every header says 0) is refused as such, not as too long.
  if (seconds === undefined) throw new AppError(ResponseCode.afterSaleVideoTooLong, { max: AFTER_SALE_VIDEO_SECONDS_MAX }, { messageKey: 'afterSales.code.afterSaleVideoUnreadable' });
  if (seconds > AFTER_SALE_VIDEO_SECONDS_MAX) throw new AppError(ResponseCode.afterSaleVideoTooLong, { max: AFTER_SALE_VIDEO_SECONDS_MAX });
}

/** Opens a case on the member's order: kind, units of lines, reason, words and evidence. Amounts and states in the body are never read. */
export async function submitCase(deps: KeptDeps & { providers: Pick<AppDeps['providers'], 'storage'> }, actor: Actor, input: EndpointBody<typeof submitOrderAfterSale>): Promise<EndpointData<typeof submitOrderAfterSale>> {
  const userId = memberIdOf(actor);
  await checkVideoLength(deps, userId, input.video);
  return withTransaction(deps.db, async (tx) => {
    const created = await openCase(deps, tx, actor, userId, orderOfInput(input), { ...input });
    return { case_id: created.id, case_no: created.case_no, status: created.status };
  });
}

/** Sends a rejected case again: a new case on the same lines (once per rejected case), with new words or evidence when given. */
export async function resubmitCase(deps: KeptDeps & { providers: Pick<AppDeps['providers'], 'storage'> }, actor: Actor, input: EndpointBody<typeof submitAfterSale>): Promise<EndpointData<typeof submitAfterSale>> {
  const userId = memberIdOf(actor);
  await checkVideoLength(deps, userId, input.video);
  return withTransaction(deps.db, async (tx) => {
    // The rejected case's row lock lines up every sending of it: the first opens the new case, the
    // others wait, then find it and are refused (never the unique index's error).
    const before = await q.lockMemberCaseForUpdate(tx, userId, input.case_id);
    if (!before) throw new AppError(ResponseCode.afterSaleNotFound);
    if (before.status !== 'rejected' || (await q.findCaseFollowing(tx, before.id))) throw new AppError(ResponseCode.afterSaleState);
    const lines = await q.findCaseLines(tx, [before.id]);
    const evidence = await q.findEvidence(tx, [before.id]);
    const created = await openCase(deps, tx, actor, userId, refOf(before), {
      kind: before.kind,
      lines: lines.map((l) => ({ order_line_id: l.order_line_id, qty: l.qty, ...(l.exchange_sku_id ? { exchange_sku_id: l.exchange_sku_id } : {}) })),
      reason_id: input.reason_id ?? before.reason_code,
      description: input.description ?? before.description,
      images: input.images ?? evidence.filter((e) => e.kind === 'image').map((e) => e.url),
      video: input.video ?? (input.images === undefined ? evidence.find((e) => e.kind === 'video')?.url : undefined),
      followsCaseId: before.id,
    });
    return { case_id: created.id, case_no: created.case_no, status: created.status };
  });
}

// ---------------------------------------------------------------- the member's cases

const SHIP_BACK_FROM: AfterSaleStatus[] = ['awaiting_return'];

/** Where goods sent back stand: delivered as the carrier reported, else received as the shop marked them (no carrier's word), else on their way. */
const returnLegState = (carrierSigned: Date | string | null, received: Date | string | null): NonNullable<AfterSaleCase['return_shipment']>['status'] => (carrierSigned ? 'signed' : received ? 'received' : 'in_transit');
const WITHDRAW_FROM: AfterSaleStatus[] = ['under_review', 'awaiting_return', 'return_shipped'];

/**
 * Per open return case, what its refundable amount and its approved refund send as the order's
 * payments stand now (`planCaseRefund`, which the refund itself goes by): the card surcharge included
 * when it comes back with them, never more than the payments have left.
 */
async function refundsToSend(db: Executor, rows: CaseRow[]): Promise<Map<number, { refundable: number; refund: number | null }>> {
  const out = new Map<number, { refundable: number; refund: number | null }>();
  const open = rows.filter((r) => r.kind === 'return' && AFTER_SALE_OPEN_STATUSES.includes(r.status));
  if (open.length === 0) return out;
  const left = await casesPaymentsLeft(db, open.map((r) => ({ id: r.id, ref: refOf(r) })));
  for (const r of open) {
    const payments = left.get(r.id)!;
    const sent = (value: number) => planCaseRefund(payments, Math.min(value, valueLeftOf(payments))).total;
    out.set(r.id, { refundable: sent(Number(r.refundable_minor)), refund: r.refund_minor === null ? null : sent(Number(r.refund_minor)) });
  }
  return out;
}

type RefundPart = AfterSaleCase['refund_parts'][number];

/**
 * Where the refunds of refunded cases went, per case and destination (summing to what went back), by
 * the payments area's one rule (`refundPartsOf`): a wallet part to the wallet (or the points,
 * shopping points, gift-card value it was paid with), a gateway part to the card or other method
 * that paid it. The case pages and the member's message about the refund say it so.
 */
export async function caseRefundParts(db: Executor, rows: Array<Pick<CaseRow, 'id' | 'refunded_minor'>>): Promise<Map<number, RefundPart[]>> {
  const refunded = rows.filter((r) => r.refunded_minor !== null);
  const refunds = await findSucceededRefundsWithMethodByCausePrefixes(db, refunded.map((r) => `after-sale:${r.id}:`));
  const caseOf = (r: { cause: string }) => Number(r.cause.split(':')[1]);
  return new Map(refunded.map((c) => [c.id, refundPartsOf(refunds.filter((r) => caseOf(r) === c.id))] as const).filter(([, parts]) => parts.length > 0));
}

/** A case as the member and the console read it. */
export async function renderCases(
  deps: Pick<AppDeps, 'db' | 'i18n' | 'config' | 'secrets'>,
  lang: Actor['lang'],
  rows: Array<CaseRow & { order_no: string; shop_id?: number | string | null; shop_name?: string | null; reason_names?: Record<string, string> | null }>,
): Promise<AfterSaleCase[]> {
  const { db, i18n } = deps;
  const ids = rows.map((r) => r.id);
  // Pages carry their reasons' names; a single case reads them here. Every read at once.
  const [lines, evidence, followed, reasons, refundProblems, refundParts] = await Promise.all([
    q.findCaseLines(db, ids),
    q.findEvidence(db, ids),
    q.findFollowedCases(db, rows.filter((r) => r.status === 'rejected').map((r) => r.id)).then((list) => new Set(list)),
    rows.every((r) => r.reason_names !== undefined) ? [] : q.findAllReasons(db),
    caseRefundProblems(db, rows),
    caseRefundParts(db, rows),
  ]);
  const shownRefunds = await refundsToSend(db, rows);
  const exchangeSkus = [...new Set(lines.map((l) => l.exchange_sku_id).filter((x): x is number => !!x))];
  const skus = exchangeSkus.length ? await findSkusForCheckout(db, exchangeSkus) : [];
  const reasonNames = new Map(reasons.map((r) => [`${r.kind}:${r.code}`, r.names]));
  return rows.map((r) => ({
    id: r.id,
    case_no: r.case_no,
    order_id: r.order_id,
    shop_order_id: r.shop_order_id === null ? null : Number(r.shop_order_id),
    shop: r.shop_id !== null && r.shop_id !== undefined ? { id: Number(r.shop_id), name: r.shop_name ?? '' } : null,
    order_no: r.order_no,
    kind: r.kind,
    status: r.status,
    reason_id: r.reason_code,
    reason: reasonText(i18n, lang, r.reason_code, r.reason_names ?? reasonNames.get(`${r.kind}:${r.reason_code}`)),
    description: r.description,
    currency: r.currency,
    // An open return says what its refund will send (`refundsToSend`); once refunded, what it sent.
    refundable: shownRefunds.get(r.id)?.refundable ?? Number(r.refundable_minor),
    refund: shownRefunds.has(r.id) ? shownRefunds.get(r.id)!.refund : r.refund_minor === null ? null : Number(r.refund_minor),
    refunded: refundedOf(r),
    refunded_at: iso(r.refunded_at),
    refund_reason: r.refund_reason,
    // The figure a lowered refund was lowered from, kept as the console showed it when approving (not worked out again: once refunded the payments no longer say it).
    refund_reduced_from: r.refund_reduced_from_minor === null ? null : { amount: Number(r.refund_reduced_from_minor), surcharge: Number(r.refund_reduced_fee_minor ?? 0) },
    // The member reads that the shop is handling it, never the gateway's reason.
    refund_delayed: refundProblems.has(r.id),
    refund_parts: refundParts.get(r.id) ?? [],
    lines: lines
      .filter((l) => l.case_id === r.id)
      .map((l) => {
        const sku = l.exchange_sku_id ? skus.find((s) => s.id === l.exchange_sku_id) : undefined;
        return {
          order_line_id: l.order_line_id,
          name: pick(l.name, lang),
          spec_text: l.shop ? skuSpecText(l.shop_specs ?? [], (l.shop_spec_value_ids ?? []) as number[], lang) : pick(l.spec_text, lang),
          image: l.image,
          price: Number(l.unit_price_minor),
          qty: l.qty,
          exchange_sku_id: l.exchange_sku_id,
          exchange_spec_text: sku ? skuSpecText(sku.specs, sku.spec_value_ids, lang) : null,
        };
      }),
    // Evidence is private: its addresses are signed for this reader (the member or an operator).
    images: evidence.filter((e) => e.case_id === r.id && e.kind === 'image').map((e) => signStored(deps, e.url)),
    video: ((v) => (v ? signStored(deps, v.url) : null))(evidence.find((e) => e.case_id === r.id && e.kind === 'video')),
    reject_reason: r.reject_reason,
    ship_back_by: iso(r.ship_back_by),
    return_shipment: r.return_shipped_at
      ? { carrier_code: r.return_carrier_code ?? '', carrier: r.return_carrier ?? '', tracking_number: r.return_tracking ?? '', shipped_at: iso(r.return_shipped_at), status: returnLegState(r.return_signed_at, r.received_at) }
      : null,
    replacement_shipment: r.replacement_shipped_at
      ? { carrier_code: '', carrier: r.replacement_carrier ?? '', tracking_number: r.replacement_tracking ?? '', shipped_at: iso(r.replacement_shipped_at), status: r.replacement_signed_at ? 'signed' : 'in_transit' }
      : null,
    follows_case_id: r.follows_case_id,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    actions: {
      can_cancel: WITHDRAW_FROM.includes(r.status),
      can_ship_back: SHIP_BACK_FROM.includes(r.status),
      can_confirm_receipt: r.status === 'replacement_shipped',
      can_resubmit: r.status === 'rejected' && !followed.has(r.id),
    },
  }));
}

/**
 * `listCases` as the member's pages ask for it: kept per member, query and language
 * until one of the member's cases or orders moves (the order lists' tags: `ordersChanged`), a
 * reason is renamed, or the evidence addresses it carries are about to be signed anew.
 */
export function cachedCases(deps: Pick<AppDeps, 'db' | 'i18n' | 'config' | 'secrets' | 'redis'>, actor: Actor, input: EndpointQuery<typeof listAfterSales>) {
  const userId = memberIdOf(actor);
  // Every field of the query is in the key (the view, the order or shop order named, the page).
  const key = { id: `${userId}|${actor.lang}|${JSON.stringify(input)}`, tags: [OrderListTag.all, OrderListTag.member(userId), CASE_REASONS_TAG] };
  return responseCache(deps).cached(listAfterSales, key, async () => new Expiring(await listCases(deps, actor, input), signedAddressesSameUntil()));
}

/** The member's cases, newest first: all, the open ones or the finished ones, of one order when named. */
export async function listCases(deps: Pick<AppDeps, 'db' | 'i18n' | 'config' | 'secrets'>, actor: Actor, input: EndpointQuery<typeof listAfterSales>): Promise<EndpointData<typeof listAfterSales>> {
  const userId = memberIdOf(actor);
  const rows = await q.pageMemberCases(deps.db, userId, { view: input.view, orderId: input.order_id, shopOrderId: input.shop_order_id, limit: input.limit, offset: (input.page - 1) * input.limit });
  return pageOf(await renderCases(deps, actor.lang, rows), totalOf(rows), input);
}

/** A case's event as stored: its kind, the move, who acted (kind and id) and when. */
export type CaseEvent = Awaited<ReturnType<typeof q.findCaseEvents>>[number];

/** The notes the shop's jobs write on a case's history, said in the reader's language. */
const JOB_NOTES = { notShippedBack: 'not shipped back in time', notConfirmed: 'not confirmed in time' } as const;
const jobNoteKeys = new Map(Object.entries(JOB_NOTES).map(([key, note]) => [note as string, `afterSales.note.${key}`]));

/** An event's note in the reader's language: a job's in the shop's words, anyone else's as written. */
export function noteText(i18n: AppDeps['i18n'], lang: Actor['lang'], note: string): string {
  const key = jobNoteKeys.get(note);
  return key ? i18n.t(lang, key) : note;
}

/**
 * The events whose notes are written for the member: the reasons given them (a rejection, a refused
 * receipt, a closing, a completion by the shop) and the shipments' carrier and number; the points'
 * events are told by their figures (`pointsFiguresOf`). The others are operators' (an approval's
 * note, goods back on sale).
 */
const MEMBER_NOTES = new Set(['rejected', 'receipt_refused', 'closed', 'completed', 'return_shipped', 'return_shipment_changed', 'replacement_shipped']);

/** The number of the case a case was sent again after (null when it was not). */
export const followedCaseNo = async (db: Executor, c: { follows_case_id: number | null }) => (c.follows_case_id ? ((await q.findCase(db, c.follows_case_id))?.case_no ?? null) : null);

/**
 * The events of a case with the notes `note` gives each; the submitted event names the case it
 * follows by its number (the note older ones stored, `follows <id>`, is never shown).
 */
export const renderEvents = (events: CaseEvent[], followsCaseNo: string | null, note: (e: CaseEvent) => string) =>
  events.map((e) => ({
    kind: e.kind,
    from: e.from_status,
    to: e.to_status,
    reason: e.kind === 'submitted' ? '' : note(e),
    follows_case_no: e.kind === 'submitted' ? followsCaseNo : null,
    by: e.actor_kind,
    at: iso(e.created_at),
  }));

/** The events of a case as its member reads them: only the notes written for them, in their language. */
export const memberEvents = (i18n: AppDeps['i18n'], lang: Actor['lang'], events: CaseEvent[], followsCaseNo: string | null) =>
  renderEvents(events, followsCaseNo, (e) => (MEMBER_NOTES.has(e.kind) ? noteText(i18n, lang, e.reason) : e.kind.startsWith('points_') ? (pointsFiguresOf(i18n, lang, e.reason) ?? '') : ''));

/** Where the goods of a case go back, as its member sees it: the return address of the order's country once the case is approved (null before, or when none is set). */
export async function returnAddressOf(db: Executor, c: { status: AfterSaleStatus }, countryCode: string) {
  if (['under_review', 'rejected', 'withdrawn'].includes(c.status)) return null;
  return returnAddressIn(db, countryCode);
}

/** A return address or service point as members and operators read it. */
const shownAddress = (a: Awaited<ReturnType<typeof q.findAddresses>>[number]) => ({ id: a.id, name: a.name, address: a.address, phone: a.phone, hours: a.hours, country_code: a.country_code });

/** The return address of a country (null when the shop has none there): what the operator deciding a case sees. */
export async function returnAddressIn(db: Executor, countryCode: string) {
  const [a] = await q.findAddresses(db, countryCode, 'return');
  return a ? shownAddress(a) : null;
}

/** One of the member's cases with its history and the return address. */
export async function caseInfo(deps: Pick<AppDeps, 'db' | 'i18n' | 'config' | 'secrets'>, actor: Actor, input: EndpointQuery<typeof getAfterSale>): Promise<EndpointData<typeof getAfterSale>> {
  const userId = memberIdOf(actor);
  const c = await q.findMemberCase(deps.db, userId, input.id);
  if (!c) throw new AppError(ResponseCode.afterSaleNotFound);
  const order = await memberOrderOrRefuse(deps.db, userId, refOf(c));
  const [rendered] = await renderCases(deps, actor.lang, [{ ...c, order_no: order.order_no, shop_id: order.shop?.id ?? null, shop_name: order.shop?.name ?? null }]);
  const [events, followsCaseNo, returnAddress] = await Promise.all([q.findCaseEvents(deps.db, c.id), followedCaseNo(deps.db, c), returnAddressOf(deps.db, c, order.country_code)]);
  return { ...rendered!, events: memberEvents(deps.i18n, actor.lang, events, followsCaseNo), return_address: returnAddress };
}

/** The member withdraws a case until its goods are received; reserved replacement stock goes back. */
export async function cancelCase(deps: KeptDeps, actor: Actor, input: EndpointBody<typeof cancelAfterSale>): Promise<EndpointData<typeof cancelAfterSale>> {
  const userId = memberIdOf(actor);
  return withTransaction(deps.db, async (tx) => {
    const c = await q.findMemberCase(tx, userId, input.case_id);
    if (!c) throw new AppError(ResponseCode.afterSaleNotFound);
    const moved = await moveCase(tx, actor, c.id, WITHDRAW_FROM, 'withdrawn', { memberId: userId, set: { completed_at: new Date() } });
    if (!moved) throw new AppError(ResponseCode.afterSaleState);
    await caseEnded(deps, tx, moved, moved.was);
    return { case_id: c.id, status: 'withdrawn' as const };
  });
}

/** The reasons of one kind or of all, in the member's language. */
export async function reasons(deps: KeptDeps & Pick<AppDeps, 'i18n'>, actor: Actor, input: EndpointQuery<typeof listAfterSaleReasons>): Promise<EndpointData<typeof listAfterSaleReasons>> {
  return { list: await reasonList(deps, actor.lang, input.kind) };
}

/** The carriers goods may be sent back with. */
export async function carriers(db: Executor): Promise<{ list: Array<{ code: string; name: string; needs_phone_tail: boolean }> }> {
  return { list: (await q.findCarriers(db)).map((c) => ({ code: c.code, name: c.name, needs_phone_tail: c.needs_phone_tail })) };
}

/** The service points of a country (the case's order's country when a case is named, else the one asked), and the return address. */
export async function network(deps: Pick<AppDeps, 'db'>, actor: Actor, input: EndpointQuery<typeof listAfterSaleServicePoints>): Promise<EndpointData<typeof listAfterSaleServicePoints>> {
  const userId = memberIdOf(actor);
  let country = input.country?.toUpperCase();
  let forCase: CaseRow | undefined;
  if (input.case_id) {
    forCase = await q.findMemberCase(deps.db, userId, input.case_id);
    if (!forCase) throw new AppError(ResponseCode.afterSaleNotFound);
    country = (await memberOrderOrRefuse(deps.db, userId, refOf(forCase))).country_code;
  }
  if (!country) return { return_address: null, list: [] };
  const points = await q.findAddresses(deps.db, country, 'service');
  // For a case, as its member sees it (once approved); else the country's.
  const return_address = forCase ? await returnAddressOf(deps.db, forCase, country) : await returnAddressIn(deps.db, country);
  return { return_address, list: points.map(shownAddress) };
}

/**
 * The member's shipment of the goods back: a carrier of the list and its tracking number. Sent again
 * while the goods are on their way back (not yet received), it corrects the shipment (a mistyped
 * number, another carrier): recorded as an event naming the old and the new, tracked anew.
 */
export async function saveShipment(deps: Pick<AppDeps, 'db'>, actor: Actor, input: EndpointBody<typeof saveAfterSaleShipment>): Promise<EndpointData<typeof saveAfterSaleShipment>> {
  const userId = memberIdOf(actor);
  const carrier = await q.findCarrier(deps.db, input.carrier_code);
  if (!carrier || (carrier.needs_phone_tail && !input.phone_tail)) throw new AppError(ResponseCode.afterSaleCarrierInvalid);
  const shipment = { return_carrier_code: carrier.code, return_carrier: carrier.name, return_tracking: input.tracking_number, return_phone_tail: input.phone_tail ?? null };
  return withTransaction(deps.db, async (tx) => {
    const c = await q.findMemberCase(tx, userId, input.case_id);
    if (!c) throw new AppError(ResponseCode.afterSaleNotFound);
    const moved = await moveCase(tx, actor, c.id, SHIP_BACK_FROM, 'return_shipped', {
      memberId: userId,
      reason: `${carrier.name} ${input.tracking_number}`,
      set: { ...shipment, return_shipped_at: new Date() },
    });
    if (moved) return { case_id: c.id, status: 'return_shipped' as const };
    if (c.status === 'return_shipped') {
      if (c.return_carrier_code === carrier.code && c.return_tracking === input.tracking_number && (c.return_phone_tail ?? null) === shipment.return_phone_tail) return { case_id: c.id, status: 'return_shipped' as const };
      // Conditional on the goods still being on their way: a receipt recorded meanwhile wins. A delivery
      // reported for the old number says nothing of the new one: it is asked of the carrier again.
      const corrected = await q.transitionCase(tx, { caseId: c.id, from: ['return_shipped'], to: 'return_shipped', userId, set: { ...shipment, return_signed_at: null } });
      if (corrected) {
        ordersChanged(tx, [userId]);
        await recordCaseEvent(tx, actor, c.id, { kind: 'return_shipment_changed', from: 'return_shipped', reason: `${c.return_carrier ?? ''} ${c.return_tracking ?? ''} → ${carrier.name} ${input.tracking_number}` });
        if (corrected.shop_order_id !== null) await shopOrderCaseChanged(tx, Number(corrected.shop_order_id));
        return { case_id: c.id, status: 'return_shipped' as const };
      }
    }
    // The goods are in the shop's hands (or the case ended after that): the shipment is history now.
    const now = (await q.findCase(tx, c.id))!;
    if (now.received_at) throw new AppError(ResponseCode.afterSaleState, undefined, { messageKey: 'afterSales.code.returnShipmentReceived' });
    throw new AppError(ResponseCode.afterSaleState);
  });
}

/** Where the goods of a case are (the return, or the replacement), asked of the tracking provider; a delivery is kept. */
export async function trackShipment(deps: Pick<AppDeps, 'db' | 'providers'>, actor: Actor, input: EndpointQuery<typeof trackAfterSaleShipment>): Promise<EndpointData<typeof trackAfterSaleShipment>> {
  const userId = memberIdOf(actor);
  const c = await q.findMemberCase(deps.db, userId, input.case_id);
  if (!c) throw new AppError(ResponseCode.afterSaleNotFound);
  // Signed only when known to be: a replacement completed by time without a delivery reported is not.
  const leg = input.leg === 'return' ? { carrier: c.return_carrier, number: c.return_tracking, signed: c.return_signed_at ?? c.received_at } : { carrier: c.replacement_carrier, number: c.replacement_tracking, signed: c.replacement_signed_at };
  if (!leg.carrier || !leg.number) throw new AppError(ResponseCode.afterSaleState);
  const report = await askCarrier(deps, leg.carrier, leg.number);
  const delivered = report && !leg.signed ? deliveredAt(report) : null;
  if (delivered) {
    await q.setCaseFields(deps.db, c.id, input.leg === 'return' ? { return_signed_at: delivered } : { replacement_signed_at: delivered });
    ordersChanged(deps.db, [userId]);
  }
  const events = (report?.events ?? []).map((e) => ({ time: iso(e.time), place: e.place, text: e.text }));
  // Goods sent back that the shop marked received, with no delivery from the carrier, are said as received by the shop.
  const status = delivered ? 'signed' : input.leg === 'return' ? returnLegState(c.return_signed_at, c.received_at) : leg.signed ? 'signed' : 'in_transit';
  return { carrier: leg.carrier, tracking_number: leg.number, status, events };
}

/** What the tracking provider reports of a parcel; none when no provider is set up or it is away. */
async function askCarrier(deps: Pick<AppDeps, 'providers'>, carrier: string, number: string): Promise<Awaited<ReturnType<ParcelTracker['track']>> | null> {
  const tracker = Object.values(deps.providers.parcelTracking).find((x) => !!x);
  if (!tracker) return null;
  try {
    return await tracker.track(carrier, number);
  } catch {
    return null;
  }
}

/** When a parcel reported delivered was delivered: its latest event's time (now, when it gives none). */
function deliveredAt(report: { delivered: boolean; events: Array<{ time: Date | string }> }): Date | null {
  if (!report.delivered) return null;
  const times = report.events.map((e) => new Date(e.time).getTime()).filter((n) => !Number.isNaN(n));
  return times.length ? new Date(Math.max(...times)) : new Date();
}

// ---------------------------------------------------------------- the end of a case

/** States after approval in which an exchange holds its replacement's stock. */
const HOLDING_REPLACEMENT: AfterSaleStatus[] = ['awaiting_return', 'return_shipped', 'received'];

/**
 * A case ended (withdrawn, rejected, closed, refused, refunded, completed) in the caller's
 * transaction: the replacement stock an exchange reserved at approval goes back unless it shipped,
 * and the order settles once no case holds it.
 */
/** Return cases whose refund is made or being made: their units are returned. */
const REFUNDING: readonly AfterSaleStatus[] = ['refunding', 'refunded'];

/**
 * Works out again which return case of an order carries the freight (issue #25: "freight only when
 * the whole order is returned"), under the order's row lock. A case whose refund is being made now
 * (`refundingCaseId`, just moved to refunding) carries it when every unit of the order is returned by
 * returns refunded or being refunded, itself included, and no other did; a case still open shows it
 * when the cases that count would return every unit and no refund carried it yet (the one carrying
 * it keeps it, else the newest). Every other case carries none: the freight is refunded once.
 */
export async function settleFreight(tx: Tx, ref: OrderRef, known?: { order: CaseOrder; lines: CaseOrderLine[] }, refundingCaseId?: number): Promise<void> {
  const { order, lines } = known ?? (await lockCaseOrderWithLines(tx, ref)) ?? {};
  if (!order || !lines) return;
  const freight = Number(order.freight_minor);
  const cases = await q.findReturnCasesOfOrder(tx, ref, AFTER_SALE_COUNTING_STATUSES);
  const wholly = (of: typeof cases) => lines.every((l) => of.reduce((s, c) => s + (c.units.get(l.id) ?? 0), 0) >= l.quantity);
  const want = new Map<number, number>(cases.map((c) => [c.id, 0]));
  const done = cases.filter((c) => REFUNDING.includes(c.status));
  // Refunds made before keep what they carried.
  for (const c of done) if (c.id !== refundingCaseId) want.set(c.id, c.freight);
  const now = done.find((c) => c.id === refundingCaseId);
  if (now && freight > 0 && !done.some((c) => c.id !== now.id && c.freight > 0) && wholly(done)) want.set(now.id, freight);
  const taken = [...want.values()].some((f) => f > 0);
  const open = cases.filter((c) => !REFUNDING.includes(c.status));
  if (!taken && freight > 0 && open.length && wholly(cases)) want.set((open.find((c) => c.freight > 0) ?? open[open.length - 1]!).id, freight);
  for (const c of cases) if (want.get(c.id) !== c.freight) await q.setCaseFreight(tx, c.id, c.freight, want.get(c.id)!);
}

export async function caseEnded(deps: Pick<AppDeps, 'config' | 'redis'>, tx: Tx, c: Pick<CaseRow, 'id' | 'kind' | 'order_id' | 'shop_order_id'>, was: AfterSaleStatus): Promise<void> {
  if (c.kind === 'exchange' && HOLDING_REPLACEMENT.includes(was)) {
    const lines = (await q.findCaseLines(tx, [c.id])).filter((l) => l.exchange_sku_id);
    for (const l of lines) await returnStock(tx, l.exchange_sku_id!, l.qty);
    // The replacement is another SKU of the same goods: its page shows the stock back.
    if (lines.length) catalogueChangedOnCommit(tx, deps, [...new Set(lines.map((l) => Number(l.goods_id)))]);
  }
  const ref = refOf(c);
  // A return that ended without a refund returns nothing: the freight shown by the order's other cases follows.
  if (c.kind === 'return') await settleFreight(tx, ref);
  if (ref.kind === 'shop_order') await shopOrderCaseEnded(tx, ref.id);
  else await scheduleSettlement(tx, ref.id);
}

/** The member received the replacement (or the repaired goods): the case completes. */
export async function confirmReplacementReceipt(deps: KeptDeps, actor: Actor, input: EndpointBody<typeof confirmAfterSaleReceipt>): Promise<EndpointData<typeof confirmAfterSaleReceipt>> {
  const userId = memberIdOf(actor);
  return withTransaction(deps.db, async (tx) => {
    const c = await q.findMemberCase(tx, userId, input.case_id);
    if (!c) throw new AppError(ResponseCode.afterSaleNotFound);
    const moved = await moveCase(tx, actor, c.id, ['replacement_shipped'], 'completed', { memberId: userId, set: { completed_at: new Date(), replacement_signed_at: c.replacement_signed_at ?? new Date() } });
    if (!moved) throw new AppError(ResponseCode.afterSaleState);
    await caseEnded(deps, tx, moved, moved.was);
    return { case_id: c.id, status: 'completed' as const };
  });
}

// ---------------------------------------------------------------- jobs

/** Closes a case still awaiting its goods once its time to send them back has passed (the job enqueued at approval). Answers whether it closed it. */
export async function closeUnshippedCase(deps: KeptDeps, actor: Actor, caseId: number): Promise<boolean> {
  return withTransaction(deps.db, async (tx) => {
    const c = await q.findCase(tx, caseId);
    if (!c || c.status !== 'awaiting_return' || !c.ship_back_by) return false;
    if (new Date(c.ship_back_by).getTime() > Date.now()) {
      await enqueueLaterJob(tx, 'close_unshipped_after_sale', { caseId }, { runAt: new Date(c.ship_back_by), jobKey: `after-sale-close:${caseId}` });
      return false;
    }
    const moved = await moveCase(tx, actor, caseId, ['awaiting_return'], 'closed', { reason: JOB_NOTES.notShippedBack, set: { completed_at: new Date() } });
    if (!moved) return false;
    await caseEnded(deps, tx, moved, moved.was);
    await notifyMember(tx, { memberId: c.user_id, kind: 'after_sale.expired', params: { case_no: c.case_no }, link: `/pages/order/saleInfo?id=${c.id}`, eventKey: `after-sale:${c.id}:closed` });
    return true;
  });
}

/**
 * Completes an exchange or repair whose member did not confirm the replacement, the set number of days
 * after it was delivered (as its carrier reported it: asked here when the days since shipping are up
 * and no delivery is known yet), or after it shipped when no carrier reports its delivery.
 */
export async function completeCaseInTime(deps: KeptDeps & Pick<AppDeps, 'providers'>, actor: Actor, caseId: number): Promise<boolean> {
  const days = (await q.findAfterSaleSettings(deps.db)).auto_complete_days;
  const dueAfter = (c: { replacement_signed_at: Date | null; replacement_shipped_at: Date | null }) => new Date(new Date((c.replacement_signed_at ?? c.replacement_shipped_at)!).getTime() + days * DAY);
  const seen = await q.findCase(deps.db, caseId);
  if (!seen || seen.status !== 'replacement_shipped' || !seen.replacement_shipped_at) return false;
  if (!seen.replacement_signed_at && seen.replacement_carrier && seen.replacement_tracking && dueAfter(seen).getTime() <= Date.now()) {
    const report = await askCarrier(deps, seen.replacement_carrier, seen.replacement_tracking);
    const delivered = report ? deliveredAt(report) : null;
    if (delivered) await q.setCaseFields(deps.db, caseId, { replacement_signed_at: delivered });
  }
  return withTransaction(deps.db, async (tx) => {
    const c = await q.findCase(tx, caseId);
    if (!c || c.status !== 'replacement_shipped' || !c.replacement_shipped_at) return false;
    const due = dueAfter(c);
    if (due.getTime() > Date.now()) {
      await enqueueLaterJob(tx, 'complete_after_sale', { caseId }, { runAt: due, jobKey: `after-sale-complete:${caseId}` });
      return false;
    }
    const moved = await moveCase(tx, actor, caseId, ['replacement_shipped'], 'completed', { reason: JOB_NOTES.notConfirmed, set: { completed_at: new Date() } });
    if (!moved) return false;
    await caseEnded(deps, tx, moved, moved.was);
    await notifyMember(tx, { memberId: c.user_id, kind: 'after_sale.completed', params: { case_no: c.case_no, days }, link: `/pages/order/saleInfo?id=${c.id}`, eventKey: `after-sale:${c.id}:completed` });
    return true;
  });
}

// ---------------------------------------------------------------- the settled moment

/** Whether the member has an open case (its refund may still come to their wallet): it keeps their account open (registered in wiring.ts). */
export const hasOpenCase = (db: Executor, userId: number): Promise<boolean> => q.hasMemberCaseIn(db, userId, AFTER_SALE_OPEN_STATUSES);

/** An order with an open case stays unsettled (a settlement hold, registered in wiring.ts). */
export const holdsSettlement = (db: Executor, orderId: number): Promise<boolean> => q.hasCaseIn(db, orderId, AFTER_SALE_OPEN_STATUSES);

/**
 * A completed order settles no sooner than its return window closes (registered in wiring.ts): only a
 * return gives money back, so later exchanges and repairs, at the same price, leave its money final.
 */
export async function afterSalesWindowEnd(db: Executor, order: { id: number; completed_at: Date }): Promise<Date> {
  const settings = await q.findAfterSaleSettings(db);
  return new Date(new Date(order.completed_at).getTime() + settings.return_days * DAY);
}

// ---------------------------------------------------------------- goods of an order or a case

/** The lines of the member's order with the units a new case may name, or of the member's case with the units it holds. */
export async function caseGoods(deps: KeptDeps, actor: Actor, input: EndpointQuery<typeof listAfterSaleGoods>): Promise<EndpointData<typeof listAfterSaleGoods>> {
  const userId = memberIdOf(actor);
  let held = new Map<number, number>();
  let ref = input.order_id || input.shop_order_id ? orderOfInput({ order_id: input.order_id, shop_order_id: input.order_id ? undefined : input.shop_order_id }) : undefined;
  if (input.case_id) {
    const c = await q.findMemberCase(deps.db, userId, input.case_id);
    if (!c) throw new AppError(ResponseCode.afterSaleNotFound);
    ref = refOf(c);
    held = new Map((await q.findCaseLines(deps.db, [c.id])).map((l) => [l.order_line_id, l.qty]));
  }
  const order = await memberOrderOrRefuse(deps.db, userId, ref!);
  const o = await openingOf(deps, deps.db, order);
  const lines = input.case_id ? o.lines.filter((l) => held.has(l.line.id)) : o.lines;
  return {
    order_id: order.kind === 'order' ? order.id : null,
    shop_order_id: order.kind === 'shop_order' ? order.id : null,
    currency: order.currency,
    list: lines.map((l) => ({
      order_line_id: l.line.id,
      goods_id: l.line.goods_id,
      sku_id: l.line.sku_id,
      name: pick(l.line.name, actor.lang),
      spec_text: l.line.spec(actor.lang),
      image: l.line.image,
      price: Number(l.line.unit_price_minor),
      bought: l.line.quantity,
      left: o.closed ? 0 : l.left,
      in_case: held.get(l.line.id) ?? 0,
    })),
  };
}

/** The SKUs a line of the member's order may be exchanged to: the same goods at the same price, on sale and in stock. */
export async function exchangeGoods(deps: KeptDeps, actor: Actor, input: EndpointQuery<typeof listExchangeGoods>): Promise<EndpointData<typeof listExchangeGoods>> {
  const userId = memberIdOf(actor);
  const lineId = (input.order_line_id ?? input.shop_order_line_id)!;
  const ref = await orderOfLine(deps.db, input.order_line_id ? 'order' : 'shop_order', lineId);
  if (!ref) throw new AppError(ResponseCode.orderNotFound);
  const order = await memberOrderOrRefuse(deps.db, userId, ref);
  const o = await openingOf(deps, deps.db, order);
  const l = o.lines.find((x) => x.line.id === lineId)!;
  const line = l.line;
  const goods = await findGoodsById(deps.db, line.goods_id);
  const skus = goods?.status === 'on_sale' ? await findSkusOfGoods(deps.db, line.goods_id) : [];
  const cap = exchangeCap(o.settings.max_exchanges, l);
  return {
    list: skus
      .filter((s) => Number(s.price_minor) === Number(line.unit_price_minor) && s.stock > 0)
      .map((s) => ({ sku_id: s.id, spec_text: skuSpecText(goods!.specs, s.spec_value_ids, actor.lang), image: s.image || goods!.cover, stock: s.stock, price: Number(s.price_minor) })),
    max_exchanges: o.settings.max_exchanges,
    used: l.exchanged,
    left: Math.max(0, Math.min(cap - l.exchanged, l.kinds.includes('exchange') ? l.left : 0)),
  };
}

/** The member's orders with cases, for the after-sales view of the order list (registered in wiring.ts). */
export const ordersWithCases = async (db: Executor, userId: number): Promise<number[]> => (await q.findOrderIdsWithCases(db, userId)).map((r) => r.order_id);

/**
 * Of these orders (regular ones, or member-shop ones when `kind` says), those a member may still ask
 * something of: the order list's and order page's `can_after_sale`, a shop order's `actions.after_sale`.
 */
export const ordersOpenToCases = async (db: Executor, orderIds: number[], kind: OrderRef['kind'] = 'order'): Promise<Set<number>> =>
  // Units a buyer booked into their shop are out, as on the apply page (only a regular order is booked).
  new Set(await q.findOrdersOpenToCases(db, orderIds, AFTER_SALE_COUNTING_STATUSES, kind, kind === 'order' ? restockedUnitsQueryOfRow : undefined));

/** Per shop order: its cases, the open ones, the newest case's state and what was refunded (the member-shop area's lists). */
export const shopOrderCaseSummaries = (db: Executor, shopOrderIds: number[]) => q.findShopOrderCaseSummaries(db, shopOrderIds, AFTER_SALE_OPEN_STATUSES);

/** Whether a shop order has an open case (it holds the shop order's settlement). */
export const shopOrderHoldsSettlement = (db: Executor, shopOrderId: number) => q.hasCaseIn(db, { kind: 'shop_order', id: shopOrderId }, AFTER_SALE_OPEN_STATUSES);

/** What a shop order's refunded cases gave back. */
export const shopOrderRefundedByCases = (db: Executor, shopOrderId: number) => q.sumRefundedOfOrder(db, { kind: 'shop_order', id: shopOrderId });

/**
 * A regular order under the row lock every case of it takes, with its lines and the units of each no
 * case holds now (`heldByCases`): what its buyer may still book into their member shop's stock. A case
 * opened at the same moment waits for this lock and then sees the booking, or holds its units first.
 */
export async function lockOrderUnitsOutsideCases(tx: Tx, orderId: number): Promise<{ order: CaseOrder; lines: Array<{ line: CaseOrderLine; free: number }> } | undefined> {
  const found = await lockCaseOrderWithLines(tx, { kind: 'order', id: orderId }, q.unitsInCasesLockedOf(AFTER_SALE_COUNTING_STATUSES));
  if (!found) return undefined;
  const units = found.also ?? [];
  return { order: found.order, lines: found.lines.map((line) => ({ line, free: Math.max(0, line.quantity - heldByCases(units, line.id)) })) };
}
