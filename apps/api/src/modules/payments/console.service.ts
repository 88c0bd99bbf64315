import { fromMinorUnits, ResponseCode, type EndpointBody, type EndpointData, type EndpointQuery } from '@shop/contract';
import type { adminDecidePaymentFlag, adminInquirePayment, adminListPayments, adminListRefunds, adminPaymentDetail, adminPaymentFlags, adminRefundPayment } from '@shop/contract';
import type { Executor } from '../../db/database.js';
import { operatorNameOf, refuseOwnAccount, type Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import { withTransaction } from '../../lib/transaction.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import type { HoldStatus } from '../ledger/ledger.table.js';
import { balanceParts } from './payment-history.js';
import * as q from './payments.queries.js';
import type { FlagKind, FlagResolution, FlagRow, PaymentRow, RefundRow } from './payments.table.js';
import { loadPayable, payableHandler } from './payable-registry.js';
import { applyReport, gatewayNamed, inquireAndApply, refundPayment, type PaymentsDeps } from './settlement.js';
import type { ListExport } from '../../lib/list-export.js';
import { iso } from '../../lib/dates.js';
import { pageOf } from '../../lib/paging.js';

// The operator's side of payments: payments with their events, the flags to decide, refunds.


/** A report that the provider's word was wrong: only a still open payment can be settled on the operator's word. */
const MISMATCHES: readonly FlagKind[] = ['amount_mismatch', 'currency_mismatch', 'merchant_mismatch'];
const RESOLUTION: Record<'refund' | 'accept' | 'dismiss', FlagResolution> = { refund: 'refunded', accept: 'accepted', dismiss: 'dismissed' };

const paymentShown = (p: PaymentRow & { user_name: string; open_flags: number; hold_status: HoldStatus | null }) => ({
  id: p.id,
  payment_no: p.reference,
  member_id: p.user_id,
  member: p.user_name,
  payable_type: p.payable_type,
  payable_id: p.payable_id,
  pay_way: p.method_code,
  gateway: p.gateway,
  status: p.status,
  currency: p.currency,
  amount: p.payable_minor,
  fee: p.fee_minor,
  // A balance part given back untaken (the payment landed when its payable could no longer take it) is not shown as charged.
  ...balanceParts(p),
  gateway_part: p.gateway_minor,
  provider_ref: p.provider_ref,
  failure_reason: p.failure_reason,
  open_flags: p.open_flags,
  created_at: iso(p.created_at)!,
  finished_at: iso(p.finished_at),
});
const flagShown = (f: FlagRow & { reference: string; gateway: string | null }) => ({
  id: f.id,
  payment_id: f.payment_id,
  payment_no: f.reference,
  gateway: f.gateway,
  kind: f.kind,
  refund_needed: f.refund_needed,
  detail: f.detail,
  created_at: iso(f.created_at)!,
  resolved_at: iso(f.resolved_at),
  resolved_by: f.resolved_by,
  resolution: f.resolution,
  resolution_reason: f.resolution_reason,
});
const refundShown = (r: RefundRow & { payment_no: string }) => ({
  id: r.id,
  reference: r.reference,
  payment_id: r.payment_id,
  payment_no: r.payment_no,
  cause: r.cause,
  via: r.via,
  amount: r.amount_minor,
  currency: r.currency,
  status: r.status,
  provider_ref: r.provider_ref,
  reason: r.reason,
  failure_reason: r.failure_reason,
  attempts: r.attempts,
  last_error: r.last_error,
  created_at: iso(r.created_at)!,
  finished_at: iso(r.finished_at),
});

/** Payments, newest first, by state, gateway, member, reference, or with an open flag. */
export async function listPayments(db: Executor, actor: Actor, input: EndpointQuery<typeof adminListPayments>): Promise<EndpointData<typeof adminListPayments>> {
  operatorNameOf(actor);
  const { rows, total } = await q.pagePayments(db, input);
  return pageOf(rows.map(paymentShown), total, input);
}

async function consolePayment(db: Executor, id: number) {
  const p = await q.findPaymentForConsole(db, id);
  if (!p) throw new AppError(ResponseCode.paymentNotFound);
  return paymentShown(p);
}

/** One payment with its events, flags and refunds. */
export async function paymentDetail(db: Executor, actor: Actor, input: EndpointQuery<typeof adminPaymentDetail>): Promise<EndpointData<typeof adminPaymentDetail>> {
  operatorNameOf(actor);
  const payment = await consolePayment(db, input.id);
  const [events, flags, refunds] = await Promise.all([q.findPaymentEvents(db, input.id), q.findFlagsWithPayment(db, input.id), q.findRefundsWithPayment(db, input.id)]);
  return {
    payment,
    events: events.map((e) => ({ id: e.id, kind: e.kind, source: e.source, from_status: e.from_status, to_status: e.to_status, provider_event_id: e.provider_event_id, detail: e.detail, actor: `${e.actor_kind}${e.actor_id ? `:${e.actor_id}` : ''}`, created_at: iso(e.created_at)! })),
    flags: flags.map(flagShown),
    refunds: refunds.map(refundShown),
  };
}

/** Payment flags: the open ones oldest first (the queue), resolved ones newest first. */
export async function listFlags(db: Executor, actor: Actor, input: EndpointQuery<typeof adminPaymentFlags>): Promise<EndpointData<typeof adminPaymentFlags>> {
  operatorNameOf(actor);
  const { rows, total } = await q.pageFlags(db, input);
  return pageOf(rows.map(flagShown), total, input);
}

/** Refunds, newest first, by state. */
export async function listRefunds(db: Executor, actor: Actor, input: EndpointQuery<typeof adminListRefunds>): Promise<EndpointData<typeof adminListRefunds>> {
  operatorNameOf(actor);
  const { rows, total } = await q.pageRefunds(db, input);
  return pageOf(rows.map(refundShown), total, input);
}

/**
 * An operator decides an open flag, with a reason, once (the flag is claimed in the transaction
 * that records the decision, so two operators at once decide it once):
 * - refund: money the shop cannot keep (arrived after the payment ended, or for a payable that could
 *   not take it) goes back in full through its gateway, under the same cause as the reconciliation
 *   job's, so it is refunded once whoever starts it;
 * - accept: the operator confirmed with the provider that a payment reported with a mismatch is this
 *   payable's exact money; a still open payment is settled as paid through the same path as a
 *   provider's success, its effect on the payable included;
 * - dismiss: the flag is closed, nothing moves (the reconciliation job no longer refunds it).
 */
export async function decideFlag(deps: PaymentsDeps, actor: Actor, input: EndpointBody<typeof adminDecidePaymentFlag>): Promise<EndpointData<typeof adminDecidePaymentFlag>> {
  const operator = operatorNameOf(actor);
  const decided = await withTransaction(deps.db, async (tx) => {
    const f = await q.lockFlagForUpdate(tx, input.id);
    if (!f) throw new AppError(ResponseCode.flagNotFound);
    if (f.resolved_at) throw new AppError(ResponseCode.requestNotPending, { status: f.resolution ?? 'resolved' });
    const p = (await q.lockPaymentForUpdate(tx, f.payment_id))!;
    refuseOwnAccount(actor, p.user_id);
    if (input.decision === 'refund' && (!f.refund_needed || f.kind === 'refund_failed')) throw new AppError(ResponseCode.flagDecisionRefused);
    if (input.decision === 'accept' && (!MISMATCHES.includes(f.kind) || (p.status !== 'created' && p.status !== 'pending') || !p.gateway)) throw new AppError(ResponseCode.flagDecisionRefused);
    // The operator's decision first: settling the payment then closes its other mismatch flags, not this one.
    const flag = await q.decideOpenFlag(tx, f.id, { by: operator, resolution: RESOLUTION[input.decision], reason: input.reason });
    if (!flag) throw new AppError(ResponseCode.requestNotPending, { status: 'resolved' });
    if (input.decision === 'accept') {
      const merchant = gatewayNamed(deps, p.gateway).merchantId;
      await applyReport(tx, deps, actor, p.id, { status: 'succeeded', amountMinor: p.gateway_minor, currency: p.currency, merchant, eventId: `operator-accept:${f.id}`, detail: { flag: f.id, operator } }, 'operator');
    }
    await insertOperatorAction(tx, { operator, action: `payment_flag.${input.decision} #${f.id} ${f.kind} ${p.reference}`, target_type: 'payment', target_id: p.id, reason: input.reason });
    return flag;
  });
  if (input.decision === 'refund') await refundPayment(deps, actor, { paymentId: decided.payment_id, cause: `owed-back:${decided.payment_id}`, reason: input.reason });
  const detail = await paymentDetail(deps.db, actor, { id: decided.payment_id });
  return { flag: detail.flags.find((x) => x.id === decided.id)!, payment: detail.payment, refunds: detail.refunds };
}

/**
 * Asks the payment's gateway about it now and applies the answer through the same path as the
 * reconciliation job (a success is settled, a payment past its deadline that is still pending
 * expires); recorded with who asked and what the payment became.
 */
export async function inquirePayment(deps: PaymentsDeps, actor: Actor, input: EndpointBody<typeof adminInquirePayment>): Promise<EndpointData<typeof adminInquirePayment>> {
  const operator = operatorNameOf(actor);
  const p = await q.findPayment(deps.db, input.id);
  if (!p) throw new AppError(ResponseCode.paymentNotFound);
  const status = await inquireAndApply(deps, actor, p, 'operator');
  await insertOperatorAction(deps.db, { operator, action: 'payment.inquire', target_type: 'payment', target_id: p.id, facts: { key: 'payment_inquiry', reference: p.reference, from: p.status, to: status } });
  const detail = await paymentDetail(deps.db, actor, { id: p.id });
  return { payment: detail.payment, refunds: detail.refunds };
}

/**
 * Refunds a succeeded payment in full or in part with the reason (the member reads it on the
 * refund): the balance part back through the ledger, the gateway part through the gateway, never
 * more than is left to refund. One refund per key: a repeat of the same key answers the first.
 */
export async function refundPaymentByOperator(deps: PaymentsDeps, actor: Actor, input: EndpointBody<typeof adminRefundPayment>): Promise<EndpointData<typeof adminRefundPayment>> {
  const operator = operatorNameOf(actor);
  const p = await q.findPayment(deps.db, input.id);
  if (!p) throw new AppError(ResponseCode.paymentNotFound);
  refuseOwnAccount(actor, p.user_id);
  if (p.status !== 'succeeded') throw new AppError(ResponseCode.payableNotPayable);
  await refuseWhereThePayableRefunds(deps.db, p);
  // The refund's cause names the decision: the same one sent again is the same refund.
  const cause = `operator:${actor.operatorId}:${actor.idempotencyKey ?? crypto.randomUUID()}`;
  let refunds: RefundRow[] | undefined;
  let failure: unknown;
  try {
    refunds = await refundPayment(deps, actor, { paymentId: p.id, amountMinor: input.amount, cause, reason: input.reason });
  } catch (e) {
    failure = e;
  }
  // Once a refund exists (and so may have reached the gateway), who asked for it and why is kept,
  // with how it stands when it is not done (pending, failed) and the error that cut it off; a refund
  // refused before anything was made or sent leaves nothing to record.
  const made = refunds ?? (await q.findRefundsOfPayment(deps.db, p.id)).filter((r) => r.cause.startsWith(`${cause}:`));
  if (made.length) {
    const amount = made.reduce((sum, r) => sum + r.amount_minor, 0);
    const open = [...new Set(made.filter((r) => r.status !== 'succeeded').map((r) => r.status))];
    const error = failure ? (failure instanceof AppError ? failure.code : 'unexpected') : null;
    const facts = { key: 'payment_refund', reference: p.reference, amount, currency: p.currency, open, error } as const;
    await insertOperatorAction(deps.db, { operator, action: 'payment.refund', target_type: 'payment', target_id: p.id, reason: input.reason, facts });
  }
  if (failure) throw failure;
  const detail = await paymentDetail(deps.db, actor, { id: p.id });
  return { payment: detail.payment, refunds: detail.refunds };
}

/** A payment whose payable still holds what it gave for it is refunded by the payable's own area (`directRefundFrom`), unless its money is owed back. */
async function refuseWhereThePayableRefunds(db: Executor, p: PaymentRow): Promise<void> {
  const states = payableHandler(p.payable_type).directRefundFrom;
  if (!states) return;
  const payable = await loadPayable(db, p.payable_type, p.payable_id);
  if (!payable || states.includes(payable.status)) return;
  if (await q.isOwedBack(db, p.id)) return;
  throw new AppError(ResponseCode.refundThroughPayable);
}

type Row<E> = EndpointData<E> extends { list: Array<infer R> } ? R : never;

export const paymentsExport: ListExport<EndpointQuery<typeof adminListPayments>, Row<typeof adminListPayments>> = {
  name: 'payments',
  page: listPayments,
  columns: [
    ['id', (r) => r.id], ['payment_no', (r) => r.payment_no], ['member_id', (r) => r.member_id], ['user_name', (r) => r.member], ['payable', (r) => `${r.payable_type} ${r.payable_id}`],
    ['method', (r) => r.pay_way], ['gateway', (r) => r.gateway], ['status', (r) => r.status], ['currency', (r) => r.currency], ['amount', (r) => fromMinorUnits(r.amount, r.currency)],
    ['fee', (r) => fromMinorUnits(r.fee, r.currency)], ['provider_ref', (r) => r.provider_ref], ['open_flags', (r) => r.open_flags], ['created_at', (r) => r.created_at], ['finished_at', (r) => r.finished_at],
  ],
};

export const flagsExport: ListExport<EndpointQuery<typeof adminPaymentFlags>, Row<typeof adminPaymentFlags>> = {
  name: 'payment-flags',
  page: listFlags,
  columns: [
    ['id', (r) => r.id], ['payment_no', (r) => r.payment_no], ['gateway', (r) => r.gateway], ['kind', (r) => r.kind], ['refund_needed', (r) => r.refund_needed], ['created_at', (r) => r.created_at],
    ['resolved_at', (r) => r.resolved_at], ['reviewed_by', (r) => r.resolved_by], ['resolution', (r) => r.resolution], ['reason', (r) => r.resolution_reason],
  ],
};

export const refundsExport: ListExport<EndpointQuery<typeof adminListRefunds>, Row<typeof adminListRefunds>> = {
  name: 'refunds',
  page: listRefunds,
  columns: [
    ['id', (r) => r.id], ['reference', (r) => r.reference], ['payment_no', (r) => r.payment_no], ['via', (r) => r.via], ['status', (r) => r.status], ['currency', (r) => r.currency],
    ['amount', (r) => fromMinorUnits(r.amount, r.currency)], ['provider_ref', (r) => r.provider_ref], ['reason', (r) => r.reason], ['created_at', (r) => r.created_at], ['finished_at', (r) => r.finished_at],
  ],
};
