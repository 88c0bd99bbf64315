import {
  AFTER_SALE_RESELLABLE_NOTE,
  fromMinorUnits,
  DEFAULT_LANGUAGE,
  ROLE_PERMISSIONS,
  type Permission,
  ResponseCode,
  type EndpointBody,
  type EndpointData,
  type EndpointQuery,
  type adminAfterSaleDetail,
  type adminApproveAfterSale,
  type adminCloseAfterSale,
  type adminListAfterSales,
  type adminAfterSaleSettings,
  type adminSaveAfterSaleAddress,
  type adminSaveAfterSaleCarrier,
  type adminSaveAfterSaleReason,
  type adminSetAfterSaleSettings,
  type adminReceiveAfterSale,
  type adminRefundAfterSale,
  type adminRejectAfterSale,
  type adminRefuseAfterSaleReceipt,
  type adminShipAfterSaleReplacement,
  type AuditFacts,
} from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/database.js';
import { operatorNameOf, refuseOwnAccount, type Actor } from '../../lib/actor.js';
import { responseCache } from '../../lib/cache.js';
import { iso } from '../../lib/dates.js';
import { timeZoneOfCountry } from '../../lib/time-zones.js';
import { AppError, ValidationError } from '../../lib/errors.js';
import { Amount } from '../../lib/i18n.js';
import type { ListExport } from '../../lib/list-export.js';
import { pageOf, totalOf } from '../../lib/paging.js';
import { assertLoadedVersion } from '../../lib/row-version.js';
import { withTransaction, type Tx } from '../../lib/transaction.js';
import { enqueueLaterJob } from '../../jobs/enqueue.js';
import { catalogueChangedOnCommit } from '../catalogue/response-cache.js';
import { skuSpecText } from '../catalogue/sku-text.js';
import { findSkusForCheckout, reserveStock, returnStockRecorded } from '../catalogue/stock.queries.js';
import { pick } from '../catalogue/texts.js';
import { findCountry } from '../geo/geo.queries.js';
import { findUserById } from '../members/members.queries.js';
import { findOperatorById } from '../operators/operators.queries.js';
import { notifyMember } from '../messages/messages.service.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import { ordersChanged } from '../orders/order-lists.js';
import { returnSpentPointsShare, reverseEarnedPoints } from '../orders/points.js';
import { isReturnedWhole, refundWhollyReturnedOrder, returnCouponOfReturnedOrder } from '../orders/returned-order.js';
import { findRefundsOfPayment, findSucceededPaymentsOfPayable } from '../payments/payments.queries.js';
import { refundPayment, type PaymentsDeps } from '../payments/settlement.js';
import * as q from './after-sales.queries.js';
import { pointsNoteOf } from './points-notes.js';
import { CASE_REASONS_TAG, SETTINGS_TAG, caseEnded, caseRefundParts, caseRefundProblems, followedCaseNo, moveCase, noteText, reasonKey, reasonText, recordCaseEvent, refundedOf, renderCases, renderEvents, returnAddressIn, settleFreight, type CaseEvent, type CaseRow, type RefundProblem } from './after-sales.service.js';
import type { AfterSaleStatus } from './after-sales.table.js';
import { findCaseOrder, lockCaseOrderWithLines, refOf, takeBackToShop, type OrderRef } from './order-source.js';
import { orderPaymentsLeft, planCaseRefund, valueLeftOf, type PaymentLeft } from './refund-plan.js';
import { takeDownReviewsOfReturnedLines } from './reviews.service.js';

// The console's side of after-sales: operators approve or reject a case, take the goods back,
// refund a return through the order's own payments (the payments area's one refund path, once per
// case), ship an exchange's replacement, or close a case. Every decision is a conditional move from
// the state it expects, recorded as the case's event and as an operator action, and the member is
// told in the same transaction.

const DAY = 86_400_000;
type Changed = { id: number; status: AfterSaleStatus; refunded: number | null; refund_problem?: RefundProblem | null };
// What went back to the member: the order's value the case refunded and the surcharge that came back with it.
const changed = (c: CaseRow): Changed => ({ id: c.id, status: c.status, refunded: refundedOf(c) });

/**
 * A case, or "not found"; for a decision (`decider`), never one about the deciding operator's own
 * member account: as the case's member, nor as the owner of the member shop that sold the order (what
 * the case refunds is taken from what the shop earns).
 */
async function caseOrRefuse(db: Executor, id: number, decider?: Actor): Promise<CaseRow> {
  const c = await q.findCase(db, id);
  if (!c) throw new AppError(ResponseCode.afterSaleNotFound);
  if (decider) {
    refuseOwnAccount(decider, c.user_id);
    if (c.shop_order_id !== null && decider.operatorMemberId !== undefined) refuseOwnAccount(decider, (await findCaseOrder(db, refOf(c)))?.shop?.owner_id);
  }
  return c;
}

const link = (caseId: number) => `/pages/order/saleInfo?id=${caseId}`;

/** What the order's succeeded payments (a regular order's, or a shop order's payable) may still refund of the order's value, each and in all (failed refunds give theirs back; a card's surcharge is not the order's value). */
async function refundableOfOrder(db: Executor, ref: OrderRef): Promise<{ total: number; payments: Array<{ id: number; left: number }> }> {
  const out = (await orderPaymentsLeft(db, ref)).map((p) => ({ id: p.id, left: p.left.value }));
  return { total: out.reduce((s, p) => s + p.left, 0), payments: out };
}

