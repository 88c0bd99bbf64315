import {
  ResponseCode,
  SHOP_FULFIL_DAYS,
  addressText,
  fullName,
  shareOfMinor,
  type EndpointBody,
  type EndpointData,
  type EndpointQuery,
  type Language,
  type ShopCartLineProblem,
  type ShopOrderStatus,
  type addToMemberShopCart,
  type approveMyShopOrder,
  type changeMyShopOrderState,
  type confirmMemberShopOrder,
  type createMemberShopOrder,
  type getMemberShopCheckoutPayment,
  type getMyShopOrder,
  type listMemberShopCart,
  type listMemberShopOrders,
  listMyShopOrders,
  type payMemberShopOrder,
  type removeFromMemberShopCart,
  type updateMemberShopCartItem,
} from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/database.js';
import { enqueueJob } from '../../jobs/enqueue.js';
import { actorStamp, memberIdOf, type Actor } from '../../lib/actor.js';
import { Expiring, responseCache } from '../../lib/cache.js';
import { iso, isPast } from '../../lib/dates.js';
import { AppError } from '../../lib/errors.js';
import { businessNumber } from '../../lib/tokens.js';
import { pageOf } from '../../lib/paging.js';
import { withTransaction, type Tx } from '../../lib/transaction.js';
import { findShippingAddress } from '../address/address.queries.js';
import { afterSalesWindowEnd, ordersOpenToCases, shopOrderCaseSummaries, shopOrderHoldsSettlement, shopOrderRefundedByCases } from '../after-sales/after-sales.service.js';
import type { SpecDef } from '../catalogue/catalogue.table.js';
import { skuSpecText } from '../catalogue/sku-text.js';
import { findSkusForCheckout } from '../catalogue/stock.queries.js';
import { pick } from '../catalogue/texts.js';
import { post } from '../ledger/ledger.service.js';
import { findOrderSettings } from '../orders/orders.queries.js';
import { expirePayableWithPayments } from '../payments/payable-expiry.js';
import type { Payable, PayableOutcome } from '../payments/payable-registry.js';
import { findSucceededPaymentsOfPayable } from '../payments/payments.queries.js';
import { paymentState, startPayment } from '../payments/payments.service.js';
import { refundPayment, type PaymentsDeps } from '../payments/settlement.js';
import { CLOSED_WITH_SHOP, tellOfShopEarnings, tellOfShopOrderMove } from './shop-messages.js';
import { ShopOrderListTag, shopOrdersChanged } from './shop-order-lists.js';
import { MemberRolesTag } from '../members/roles.queries.js';
import * as q from './user-shop.queries.js';
import { changeShopStock, lineAnswer, maskedName, ownShop, refuseAtClosedShop, shopRefusal, unitsPerSku, visibleShop } from './user-shop.service.js';

// Shop orders: a buyer's cart per shop, checkout at the platform's prices, payment through the
// payments area (payable type `shop_order`), the owner's audit (approve takes the shop's stock by
// the conditional update; reject refunds in full), fulfilment, and the owner's earnings at the
// settled moment. Every move is a conditional update from the expected state with its event, under
// the order's row lock, so two decisions at once (approve and reject, the owner and the overdue
// job) end in exactly one outcome.

type Texts = Record<string, string>;
type ShopDeps = PaymentsDeps & { i18n?: unknown };
const stampOf = (actor: Actor) => {
  const s = actorStamp(actor);
  return `${s.actor_kind}:${s.actor_id}`;
};

/** A shop order as the areas that earn on it see it: its figures snapshotted at placement (no coupons, points, freight or fees: its goods are its total). */
export interface ShopOrderForEarning {
  id: number;
  order_no: string;
  /** The buyer. */
  user_id: number;
  currency: string;
  goods_minor: number;
  pv: number;
}

/**
 * Where other areas earn on shop orders without this area importing them (filled by `wiring.ts`),
 * each in the transaction of the move: the referral team's pending commissions at payment, PV and
 * posted commissions at settlement (`refunded_minor`: what its after-sales cases refunded), and void
 * commissions when the order is refused before settling (rejected, refunded in full).
 */
export const shopOrderEarningHooks: {
  onPaid: Array<(tx: Tx, actor: Actor, order: ShopOrderForEarning) => Promise<void>>;
  onSettled: Array<(tx: Tx, actor: Actor, order: ShopOrderForEarning & { refunded_minor: number }) => Promise<void>>;
  onRefused: Array<(tx: Tx, actor: Actor, orderId: number) => Promise<void>>;
} = { onPaid: [], onSettled: [], onRefused: [] };

const forEarning = (o: { id: number; order_no: string; buyer_id: number; currency: string; goods_minor: number | string; pv: number | string }): ShopOrderForEarning => ({
  id: Number(o.id),
  order_no: o.order_no,
  user_id: Number(o.buyer_id),
  currency: o.currency,
  goods_minor: Number(o.goods_minor),
  pv: Number(o.pv),
});

/** A shop order as the areas that earn on it see it, with what its after-sales cases refunded so far (`refunded_minor`, as its settlement reads it). */
export async function shopOrderForEarningAfterCases(db: Executor, orderId: number): Promise<(ShopOrderForEarning & { refunded_minor: number }) | undefined> {
  const order = await q.findShopOrder(db, orderId);
  return order ? { ...forEarning(order), refunded_minor: await shopOrderRefundedByCases(db, orderId) } : undefined;
}

/** Whether a shop takes new orders now: open, its owner's account active and still a shop owner. */
const takesOrders = (shop: q.ShopRow) => shopRefusal(shop) === undefined;

// ── The shop cart ───────────────────────────────────────────────────────────────────────────

/** Why a cart line cannot be ordered now, the shop's reason first (a hidden shop is one that no longer exists, as on its page); null when it can. */
const cartLineProblem = (r: q.CartLineRow): ShopCartLineProblem | null => {
  if (r.shop_refusal === ResponseCode.shopItemNotFound) return 'shop_gone';
  if (r.shop_refusal !== null) return 'shop_paused';
  if (r.goods_status !== 'on_sale' || !r.offered) return 'off_sale';
  if (Number(r.stock) <= 0) return 'out_of_stock';
  if (Number(r.stock) < r.quantity) return 'not_enough_stock';
  return null;
};

const cartLineAnswer = (r: q.CartLineRow, lang: Language) => {
  const problem = cartLineProblem(r);
  return {
    id: Number(r.id),
    shop_id: Number(r.shop_id),
    goods_id: Number(r.goods_id),
    sku_id: Number(r.sku_id),
    name: pick(r.name as Texts, lang),
    spec_text: skuSpecText(r.specs as SpecDef[], r.spec_value_ids as number[], lang),
    image: r.image || r.cover,
    price: Number(r.price_minor),
    currency: r.currency,
    num: r.quantity,
    stock: Number(r.stock),
    selected: r.selected,
    available: problem === null,
    problem,
  };
};

