import { ResponseCode, type ApprovalChange, type EndpointBody, type EndpointData, type EndpointQuery, type adminAdjustShopStock, type adminDecideShopOrder, type adminListShops, type adminListShopOrders, type adminSetShopSettings, type adminSetShopStatus, type adminShopDetail, type adminShopSettings } from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/database.js';
import { operatorNameOf, refuseOwnAccount, type Actor } from '../../lib/actor.js';
import { iso } from '../../lib/dates.js';
import { AppError } from '../../lib/errors.js';
import { pageOf, totalOf } from '../../lib/paging.js';
import { assertLoadedVersion } from '../../lib/row-version.js';
import { withTransaction, type Tx } from '../../lib/transaction.js';
import { pendingRequestAbout, requestApproval } from '../approvals/approvals.service.js';
import { findSkusForCheckout } from '../catalogue/stock.queries.js';
import { pick } from '../catalogue/texts.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import type { PaymentsDeps } from '../payments/settlement.js';
import { tellOfShopStatus } from './shop-messages.js';
import { decideAudit, expireShopOrderNow, refundOrderOfClosedShop, refundUnservedShopOrder, shopOrdersAnswer } from './shop-orders.service.js';
import * as q from './user-shop.queries.js';
import { changeShopStock, slipsAnswer } from './user-shop.service.js';

// Member shops for operators (permission `shops.manage`): every decision has a reason and is
// recorded; a stock addition creates value for a member and a change of the fee or the price band
// shapes what owners earn: each waits for a second operator.

const shopRow = (s: q.ShopRow) => ({ id: Number(s.id), name: s.name, owner_id: Number(s.owner_id), owner_user_name: s.owner_user_name, owner_status: s.owner_status, status: s.status, status_reason: s.status_reason, created_at: iso(s.created_at) });

/** Shops, newest first, by state or name. */
export async function listShops(db: Executor, actor: Actor, input: EndpointQuery<typeof adminListShops>): Promise<EndpointData<typeof adminListShops>> {
  operatorNameOf(actor);
  const rows = await q.findShopsPage(db, { status: input.status, q: input.q }, input.limit, (input.page - 1) * input.limit);
  return pageOf(rows.map(shopRow), totalOf(rows), input);
}

/** One shop with its stock and latest orders and slips (its stock changes are a list of their own: stockChanges). */
export async function shopDetail(db: Executor, actor: Actor, input: EndpointQuery<typeof adminShopDetail>): Promise<EndpointData<typeof adminShopDetail>> {
  operatorNameOf(actor);
  const shop = await q.findShop(db, input.id);
  if (!shop) throw new AppError(ResponseCode.shopItemNotFound);
  const [stock, orders, slips] = await Promise.all([q.findShopStockRows(db, shop.id), q.findShopOrdersPage(db, { shopId: shop.id }, 50, 0), q.findSalesPage(db, shop.id, undefined, 50, 0)]);
  return {
    ...shopRow(shop),
    stock: stock.map((s) => ({ sku_id: Number(s.sku_id), goods_id: Number(s.goods_id), name: pick(s.name as Record<string, string>, actor.lang), stock: s.stock })),
    orders: await shopOrdersAnswer(db, orders, 'owner', actor.lang),
    slips: await slipsAnswer(db, slips, actor.lang),
  };
}

/** Shop orders across shops, newest first: by state, or the audits their owner cannot give (banned, no longer a shop owner). */
export async function listShopOrders(db: Executor, actor: Actor, input: EndpointQuery<typeof adminListShopOrders>): Promise<EndpointData<typeof adminListShopOrders>> {
  operatorNameOf(actor);
  const filter = { statuses: input.status === 'all' || input.status === 'owner_away' ? undefined : [input.status], ownerAway: input.status === 'owner_away', q: input.q, shopId: input.shop_id, buyerId: input.buyer_id };
  const rows = await q.findConsoleShopOrdersPage(db, filter, input.limit, (input.page - 1) * input.limit);
  const answers = await shopOrdersAnswer(db, rows, 'owner', actor.lang);
  return pageOf(
    answers.map((a, i) => ({ ...a, owner_id: Number(rows[i]!.owner_id), owner_user_name: rows[i]!.owner_user_name, owner_status: rows[i]!.owner_status, owner_away: rows[i]!.owner_away })),
    totalOf(rows),
    input,
  );
}

/**
 * Opens, pauses or closes a shop with a reason, recorded, its owner told. Closing refuses new orders
 * and the owner's moves at once, and ends its open orders: every paid one not yet handed over
 * (awaiting audit, approved, ready for pickup) is rejected and refunded in full, its units back in
 * the shop's stock; unpaid ones are closed; shipped ones stay on their way
 * (docs/decisions/2026-12-01-shop-closing-orders.md). Each buyer is told.
 */