/** What the operator's role may do: which cases wait for them (the queue's `waiting` tab). */
async function permissionsOf(db: Executor, actor: Actor): Promise<readonly Permission[]> {
  const operator = actor.operatorId ? await findOperatorById(db, actor.operatorId) : undefined;
  return operator ? ROLE_PERMISSIONS[operator.role] : [];
}

/** Cases for the console, by state (or those waiting for the operator's role), kind, number or member. */
export async function listForOperator(deps: Pick<AppDeps, 'db' | 'i18n' | 'config' | 'secrets'>, actor: Actor, input: EndpointQuery<typeof adminListAfterSales>): Promise<EndpointData<typeof adminListAfterSales>> {
  operatorNameOf(actor);
  const permissions = input.status === 'waiting' ? await permissionsOf(deps.db, actor) : [];
  const rows = await q.pageCases(deps.db, { status: input.status, permissions, kind: input.kind, q: input.q, source: input.source, limit: input.limit, offset: (input.page - 1) * input.limit });
  const [rendered, problems] = await Promise.all([renderCases(deps, actor.lang, rows), caseRefundProblems(deps.db, rows)]);
  return pageOf(
    rendered.map(({ actions: _actions, ...c }, i) => ({ ...c, member_id: rows[i]!.user_id, member: rows[i]!.user_name, refund_problem: problems.get(c.id) ?? null })),
    totalOf(rows),
    input,
  );
}

/** One case with its evidence, history and what the order may still refund. */
export async function detailForOperator(deps: Pick<AppDeps, 'db' | 'i18n' | 'config' | 'secrets'>, actor: Actor, input: EndpointQuery<typeof adminAfterSaleDetail>): Promise<EndpointData<typeof adminAfterSaleDetail>> {
  operatorNameOf(actor);
  const c = await caseOrRefuse(deps.db, input.id);
  const order = (await findCaseOrder(deps.db, refOf(c)))!;
  const member = await findUserById(deps.db, c.user_id);
  const [rendered] = await renderCases(deps, actor.lang, [{ ...c, order_no: order.order_no, shop_id: order.shop?.id ?? null, shop_name: order.shop?.name ?? null }]);
  const { actions: _actions, ...shown } = rendered!;
  return {
    ...shown,
    member_id: c.user_id,
    member: member?.user_name ?? '',
    refund_problem: (await caseRefundProblems(deps.db, [c])).get(c.id) ?? null,
    events: await withOperators(deps.db, await q.findCaseEvents(deps.db, c.id), await followedCaseNo(deps.db, c), (e) => (e.kind.startsWith('points_') ? pointsNoteOf(deps.i18n, actor.lang, e.reason) : noteText(deps.i18n, actor.lang, e.reason))),
    // The operator sees where the goods will go before approving (the member, once approved).
    return_address: await returnAddressIn(deps.db, order.country_code),
    return_country: order.country_code,
    // What the payments may still give back, a card's surcharge with the whole of the value.
    order_refundable: ((payments) => planCaseRefund(payments, valueLeftOf(payments)).total)(await orderPaymentsLeft(deps.db, refOf(c))),
  };
}

/**
 * The events as operators read them: each names the operator who acted, as their decisions are
 * recorded (`name#id`; a command-line operator by the name it gave), looked up once per operator.
 */
async function withOperators(db: Executor, events: CaseEvent[], followsCaseNo: string | null, note: (e: CaseEvent) => string) {
  const ids = [...new Set(events.filter((e) => e.actor_kind === 'operator' && /^\d+$/.test(e.actor_id)).map((e) => Number(e.actor_id)))];
  const names = new Map(await Promise.all(ids.map(async (id) => [String(id), `${(await findOperatorById(db, id))?.user_name ?? 'operator'}#${id}`] as const)));
  return renderEvents(events, followsCaseNo, note).map((shown, i) => {
    const e = events[i]!;
    return { ...shown, operator: e.actor_kind === 'operator' ? (names.get(e.actor_id) ?? e.actor_id) : null };
  });
}

/** Stock of the goods changes with these decisions: the goods' cached pages are dropped once they commit. */
type StockDeps = Pick<AppDeps, 'db' | 'config' | 'redis'>;

/** "Not enough of the replacement", in the operator's language: the replacement's goods, its options and what is left of it now. */
async function replacementShortage(db: Executor, lang: Actor['lang'], skuId: number): Promise<AppError> {
  const [sku] = await findSkusForCheckout(db, [skuId]);
  // Goods taken off sale cannot be reserved either: none of it is left for the exchange.
  const stock = sku && sku.status === 'on_sale' ? sku.stock : 0;
  return new AppError(ResponseCode.stockShortage, { name: sku ? pick(sku.name, lang) : '', spec: sku ? skuSpecText(sku.specs, sku.spec_value_ids, lang) : '', stock }, { messageKey: 'afterSales.code.replacementShort' });
}

/** Records an operator's decision on a case. */
const recordDecision = (tx: Tx, actor: Actor, caseId: number, action: string, reason?: string, facts: AuditFacts | null = null) =>
  insertOperatorAction(tx, { operator: operatorNameOf(actor), action: `after_sale.${action}`, target_type: 'after_sale', target_id: caseId, reason: reason || null, facts });

/**
 * Approves a case under review: a return with its refund (all the lines may refund by default, a
 * part when given, never more than they may, nor than the order's payments have left); an
 * exchange's replacement stock is reserved now. The member is asked to send the goods back.
 */