/** The member's shop carts, one group per shop (newest line first), at current prices. */
export async function cartList(db: Executor, actor: Actor, input: EndpointQuery<typeof listMemberShopCart>): Promise<EndpointData<typeof listMemberShopCart>> {
  const userId = memberIdOf(actor);
  const rows = await q.findCartLines(db, userId, { shopId: input.shop_id });
  const groups = new Map<number, q.CartLineRow[]>();
  for (const r of rows) groups.set(Number(r.shop_id), [...(groups.get(Number(r.shop_id)) ?? []), r]);
  return {
    shops: [...groups.values()].map((lines) => {
      const first = lines[0]!;
      const list = lines.map((l) => cartLineAnswer(l, actor.lang));
      const chosen = list.filter((l) => l.selected && l.available);
      return {
        shop: { id: Number(first.shop_id), name: first.shop_name, logo: first.shop_logo, status: first.shop_status },
        list,
        selected_count: chosen.reduce((s, l) => s + l.num, 0),
        selected_total: chosen.reduce((s, l) => s + l.price * l.num, 0),
        currency: first.currency,
      };
    }),
    total_count: rows.reduce((s, r) => s + r.quantity, 0),
  };
}

/** Units in the member's shop carts. */
export async function cartCount(db: Executor, actor: Actor) {
  return { total: await q.countCartUnits(db, memberIdOf(actor)) };
}

/**
 * Refuses a cart quantity the shop cannot supply: none held ("out of stock"), or more than it holds
 * ("only N left", as the platform's cart says).
 */
const refuseBeyondShopStock = (stock: number, quantity: number) => {
  if (stock <= 0) throw new AppError(ResponseCode.shopStockShort, { stock: 0 }, { messageKey: 'userShop.code.shopCartOutOfStock' });
  if (quantity > stock) throw new AppError(ResponseCode.shopStockShort, { stock }, { messageKey: 'userShop.code.shopCartOnlyLeft' });
};

/** Adds an SKU a shop offers to the member's cart of that shop (not the member's own shop), never beyond what the shop holds. */
export async function cartAdd(db: Executor, actor: Actor, input: EndpointBody<typeof addToMemberShopCart>): Promise<EndpointData<typeof addToMemberShopCart>> {
  const userId = memberIdOf(actor);
  const shop = await visibleShop(db, input.shop_id);
  if (Number(shop.owner_id) === userId) throw new AppError(ResponseCode.shopOwnShop);
  if (!takesOrders(shop)) throw new AppError(ResponseCode.shopNotTakingOrders);
  const [sku] = await findSkusForCheckout(db, [input.sku_id]);
  if (!sku || sku.status !== 'on_sale' || !(await q.shopOffers(db, Number(shop.id), Number(sku.goods_id)))) throw new AppError(ResponseCode.shopGoodsNotOffered);
  const stock = (await q.findShopStock(db, Number(shop.id), [Number(sku.id)])).get(Number(sku.id)) ?? 0;
  refuseBeyondShopStock(stock, input.num);
  const line = await q.addCartLine(db, { userId, shopId: Number(shop.id), goodsId: Number(sku.goods_id), skuId: Number(sku.id), quantity: input.num, stock });
  // The line already held enough that this many more would pass the shop's stock: nothing is added.
  if (!line) throw new AppError(ResponseCode.shopStockShort, { stock }, { messageKey: 'userShop.code.shopCartOnlyLeft' });
  return { id: Number(line.id), num: line.quantity, total_count: await q.countCartUnits(db, userId) };
}

/** Removes lines of the member's shop carts (another member's lines are not touched). */
export async function cartDel(db: Executor, actor: Actor, input: EndpointBody<typeof removeFromMemberShopCart>) {
  const userId = memberIdOf(actor);
  const removed = await q.deleteCartLines(db, userId, input.ids);
  return { removed, total_count: await q.countCartUnits(db, userId) };
}

/**
 * Changes the quantity or selection of a line of the member's shop cart. A quantity is raised only
 * within what the shop holds, and not at all at a shop that no longer exists; lowering is always taken.
 */
export async function cartUpdate(db: Executor, actor: Actor, input: EndpointBody<typeof updateMemberShopCartItem>): Promise<EndpointData<typeof updateMemberShopCartItem>> {
  const userId = memberIdOf(actor);
  const [was] = await q.findCartLines(db, userId, { ids: [input.id] });
  if (!was) throw new AppError(ResponseCode.shopItemNotFound);
  if (input.num !== undefined && input.num > was.quantity) {
    if (was.shop_refusal === ResponseCode.shopItemNotFound) throw new AppError(ResponseCode.shopNotFound);
    refuseBeyondShopStock(Number(was.stock), input.num);
  }
  const line = await q.updateCartLine(db, userId, input.id, { ...(input.num !== undefined ? { quantity: input.num } : {}), ...(input.selected !== undefined ? { selected: input.selected } : {}) });
  if (!line) throw new AppError(ResponseCode.shopItemNotFound);
  return { id: Number(line.id), num: line.quantity, total_count: await q.countCartUnits(db, userId) };
}

// ── Checkout ────────────────────────────────────────────────────────────────────────────────

/** A shop order's number: `M`, the date and 10 random digits. */
const shopOrderNo = () => businessNumber('M');

/**
 * Places a shop order: one shop (lines of another shop are refused), goods the shop offers, of one
 * currency, at the shop's prices (inside the operators' band around the platform's) with the SKUs' PV; the shop must hold the units now (they are
 * taken at the owner's approval). Shipped to the member's address or picked up at the shop, no
 * freight. It awaits payment until the settings' minutes pass; the cart lines bought leave the cart.
 */
