import { APP_PATHS, SHOP_FULFIL_DAYS, type ShopOrderStatus } from '@shop/contract';
import type { Executor } from '../../db/database.js';
import { notifyMember } from '../messages/messages.service.js';
import { printAmount } from '../wallet/wallet.rules.js';
import * as q from './user-shop.queries.js';

// What member shops tell their members, each in the transaction of the fact and once per event
// (its event key): the owner of an order to audit, of earnings settled and of an operator's pause or
// closing; the buyer of each move of their order. Texts are `message.shop.<event>` in the user-shop pack.

/** The buyer's shop orders; the owner's orders waiting for the audit. */
const BUYER_ORDERS = APP_PATHS.shop.buyerOrders;
const OWNER_AUDITS = `${APP_PATHS.shop.orders}?view=awaiting_audit`;

/** Why an unpaid order is closed when its shop closes (the order's event reason, and the buyer's message). */
export const CLOSED_WITH_SHOP = 'shop closed';

/** A shop order as a move leaves it. */
interface MovedOrder {
  id: number | string;
  order_no: string;
  shop_id: number | string;
  owner_id: number | string;
  buyer_id: number | string;
  reject_reason: string;
  carrier: string;
  tracking_number: string;
  paid_at: Date | string | null;
  audit_due_at: Date | string | null;
}

/** The buyer's message of a refusal, by its reason's code (a reason without a code is the owner's or an operator's own words). */
const refusalKind: Record<string, string> = {
  shop_closed: 'shop.order_refunded_shop_closed',
  stock_short: 'shop.order_rejected_stock_short',
  audit_overdue: 'shop.order_rejected_audit_overdue',
  operator_refund: 'shop.order_refunded_unserved',
  fulfilment_overdue: 'shop.order_refunded_unserved',
};

const shopName = async (db: Executor, shopId: number) => (await q.findShop(db, shopId))?.name ?? '';

/**
 * Tells of a move of a shop order, in its transaction: paid, the owner is asked to audit it within
 * the hours it was given; approved, ready for pickup, shipped, refused (refunded) or closed unpaid,
 * the buyer. Completing tells nobody (the buyer or the owner did it).
 */
export async function tellOfShopOrderMove(db: Executor, order: MovedOrder, to: ShopOrderStatus, reason: string): Promise<void> {
  const id = Number(order.id);
  const eventKey = `shop-order:${id}:${to}`;
  const buyer = Number(order.buyer_id);
  const base = { order_no: order.order_no };
  switch (to) {
    case 'awaiting_audit': {
      const hours = order.paid_at && order.audit_due_at ? Math.round((new Date(order.audit_due_at).getTime() - new Date(order.paid_at).getTime()) / 3_600_000) : 0;
      await notifyMember(db, { memberId: Number(order.owner_id), kind: 'shop.order_to_audit', params: { ...base, count: hours }, link: OWNER_AUDITS, eventKey });
      return;
    }
    case 'approved':
      await notifyMember(db, { memberId: buyer, kind: 'shop.order_approved', params: { ...base, shop: await shopName(db, Number(order.shop_id)) }, link: BUYER_ORDERS, eventKey });
      return;
    case 'ready_for_pickup':
      await notifyMember(db, { memberId: buyer, kind: 'shop.order_ready_for_pickup', params: { ...base, shop: await shopName(db, Number(order.shop_id)), days: SHOP_FULFIL_DAYS }, link: BUYER_ORDERS, eventKey });
      return;
    case 'shipped':
      await notifyMember(db, { memberId: buyer, kind: 'shop.order_shipped', params: { ...base, carrier: order.carrier, tracking_number: order.tracking_number }, link: BUYER_ORDERS, eventKey });
      return;
    case 'rejected': {
      const kind = refusalKind[order.reject_reason] ?? 'shop.order_rejected';
      const params = kind === 'shop.order_refunded_shop_closed' ? { ...base, shop: await shopName(db, Number(order.shop_id)) } : kind === 'shop.order_rejected' ? { ...base, reason: order.reject_reason } : base;
      await notifyMember(db, { memberId: buyer, kind, params, link: BUYER_ORDERS, eventKey });
      return;
    }
    case 'closed':
      if (reason === CLOSED_WITH_SHOP) await notifyMember(db, { memberId: buyer, kind: 'shop.order_closed_shop_closed', params: { ...base, shop: await shopName(db, Number(order.shop_id)) }, link: BUYER_ORDERS, eventKey });
      else await notifyMember(db, { memberId: buyer, kind: 'shop.order_closed', params: base, link: BUYER_ORDERS, eventKey });
      return;
    default:
      return;
  }
}

/** Tells the owner what a settled order earned them (in rewards), once. */
export async function tellOfShopEarnings(db: Executor, order: { id: number; order_no: string; owner_id: number | string; currency: string }, earnings: number): Promise<void> {
  await notifyMember(db, {
    memberId: Number(order.owner_id),
    kind: 'shop.earnings_settled',
    params: { order_no: order.order_no, amount: await printAmount(db, earnings, order.currency) },
    link: APP_PATHS.wallet.rewards,
    eventKey: `shop-order:${order.id}:earnings`,
  });
}

/** Tells the owner an operator opened, paused or closed their shop, with the reason; once per decision (the operator's record of it). */
export async function tellOfShopStatus(db: Executor, shop: { id: number; name: string; owner_id: number | string }, status: 'open' | 'paused' | 'closed', reason: string, decisionId: number): Promise<void> {
  const kind = status === 'open' ? 'shop.opened' : `shop.${status}`;
  await notifyMember(db, { memberId: Number(shop.owner_id), kind, params: { name: shop.name, reason }, link: APP_PATHS.shop.my, eventKey: `shop:${shop.id}:${status}:${decisionId}` });
}