export async function approveCase(deps: StockDeps, actor: Actor, input: EndpointBody<typeof adminApproveAfterSale>): Promise<EndpointData<typeof adminApproveAfterSale>> {
  operatorNameOf(actor);
  return withTransaction(deps.db, async (tx) => {
    const c = await caseOrRefuse(tx, input.id, actor);
    let refund: number | null = null;
    // A return refunded less than the member was shown: what they were shown (the card's surcharge that would have come back with it in it), what they get and why (for the member's eyes).
    let reduced: { from: number; fee: number; to: number; reason: string } | null = null;
    // What goes back to the member (`refund` is the order's value it takes; a surcharge may come back with it).
    let sent = 0;
    const order = await findCaseOrder(tx, refOf(c));
    if (c.kind === 'return') {
      const payments = await orderPaymentsLeft(tx, refOf(c));
      const max = Math.min(Number(c.refundable_minor), valueLeftOf(payments));
      const { total: whole, fee: wholeFee } = planCaseRefund(payments, max);
      // Amounts in refusals are written the reader's way ("43,21 USD" to a Hungarian operator).
      const money = (minor: number) => new Amount(minor, c.currency);
      refund = input.refund_amount === undefined ? max : valueSending(payments, max, input.refund_amount);
      if (refund === null) throw new AppError(ResponseCode.afterSaleRefundTooLarge, { max: money(whole), currency: c.currency });
      // A return that gives nothing back is a rejection (with its reason), not an approval of 0; one of goods that points
      // paid for (nothing of them in money) gives back no money but its share of the points spent (`pointsBack`).
      if (refund <= 0 && !(max === 0 && order?.points_spent)) throw new ValidationError([{ field: 'refund_amount', key: 'afterSales.validation.refundZero', params: {} }]);
      sent = planCaseRefund(payments, refund).total;
      if (sent < whole) {
        if (!input.refund_reason) throw new ValidationError([{ field: 'refund_reason', key: 'afterSales.validation.refundReasonNeeded', params: { refundable: money(whole), currency: c.currency } }]);
        reduced = { from: whole, fee: wholeFee, to: sent, reason: input.refund_reason };
      }
    }
    const settings = await q.findAfterSaleSettings(tx);
    const shipBackBy = new Date(Date.now() + settings.ship_back_days * DAY);
    const moved = await moveCase(tx, actor, c.id, ['under_review'], 'awaiting_return', { kind: 'approved', reason: input.reason, set: { refund_minor: refund, refund_reason: reduced?.reason ?? '', refund_reduced_from_minor: reduced?.from ?? null, refund_reduced_fee_minor: reduced?.fee ?? null, ship_back_by: shipBackBy } });
    if (!moved) throw new AppError(ResponseCode.afterSaleState);
    if (c.kind === 'exchange') {
      // Units of an SKU in ascending order, each a conditional update: never more than is in stock.
      const lines = (await q.findCaseLines(tx, [c.id])).filter((l) => l.exchange_sku_id).sort((a, b) => a.exchange_sku_id! - b.exchange_sku_id!);
      for (const l of lines) if (!(await reserveStock(tx, l.exchange_sku_id!, l.qty))) throw await replacementShortage(tx, actor.lang, l.exchange_sku_id!);
      // The replacement is another SKU of the same goods.
      if (lines.length) catalogueChangedOnCommit(tx, deps, [...new Set(lines.map((l) => Number(l.goods_id)))]);
    }
    await enqueueLaterJob(tx, 'close_unshipped_after_sale', { caseId: c.id }, { runAt: shipBackBy, jobKey: `after-sale-close:${c.id}` });
    // A return's approval records the refund it grants, what goes back to the member, and the figure it was lowered from as facts
    // (worded in the reader's language by the audit log); the reason holds what the operator typed: the member's reason for a lower refund, then their note.
    const facts = refund === null ? null : ({ key: 'after_sale_refund', amount: sent, currency: c.currency, from: reduced?.from ?? null } as const);
    await recordDecision(tx, actor, c.id, 'approve', [reduced?.reason, input.reason].filter(Boolean).join(' · '), facts);
    // The deadline is a moment, written when read in the member's language at the place the goods go back from (the order's country), with its UTC offset.
    const country = order?.country_code;
    const deadline = { case_no: c.case_no, ship_back_by: iso(shipBackBy), time_zone: timeZoneOfCountry(country) };
    // A reduced refund is told with both amounts (the first the console's, a card's surcharge in it named) and the reason before the member sends anything back;
    // amounts are kept in minor units and written the reader's way when read.
    const message = reduced
      ? {
          kind: reduced.fee > 0 ? 'after_sale.approved_reduced_surcharge' : 'after_sale.approved_reduced',
          params: { ...deadline, currency: c.currency, refundable_minor: reduced.from, refund_minor: reduced.to, ...(reduced.fee > 0 ? { surcharge_minor: reduced.fee } : {}), reason: reduced.reason },
        }
      : { kind: 'after_sale.approved', params: deadline };
    await notifyMember(tx, { memberId: c.user_id, ...message, link: link(c.id), eventKey: `after-sale:${c.id}:approved` });
    return changed(moved);
  });
}

/**
 * The order's value to refund so that what goes back to the member is the `amount` an operator typed
 * (surcharge included): all of it (`max`) when that is what it sends, else the amount itself when it
 * brings back no surcharge; null when no refund sends exactly that (more than the whole, or between the
 * value and the value with the surcharge, which comes back only with the whole).
 */
