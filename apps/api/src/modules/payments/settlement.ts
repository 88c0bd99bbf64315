import { APP_PATHS, cutText, ResponseCode, type OwedBackReason } from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import { systemActor, type Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import { businessNumber } from '../../lib/tokens.js';
import { withTransaction, type Tx } from '../../lib/transaction.js';
import { post, postHold, releaseHold, type PostingInput } from '../ledger/ledger.service.js';
import type { Asset } from '../ledger/ledger.table.js';
import { notifyMember } from '../messages/messages.service.js';
import { printAmount } from '../wallet/wallet.rules.js';
import type { GatewayNotification, GatewayPaymentStatus, GatewayRefundResult, PaymentGateway } from './gateways/gateway.js';
import { loadPayable, markPayableRefunded, payableHandler, settlePayable } from './payable-registry.js';
import * as q from './payments.queries.js';
import type { FlagKind, PaymentRow, PaymentStatus, RefundRow } from './payments.table.js';

// How a payment moves: every change is one conditional update from the expected state, its
// effects (ledger entries, the payable's own state) in the same transaction, exactly once.

export type PaymentsDeps = Pick<AppDeps, 'db' | 'config' | 'providers' | 'secrets' | 'redis'>;

/** Where a report about a payment came from (kept on its events). */
export type ReportSource = 'webhook' | 'inquiry' | 'return' | 'job' | 'member' | 'operator';

/** What a provider (notification or inquiry) says about one payment, in minor units. */
export interface ProviderReport {
  status: GatewayPaymentStatus;
  amountMinor?: number;
  currency?: string;
  merchant?: string;
  /** The provider's id of the payment as `create` answered it, when the report names it: must be the payment's. */
  providerRef?: string;
  /** The provider's transaction number where it is another kind of id (kept on the event). */
  transactionRef?: string;
  eventId?: string;
  detail?: Record<string, unknown>;
}

const OPEN: PaymentStatus[] = ['created', 'pending'];
const actorRecord = (a: Actor) => ({ actor_kind: a.kind, actor_id: String(a.memberId ?? a.operatorId ?? a.name ?? '') });
const json = (v: unknown) => JSON.stringify(v ?? {});

/** A business number for payments and refunds: prefix, yyMMdd and 10 random digits. */
export const paymentNumber = (prefix: 'P' | 'R', now = new Date()): string => businessNumber(prefix, now);

/** The configured adapter of a gateway, or "method unavailable". */
export function gatewayNamed(deps: Pick<AppDeps, 'providers'>, name: string | null): PaymentGateway {
  const g = name ? deps.providers.payments[name] : undefined;
  if (!g) throw new AppError(ResponseCode.payMethodUnavailable);
  return g;
}

/** An event of a payment's history. */
export interface PaymentEvent {
  kind: string;
  source: ReportSource;
  from?: string | null;
  to?: string | null;
  eventId?: string;
  detail?: unknown;
}

/** Events of a payment's history as rows, for the statement that writes them. */
export const eventRows = (actor: Actor, events: PaymentEvent[]): q.PaymentEventRow[] =>
  events.map((e) => ({ kind: e.kind, source: e.source, from_status: e.from ?? null, to_status: e.to ?? null, provider_event_id: e.eventId ?? null, detail: json(e.detail), ...actorRecord(actor) }));

/** Writes one event of a payment's history. */
export const recordEvent = (tx: Tx, actor: Actor, paymentId: number, e: PaymentEvent) => q.insertPaymentEvents(tx, eventRows(actor, [e]).map((row) => ({ payment_id: paymentId, ...row })));

/**
 * Raises a flag for an operator once per payment and kind; with `reopen`, again when an operator closed
 * it before (a refund's flag: another refund of the payment went wrong since).
 */
export async function raiseFlag(tx: Tx, actor: Actor, payment: Pick<PaymentRow, 'id'>, kind: FlagKind, refundNeeded: boolean, detail: Record<string, unknown>, source: ReportSource, reopen = false): Promise<boolean> {
  const fresh = await q.insertFlag(tx, { payment_id: payment.id, kind, refund_needed: refundNeeded, detail: json(detail) }, reopen);
  if (fresh) await recordEvent(tx, actor, payment.id, { kind: 'flag', source, detail: { flag: kind, refund_needed: refundNeeded, ...detail } });
  return fresh;
}

/**
 * Moves a payment to `to` from one of `from` by a conditional update and writes the transition
 * event in the same statement; answers the row when this call made the change. The unique index on
 * transition events stands behind the update: a state is entered at most once. `before` (the report
 * that asked for the move) is written first, whether the payment moved or not.
 */
export async function transition(
  tx: Tx,
  actor: Actor,
  payment: Pick<PaymentRow, 'id' | 'status'>,
  from: PaymentStatus[],
  to: PaymentStatus,
  source: ReportSource,
  extra: { reason?: string; eventId?: string; providerRef?: string; entryId?: number; acceptFlags?: { by: string; reason: string } } = {},
  before?: PaymentEvent,
) {
  const [onMove, ...always] = eventRows(actor, [
    { kind: 'transition', source, from: from.length === 1 ? from[0] : payment.status, to, eventId: extra.eventId, detail: extra.reason ? { reason: extra.reason } : {} },
    ...(before ? [before] : []),
  ]);
  return q.transitionPayment(tx, payment.id, from, to, { ...(extra.reason ? { failure_reason: extra.reason } : {}), ...(extra.entryId !== undefined ? { entry_id: extra.entryId } : {}) }, always, onMove!, extra.acceptFlags);
}

/** The ledger entry of a captured gateway payment: the gateway's clearing pays the sale and the method's fee. */
async function postCapture(tx: Tx, actor: Actor, p: PaymentRow): Promise<number | undefined> {
  if (p.gateway_minor <= 0) return undefined;
  const net = p.gateway_minor - p.fee_minor;
  const postings: PostingInput[] = [
    { account: { system: 'gateway_clearing', gateway: p.gateway!, currency: p.currency }, amount: -p.gateway_minor },
    ...(net > 0 ? [{ account: { system: 'sales' as const, currency: p.currency }, amount: net }] : []),
    ...(p.fee_minor > 0 ? [{ account: { system: 'fees' as const, currency: p.currency }, amount: p.fee_minor }] : []),
  ];
  const { entryId } = await post(tx, { kind: 'payment.capture', reference: { type: 'payment', id: p.reference }, idempotencyKey: `payment:${p.id}:capture`, actor, postings });
  return entryId;
}

/** Money a gateway took for a payment the shop cannot keep (paid after expiry, cancellation, or twice): owed back, held in `refunds`. */
async function postOwedBack(tx: Tx, actor: Actor, p: PaymentRow, amountMinor: number, currency: string): Promise<void> {
  if (amountMinor <= 0) return;
  await post(tx, {
    kind: 'payment.owed_back',
    reference: { type: 'payment', id: p.reference },
    idempotencyKey: `payment:${p.id}:owed-back`,
    actor,
    postings: [
      { account: { system: 'gateway_clearing', gateway: p.gateway!, currency }, amount: -amountMinor },
      { account: { system: 'refunds', currency }, amount: amountMinor },
    ],
  });
}

/** Why a flag says a payment's money is owed back (the member is told by it), or undefined for a flag that does not. */
export const owedBackReason = (kind: FlagKind): OwedBackReason | undefined =>
  kind === 'paid_after_cancel' ? 'canceled' : kind === 'paid_after_expiry' ? 'expired' : kind === 'payable_not_payable' ? 'not_payable' : undefined;

/**
 * The kind of a member's message about money owed back (`reason`: canceled, expired, not_payable,
 * refunded): worded per payable, since a top-up or a pledge is no order (a shop order is one).
 */
const owedBackKind = (p: Pick<PaymentRow, 'payable_type'>, reason: OwedBackReason | 'refunded'): string =>
  p.payable_type === 'recharge' || p.payable_type === 'charity' ? `payment.${p.payable_type}_owed_back_${reason}` : `payment.owed_back_${reason}`;

/** The member's message about money of theirs owed back: the amount, the payable's number, and the payment's result page. */
async function owedBackMessage(tx: Tx, p: PaymentRow, reason: OwedBackReason | 'refunded') {
  const no = p.payable_no ?? (await loadPayable(tx, p.payable_type, p.payable_id))?.no ?? p.reference;
  return {
    memberId: p.user_id,
    kind: owedBackKind(p, reason),
    params: { order_no: no, amount: await printAmount(tx, p.gateway_minor, p.currency) },
    link: `${APP_PATHS.goods.paid}?payment_no=${p.reference}&order_id=${p.payable_id}&order_type=${p.payable_type}`,
  };
}

/**
 * Tells the member, in the transaction that flagged it, that the gateway took their money when the
 * payable could no longer take it, and that it will be refunded the way they paid (once per payment).
 */
async function tellOwedBack(tx: Tx, p: PaymentRow, kind: FlagKind): Promise<void> {
  const reason = owedBackReason(kind);
  if (reason) await notifyMember(tx, { ...(await owedBackMessage(tx, p, reason)), eventKey: `payment:${p.id}:owed_back` });
}

/** The postings that take `units` of a member's ledger asset to pay `valueMinor` of `currency` (points and gift cards pass through `promotions`). */
export function ledgerPaymentPostings(userId: number, asset: Asset, unitsCurrency: string, units: number, currency: string, valueMinor: number, to: 'sales' | 'member', sign: 1 | -1 = 1): PostingInput[] {
  const member = { member: userId, asset, currency: unitsCurrency };
  if (asset === 'cash') {
    return [
      { account: member, amount: -units * sign },
      { account: to === 'sales' ? { system: 'sales', currency } : member, amount: valueMinor * sign },
    ];
  }
  return [
    { account: member, amount: -units * sign },
    { account: { system: 'promotions', asset, currency: unitsCurrency }, amount: units * sign },
    { account: { system: 'promotions', currency }, amount: -valueMinor * sign },
    { account: { system: 'sales', currency }, amount: valueMinor * sign },
  ];
}

/**
 * A succeeded payment's effect on its payable, in the caller's transaction: the payable becomes
 * paid (the wallet is credited) and the money is booked; when the payable can no longer take it
 * (closed, cancelled, paid by another payment) the money is owed back and flagged for refund, and a
 * held balance part goes back to the member.
 */
/** Answers the amount and currency flags the success closed (`acceptFlags`: by whom and why). */
async function applySuccess(tx: Tx, actor: Actor, p: PaymentRow, source: ReportSource, reported: PaymentEvent, acceptFlags: { by: string; reason: string }): Promise<string[]> {
  // The payable first: when it takes the money, the capture is booked and the payment moves with
  // its entry in one statement. The row is locked and open, so the payment's move cannot miss.
  const outcome = await settlePayable(tx, actor, { type: p.payable_type, id: p.payable_id }, p.payable_minor, p.currency, p.gateway ?? 'ledger');
  const succeed = async (entryId?: number) => {
    const moved = await transition(tx, actor, p, OPEN, 'succeeded', source, { eventId: reported.eventId, entryId, acceptFlags }, reported);
    if (!moved) throw new Error(`payment ${p.id} did not move from ${p.status}`);
    return moved.accepted_flags;
  };
  if (outcome === 'paid') {
    if (p.hold_id) await postHold(tx, p.hold_id, { to: { system: 'sales', currency: p.currency }, actor });
    return succeed(payableHandler(p.payable_type).booksCapture ? undefined : await postCapture(tx, actor, p));
  }
  const closed = await succeed();
  if (await raiseFlag(tx, actor, p, 'payable_not_payable', true, { outcome }, source)) await tellOwedBack(tx, p, 'payable_not_payable');
  if (p.hold_id) await releaseHold(tx, p.hold_id, { actor });
  await postOwedBack(tx, actor, p, p.gateway_minor, p.currency);
  return closed;
}

/**
 * Applies what a provider says about a payment, inside `tx` (the webhook's transaction, or the
 * inquiry's). Success needs the amount, currency and merchant to match: a mismatch is flagged and
 * the payable stays unpaid. Each state is entered once; a later or repeated report changes nothing
 * (never backwards); a success for a payment already failed, cancelled or expired is recorded,
 * the money owed back and flagged for refund, and never re-opens the payable.
 */
export async function applyReport(tx: Tx, deps: Pick<AppDeps, 'providers'>, actor: Actor, paymentId: number, report: ProviderReport, source: ReportSource): Promise<PaymentStatus> {
  // Reports of one payment take turns: the row lock orders them, the conditional updates decide.
  const p = await q.lockPaymentForUpdate(tx, paymentId);
  if (!p) throw new Error(`payment ${paymentId} does not exist`);
  return applyReportToLocked(tx, deps, actor, p, report, source);
}

/** `applyReport` on a payment whose row `tx` has locked, read under the lock (so its status is current). */
async function applyReportToLocked(tx: Tx, deps: Pick<AppDeps, 'providers'>, actor: Actor, p: PaymentRow, report: ProviderReport, source: ReportSource): Promise<PaymentStatus> {
  const reported: PaymentEvent = {
    kind: source === 'webhook' ? 'notification' : 'inquiry',
    source,
    eventId: report.eventId,
    detail: { status: report.status, amount: report.amountMinor, currency: report.currency, provider_ref: report.providerRef, transaction: report.transactionRef, ...report.detail },
  };
  /** The report's event, with the move it asks for when the locked row is in a state it moves from (none is tried otherwise). */
  const move = async (from: PaymentStatus[], to: PaymentStatus, extra: { reason?: string } = {}) => {
    if (from.includes(p.status)) return transition(tx, actor, p, from, to, source, { ...extra, eventId: report.eventId }, reported);
    await recordEvent(tx, actor, p.id, reported);
    return undefined;
  };
  // A report about another of the gateway's payments (another payment intent naming our reference)
  // says nothing of this one: it moves nothing and closes no flag; a success there took money this
  // payment never received (its refund would go to its own id), so operators are told.
  if (report.providerRef !== undefined && p.provider_ref && report.providerRef !== p.provider_ref) {
    await recordEvent(tx, actor, p.id, reported);
    if (report.status === 'succeeded') await raiseFlag(tx, actor, p, 'provider_ref_mismatch', false, { expected: p.provider_ref, reported: report.providerRef }, source);
    return p.status;
  }
  if (report.status === 'pending') {
    const moved = await move(['created'], 'pending');
    return moved?.status ?? p.status;
  }
  if (report.status !== 'succeeded') {
    const moved = await move(OPEN, report.status, { reason: String(report.detail?.reason ?? report.status) });
    if (moved && p.hold_id) await releaseHold(tx, p.hold_id, { actor });
    // Ended by the shop (its deadline), not by the provider: the provider stops taking it too.
    if (moved && report.status === 'expired') cancelAtGatewayAfterCommit(tx, deps, p);
    return moved?.status ?? p.status;
  }
  // A success: first, is it for this payment's money at this shop?
  const gateway = p.gateway ? deps.providers.payments[p.gateway] : undefined;
  const mismatches: Array<[FlagKind, Record<string, unknown>]> = [];
  if (report.amountMinor !== undefined && report.amountMinor !== p.gateway_minor) mismatches.push(['amount_mismatch', { expected: p.gateway_minor, reported: report.amountMinor }]);
  if (report.currency !== undefined && report.currency.toUpperCase() !== p.currency) mismatches.push(['currency_mismatch', { expected: p.currency, reported: report.currency }]);
  if (report.merchant !== undefined && gateway && report.merchant !== gateway.merchantId) mismatches.push(['merchant_mismatch', { expected: gateway.merchantId, reported: report.merchant }]);
  if (report.amountMinor === undefined || report.currency === undefined) mismatches.push(['amount_mismatch', { reason: 'the report names no amount or currency' }]);
  if (mismatches.length) {
    await recordEvent(tx, actor, p.id, reported);
    for (const [kind, detail] of mismatches) await raiseFlag(tx, actor, p, kind, false, detail, source);
    return p.status;
  }
  if (OPEN.includes(p.status)) {
    // An earlier report of another amount or currency was flagged; this one (the gateway asked, or
    // its later word) names the payment's own money and settled it: those flags are closed with why,
    // by the statement that moves the payment.
    const reason = `${source} reported ${report.amountMinor} ${report.currency?.toUpperCase()}, the payment's own amount: settled`;
    const closed = await applySuccess(tx, actor, p, source, reported, { by: actor.name ?? actor.kind, reason });
    if (closed.length) await recordEvent(tx, actor, p.id, { kind: 'flag.accepted', source, detail: { flags: closed, reason } });
    return 'succeeded';
  }
  await recordEvent(tx, actor, p.id, reported);
  if (p.status === 'succeeded') return p.status;
  // Money arrived for a payment that had already ended: owed back, for an operator to refund.
  const kind: FlagKind = p.status === 'expired' ? 'paid_after_expiry' : 'paid_after_cancel';
  if (await raiseFlag(tx, actor, p, kind, true, { status: p.status, amount: report.amountMinor, currency: report.currency }, source)) {
    await postOwedBack(tx, actor, p, report.amountMinor!, p.currency);
    await tellOwedBack(tx, p, kind);
  }
  return p.status;
}

/**
 * Asks the gateway to stop taking a payment the shop ended, once the ending is committed. Where it does
 * not stop it (it took the money already: a member paid on the gateway's page, its notice not yet
 * here, then chose another way or cancelled; or the gateway cannot cancel), the gateway is asked what
 * became of the payment, and a success is applied as a late one: owed back, flagged and refunded,
 * never left at the gateway unseen. Without the database (`deps.db`), only the cancel is asked.
 */
export function cancelAtGatewayAfterCommit(tx: Tx, deps: Pick<AppDeps, 'providers'> & Partial<Pick<AppDeps, 'db'>>, p: Pick<PaymentRow, 'id' | 'gateway' | 'reference' | 'provider_ref'>): void {
  const gateway = p.gateway ? deps.providers.payments[p.gateway] : undefined;
  if (!gateway || !p.provider_ref) return;
  tx.afterCommit(async () => {
    const stopped = gateway.cancel ? await gateway.cancel({ reference: p.reference, providerRef: p.provider_ref }).then(() => true, () => false) : false;
    if (stopped || !deps.db) return;
    const answer = await gateway.inquire({ reference: p.reference, providerRef: p.provider_ref }).catch(() => undefined);
    // Nothing learnt (the gateway is away) or nothing taken: its own notice, if it ever takes the money, is applied as late.
    if (answer?.status !== 'succeeded') return;
    const report: ProviderReport = { status: answer.status, amountMinor: answer.amountMinor, currency: answer.currency, merchant: answer.merchant, providerRef: answer.providerRef, transactionRef: answer.transactionRef };
    await withTransaction(deps.db, (t) => applyReport(t, deps, systemActor('payment-cancel'), p.id, report, 'inquiry'));
  });
}

/** Applies a verified notification of gateway `gateway` in the webhook ingress's transaction (`locked`: the payment its reference names, when already locked and read). */
export async function applyNotification(tx: Tx, deps: PaymentsDeps, actor: Actor, gateway: string, n: GatewayNotification, locked?: { row: PaymentRow | undefined }): Promise<void> {
  if (n.kind === 'refund') {
    const refund = n.refundReference ? await q.findRefundByReference(tx, n.refundReference) : undefined;
    if (!refund || !n.status) return;
    const payment = (await q.findPayment(tx, refund.payment_id))!;
    if (payment.gateway !== gateway) return;
    if (n.status === 'succeeded') await finishGatewayRefund(tx, actor, refund, 'succeeded', n.providerRef);
    else if (n.status === 'failed' || n.status === 'canceled') await finishGatewayRefund(tx, actor, refund, 'failed', n.providerRef, `${gateway}: ${n.type}`);
    return;
  }
  if (n.kind !== 'payment' || !n.status) return;
  const byReference = locked ? locked.row : n.reference ? await q.lockPaymentByReference(tx, n.reference) : undefined;
  const payment = byReference ?? (n.providerRef ? await q.lockPaymentByProviderRef(tx, gateway, n.providerRef) : undefined);
  // Not one of ours (another shop on the same account, or long gone): stored, nothing to apply.
  if (!payment || payment.gateway !== gateway) return;
  const report: ProviderReport = { status: n.status, amountMinor: n.amountMinor, currency: n.currency, merchant: n.merchant, providerRef: n.providerRef, transactionRef: n.transactionRef, eventId: n.eventId, detail: { type: n.type } };
  await applyReportToLocked(tx, deps, actor, payment, report, 'webhook');
}

/**
 * Asks the gateway about an open payment and applies its answer (the browser's return, the
 * reconciliation job). A payment past its deadline that the gateway still calls pending expires.
 */
export async function inquireAndApply(deps: PaymentsDeps, actor: Actor, payment: PaymentRow, source: ReportSource): Promise<PaymentStatus> {
  if (!payment.gateway || !OPEN.includes(payment.status)) return payment.status;
  const gateway = deps.providers.payments[payment.gateway];
  if (!gateway) return payment.status;
  let report: ProviderReport;
  try {
    const answer = await gateway.inquire({ reference: payment.reference, providerRef: payment.provider_ref });
    report = { status: answer.status, amountMinor: answer.amountMinor, currency: answer.currency, merchant: answer.merchant, providerRef: answer.providerRef, transactionRef: answer.transactionRef };
  } catch {
    // The gateway is away: nothing learnt; the next inquiry tries again.
    return payment.status;
  }
  const overdue = new Date(payment.expires_at).getTime() <= Date.now();
  return withTransaction(deps.db, async (tx) => {
    if (report.status === 'pending' && overdue) report = { ...report, status: 'expired', detail: { reason: 'deadline passed' } };
    return applyReport(tx, deps, actor, payment.id, report, source);
  });
}

// ── Refunds ─────────────────────────────────────────────────────────────────────────────────

/**
 * Finishes a gateway refund once (from pending) and books it: its share of the sale (and, with the
 * refund that takes back the whole order, the surcharge) or the money owed back returns to the
 * gateway. A failed one (the gateway's `reason` kept) books nothing: what it was to give back may be
 * refunded again, and operators are told by the payment's `refund_failed` flag.
 */
export async function finishGatewayRefund(tx: Tx, actor: Actor, refund: RefundRow, to: 'succeeded' | 'failed', providerRef?: string, reason?: string): Promise<boolean> {
  const done = await q.transitionRefund(tx, refund.id, to, { ...(providerRef ? { provider_ref: providerRef } : {}), ...(to === 'failed' ? { failure_reason: cutText(reason || 'refused by the gateway', 500) } : {}) });
  if (!done) return false;
  const p = (await q.lockPaymentForUpdate(tx, refund.payment_id))!;
  const owedBack = await q.isOwedBack(tx, p.id);
  const refunds = await q.findRefundsOfPayment(tx, p.id);
  // The wait operators were told of is over once no refund of the payment is pending (a failure raises its own flag).
  if (!refunds.some((r) => r.status === 'pending')) await q.resolveFlagOfKind(tx, p.id, 'refund_overdue', actor.name ?? actor.kind);
  const earlier = refunds.filter((r) => r.id !== refund.id && r.via === 'gateway' && r.status === 'succeeded').reduce((s, r) => s + r.amount_minor, 0);
  // A payable that booked the money itself (a top-up's credit) books its refund: the credit held for it pays it, or goes back.
  const ownRefund = owedBack ? undefined : payableHandler(p.payable_type).refund;
  const own = { id: p.payable_id, refund: refund.reference, amountMinor: refund.amount_minor, currency: refund.currency, refundedBeforeMinor: earlier, gateway: p.gateway! };
  if (to === 'failed') {
    // A failed refund leaves money the member is owed (refund_needed).
    await raiseFlag(tx, actor, p, 'refund_failed', true, { refund: refund.reference, amount: refund.amount_minor, reason: done.failure_reason }, 'webhook', true);
    if (ownRefund) await ownRefund.finish(tx, actor, { ...own, outcome: 'failed' });
    return true;
  }
  if (ownRefund) {
    const entryId = await ownRefund.finish(tx, actor, { ...own, outcome: 'succeeded' });
    if (entryId !== undefined) await q.setRefundEntry(tx, refund.id, entryId);
    await recordEvent(tx, actor, p.id, { kind: 'refund', source: 'webhook', detail: { refund: refund.reference, amount: refund.amount_minor, status: 'succeeded' } });
    await closePayableIfRefunded(tx, actor, p);
    return true;
  }
  // The surcharge comes back only with the refund that takes back the whole order (the newest
  // gateway refund, once they cover all the gateway took): that much of it is the fee's, the rest
  // the sale's, whichever refund the gateway finishes first.
  const liveGateway = refunds.filter((r) => r.via === 'gateway' && r.status !== 'failed');
  const carrier = liveGateway.reduce((s, r) => s + r.amount_minor, 0) >= p.gateway_minor ? liveGateway.reduce((a, r) => (r.id > a.id ? r : a)) : undefined;
  const feeHere = carrier?.id === refund.id ? p.fee_minor : 0;
  const salesBefore = earlier - (carrier && carrier.id !== refund.id && carrier.status === 'succeeded' ? p.fee_minor : 0);
  const fromSales = owedBack ? 0 : Math.max(0, Math.min(refund.amount_minor - feeHere, p.gateway_minor - p.fee_minor - salesBefore));
  const rest = refund.amount_minor - fromSales;
  const { entryId } = await post(tx, {
    kind: 'payment.refund',
    reference: { type: 'refund', id: refund.reference },
    idempotencyKey: `refund:${refund.id}`,
    actor,
    postings: [
      { account: { system: 'gateway_clearing', gateway: p.gateway!, currency: refund.currency }, amount: refund.amount_minor },
      ...(fromSales > 0 ? [{ account: { system: 'sales' as const, currency: refund.currency }, amount: -fromSales }] : []),
      ...(rest > 0 ? [{ account: { system: owedBack ? ('refunds' as const) : ('fees' as const), currency: refund.currency }, amount: -rest }] : []),
    ],
  });
  await q.setRefundEntry(tx, refund.id, entryId);
  await recordEvent(tx, actor, p.id, { kind: 'refund', source: 'webhook', detail: { refund: refund.reference, amount: refund.amount_minor, status: 'succeeded' } });
  // Money owed back is all given back: the member, told it was owed, is told it is refunded (once).
  if (owedBack && earlier + refund.amount_minor >= p.gateway_minor) await notifyMember(tx, { ...(await owedBackMessage(tx, p, 'refunded')), eventKey: `payment:${p.id}:owed_back_refunded` });
  await closePayableIfRefunded(tx, actor, p);
  return true;
}

/** Once every refund of a payment is done and they cover what was paid, the payable is refunded. */
async function closePayableIfRefunded(tx: Tx, actor: Actor, p: PaymentRow): Promise<void> {
  // Money owed back was never the payable's: giving it back leaves the payable as it is.
  if (p.status !== 'succeeded' || (await q.isOwedBack(tx, p.id))) return;
  const refunds = await q.findRefundsOfPayment(tx, p.id);
  if (refunds.some((r) => r.status === 'pending')) return;
  const refunded = refunds.filter((r) => r.status === 'succeeded').reduce((s, r) => s + r.amount_minor, 0);
  if (refunded >= p.ledger_minor + p.gateway_minor - p.fee_minor) await markPayableRefunded(tx, actor, { type: p.payable_type, id: p.payable_id });
}

/**
 * What a payment may still refund, per method: the order's value paid from the wallet (`ledger`)
 * and by the gateway (`gateway`, its surcharge aside), the surcharge (`fee`), and the value in all.
 * A gateway refund returns the sale first and the surcharge past it. Money owed back was never the
 * payable's: all of it (surcharge included) is value to give back, through the gateway.
 */
export function refundLeftOf(p: Pick<PaymentRow, 'ledger_minor' | 'gateway_minor' | 'fee_minor'>, refunds: Array<Pick<RefundRow, 'via' | 'amount_minor' | 'status'>>, owedBack = false) {
  const live = refunds.filter((r) => r.status !== 'failed');
  const sum = (via: RefundRow['via']) => live.filter((r) => r.via === via).reduce((s, r) => s + Number(r.amount_minor), 0);
  const ledgerPaid = owedBack ? 0 : Number(p.ledger_minor);
  const fee = owedBack ? 0 : Number(p.fee_minor);
  const gatewayPaid = Number(p.gateway_minor) - fee;
  const ledger = Math.max(0, ledgerPaid - sum('ledger'));
  const gatewayRefunded = sum('gateway');
  const gateway = Math.max(0, gatewayPaid - gatewayRefunded);
  const feeLeft = Math.max(0, fee - Math.max(0, gatewayRefunded - gatewayPaid));
  return { ledgerPaid, gatewayPaid, ledger, gateway, fee: feeLeft, value: ledger + gateway };
}

/**
 * Splits `value` of a refund over the wallet and gateway parts pro rata to what each paid of the
 * order's value: the largest-remainder share of the running total (a tie to the larger part, then
 * the wallet), so the parts of every refund add up exactly, the last takes exactly what is left of
 * each, and no part ever gives back more than it has left.
 */
export function splitRefund(left: ReturnType<typeof refundLeftOf>, value: number): { ledger: number; gateway: number } {
  const L = BigInt(left.ledgerPaid);
  const V = L + BigInt(left.gatewayPaid);
  const before = left.ledgerPaid - left.ledger + (left.gatewayPaid - left.gateway);
  const ledgerUpTo = (total: number): number => {
    if (V === 0n) return 0;
    const t = BigInt(total);
    const lf = (L * t) / V;
    const lr = (L * t) % V;
    const gr = ((V - L) * t) % V;
    // Two parts: one unit is left over exactly when the remainders sum to V; the larger remainder takes it.
    const extra = lr + gr === V && (lr > gr || (lr === gr && L >= V - L)) ? 1n : 0n;
    return Number(lf + extra);
  };
  const due = ledgerUpTo(before + value) - (left.ledgerPaid - left.ledger);
  let ledger = Math.min(Math.max(0, due), left.ledger, value);
  // A part with less left than its share (refunds made before this rule) gives what it has; the other takes the rest.
  if (value - ledger > left.gateway) ledger = value - left.gateway;
  return { ledger, gateway: value - ledger };
}

/**
 * What a refund of `amount` of a payment gives back by each way (`left` as `refundLeftOf` reads it):
 * the order's value pro rata over the methods that paid it (`splitRefund`), and the surcharge
 * (`fee`, through the card, within `gateway`) only with the refund that takes back all the value
 * left. Anything between all the value and all of it with the surcharge is more than is left. The
 * refund itself goes by it, and so does every figure that says beforehand what a refund will send.
 */
export function planPaymentRefund(left: ReturnType<typeof refundLeftOf>, amount: number): { ledger: number; gateway: number; fee: number } {
  if (amount <= 0 || amount > left.value + left.fee || (amount > left.value && amount < left.value + left.fee)) throw new AppError(ResponseCode.refundTooLarge);
  const valuePart = Math.min(amount, left.value);
  const { ledger, gateway } = splitRefund(left, valuePart);
  const fee = valuePart === left.value ? left.fee : 0;
  return { ledger, gateway: gateway + fee, fee };
}

/**
 * Refunds a payment in full (default) or in part, once per `cause`: `amountMinor` of the order's
 * value is split pro rata over what paid it (`splitRefund`), the balance, points or gift-card part
 * straight back through the ledger, the gateway part through its adapter (its refund reference is
 * the provider's idempotency key); the refund that takes back all the value left also gives back
 * the surcharge through the gateway. Answers the refunds made for the cause.
 */
export async function refundPayment(deps: PaymentsDeps, actor: Actor, input: { paymentId: number; amountMinor?: number; cause: string; reason?: string }): Promise<RefundRow[]> {
  const planned = await withTransaction(deps.db, async (tx) => {
    const p = await q.lockPaymentForUpdate(tx, input.paymentId);
    if (!p) throw new AppError(ResponseCode.paymentNotFound);
    const existing = (await q.findRefundsOfPayment(tx, p.id)).filter((r) => r.cause.startsWith(`${input.cause}:`));
    if (existing.length) return { p, refunds: existing, fresh: false };
    const owedBack = await q.isOwedBack(tx, p.id);
    if (p.status !== 'succeeded' && !owedBack) throw new AppError(ResponseCode.payableNotPayable);
    const live = (await q.findRefundsOfPayment(tx, p.id)).filter((r) => r.status !== 'failed');
    const left = refundLeftOf(p, live, owedBack);
    const { ledger: viaLedger, gateway: viaGateway } = planPaymentRefund(left, input.amountMinor ?? left.value + left.fee);
    // Points and gift-card value come back pro rata: the units of the value refunded so far, each
    // rounding down once on the running total, so the last part gives back exactly what is left.
    const ledgerRefunded = live.filter((r) => r.via === 'ledger').reduce((s, r) => s + r.amount_minor, 0);
    const unitsUpTo = (value: number) => (p.ledger_minor > 0 ? Math.floor((p.ledger_units * value) / p.ledger_minor) : 0);
    const refunds: RefundRow[] = [];
    if (viaLedger > 0) {
      const r = (await q.insertRefund(tx, { reference: paymentNumber('R'), payment_id: p.id, cause: `${input.cause}:ledger`, via: 'ledger', amount_minor: viaLedger, currency: p.currency, status: 'pending', provider_ref: null, reason: input.reason ?? '', entry_id: null, finished_at: null }))!;
      const units = p.ledger_asset === 'cash' ? viaLedger : unitsUpTo(ledgerRefunded + viaLedger) - unitsUpTo(ledgerRefunded);
      const { entryId } = await post(tx, {
        kind: 'payment.refund',
        reference: { type: 'refund', id: r.reference },
        idempotencyKey: `refund:${r.id}`,
        actor,
        postings: ledgerPaymentPostings(p.user_id, p.ledger_asset as Asset, p.ledger_currency ?? p.currency, units, p.currency, viaLedger, 'sales', -1),
      });
      refunds.push((await q.transitionRefund(tx, r.id, 'succeeded', { entry_id: entryId }))!);
      await recordEvent(tx, actor, p.id, { kind: 'refund', source: 'member', detail: { refund: r.reference, via: 'ledger', amount: viaLedger } });
    }
    if (viaGateway > 0) {
      const r = (await q.insertRefund(tx, { reference: paymentNumber('R'), payment_id: p.id, cause: `${input.cause}:gateway`, via: 'gateway', amount_minor: viaGateway, currency: p.currency, status: 'pending', provider_ref: null, reason: input.reason ?? '', entry_id: null, finished_at: null }))!;
      // A payable that booked the money itself takes it back first (a top-up's credit out of the
      // wallet, held under its account's lock): refused here, nothing is sent and nothing moves.
      const ownRefund = owedBack ? undefined : payableHandler(p.payable_type).refund;
      if (ownRefund) await ownRefund.hold(tx, actor, { id: p.payable_id, refund: r.reference, amountMinor: viaGateway, currency: p.currency, refundedBeforeMinor: p.gateway_minor - left.gateway - left.fee });
      refunds.push(r);
    }
    if (!viaGateway) await closePayableIfRefunded(tx, actor, p);
    return { p, refunds, fresh: true };
  });
  const out: RefundRow[] = [];
  // A new gateway part is sent; one sent before and still pending (asked for again) is followed up.
  for (const r of planned.refunds) out.push(r.via !== 'gateway' || r.status !== 'pending' ? r : planned.fresh ? await sendGatewayRefund(deps, actor, planned.p, r) : await followGatewayRefund(deps, actor, planned.p, r));
  return out;
}

/**
 * Finishes a gateway refund sent before and still pending (its notification lost, its answer cut
 * off, the gateway away): the gateway is asked where it stands when it can say (by the refund's id,
 * or by the reference it was sent under) and that is booked; a refund the gateway never received is
 * sent again under the same reference. Answers the refund as it now stands.
 */
export async function followGatewayRefund(deps: PaymentsDeps, actor: Actor, p: PaymentRow, r: RefundRow): Promise<RefundRow> {
  const gateway = gatewayNamed(deps, p.gateway);
  if (!gateway.refundStatus) return sendGatewayRefund(deps, actor, p, r);
  let answer: GatewayRefundResult | undefined;
  try {
    answer = await gateway.refundStatus({ paymentReference: p.reference, providerRef: p.provider_ref ?? '', reference: r.reference, refundRef: r.provider_ref });
  } catch (e) {
    // The gateway is away: asked again later.
    return notePassingFault(deps, actor, p, r, e);
  }
  if (!answer) return sendGatewayRefund(deps, actor, p, r);
  return bookGatewayRefundAnswer(deps, actor, r, answer);
}

/** Asks the gateway to refund a pending refund (again: its reference makes a repeat harmless) and books the answer. */
export async function sendGatewayRefund(deps: PaymentsDeps, actor: Actor, p: PaymentRow, r: RefundRow): Promise<RefundRow> {
  const gateway = gatewayNamed(deps, p.gateway);
  let answer: GatewayRefundResult;
  try {
    answer = await gateway.refund({ paymentReference: p.reference, providerRef: p.provider_ref ?? '', reference: r.reference, amountMinor: r.amount_minor, currency: r.currency, paymentAmountMinor: p.gateway_minor, reason: r.reason });
  } catch (e) {
    // A passing fault (the adapter answers a final refusal as `failed`): still pending, asked again with the same reference.
    return notePassingFault(deps, actor, p, r, e);
  }
  return bookGatewayRefundAnswer(deps, actor, r, answer);
}

/** A refund pending this long (its gateway unreachable or answering faults all along) is raised to operators. */
export const REFUND_OVERDUE_SECONDS = 24 * 3600;

/** When a pending refund is asked again after its `attempts`-th passing fault: 1, 2, 4 … minutes, at most an hour. */
export const refundRetrySeconds = (attempts: number): number => Math.min(3600, 60 * 2 ** Math.min(attempts, 6));

/**
 * Records a passing fault asking the gateway about a pending refund: the reconciliation job asks
 * again after a growing pause; once pending past `REFUND_OVERDUE_SECONDS`, a `refund_overdue` flag
 * tells operators. Answers the refund as it now stands (a notification may have finished it).
 */
async function notePassingFault(deps: PaymentsDeps, actor: Actor, p: PaymentRow, r: RefundRow, e: unknown): Promise<RefundRow> {
  const error = e instanceof Error ? e.message : String(e);
  return withTransaction(deps.db, async (tx) => {
    const noted = await q.noteRefundFault(tx, r.id, error, refundRetrySeconds(r.attempts));
    if (!noted) return (await q.findRefundByReference(tx, r.reference))!;
    const pendingSeconds = (Date.now() - new Date(noted.created_at).getTime()) / 1000;
    if (pendingSeconds >= REFUND_OVERDUE_SECONDS) {
      // An overdue refund may still arrive: nothing is owed yet.
      await raiseFlag(tx, actor, p, 'refund_overdue', false, { refund: r.reference, amount: r.amount_minor, attempts: noted.attempts, last_error: noted.last_error }, actor.kind === 'operator' ? 'operator' : 'job', true);
    }
    return noted;
  });
}

/** Books what the gateway answered about a pending refund: its id while pending, else its end (once). */
function bookGatewayRefundAnswer(deps: PaymentsDeps, actor: Actor, r: RefundRow, answer: GatewayRefundResult): Promise<RefundRow> {
  return withTransaction(deps.db, async (tx) => {
    if (answer.status === 'pending') await q.setRefundProviderRef(tx, r.id, answer.refundRef);
    else await finishGatewayRefund(tx, actor, r, answer.status, answer.refundRef, answer.reason);
    return (await q.findRefundByReference(tx, r.reference))!;
  });
}

/** A payment whose gateway refused or never answered its creation fails, and its held balance goes back; nothing was booked. */
export async function failUnsent(deps: PaymentsDeps, actor: Actor, paymentId: number, reason: string): Promise<void> {
  await withTransaction(deps.db, async (tx) => {
    const p = await q.lockPaymentForUpdate(tx, paymentId);
    if (!p) return;
    const moved = await transition(tx, actor, p, ['created'], 'failed', 'member', { reason });
    if (moved && p.hold_id) await releaseHold(tx, p.hold_id, { actor });
  });
}