export async function createShopOrder(db: Executor, actor: Actor, input: EndpointBody<typeof createMemberShopOrder>): Promise<EndpointData<typeof createMemberShopOrder>> {
  const userId = memberIdOf(actor);
  const shop = await visibleShop(db, input.shop_id);
  const shopId = Number(shop.id);
  if (Number(shop.owner_id) === userId) throw new AppError(ResponseCode.shopOwnShop);
  if (!takesOrders(shop)) throw new AppError(ResponseCode.shopNotTakingOrders);
  let wanted: Array<{ sku_id: number; num: number }>;
  let cartIds: number[] = [];
  if (input.line_ids) {
    const ids = [...new Set(input.line_ids)];
    const lines = await q.findCartLines(db, userId, { ids });
    if (lines.length !== ids.length) throw new AppError(ResponseCode.shopItemNotFound);
    if (lines.some((l) => Number(l.shop_id) !== shopId)) throw new AppError(ResponseCode.shopOnePerOrder);
    wanted = lines.map((l) => ({ sku_id: Number(l.sku_id), num: l.quantity }));
    cartIds = ids;
  } else wanted = [{ sku_id: input.sku_id!, num: input.num }];
  const lines = unitsPerSku(wanted);
  // One read of the SKUs with the shop's prices, stock and offer, and the member's address beside it.
  const [skuRows, a] = await Promise.all([q.findShopCheckoutSkus(db, shopId, lines.map((l) => l.sku_id)), input.pickup ? undefined : findShippingAddress(db, userId, input.address_id)]);
  const skus = new Map(skuRows.map((s) => [Number(s.id), s]));
  for (const l of lines) {
    const s = skus.get(l.sku_id);
    if (!s || !s.offered) throw new AppError(ResponseCode.shopGoodsNotOffered);
  }
  const currencies = new Set([...skus.values()].map((s) => s.currency));
  if (currencies.size > 1) throw new AppError(ResponseCode.shopCurrencyMixed);
  for (const l of lines) {
    const stock = Number(skus.get(l.sku_id)!.held);
    if (stock < l.num) throw new AppError(ResponseCode.shopStockShort, { name: pick(skus.get(l.sku_id)!.name as Texts, actor.lang), stock });
  }
  let address: ShopOrderAddress | null = null;
  if (!input.pickup) {
    if (!a) throw new AppError(ResponseCode.addressNotFound);
    // The name's parts kept apart too: each answer joins them again by the one rule (`fullName`).
    address = { name: fullName(a.name, a.surname, actor.lang, a.country_code), given_name: a.name, family_name: a.surname, mobile: `+${a.mobile_pre} ${a.mobile}`, text: addressText({ ...a, country_name: a.country_code, street: a.detail }), country_code: a.country_code };
  }
  const rows = lines.map((l) => {
    const s = skus.get(l.sku_id)!;
    return { goods_id: Number(s.goods_id), sku_id: l.sku_id, name: JSON.stringify(s.name), image: s.image || s.cover, price_minor: Number(s.price_minor), quantity: l.num, pv: Number(s.pv) };
  });
  const goods = rows.reduce((s, r) => s + r.price_minor * r.quantity, 0);
  if (goods <= 0) throw new AppError(ResponseCode.shopGoodsNotOffered);
  // Not the total the member saw in the cart (a price changed since): nothing is placed.
  if (input.expected_total !== undefined && goods !== input.expected_total) throw new AppError(ResponseCode.priceChanged);
  const pv = rows.reduce((s, r) => s + r.pv * r.quantity, 0);
  const expiresAt = new Date(Date.now() + Number(skuRows[0]!.payment_minutes) * 60_000);
  const order = { order_no: shopOrderNo(), shop_id: shopId, owner_id: Number(shop.owner_id), buyer_id: userId, status: 'awaiting_payment' as const, delivery: input.pickup ? ('pickup' as const) : ('ship' as const), address: JSON.stringify(address), currency: [...currencies][0]!, goods_minor: goods, total_minor: goods, pv, remarks: input.remarks, expires_at: expiresAt };
  // The order, its lines, its first event and its expiry job are one statement; with cart lines to remove, one transaction.
  const place = async (db: Executor) => {
    const placed = await q.insertShopOrderWithLines(db, order, rows, { actor: stampOf(actor) }, { runAt: expiresAt, maxAttempts: 10 });
    if (!placed.expiry_job) await enqueueJob(db, 'expire_shop_order', { orderId: placed.id }, { runAt: expiresAt, jobKey: q.shopOrderExpiryKey(placed.id), maxAttempts: 10 });
    if (cartIds.length) await q.deleteCartLines(db, userId, cartIds);
    return placed;
  };
  const placed = cartIds.length ? await withTransaction(db, (tx) => place(tx)) : await place(db);
  return { order_id: placed.id, order_no: placed.order_no, total: goods, currency: placed.currency, pv, status: 'awaiting_payment' as const, expires_at: iso(expiresAt) };
}

/**
 * Pays the member's shop order through the payments area. A shop that takes no orders now (hidden:
 * closed, its owner banned or no longer a shop owner; or paused) takes no payment either, by any
 * method and through any of the payments area's calls: the payable answers the shop's code (below).
 */
export const payShopOrder = (deps: ShopDeps, actor: Actor, input: EndpointBody<typeof payMemberShopOrder>) => startPayment(deps, actor, { ...input, order_type: 'shop_order' });

/** A payment of the member's shop order. */
export const shopOrderPayment = (deps: ShopDeps, actor: Actor, input: EndpointQuery<typeof getMemberShopCheckoutPayment>) => paymentState(deps, actor, { ...input, order_type: 'shop_order' });

// ── The payable ─────────────────────────────────────────────────────────────────────────────

async function moveOrder(tx: Tx, actor: Actor, id: number, from: ShopOrderStatus[], to: ShopOrderStatus, set: Parameters<typeof q.transitionShopOrder>[4] = {}, reason = '') {
  const before = await q.findShopOrder(tx, id);
  const moved = await q.transitionShopOrder(tx, id, from, to, set);
  if (!moved) return undefined;
  shopOrdersChanged(tx, [Number(moved.shop_id)]);
  await q.insertShopOrderEvent(tx, { order_id: id, kind: 'transition', from_status: before?.status ?? null, to_status: to, reason, actor: stampOf(actor) });
  // Whoever the move concerns is told in the same transaction, once.
  await tellOfShopOrderMove(tx, moved, to, reason);
  return moved;
}

/**
 * A paid shop order: from awaiting payment, before its deadline, for its exact amount and currency,
 * once, keeping the platform's fee in force now. It then awaits the owner's audit, rejected on its own
 * when the audit hours pass.
 */
export async function markShopOrderPaid(tx: Tx, actor: Actor, input: { id: number; amountMinor: number; currency: string; gateway: string }): Promise<PayableOutcome> {
  const order = await q.lockShopOrderForPayment(tx, input.id);
  if (!order || order.status !== 'awaiting_payment' || isPast(order.expires_at)) return 'not_payable';
  // A shop that stopped taking orders since the payment began takes no payment: paid from the wallet
  // in the member's own call, refused with the shop's code (the call's transaction is undone whole);
  // reported by a gateway, not payable (payments records it, flags it and owes the money back).
  if (order.shop_refusal !== null) {
    if (input.gateway === 'ledger') throw new AppError(order.shop_refusal);
    return 'not_payable';
  }
  if (input.amountMinor !== Number(order.total_minor) || input.currency !== order.currency) return 'mismatch';
  const settings = await q.findShopSettings(tx);
  const due = new Date(Date.now() + settings.audit_hours * 3_600_000);
  // The fee the buyer and the owner dealt at is kept with the payment: a later change of the settings does not reach this order.
  const moved = await moveOrder(tx, actor, order.id, ['awaiting_payment'], 'awaiting_audit', { paid_at: new Date(), audit_due_at: due, fee_bp: settings.fee_bp });
  if (!moved) return 'not_payable';
  await enqueueJob(tx, 'reject_overdue_shop_order', { orderId: order.id }, { runAt: due, jobKey: `shop-order-audit:${order.id}`, maxAttempts: 10 });
  // Once, after the conditional move: a duplicate notification moves nothing and writes nothing.
  for (const onPaid of shopOrderEarningHooks.onPaid) await onPaid(tx, actor, forEarning(moved));
  return 'paid';
}