function valueSending(payments: PaymentLeft[], max: number, amount: number): number | null {
  if (amount === planCaseRefund(payments, max).total) return max;
  return amount <= max && planCaseRefund(payments, amount).total === amount ? amount : null;
}

/** Rejects a case under review with the reason the member reads; they may send it again. */
export async function rejectCase(deps: StockDeps, actor: Actor, input: EndpointBody<typeof adminRejectAfterSale>): Promise<EndpointData<typeof adminRejectAfterSale>> {
  operatorNameOf(actor);
  return withTransaction(deps.db, async (tx) => {
    const c = await caseOrRefuse(tx, input.id, actor);
    const moved = await moveCase(tx, actor, c.id, ['under_review'], 'rejected', { reason: input.reason, set: { reject_reason: input.reason, completed_at: new Date() } });
    if (!moved) throw new AppError(ResponseCode.afterSaleState);
    await caseEnded(deps, tx, moved, moved.was);
    await recordDecision(tx, actor, c.id, 'reject', input.reason);
    await notifyMember(tx, { memberId: c.user_id, kind: 'after_sale.rejected', params: { case_no: c.case_no, reason: input.reason }, link: link(c.id), eventKey: `after-sale:${c.id}:rejected` });
    return changed(moved);
  });
}

/**
 * The goods came back (shipped back, or handed in while awaiting return); resellable ones go back on
 * sale, recorded: a shop order's returned units to the shop's stock (the shop's sale is undone), any
 * other units to the platform's (an exchange's replacement came from the platform's stock).
 */
export async function receiveCase(deps: StockDeps, actor: Actor, input: EndpointBody<typeof adminReceiveAfterSale>): Promise<EndpointData<typeof adminReceiveAfterSale>> {
  operatorNameOf(actor);
  return withTransaction(deps.db, async (tx) => {
    const c = await caseOrRefuse(tx, input.id, actor);
    const moved = await moveCase(tx, actor, c.id, ['awaiting_return', 'return_shipped'], 'received', { reason: input.resellable ? AFTER_SALE_RESELLABLE_NOTE : '', set: { received_at: new Date(), resellable: input.resellable } });
    if (!moved) throw new AppError(ResponseCode.afterSaleState);
    if (input.resellable) {
      const lines = (await q.findCaseLines(tx, [c.id])).sort((a, b) => a.sku_id - b.sku_id);
      const ref = refOf(c);
      if (ref.kind === 'shop_order' && c.kind === 'return') await takeBackToShop(tx, actor, ref.id, lines.map((l) => ({ sku_id: l.sku_id, goods_id: l.goods_id, qty: l.qty })), `after-sale:${c.case_no}`);
      else {
        // Each unit back on sale is a stock adjustment naming the case, as an operator's own is.
        const goods = new Set<number>();
        for (const l of lines) {
          const changed = await returnStockRecorded(tx, Number(l.sku_id), l.qty, { reason: '', after_sale_case_no: c.case_no, operator: operatorNameOf(actor) });
          if (changed !== undefined) goods.add(changed);
        }
        if (goods.size) catalogueChangedOnCommit(tx, deps, [...goods]);
      }
      await recordDecision(tx, actor, c.id, 'restock');
    }
    await recordDecision(tx, actor, c.id, 'receive');
    await notifyMember(tx, { memberId: c.user_id, kind: 'after_sale.received', params: { case_no: c.case_no }, link: link(c.id), eventKey: `after-sale:${c.id}:received` });
    return changed(moved);
  });
}

/** The goods sent back are refused, with the reason: the case ends, its units count no more. */
export async function refuseReceipt(deps: StockDeps, actor: Actor, input: EndpointBody<typeof adminRefuseAfterSaleReceipt>): Promise<EndpointData<typeof adminRefuseAfterSaleReceipt>> {
  operatorNameOf(actor);
  return withTransaction(deps.db, async (tx) => {
    const c = await caseOrRefuse(tx, input.id, actor);
    const moved = await moveCase(tx, actor, c.id, ['return_shipped'], 'receipt_refused', { reason: input.reason, set: { reject_reason: input.reason, completed_at: new Date() } });
    if (!moved) throw new AppError(ResponseCode.afterSaleState);
    await caseEnded(deps, tx, moved, moved.was);
    await recordDecision(tx, actor, c.id, 'refuse_receipt', input.reason);
    await notifyMember(tx, { memberId: c.user_id, kind: 'after_sale.receipt_refused', params: { case_no: c.case_no, reason: input.reason }, link: link(c.id), eventKey: `after-sale:${c.id}:receipt_refused` });
    return changed(moved);
  });
}

/**
 * Refunds a received return through the order's payments, once: the first call moves the case to
 * refunding and every call (a retry, a second operator) asks the payments area with the same cause,
 * which refunds each payment once; the case is refunded when every part has succeeded.
 */