export async function setShopStatus(deps: PaymentsDeps, actor: Actor, input: EndpointBody<typeof adminSetShopStatus>): Promise<EndpointData<typeof adminSetShopStatus>> {
  const operator = operatorNameOf(actor);
  const shop = await q.findShop(deps.db, input.id);
  if (!shop) throw new AppError(ResponseCode.shopItemNotFound);
  refuseOwnAccount(actor, shop.owner_id);
  await withTransaction(deps.db, async (tx) => {
    await q.lockShopForUpdate(tx, shop.id);
    const moved = await q.setShopStatus(tx, shop.id, ['open', 'paused', 'closed'].filter((s) => s !== input.status) as Array<'open'>, input.status, input.reason);
    if (!moved) throw new AppError(ResponseCode.shopOrderState);
    const decision = await insertOperatorAction(tx, { operator, action: `shop.${input.status}`, target_type: 'shop', target_id: shop.id, reason: input.reason });
    await tellOfShopStatus(tx, shop, input.status, input.reason, Number(decision.id));
  });
  let refunded = 0;
  let closed = 0;
  if (input.status === 'closed') {
    // Each order under its own lock, from the state it is in then: one paid while the shop closed is refunded too.
    for (const o of await q.findOpenOrderIdsOfShop(deps.db, shop.id)) {
      if (o.status === 'awaiting_payment' && (await expireShopOrderNow(deps, actor, o.id))) closed++;
      else if (await refundOrderOfClosedShop(deps, actor, o.id)) refunded++;
    }
  }
  return { id: shop.id, status: input.status, refunded_orders: refunded, closed_orders: closed };
}

interface StockAddition {
  shop_id: number;
  sku_id: number;
  goods_id: number;
  delta: number;
  reason: string;
}

/** Adjusts a shop's stock of an SKU with a reason: a removal at once (never below zero), an addition through a second operator. */
export async function adjustShopStock(db: AppDeps['db'], actor: Actor, input: EndpointBody<typeof adminAdjustShopStock>): Promise<EndpointData<typeof adminAdjustShopStock>> {
  const operator = operatorNameOf(actor);
  const shop = await q.findShop(db, input.shop_id);
  if (!shop) throw new AppError(ResponseCode.shopItemNotFound);
  refuseOwnAccount(actor, shop.owner_id);
  const [sku] = await findSkusForCheckout(db, [input.sku_id]);
  if (!sku) throw new AppError(ResponseCode.shopGoodsNotOffered);
  const change: StockAddition = { shop_id: shop.id, sku_id: Number(sku.id), goods_id: Number(sku.goods_id), delta: input.delta, reason: input.reason };
  if (input.delta > 0) {
    const { request } = await requestApproval<StockAddition, { stock: number }>(db, actor, { kind: 'shop_stock.add', memberId: Number(shop.owner_id), currency: 'XXX', amount: null, payload: change, summary: `+${input.delta} of SKU ${sku.id} to shop ${shop.name}`, reason: input.reason });
    return { stock: null, approval_id: request.id };
  }
  return withTransaction(db, async (tx) => {
    // No reference: the change stands on its own, and its author is recorded with it (shown as who made it).
    const after = await changeShopStock(tx, actor, { shopId: shop.id, skuId: change.sku_id, goodsId: change.goods_id, delta: input.delta, cause: 'operator', reference: '', reason: input.reason });
    if (after === undefined) throw new AppError(ResponseCode.shopStockShort, { name: pick(sku.name as Record<string, string>, actor.lang), stock: (await q.findShopStock(tx, shop.id, [change.sku_id])).get(change.sku_id) ?? 0 });
    await insertOperatorAction(tx, { operator, action: 'shop.stock', target_type: 'shop', target_id: shop.id, reason: input.reason, facts: { key: 'stock_change', sku_id: change.sku_id, delta: input.delta, stock_after: after } });
    return { stock: after, approval_id: null };
  });
}

/** Carries out an approved stock addition, once (its request's state decides), as the approving operator. */
export async function postShopStockAddition(tx: Tx, actor: Actor, input: StockAddition, requestId: number) {
  const stock = (await changeShopStock(tx, actor, { shopId: input.shop_id, skuId: input.sku_id, goodsId: input.goods_id, delta: input.delta, cause: 'operator', reference: `approval:${requestId}`, reason: input.reason }))!;
  return { stock };
}

/**
 * An operator decides the audit an owner left, or refunds an approved or ready-for-pickup order its
 * owner does not serve, with a reason, recorded; never about their own member's shop or purchase.
 */