/**
 * A shop order as the payments area sees it (its payable handler, registered in `wiring.ts`). The
 * payments area reads a payable only in a member's own payment calls (paying it by any method, the
 * 2C2P token, the Airwallex intent, its methods, fees and notice), so a shop order whose shop takes no
 * orders now carries the shop's own code as its `refusal` (8102, 8107, as its shop's other calls
 * answer), which those calls answer its buyer before anything is written; `settle` checks again under
 * the order's lock.
 */
export const shopOrderPayable = {
  type: 'shop_order' as const,
  query: q.shopOrderPayableQuery,
  fromRow: (o: q.ShopOrderPayableRow): Payable => ({
    type: 'shop_order',
    id: o.id,
    userId: Number(o.buyer_id),
    no: o.order_no,
    amountMinor: Number(o.total_minor),
    currency: o.currency,
    payable: o.status === 'awaiting_payment' && !isPast(o.expires_at),
    status: o.status,
    expiresAt: new Date(o.expires_at),
    countryCode: o.country_code ?? null,
    ledgerAllowed: true,
    ...(o.shop_refusal !== null && o.shop_refusal !== undefined ? { refusal: Number(o.shop_refusal) } : {}),
  }),
  settle: (tx: Tx, actor: Actor, input: { id: number; amountMinor: number; currency: string; gateway: string }) => markShopOrderPaid(tx, actor, input),
  // Awaiting its audit or on, a shop order is refunded by its rejection or an after-sales case.
  directRefundFrom: ['rejected', 'closed'],
  async refunded(tx: Tx, _actor: Actor, id: number) {
    const shopId = await q.markShopOrderRefunded(tx, id);
    if (shopId !== undefined) shopOrdersChanged(tx, [Number(shopId)]);
    return shopId !== undefined;
  },
};

/** Closes an unpaid shop order at its deadline with its open payments, once (its job, or the sweep). */
export async function expireShopOrder(deps: PaymentsDeps, actor: Actor, orderId: number): Promise<boolean> {
  const order = await q.findShopOrder(deps.db, orderId);
  if (!order || order.status !== 'awaiting_payment' || !isPast(order.expires_at)) return false;
  const { closed } = await expirePayableWithPayments(deps, actor, { type: 'shop_order', id: orderId }, async (tx) => !!(await moveOrder(tx, actor, orderId, ['awaiting_payment'], 'closed', {}, 'not paid in time')));
  return closed;
}

/** Closes an unpaid shop order now, with its open payments (its shop was closed). */
export async function expireShopOrderNow(deps: PaymentsDeps, actor: Actor, orderId: number): Promise<boolean> {
  const { closed } = await expirePayableWithPayments(deps, actor, { type: 'shop_order', id: orderId }, async (tx) => !!(await moveOrder(tx, actor, orderId, ['awaiting_payment'], 'closed', {}, CLOSED_WITH_SHOP)));
  return closed;
}

/** Closes every unpaid shop order past its deadline that its own job missed. */
export async function expireOverdueShopOrders(deps: PaymentsDeps, actor: Actor): Promise<number> {
  let n = 0;
  for (const id of await q.findOverdueUnpaidIds(deps.db, 500)) if (await expireShopOrder(deps, actor, id)) n++;
  return n;
}

/**
 * Gives a rejected shop order's payments back in full: once per payment, whoever asks (the
 * decision right after it commits, its durable job, a retry), since a refund is made once per cause.
 */
export async function refundShopOrder(deps: PaymentsDeps, actor: Actor, orderId: number): Promise<void> {
  const order = await q.findShopOrder(deps.db, orderId);
  if (!order || order.status !== 'rejected') return;
  for (const p of await findSucceededPaymentsOfPayable(deps.db, 'shop_order', orderId)) {
    await refundPayment(deps, actor, { paymentId: p.id, cause: `shop-order-rejected:${orderId}`, reason: `shop order ${order.order_no} rejected` });
  }
}

/** Rejects an order awaiting audit in the caller's transaction; its refund is a job of the same transaction. */
async function rejectInTx(tx: Tx, actor: Actor, orderId: number, reason: string) {
  const moved = await moveOrder(tx, actor, orderId, ['awaiting_audit'], 'rejected', { decided_at: new Date(), reject_reason: reason }, reason);
  if (moved) {
    await enqueueJob(tx, 'refund_shop_order', { orderId }, { jobKey: `shop-order-refund:${orderId}`, maxAttempts: 25 });
    // Refunded in full and never settled: what it was to earn is void now, with the decision.
    for (const onRefused of shopOrderEarningHooks.onRefused) await onRefused(tx, actor, orderId);
  }
  return moved;
}

// ── The owner's audit and fulfilment ────────────────────────────────────────────────────────

class StockShort extends Error {
  constructor(readonly params: { name: string; stock: number }) {
    super('shop stock short');
  }
}

/**
 * The owner's audit. Approve: under the order's row lock, from awaiting audit, the shop's stock of
 * each line taken by the conditional update (ascending SKU order); when the shop holds too few the
 * order is refused as stock short, rejected and refunded in full. Reject: with the reason, refunded
 * in full. Whoever decides first wins; the other answers "state".
 */
export async function auditShopOrder(deps: ShopDeps, actor: Actor, input: EndpointBody<typeof approveMyShopOrder>): Promise<EndpointData<typeof approveMyShopOrder>> {
  const shop = await ownShop(deps.db, actor);
  const found = await q.findShopOrder(deps.db, input.id);
  if (!found || Number(found.shop_id) !== Number(shop.id)) throw new AppError(ResponseCode.orderNotFound);
  // At a closed shop the closing refunded what was not handed over (`refundOrderOfClosedShop`, which also refunds a move that got in first).
  refuseAtClosedShop(shop, 'userShop.code.shopClosedOrders');
  return decideAudit(deps, actor, input.id, input.decision, input.reason);
}

/** Work written in a decision's own transaction (an operator's record of it), so neither lands without the other. */
type InDecision = (tx: Tx) => Promise<unknown>;

/**
 * Decides an order's audit (the owner, an operator for an owner who cannot, or the overdue job);
 * `record` runs in the decision's transaction.
 */