export async function refundCase(deps: PaymentsDeps, actor: Actor, input: EndpointBody<typeof adminRefundAfterSale>): Promise<EndpointData<typeof adminRefundAfterSale>> {
  operatorNameOf(actor);
  const c = await caseOrRefuse(deps.db, input.id, actor);
  if (c.kind !== 'return') throw new AppError(ResponseCode.afterSaleState);
  if (c.status === 'refunded') return changed(c);
  const started = await withTransaction(deps.db, async (tx) => {
    // The order's row lock first (as a case is opened): refunds of its cases are made one at a time, each seeing those made before.
    const locked = await lockCaseOrderWithLines(tx, refOf(c));
    const moved = await moveCase(tx, actor, c.id, ['received'], 'refunding');
    if (!moved) return (await q.findCase(tx, c.id))!;
    // The freight is part of this refund only if every unit of the order is now returned (issue #25): worked out as the refund is made.
    await settleFreight(tx, refOf(c), locked, c.id);
    let now = (await q.findCase(tx, c.id))!;
    // Never more than the order's payments have left.
    const left = (await refundableOfOrder(tx, refOf(c))).total;
    if (Number(now.refund_minor ?? 0) > left) now = await q.setCaseFields(tx, c.id, { refund_minor: left });
    // What the refund sends the member (a surcharge coming back with it included), as a fact the audit log words.
    const sends = planCaseRefund(await orderPaymentsLeft(tx, refOf(c), c.id), Number(now.refund_minor ?? 0)).total;
    await recordDecision(tx, actor, c.id, 'refund', undefined, { key: 'after_sale_refund', amount: sends, currency: c.currency, from: null });
    return now;
  });
  // Another call refunded it meanwhile (two operators, a retry): the same answer as a refund asked after it.
  if (started.status === 'refunded') return changed(started);
  if (started.status !== 'refunding') throw new AppError(ResponseCode.afterSaleState);
  // The operator's refund asks again for a part the gateway refused (the job's sweep never does).
  const now = await settleCaseRefund(deps, actor, started, { retryRefused: true });
  // The member's cached case lists show a refund the gateway refused (a move of the case tells them itself).
  if (now.status === 'refunding') ordersChanged(deps.db, [c.user_id]);
  return { ...changed(now), refund_problem: (await caseRefundProblems(deps.db, [now])).get(now.id) ?? null };
}

/**
 * Where areas above after-sales hear that a case's refund was made (filled by `wiring.ts`), in the
 * transaction that marks it refunded: the referral team voids what was pending on an order whose
 * goods all came back, regular or member-shop, at once rather than at its settled moment.
 */
export const caseRefundHooks: { onRefunded: Array<(tx: Tx, actor: Actor, order: OrderRef) => Promise<void>> } = { onRefunded: [] };

/**
 * Carries a case in refunding to refunded: asks the payments area for each payment's part (once per
 * payment and case, whoever asks) and, once every part has succeeded, moves the case and tells the
 * member. A part the gateway refused for good stays refused (the case shows it) until an operator
 * asks again (`retryRefused`): a new refund of what it was to give back, once however many ask at
 * once. Answers the case as it now stands. The console's refund and the sweep behind it call it.
 */
export async function settleCaseRefund(deps: PaymentsDeps, actor: Actor, started: CaseRow, options: { retryRefused?: boolean } = {}): Promise<CaseRow> {
  const c = started;
  const amount = Number(started.refund_minor ?? 0);
  const cause = `after-sale:${c.id}`;
  // Each payment of the order gives what it has left, in order, until the case's refund is covered:
  // the parts the case's plan says (the figures the member and operators were shown beforehand).
  let refunded = 0;
  let settled = true;
  const ref = refOf(c);
  const plan = planCaseRefund(await orderPaymentsLeft(deps.db, ref, c.id), amount);
  for (const p of await findSucceededPaymentsOfPayable(deps.db, ref.kind, ref.id)) {
    const mine = (await findRefundsOfPayment(deps.db, p.id)).filter((r) => r.cause.startsWith(`${cause}:`));
    let rows = mine;
    const live = mine.filter((r) => r.status !== 'failed').reduce((s, r) => s + Number(r.amount_minor), 0);
    const refused = mine.filter((r) => r.status === 'failed');
    if (!mine.length && refunded < amount) {
      const part = plan.parts.find((x) => x.payment_id === p.id)?.value ?? 0;
      if (part > 0) rows = await refundPayment(deps, actor, { paymentId: p.id, amountMinor: part, cause, reason: `after-sale ${c.case_no}` });
    } else if (mine.some((r) => r.status === 'pending')) {
      // A part sent before and still pending (its gateway's notification lost, its answer cut off):
      // asked for again under the same cause, the payments area asks the gateway where it stands.
      rows = await refundPayment(deps, actor, { paymentId: p.id, cause, reason: `after-sale ${c.case_no}` });
    } else if (options.retryRefused && refused.length && refunded + live < amount) {
      // What the refused parts were to give back (a failed refund gave it back to what may be
      // refunded), under a cause naming the newest refused part: two operators at once make one.
      const { payments } = await refundableOfOrder(deps.db, ref);
      const part = Math.min(amount - refunded - live, payments.find((x) => x.id === p.id)?.left ?? 0);
      const again = `${cause}:retry-${Math.max(...refused.map((r) => r.id))}`;
      if (part > 0) rows = [...mine, ...(await refundPayment(deps, actor, { paymentId: p.id, amountMinor: part, cause: again, reason: `after-sale ${c.case_no}` })).filter((r) => !mine.some((m) => m.id === r.id))];
    }
    for (const r of rows) {
      if (r.status === 'failed') continue;
      refunded += Number(r.amount_minor);
      if (r.status !== 'succeeded') settled = false;
    }
  }
  if (!settled || refunded < amount) return started;
  // The case refunded its amount of the order's value (the order's per-line accounting and points
  // go by it); past it, the card's surcharge came back with the refund taking back the whole order:
  // kept beside it, so the case shows what went back to the member.
  const feeBack = Math.max(0, refunded - amount);
  refunded = Math.min(refunded, amount);
  return withTransaction(deps.db, async (tx) => {
    // The order's row lock first (as the refund's start takes it): cases of one order become refunded
    // one at a time, so each reads the refunds of those before it (the points' running total) whole.
    await lockCaseOrderWithLines(tx, ref);
    // Whether a regular order's goods had all come back before this refund: only the refund that takes back the last unit gives its coupon use back.
    const wholeBefore = ref.kind === 'order' && (await isReturnedWhole(tx, ref.id));
    const done = await moveCase(tx, actor, c.id, ['refunding'], 'refunded', { set: { refunded_minor: refunded, refunded_fee_minor: feeBack, refunded_at: new Date(), completed_at: new Date() } });
    if (!done) return (await q.findCase(tx, c.id))!;
    // A regular order's points go back in the same share; a shop order earns and spends none (its owner's earnings settle on what was not refunded).
    if (ref.kind === 'order') await pointsBack(tx, actor, c.id, ref.id, Math.max(0, refunded - Number(done.freight_minor)));
    // A line whose every unit is now returned: its review leaves the goods page (a shop order's lines are not reviewed).
    if (ref.kind === 'order') await takeDownReviewsOfReturnedLines(deps, tx, ref.id);
    // Every unit of an order still on its way is now back and refunded: the order is refunded (nothing left to receive, nothing earned on it).
    if (ref.kind === 'order') await refundWhollyReturnedOrder(tx, actor, ref.id);
    // Every unit of the order came back with this refund: its coupon use is the member's again, as after a cancelled order (a shop order takes no coupon).
    if (ref.kind === 'order') await returnCouponOfReturnedOrder(tx, ref.id, wholeBefore);
    for (const onRefunded of caseRefundHooks.onRefunded) await onRefunded(tx, actor, ref);
    await caseEnded(deps, tx, done, done.was);
    // The message says where the money went, as the case page does (the wallet, the card …).
    const refundTo = (await caseRefundParts(tx, [done])).get(c.id) ?? [];
    await notifyMember(tx, { memberId: c.user_id, kind: 'after_sale.refunded', params: { case_no: c.case_no, amount: fromMinorUnits(refunded + feeBack, c.currency), currency: c.currency, refund_to: refundTo }, link: link(c.id), eventKey: `after-sale:${c.id}:refunded` });
    return done;
  });
}