export async function decideShopOrder(deps: PaymentsDeps, actor: Actor, input: EndpointBody<typeof adminDecideShopOrder>): Promise<EndpointData<typeof adminDecideShopOrder>> {
  const operator = operatorNameOf(actor);
  const order = await q.findShopOrder(deps.db, input.id);
  if (!order) throw new AppError(ResponseCode.shopItemNotFound);
  // Nobody decides about their own account: the order earns its shop's owner and serves (or refunds) its buyer.
  refuseOwnAccount(actor, order.owner_id);
  refuseOwnAccount(actor, order.buyer_id);
  // The record of who decided and why is written in the decision's own transaction.
  const record = (tx: Tx) => insertOperatorAction(tx, { operator, action: `shop_order.${input.decision}`, target_type: 'shop_order', target_id: order.id, reason: input.reason });
  return input.decision === 'refund' ? refundUnservedShopOrder(deps, actor, order.id, input.reason, record) : decideAudit(deps, actor, order.id, input.decision, input.reason, record);
}

/** The settings that shape what owners earn (the fee, the price band): changed only when a second operator approves. */
const MONEY_FIELDS = ['fee_bp', 'price_below_bp', 'price_above_bp'] as const;
/** A change of the fee or the band as asked: only the fields it changes, as asked. */
type MoneySettings = Partial<Record<(typeof MONEY_FIELDS)[number], number>>;
/** One change of the fee or the band waits at a time. */
const SETTINGS_SUBJECT = 'shop.settings';

const settingsAnswer = async (db: Executor, s: Awaited<ReturnType<typeof q.findShopSettings>>) => ({
  fee_bp: s.fee_bp,
  audit_hours: s.audit_hours,
  payment_minutes: s.payment_minutes,
  price_below_bp: s.price_below_bp,
  price_above_bp: s.price_above_bp,
  updated_by: s.updated_by,
  updated_at: iso(s.updated_at),
  pending: await pendingRequestAbout(db, 'shop.settings', SETTINGS_SUBJECT),
});

/** The shop settings, and the change of the fee or the band waiting for a second operator. */
export async function shopSettings(db: Executor, actor: Actor): Promise<EndpointData<typeof adminShopSettings>> {
  operatorNameOf(actor);
  return settingsAnswer(db, await q.findShopSettings(db));
}

/**
 * Saves the shop settings with a reason, recorded: the audit hours and the payment minutes at once; a
 * change of the fee or the price band (what owners earn, on every order paid after it) is a request a
 * second operator approves, listing each field old → new. Asked while a different one waits, refused.
 * The form names the version it read (`base_updated_at`, checked under the row's lock): saved from a
 * copy changed since (an approved fee, another's hours), it is refused whole, no request and nothing written.
 */
export async function saveShopSettings(db: AppDeps['db'], actor: Actor, input: EndpointBody<typeof adminSetShopSettings>): Promise<EndpointData<typeof adminSetShopSettings>> {
  const operator = operatorNameOf(actor);
  const request = await withTransaction(db, async (tx) => {
    const current = await q.lockShopSettingsForUpdate(tx);
    assertLoadedVersion(current.updated_at, input.base_updated_at);
    const changes: ApprovalChange[] = MONEY_FIELDS.filter((f) => input[f] !== current[f]).map((f) => ({ field: f, star: null, from: current[f], to: input[f] }));
    // The request first: refused (another waits), nothing is saved.
    const asked = changes.length
      ? (
          await requestApproval<MoneySettings, MoneySettings>(tx, actor, {
            kind: 'shop.settings',
            memberId: null,
            currency: 'XXX',
            amount: null,
            payload: Object.fromEntries(changes.map((c) => [c.field, c.to])),
            summary: `shop settings: ${changes.map((c) => `${c.field} ${c.from} → ${c.to}`).join('; ')}`,
            changes,
            subject: SETTINGS_SUBJECT,
            reason: input.reason,
          })
        ).request
      : null;
    if (!changes.length || input.audit_hours !== current.audit_hours || input.payment_minutes !== current.payment_minutes) {
      await q.updateShopSettings(tx, { fee_bp: current.fee_bp, price_below_bp: current.price_below_bp, price_above_bp: current.price_above_bp, audit_hours: input.audit_hours, payment_minutes: input.payment_minutes, updated_by: operator });
      await insertOperatorAction(tx, { operator, action: 'shop.settings', target_type: 'setting', target_id: 1, reason: input.reason });
    }
    return asked;
  });
  return { ...(await settingsAnswer(db, await q.findShopSettings(db))), request };
}

/** Carries out an approved change of the fee or the band, once (its request's state decides), as the approving operator. */
export async function saveApprovedShopSettings(tx: Tx, actor: Actor, asked: MoneySettings): Promise<MoneySettings> {
  const s = await q.lockShopSettingsForUpdate(tx);
  const saved = await q.updateShopSettings(tx, { fee_bp: s.fee_bp, price_below_bp: s.price_below_bp, price_above_bp: s.price_above_bp, ...asked, audit_hours: s.audit_hours, payment_minutes: s.payment_minutes, updated_by: operatorNameOf(actor) });
  return { fee_bp: saved.fee_bp, price_below_bp: saved.price_below_bp, price_above_bp: saved.price_above_bp };
}