export async function decideAudit(deps: ShopDeps, actor: Actor, orderId: number, decision: 'approve' | 'reject', reason: string, record?: InDecision): Promise<{ id: number; status: ShopOrderStatus }> {
  if (decision === 'reject') {
    await withTransaction(deps.db, async (tx) => {
      const order = await q.lockShopOrderForUpdate(tx, orderId);
      if (!order || order.status !== 'awaiting_audit') throw new AppError(ResponseCode.shopOrderState);
      await rejectInTx(tx, actor, orderId, reason);
      await record?.(tx);
    });
    await refundShopOrder(deps, actor, orderId);
    return { id: orderId, status: 'rejected' };
  }
  try {
    await withTransaction(deps.db, async (tx) => {
      const order = await q.lockShopOrderForUpdate(tx, orderId);
      if (!order || order.status !== 'awaiting_audit') throw new AppError(ResponseCode.shopOrderState);
      const lines = await q.findShopOrderLines(tx, [orderId]);
      const units = unitsPerSku(lines.map((l) => ({ sku_id: Number(l.sku_id), num: l.quantity })));
      for (const u of units) {
        const line = lines.find((l) => Number(l.sku_id) === u.sku_id)!;
        const after = await changeShopStock(tx, actor, { shopId: Number(order.shop_id), skuId: u.sku_id, goodsId: Number(line.goods_id), delta: -u.num, cause: 'order', reference: `order:${order.order_no}` });
        if (after === undefined) throw new StockShort({ name: pick(line.name as Texts, actor.lang), stock: (await q.findShopStock(tx, Number(order.shop_id), [u.sku_id])).get(u.sku_id) ?? 0 });
      }
      const decidedAt = new Date();
      await moveOrder(tx, actor, orderId, ['awaiting_audit'], 'approved', { decided_at: decidedAt });
      await enqueueFulfilmentDeadline(tx, orderId, decidedAt);
      await record?.(tx);
    });
    return { id: orderId, status: 'approved' };
  } catch (error) {
    if (!(error instanceof StockShort)) throw error;
    // Nothing was taken (the transaction rolled back); the order cannot be served: it is rejected and refunded.
    await withTransaction(deps.db, async (tx) => {
      const order = await q.lockShopOrderForUpdate(tx, orderId);
      if (order?.status === 'awaiting_audit') await rejectInTx(tx, actor, orderId, 'stock_short');
    });
    await refundShopOrder(deps, actor, orderId);
    throw new AppError(ResponseCode.shopStockShort, error.params);
  }
}

/** Rejects an order whose audit was not decided in time (its job): only when still awaiting audit past its due time. */
export async function rejectOverdueAudit(deps: ShopDeps, actor: Actor, orderId: number): Promise<boolean> {
  const rejected = await withTransaction(deps.db, async (tx) => {
    const order = await q.lockShopOrderForUpdate(tx, orderId);
    if (!order || order.status !== 'awaiting_audit' || !order.audit_due_at || !isPast(order.audit_due_at)) return false;
    return !!(await rejectInTx(tx, actor, orderId, 'audit_overdue'));
  });
  if (rejected) await refundShopOrder(deps, actor, orderId);
  return rejected;
}

/** Rejects every overdue audit its own job missed. */
export async function rejectOverdueAudits(deps: ShopDeps, actor: Actor): Promise<number> {
  let n = 0;
  for (const id of await q.findOverdueAuditIds(deps.db, 500)) if (await rejectOverdueAudit(deps, actor, id)) n++;
  return n;
}

// The fulfilment days (`SHOP_FULFIL_DAYS`, the contract's: the console says them) are a constant, not a setting.
export { SHOP_FULFIL_DAYS };
const fulfilDueAt = (from: Date | string) => new Date(new Date(from).getTime() + SHOP_FULFIL_DAYS * 86_400_000);

/** Enqueues (or moves) an order's fulfilment deadline: `SHOP_FULFIL_DAYS` after its approval, or after it was made ready for pickup. */
async function enqueueFulfilmentDeadline(tx: Tx, orderId: number, from: Date) {
  await enqueueJob(tx, 'refund_unfulfilled_shop_order', { orderId }, { runAt: fulfilDueAt(from), jobKey: `shop-order-fulfil:${orderId}`, maxAttempts: 10 });
}

/** When an approved or ready order's fulfilment is due; undefined in any other state. */
const fulfilmentDue = (o: { status: ShopOrderStatus; decided_at: Date | string | null; shipped_at: Date | string | null }) =>
  o.status === 'approved' && o.decided_at ? fulfilDueAt(o.decided_at) : o.status === 'ready_for_pickup' && o.shipped_at ? fulfilDueAt(o.shipped_at) : undefined;

type LockedShopOrder = NonNullable<Awaited<ReturnType<typeof q.lockShopOrderForUpdate>>>;

/**
 * Refunds an approved or ready-for-pickup order nobody will serve, in the caller's transaction and
 * under its row lock: one conditional move to `rejected` (the owner shipping or handing it over at
 * once finds it moved, or this finds it moved), the units the approval took back in the shop's stock,
 * the full refund a job of the same transaction (as a rejection's), what it was to earn void.
 */
async function refundUnservedInTx(tx: Tx, actor: Actor, order: LockedShopOrder, code: 'operator_refund' | 'fulfilment_overdue' | 'shop_closed', reason: string) {
  const moved = await moveOrder(tx, actor, order.id, ['approved', 'ready_for_pickup'], 'rejected', { reject_reason: code }, reason);
  if (!moved) return undefined;
  const lines = await q.findShopOrderLines(tx, [order.id]);
  for (const u of unitsPerSku(lines.map((l) => ({ sku_id: Number(l.sku_id), num: l.quantity })))) {
    const line = lines.find((l) => Number(l.sku_id) === u.sku_id)!;
    await changeShopStock(tx, actor, { shopId: Number(order.shop_id), skuId: u.sku_id, goodsId: Number(line.goods_id), delta: u.num, cause: 'order', reference: `order:${order.order_no}`, reason: code });
  }
  await enqueueJob(tx, 'refund_shop_order', { orderId: order.id }, { jobKey: `shop-order-refund:${order.id}`, maxAttempts: 25 });
  for (const onRefused of shopOrderEarningHooks.onRefused) await onRefused(tx, actor, order.id);
  return moved;
}

/**
 * An operator refunds an approved or ready-for-pickup order its owner does not serve (banned, shop
 * closed, never shipped), with a reason: rejected as `operator_refund`, refunded in full through the
 * rejection's refund path, its units back in the shop. Any other state answers 8103.
 */
export async function refundUnservedShopOrder(deps: ShopDeps, actor: Actor, orderId: number, reason: string, record?: InDecision): Promise<{ id: number; status: ShopOrderStatus }> {
  await withTransaction(deps.db, async (tx) => {
    const order = await q.lockShopOrderForUpdate(tx, orderId);
    if (!order || !(await refundUnservedInTx(tx, actor, order, 'operator_refund', reason))) throw new AppError(ResponseCode.shopOrderState);
    await record?.(tx);
  });
  await refundShopOrder(deps, actor, orderId);
  return { id: orderId, status: 'rejected' };
}

/**
 * Ends a paid order of a closed shop that was not handed over, once, through the refusals' own paths:
 * awaiting audit, rejected; approved or ready for pickup, rejected with its units back in the shop's
 * stock; each as `shop_closed`, refunded in full (its job, and at once after). Shipped goods are on
 * their way: that order stays, to be received, with after-sales open to it. Answers whether this call
 * ended it (nothing when the shop is open again, or the order was already ended or handed over).
 */