/**
 * The points a regular order earned are reversed, and those it spent come back, in the share of its
 * goods a case refunded (`refunded`, the case's refund less the freight it carried: points pay for
 * goods only, and freight earns nothing); both recorded on the case.
 */
async function pointsBack(tx: Tx, actor: Actor, caseId: number, orderId: number, refunded: number): Promise<void> {
  // The points the order earned go back in the same share, never below the member's balance; a shortfall is recorded.
  const before = await q.sumGoodsRefundedOfOrder(tx, orderId, caseId);
  const points = await reverseEarnedPoints(tx, actor, { orderId, cause: `after-sale:${caseId}`, refundedBefore: before, refunded });
  if (points.withheld > 0) await recordCaseEvent(tx, actor, caseId, { kind: 'points_reversed', reason: `withheld ${points.withheld} earned points not credited yet` });
  else if (points.due > 0) await recordCaseEvent(tx, actor, caseId, { kind: 'points_reversed', reason: `reversed ${points.reversed} of ${points.due} earned points${points.shortfall ? `, shortfall ${points.shortfall}` : ''}` });
  // The points the order spent at checkout come back in the same share.
  const returned = () => q.sumGoodsValueReturnedOfOrder(tx, orderId, caseId);
  const spentBack = await returnSpentPointsShare(tx, actor, { orderId, cause: `after-sale:${caseId}`, refundedBefore: before, refunded, returned });
  if (spentBack.points + spentBack.shopping_points > 0) await recordCaseEvent(tx, actor, caseId, { kind: 'points_returned', reason: `returned ${spentBack.points} points and ${spentBack.shopping_points} shopping points spent on the order` });
}

/** Finishes the refunds of cases left refunding (a gateway that answered later, a refund cut short): the sweep behind the console's refund. */
export async function finishPendingCaseRefunds(deps: PaymentsDeps, actor: Actor, limit = 100): Promise<number> {
  let finished = 0;
  for (const { id } of await q.findCasesIn(deps.db, 'refunding', limit)) {
    const c = await q.findCase(deps.db, id);
    if (c && (await settleCaseRefund(deps, actor, c).catch(() => c)).status === 'refunded') finished++;
  }
  return finished;
}

/** Ships the replacement (or the repaired goods) of a received exchange or warranty case. */
export async function shipReplacement(deps: Pick<AppDeps, 'db'>, actor: Actor, input: EndpointBody<typeof adminShipAfterSaleReplacement>): Promise<EndpointData<typeof adminShipAfterSaleReplacement>> {
  operatorNameOf(actor);
  return withTransaction(deps.db, async (tx) => {
    const c = await caseOrRefuse(tx, input.id, actor);
    if (c.kind === 'return') throw new AppError(ResponseCode.afterSaleState);
    const moved = await moveCase(tx, actor, c.id, ['received'], 'replacement_shipped', { reason: `${input.carrier} ${input.tracking_number}`, set: { replacement_carrier: input.carrier, replacement_tracking: input.tracking_number, replacement_shipped_at: new Date() } });
    if (!moved) throw new AppError(ResponseCode.afterSaleState);
    const settings = await q.findAfterSaleSettings(tx);
    await enqueueLaterJob(tx, 'complete_after_sale', { caseId: c.id }, { runAt: new Date(Date.now() + settings.auto_complete_days * DAY), jobKey: `after-sale-complete:${c.id}` });
    await recordDecision(tx, actor, c.id, 'ship', `${input.carrier} ${input.tracking_number}`);
    await notifyMember(tx, { memberId: c.user_id, kind: 'after_sale.replacement_shipped', params: { case_no: c.case_no, carrier: input.carrier, tracking_number: input.tracking_number }, link: link(c.id), eventKey: `after-sale:${c.id}:replacement_shipped` });
    return changed(moved);
  });
}