export async function refundOrderOfClosedShop(deps: ShopDeps, actor: Actor, orderId: number): Promise<boolean> {
  const refunded = await withTransaction(deps.db, async (tx) => {
    const order = await q.lockShopOrderForUpdate(tx, orderId);
    if (!order || (await q.findShop(tx, Number(order.shop_id)))?.status !== 'closed') return false;
    if (order.status === 'awaiting_audit') return !!(await rejectInTx(tx, actor, orderId, 'shop_closed'));
    return !!(await refundUnservedInTx(tx, actor, order, 'shop_closed', CLOSED_WITH_SHOP));
  });
  if (refunded) await refundShopOrder(deps, actor, orderId);
  return refunded;
}

/** Refunds an order not shipped or picked up in time (its job): only when still approved or ready past its fulfilment days. */
export async function refundUnfulfilledShopOrder(deps: ShopDeps, actor: Actor, orderId: number): Promise<boolean> {
  const refunded = await withTransaction(deps.db, async (tx) => {
    const order = await q.lockShopOrderForUpdate(tx, orderId);
    const due = order && fulfilmentDue(order);
    if (!order || !due || !isPast(due)) return false;
    return !!(await refundUnservedInTx(tx, actor, order, 'fulfilment_overdue', 'not served in time'));
  });
  if (refunded) await refundShopOrder(deps, actor, orderId);
  return refunded;
}

/** Refunds every order past its fulfilment days that its own job missed. */
export async function refundUnfulfilledShopOrders(deps: ShopDeps, actor: Actor): Promise<number> {
  let n = 0;
  for (const id of await q.findUnfulfilledIds(deps.db, new Date(Date.now() - SHOP_FULFIL_DAYS * 86_400_000), 500)) if (await refundUnfulfilledShopOrder(deps, actor, id)) n++;
  return n;
}

/** When a shop order completed at `completedAt` may settle: the order settings' days after, and no sooner than its after-sales (return) window closes. */
async function shopSettlementTime(tx: Tx, orderId: number, completedAt: Date): Promise<Date> {
  const days = (await findOrderSettings(tx)).settle_after_days;
  const after = new Date(completedAt.getTime() + days * 86_400_000);
  const window = await afterSalesWindowEnd(tx, { id: orderId, completed_at: completedAt });
  return window > after ? window : after;
}

/** Schedules the settlement of a completed order: the order settings' days after completion, and not before its after-sales window closes. */
async function scheduleShopSettlement(tx: Tx, orderId: number): Promise<void> {
  const at = await shopSettlementTime(tx, orderId, new Date());
  await q.setShopOrderSettlesAt(tx, orderId, at);
  await enqueueJob(tx, 'settle_shop_order', { orderId }, { runAt: at, jobKey: `shop-order-settle:${orderId}` });
}

/** When a shipped order its buyer does not confirm completes on its own: the regular orders' days (`auto_confirm_days`) after shipping. */
async function shopAutoCompleteTime(db: Executor, shippedAt: Date | string): Promise<Date> {
  return new Date(new Date(shippedAt).getTime() + (await findOrderSettings(db)).auto_confirm_days * 86_400_000);
}

/**
 * Completes a shipped (delivery) order its buyer did not confirm, once the order settings' days after
 * shipping are up, as regular orders complete; its settlement is then scheduled as at a confirmation.
 * Not due yet (the days were raised since), its job moves to the new moment.
 */
export async function autoCompleteShopOrder(deps: Pick<AppDeps, 'db'>, actor: Actor, orderId: number): Promise<boolean> {
  return withTransaction(deps.db, async (tx) => {
    const order = await q.lockShopOrderForUpdate(tx, orderId);
    if (!order || order.status !== 'shipped' || order.delivery !== 'ship' || !order.shipped_at) return false;
    const due = await shopAutoCompleteTime(tx, order.shipped_at);
    if (due.getTime() > Date.now()) {
      await enqueueJob(tx, 'auto_complete_shop_order', { orderId }, { runAt: due, jobKey: `shop-order-auto-complete:${orderId}` });
      return false;
    }
    const moved = await moveOrder(tx, actor, orderId, ['shipped'], 'completed', { completed_at: new Date() }, 'not confirmed in time');
    if (!moved) return false;
    await scheduleShopSettlement(tx, orderId);
    return true;
  });
}

/** Completes every shipped order past its days that its own job missed. */
export async function autoCompleteDueShopOrders(deps: Pick<AppDeps, 'db'>, actor: Actor): Promise<number> {
  const days = (await findOrderSettings(deps.db)).auto_confirm_days;
  let n = 0;
  for (const id of await q.findUnconfirmedShippedIds(deps.db, new Date(Date.now() - days * 86_400_000), 500)) if (await autoCompleteShopOrder(deps, actor, id)) n++;
  return n;
}

/**
 * The owner moves an approved order on: shipped (carrier and tracking) or ready for pickup, as its
 * delivery says. The owner completes a pickup order at the hand-over; a shipped order is the buyer's
 * to confirm (or it completes on its own), since completing starts the buyer's return window.
 */
export async function changeShopOrderState(db: Executor, actor: Actor, input: EndpointBody<typeof changeMyShopOrderState>): Promise<EndpointData<typeof changeMyShopOrderState>> {
  const shop = await ownShop(db, actor);
  refuseAtClosedShop(shop, 'userShop.code.shopClosedOrders');
  return withTransaction(db, async (tx) => {
    const order = await q.lockShopOrderForUpdate(tx, input.id);
    if (!order || Number(order.shop_id) !== Number(shop.id)) throw new AppError(ResponseCode.orderNotFound);
    // Read again under the order's lock: a closing that committed meanwhile refuses the move here.
    refuseAtClosedShop((await q.findShop(tx, Number(shop.id))) ?? shop, 'userShop.code.shopClosedOrders');
    let moved;
    if (input.to === 'shipped' && order.delivery === 'ship') {
      const shippedAt = new Date();
      moved = await moveOrder(tx, actor, order.id, ['approved'], 'shipped', { shipped_at: shippedAt, carrier: input.carrier, tracking_number: input.tracking_number });
      if (moved) await enqueueJob(tx, 'auto_complete_shop_order', { orderId: order.id }, { runAt: await shopAutoCompleteTime(tx, shippedAt), jobKey: `shop-order-auto-complete:${order.id}` });
    } else if (input.to === 'ready_for_pickup' && order.delivery === 'pickup') {
      const readyAt = new Date();
      moved = await moveOrder(tx, actor, order.id, ['approved'], 'ready_for_pickup', { shipped_at: readyAt });
      // The buyer now has the fulfilment days to come for it.
      if (moved) await enqueueFulfilmentDeadline(tx, order.id, readyAt);
    }
    else if (input.to === 'completed') {
      if (order.delivery === 'ship') throw new AppError(ResponseCode.shopOrderBuyerConfirms);
      moved = await moveOrder(tx, actor, order.id, ['ready_for_pickup'], 'completed', { completed_at: new Date() });
    }
    if (!moved) throw new AppError(ResponseCode.shopOrderState);
    if (input.to === 'completed') await scheduleShopSettlement(tx, order.id);
    return { id: order.id, status: moved.status };
  });
}