/** Closes an open case before its goods are received, with the reason. */
export async function closeCase(deps: StockDeps, actor: Actor, input: EndpointBody<typeof adminCloseAfterSale>): Promise<EndpointData<typeof adminCloseAfterSale>> {
  operatorNameOf(actor);
  return withTransaction(deps.db, async (tx) => {
    const c = await caseOrRefuse(tx, input.id, actor);
    const moved = await moveCase(tx, actor, c.id, ['under_review', 'awaiting_return', 'return_shipped'], 'closed', { reason: input.reason, set: { completed_at: new Date() } });
    if (!moved) throw new AppError(ResponseCode.afterSaleState);
    await caseEnded(deps, tx, moved, moved.was);
    await recordDecision(tx, actor, c.id, 'close', input.reason);
    await notifyMember(tx, { memberId: c.user_id, kind: 'after_sale.closed', params: { case_no: c.case_no, reason: input.reason }, link: link(c.id), eventKey: `after-sale:${c.id}:closed` });
    return changed(moved);
  });
}

type ExportRow = Awaited<ReturnType<typeof q.pageCases>>[number];

/** The console's list of cases as a CSV file (the list's filters). */
export const afterSalesExport: ListExport<EndpointQuery<typeof adminListAfterSales>, ExportRow> = {
  name: 'after-sales',
  page: async (db, actor, input) => {
    const permissions = input.status === 'waiting' ? await permissionsOf(db, actor) : [];
    const rows = await q.pageCases(db, { status: input.status, permissions, kind: input.kind, q: input.q, source: input.source, limit: input.limit, offset: (input.page - 1) * input.limit });
    return { list: rows, has_more: input.page * input.limit < totalOf(rows) };
  },
  columns: [
    ['id', (r) => r.id], ['code', (r) => r.case_no], ['order_no', (r) => r.order_no], ['shop', (r) => r.shop_name ?? ''], ['member_id', (r) => r.user_id], ['user_name', (r) => r.user_name],
    ['kind', (r) => r.kind], ['status', (r) => r.status], ['reason', (r) => r.reason_code], ['currency', (r) => r.currency],
    ['total', (r) => fromMinorUnits(Number(r.refundable_minor), r.currency)], ['amount', (r) => { const back = refundedOf(r); return back === null ? '' : fromMinorUnits(back, r.currency); }],
    ['created_at', (r) => iso(r.created_at)], ['updated_at', (r) => iso(r.updated_at)],
  ],
};

// ---------------------------------------------------------------- settings

/** The windows, the cap and the other days, with every address and carrier (enabled or not). */
export async function afterSaleSettings(deps: Pick<AppDeps, 'db' | 'i18n'>, actor: Actor): Promise<EndpointData<typeof adminAfterSaleSettings>> {
  operatorNameOf(actor);
  const { db, i18n } = deps;
  const s = await q.findAfterSaleSettings(db);
  return {
    settings: { return_days: s.return_days, exchange_days: s.exchange_days, max_exchanges: s.max_exchanges, ship_back_days: s.ship_back_days, auto_complete_days: s.auto_complete_days, review_edit_days: s.review_edit_days, updated_by: s.updated_by, updated_at: iso(s.updated_at) },
    addresses: (await q.findAllAddresses(db)).map((a) => ({ id: a.id, kind: a.kind, name: a.name, address: a.address, phone: a.phone, hours: a.hours, country_code: a.country_code, enabled: a.enabled, updated_at: iso(a.updated_at) })),
    carriers: (await q.findAllCarriers(db)).map((c) => ({ code: c.code, name: c.name, needs_phone_tail: c.needs_phone_tail, enabled: c.enabled, updated_at: iso(c.updated_at) })),
    reasons: (await q.findAllReasons(db)).map((r) => ({
      kind: r.kind,
      code: r.code,
      names: r.names,
      text: reasonText(i18n, actor.lang, r.code, r.names),
      shipped: i18n.has(reasonKey(r.code)),
      needs_evidence: r.needs_evidence,
      sort: r.sort,
      enabled: r.enabled,
      updated_at: iso(r.updated_at),
    })),
  };
}

/** Changes the windows, the cap and the other days; recorded with the values. Saved from a copy changed since (`base_updated_at`), it is refused and nothing changes. */
export async function setAfterSaleSettings(deps: Pick<AppDeps, 'db' | 'i18n' | 'config' | 'redis'>, actor: Actor, { base_updated_at, ...input }: EndpointBody<typeof adminSetAfterSaleSettings>): Promise<EndpointData<typeof adminSetAfterSaleSettings>> {
  const operator = operatorNameOf(actor);
  await withTransaction(deps.db, async (tx) => {
    assertLoadedVersion((await q.lockAfterSaleSettingsForUpdate(tx)).updated_at, base_updated_at);
    await q.updateAfterSaleSettings(tx, { ...input, updated_by: operator });
    await insertOperatorAction(tx, { operator, action: 'setting.after_sales', target_type: 'setting', target_id: 0, facts: { key: 'after_sale_settings', ...input } });
    // This process reads the new settings at once; the others when the table's notice reaches them.
    tx.afterCommit(() => responseCache(deps).invalidate(SETTINGS_TAG));
  });
  return afterSaleSettings(deps, actor);
}

/**
 * Adds or changes a return address or a service point; an enabled return address is the country's one
 * (the others turn off). A change names the `updated_at` it was edited from; from a copy changed since
 * it is refused and nothing is written.
 */
export async function saveAfterSaleAddress(deps: Pick<AppDeps, 'db' | 'i18n'>, actor: Actor, input: EndpointBody<typeof adminSaveAfterSaleAddress>): Promise<EndpointData<typeof adminSaveAfterSaleAddress>> {
  const operator = operatorNameOf(actor);
  // Orders go only to the shop's countries: an address elsewhere (or a code no country has) would serve no case.
  const country = await findCountry(deps.db, input.country_code);
  if (!country || country.ship_sort === null) throw new ValidationError([{ field: 'country_code', key: 'address.validation.countryUnknown', params: { field: 'country_code' } }]);
  await withTransaction(deps.db, async (tx) => {
    const { id, base_updated_at, ...fields } = input;
    if (id) {
      const current = await q.lockAddressForUpdate(tx, id);
      if (!current) throw new AppError(ResponseCode.notFound);
      // Under the lock, so of two saves from one copy only the first passes: the second would undo it.
      assertLoadedVersion(current.updated_at, base_updated_at);
    }
    if (fields.kind === 'return' && fields.enabled) await q.disableOtherReturnAddresses(tx, fields.country_code, id ?? null);
    const saved = id ? await q.updateAddress(tx, id, fields) : await q.insertAddress(tx, fields);
    if (!saved) throw new AppError(ResponseCode.notFound);
    await insertOperatorAction(tx, { operator, action: 'setting.after_sales_address', target_type: 'setting', target_id: saved.id, facts: { key: 'after_sale_address', kind: fields.kind, country: fields.country_code, name: fields.name, enabled: fields.enabled } });
  });
  return afterSaleSettings(deps, actor);
}

/**
 * Adds or changes a reason of one kind; a code without a shipped text needs its English name. Empty
 * names are dropped. A change names the `updated_at` it was edited from; from a copy changed since, or
 * without one for a code that exists (a form opened as new), it is refused and nothing is written.
 */
export async function saveAfterSaleReason(deps: Pick<AppDeps, 'db' | 'i18n' | 'config' | 'redis'>, actor: Actor, input: EndpointBody<typeof adminSaveAfterSaleReason>): Promise<EndpointData<typeof adminSaveAfterSaleReason>> {
  const operator = operatorNameOf(actor);
  const names = Object.fromEntries(Object.entries(input.names).filter(([, name]) => !!name)) as Record<string, string>;
  if (!names[DEFAULT_LANGUAGE] && !deps.i18n.has(reasonKey(input.code))) throw new AppError(ResponseCode.validation, { field: `names.${DEFAULT_LANGUAGE}` }, { messageKey: 'validation.required' });
  const { base_updated_at, ...fields } = input;
  await withTransaction(deps.db, async (tx) => {
    const current = await q.lockReasonForUpdate(tx, fields.kind, fields.code);
    if (current) assertLoadedVersion(current.updated_at, base_updated_at);
    if (current) await q.updateReason(tx, { ...fields, names });
    else if (!(await q.insertReason(tx, { ...fields, names }))) throw new AppError(ResponseCode.editedSinceOpened);
    await insertOperatorAction(tx, { operator, action: 'setting.after_sales_reason', target_type: 'setting', target_id: 0, facts: { key: 'after_sale_reason', kind: input.kind, code: input.code, enabled: input.enabled } });
    // The members' cached case lists name their reasons.
    tx.afterCommit(() => responseCache(deps).invalidate(CASE_REASONS_TAG));
  });
  return afterSaleSettings(deps, actor);
}

/** Adds or changes a carrier goods may be sent back with; a change names its version like a reason's (stale, or a new code that exists: refused, nothing written). */
export async function saveAfterSaleCarrier(deps: Pick<AppDeps, 'db' | 'i18n'>, actor: Actor, input: EndpointBody<typeof adminSaveAfterSaleCarrier>): Promise<EndpointData<typeof adminSaveAfterSaleCarrier>> {
  const operator = operatorNameOf(actor);
  const { base_updated_at, ...fields } = input;
  await withTransaction(deps.db, async (tx) => {
    const current = await q.lockCarrierForUpdate(tx, fields.code);
    if (current) assertLoadedVersion(current.updated_at, base_updated_at);
    if (current) await q.updateCarrier(tx, fields);
    else if (!(await q.insertCarrier(tx, fields))) throw new AppError(ResponseCode.editedSinceOpened);
    await insertOperatorAction(tx, { operator, action: 'setting.after_sales_carrier', target_type: 'setting', target_id: 0, facts: { key: 'after_sale_carrier', code: input.code, name: input.name, enabled: input.enabled } });
  });
  return afterSaleSettings(deps, actor);
}