/** The buyer confirms a shipped or ready order received: it is completed. */
export async function confirmShopOrder(db: Executor, actor: Actor, input: EndpointBody<typeof confirmMemberShopOrder>): Promise<EndpointData<typeof confirmMemberShopOrder>> {
  const userId = memberIdOf(actor);
  return withTransaction(db, async (tx) => {
    const order = await q.lockShopOrderForUpdate(tx, input.id);
    if (!order || Number(order.buyer_id) !== userId) throw new AppError(ResponseCode.orderNotFound);
    const moved = await moveOrder(tx, actor, order.id, ['shipped', 'ready_for_pickup'], 'completed', { completed_at: new Date() });
    if (!moved) throw new AppError(ResponseCode.shopOrderState);
    await scheduleShopSettlement(tx, order.id);
    return { id: order.id, status: 'completed' as const };
  });
}

/**
 * Settles a completed order whose time has come (its after-sales window closed) and that no open
 * after-sales case holds, once: the owner is credited the goods value that was not refunded, less
 * the platform's fee on it (the settings' fee when it was paid, 10 % by default), in rewards, from
 * the sales the buyer's payment booked, with one ledger entry keyed by the order; the areas of
 * `shopOrderEarningHooks.onSettled` (the referral team's PV and commissions) earn in the same
 * transaction. A fully refunded order earns nothing.
 * Held by a case, it waits for the case's end to schedule it again; a case cannot open a return
 * meanwhile without this order's row lock, which this takes.
 */
export async function settleShopOrder(deps: Pick<AppDeps, 'db'>, actor: Actor, orderId: number): Promise<boolean> {
  return withTransaction(deps.db, async (tx) => {
    const order = await q.lockShopOrderForUpdate(tx, orderId);
    if (!order || order.status !== 'completed' || order.settled_at || !order.settles_at || !isPast(order.settles_at)) return false;
    // Its moment (set at completion) already waits for the after-sales window; an open case holds it.
    if (await shopOrderHoldsSettlement(tx, orderId)) return false;
    // The fee kept at payment (an order paid by a process from before fees were kept: the settings').
    const fee_bp = order.fee_bp ?? (await q.findShopSettings(tx)).fee_bp;
    const refunded = await shopOrderRefundedByCases(tx, orderId);
    const goods = Math.max(0, Number(order.goods_minor) - refunded);
    const earnings = goods - shareOfMinor(goods, fee_bp);
    const settled = await q.markShopOrderSettled(tx, orderId, { fee_bp, earnings_minor: earnings });
    if (!settled) return false;
    await q.insertShopOrderEvent(tx, { order_id: orderId, kind: 'settled', from_status: null, to_status: null, reason: '', actor: stampOf(actor) });
    if (earnings > 0) {
      await post(tx, {
        kind: 'shop.earnings',
        reference: { type: 'shop_order', id: order.order_no },
        idempotencyKey: `shop-order:${orderId}:earnings`,
        actor,
        postings: [
          { account: { system: 'sales', currency: order.currency }, amount: -earnings },
          { account: { member: Number(order.owner_id), asset: 'rewards', currency: order.currency }, amount: earnings },
        ],
      });
      await tellOfShopEarnings(tx, order, earnings);
    }
    // The referral team earns on it in the same transaction (PV, commissions), once: `settled_at` was set just now.
    for (const earn of shopOrderEarningHooks.onSettled) await earn(tx, actor, { ...forEarning(order), refunded_minor: refunded });
    return true;
  });
}

/** Settles every completed order past its time that its own job missed. */
export async function settleDueShopOrders(deps: Pick<AppDeps, 'db'>, actor: Actor): Promise<number> {
  let n = 0;
  for (const id of await q.findDueUnsettledIds(deps.db, 500)) if (await settleShopOrder(deps, actor, id)) n++;
  return n;
}

// ── Reads ───────────────────────────────────────────────────────────────────────────────────

const OWNER_VIEWS: Record<string, ShopOrderStatus[] | undefined> = {
  all: ['awaiting_audit', 'approved', 'shipped', 'ready_for_pickup', 'completed', 'rejected'],
  awaiting_audit: ['awaiting_audit'],
  to_ship: ['approved'],
  shipped: ['shipped', 'ready_for_pickup'],
  done: ['completed'],
  rejected: ['rejected'],
};
const BUYER_VIEWS: Record<string, ShopOrderStatus[] | undefined> = {
  all: undefined,
  awaiting_payment: ['awaiting_payment'],
  awaiting_audit: ['awaiting_audit'],
  in_progress: ['approved', 'shipped', 'ready_for_pickup'],
  completed: ['completed'],
  rejected: ['rejected', 'closed'],
};

type Viewer = 'owner' | 'buyer';
/** Where a shipped order goes, as placed: the recipient's name also in its parts (`given_name`, `family_name`; absent on older orders). */
interface ShopOrderAddress {
  name: string;
  given_name?: string;
  family_name?: string;
  mobile: string;
  text: string;
  country_code: string;
}
/** Shop orders as the contract answers them, for the owner or the buyer. */
export async function shopOrdersAnswer(db: Executor, rows: q.ShopOrderListRow[], viewer: Viewer, lang: Language) {
  const ids = rows.map((r) => Number(r.id));
  // What the buyer may still ask of each (after-sales' own rule, as for regular orders); the owner asks nothing.
  const asked = viewer === 'buyer' ? ids.filter((_, i) => rows[i]!.status === 'shipped' || rows[i]!.status === 'completed') : [];
  const [lines, cases, openToCases] = await Promise.all([q.findShopOrderLines(db, ids), shopOrderCaseSummaries(db, ids), ordersOpenToCases(db, asked, 'shop_order')]);
  return rows.map((r) => {
    const s = r.status;
    const c = cases.find((x) => x.shop_order_id === Number(r.id));
    return {
      id: Number(r.id),
      order_no: r.order_no,
      shop: { id: Number(r.shop_id), name: r.shop_name, logo: r.shop_logo },
      buyer_name: viewer === 'buyer' ? r.buyer_nickname || r.buyer_user_name : maskedName({ user_name: r.buyer_user_name, nickname: r.buyer_nickname }),
      status: s,
      delivery: r.delivery,
      lines: lines.filter((l) => Number(l.order_id) === Number(r.id)).map((l) => lineAnswer(l, lang)),
      goods_total: Number(r.goods_minor),
      total: Number(r.total_minor),
      currency: r.currency,
      pv: Number(r.pv),
      remarks: r.remarks,
      reject_reason: r.reject_reason,
      carrier: r.carrier,
      tracking_number: r.tracking_number,
      refunded: !!r.refunded_at,
      created_at: iso(r.created_at),
      paid_at: iso(r.paid_at),
      audit_due_at: s === 'awaiting_audit' ? iso(r.audit_due_at) : null,
      expires_at: s === 'awaiting_payment' ? iso(r.expires_at) : null,
      has_after_sale: !!c,
      after_sale: c ? { cases: c.cases, open: c.open, status: c.status, refunded: c.refunded } : null,
      actions: {
        // Not while its shop takes no orders (hidden, banned, paused): the payment would be refused.
        pay: viewer === 'buyer' && s === 'awaiting_payment' && !isPast(r.expires_at) && r.shop_refusal === null,
        audit: viewer === 'owner' && s === 'awaiting_audit',
        ship: viewer === 'owner' && s === 'approved' && r.delivery === 'ship',
        ready_for_pickup: viewer === 'owner' && s === 'approved' && r.delivery === 'pickup',
        // The buyer confirms either; the owner completes only a pickup at the hand-over (a shipped order is the buyer's to confirm).
        complete: viewer === 'buyer' ? s === 'shipped' || s === 'ready_for_pickup' : s === 'ready_for_pickup',
        // The buyer's way to after-sales, while anything may still be asked (per line and kind, the after-sales area's answer).
        after_sale: openToCases.has(Number(r.id)),
      },
    };
  });
}

async function detailAnswer(db: Executor, row: q.ShopOrderListRow, viewer: Viewer, lang: Language): Promise<EndpointData<typeof getMyShopOrder>> {
  const [base] = await shopOrdersAnswer(db, [row], viewer, lang);
  const events = await q.findShopOrderEvents(db, Number(row.id));
  const address = row.address as ShopOrderAddress | null;
  return {
    ...base!,
    // The recipient's name in their own culture's order (the address's country for a Latin one); an
    // order placed before the parts were kept has its name as the buyer's language wrote it.
    address: address ? { name: address.given_name !== undefined ? fullName(address.given_name, address.family_name, lang, address.country_code) : address.name, mobile: address.mobile, text: address.text } : null,
    earnings: viewer === 'owner' && row.earnings_minor !== null ? Number(row.earnings_minor) : null,
    settled_at: iso(row.settled_at),
    events: events.map((e) => ({ kind: e.kind, from: e.from_status, to: e.to_status, reason: e.reason, by: e.actor.startsWith('member:') ? (e.actor === `member:${row.buyer_id}` ? 'buyer' : 'owner') : e.actor.split(':')[0]!, at: iso(e.created_at) })),
  };
}

/** A page of the orders placed at a shop (paid ones: an unpaid order is the buyer's business), by view. */
async function shopOrdersPage(db: Executor, shopId: number, input: EndpointQuery<typeof listMyShopOrders>, lang: Language): Promise<EndpointData<typeof listMyShopOrders>> {
  const filter = { shopId, statuses: OWNER_VIEWS[input.view], q: input.q };
  const [rows, total] = await Promise.all([q.findShopOrdersPage(db, filter, input.limit, (input.page - 1) * input.limit), q.countShopOrdersOf(db, filter)]);
  return pageOf(await shopOrdersAnswer(db, rows, 'owner', lang), total, input);
}

/** Orders placed at the owner's shop, by view. */
export async function ownerOrders(db: Executor, actor: Actor, input: EndpointQuery<typeof listMyShopOrders>): Promise<EndpointData<typeof listMyShopOrders>> {
  return shopOrdersPage(db, Number((await ownShop(db, actor)).id), input, actor.lang);
}

/** How long which shop is a member's is trusted without reading it again. */
const OWN_SHOP_TRUST_MS = 30_000;

/**
 * The owner's order list, kept per shop, view, page and language until one of the shop's orders
 * moves or is refunded, or the shop is renamed (`dropShopOrderListsOnChanges`); the shop is the
 * caller's, as their roles say (read again once one of them is granted or revoked).
 */
export async function cachedOwnerOrders(deps: Pick<AppDeps, 'db' | 'config' | 'redis'>, actor: Actor, input: EndpointQuery<typeof listMyShopOrders>) {
  // Which shop is the caller's, kept until their roles change (a revoked owner is refused at once) and
  // half a minute at most (a change nobody announced, made by hand); no shop is never kept.
  const owner = memberIdOf(actor);
  const cache = responseCache(deps);
  const shopId = await cache.memo(
    { id: `own-shop|${owner}`, tags: [MemberRolesTag.all, MemberRolesTag.member(owner)] },
    async () => new Expiring(Number((await ownShop(deps.db, actor)).id), new Date(Date.now() + OWN_SHOP_TRUST_MS)),
  );
  const key = { id: `${shopId}|${input.view}|${input.page}|${input.limit}|${input.q ?? ''}|${actor.lang}`, tags: [ShopOrderListTag.all, ShopOrderListTag.shop(shopId)] };
  return cache.cached(listMyShopOrders, key, () => shopOrdersPage(deps.db, shopId, input, actor.lang));
}

/** One order of the owner's shop. */
export async function ownerOrder(db: Executor, actor: Actor, input: { id: number }): Promise<EndpointData<typeof getMyShopOrder>> {
  const shopId = Number((await ownShop(db, actor)).id);
  const row = await q.findShopOrderWithNames(db, input.id);
  if (!row || Number(row.shop_id) !== shopId || row.status === 'awaiting_payment') throw new AppError(ResponseCode.orderNotFound);
  return detailAnswer(db, row, 'owner', actor.lang);
}

/** Orders of the owner's shop awaiting audit. */
export async function unapprovedCount(db: Executor, actor: Actor) {
  return { count: await q.countShopOrders(db, Number((await ownShop(db, actor)).id), ['awaiting_audit']) };
}

/** The buyer's shop orders, by view. */
export async function buyerOrders(db: Executor, actor: Actor, input: EndpointQuery<typeof listMemberShopOrders>): Promise<EndpointData<typeof listMemberShopOrders>> {
  const filter = { buyerId: memberIdOf(actor), statuses: BUYER_VIEWS[input.view] };
  const [rows, total] = await Promise.all([q.findShopOrdersPage(db, filter, input.limit, (input.page - 1) * input.limit), q.countShopOrdersOf(db, filter)]);
  return pageOf(await shopOrdersAnswer(db, rows, 'buyer', actor.lang), total, input);
}

/** One of the buyer's shop orders. */
export async function buyerOrder(db: Executor, actor: Actor, input: { id: number }): Promise<EndpointData<typeof getMyShopOrder>> {
  const row = await q.findShopOrderWithNames(db, input.id);
  if (!row || Number(row.buyer_id) !== memberIdOf(actor)) throw new AppError(ResponseCode.orderNotFound);
  return detailAnswer(db, row, 'buyer', actor.lang);
}
