import { APPROVAL_KINDS, APPROVAL_KIND_PERMISSIONS, LIMIT_KINDS, approvalWhatSchema, ResponseCode, roleAllows, soloCeiling, type ApprovalChange, type ApprovalKind, type ApprovalRequest, type ApprovalStep, type ApprovalWhat, type AuditFacts, type EndpointData, type EndpointBody, type EndpointQuery, type LimitKind, type OperatorAction, type OperatorRole, type Permission, type adminDecideApproval, type adminListApprovals, type adminSetApprovalLimit } from '@shop/contract';
import type { Database, Executor } from '../../db/database.js';
import { actorStamp, operatorNameOf, refuseOwnAccount, type Actor } from '../../lib/actor.js';
import { iso } from '../../lib/dates.js';
import { AppError, alreadyDecided, notFound } from '../../lib/errors.js';
import { Amount } from '../../lib/i18n.js';
import { pageOf, totalOf } from '../../lib/paging.js';
import { assertLoadedVersion } from '../../lib/row-version.js';
import { withTransaction, type Tx } from '../../lib/transaction.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import { deciderRefOf, fourEyes, operatorRefOf } from '../operators/four-eyes.js';
import { SHOP_CURRENCY, convertAmount, rateFor } from '../rates/rates.service.js';
import * as q from './approvals.queries.js';

// Four eyes on value (docs/decisions/2026-11-24-money-controls.md): whatever an operator does that
// creates value or moves it into a member's hands is asked for with a reason and carried out when a
// second operator approves it — at once only at or under the threshold an owner set for its kind and
// currency (none by default) and within the asking operator's daily limit. Each area writes what its
// kind does when approved (`execute`); the composition root registers it here.

/** What approving a kind carries out, and who may ask for and approve it. */
export interface Approvable<P = unknown> {
  kind: ApprovalKind;
  permission: Permission;
  /** Carries out the request in the approving transaction (once: the request's state decides), as the approving operator. */
  execute: (tx: Tx, actor: Actor, payload: P, request: { id: number; reason: string }) => Promise<unknown>;
}

const approvables = new Map<string, Approvable<never>>();

/** Registers what a kind carries out (the composition root does, once per kind), with the permission the contract gives the kind. */
export function registerApprovable<P>(a: Approvable<P>): void {
  if (a.permission !== APPROVAL_KIND_PERMISSIONS[a.kind]) throw new Error(`approval kind ${a.kind} is decided with ${APPROVAL_KIND_PERMISSIONS[a.kind]}, not ${a.permission}`);
  approvables.set(a.kind, a as Approvable<never>);
}

/** What only the approving operator's answer carries, once: never saved with the request. */
type ShownOnce = NonNullable<EndpointData<typeof adminDecideApproval>['shown_once']>;
const SHOWN_ONCE = Symbol('shownOnce');
type WithShownOnce = { result: unknown; [SHOWN_ONCE]: ShownOnce };

/**
 * What an `execute` answers when approving hands over a secret (a new operator's setup link): the
 * request saves `result`; `once` goes only into the approving operator's answer.
 */
export const withShownOnce = (result: unknown, once: ShownOnce): WithShownOnce => ({ result, [SHOWN_ONCE]: once });

/** Splits what `execute` answered into what the request saves and what is shown once. */
const splitShownOnce = (done: unknown): { saved: unknown; once: ShownOnce | null } =>
  done !== null && typeof done === 'object' && SHOWN_ONCE in done ? { saved: (done as WithShownOnce).result, once: (done as WithShownOnce)[SHOWN_ONCE] } : { saved: done, once: null };

function approvableOf(kind: string): Approvable<unknown> {
  const a = approvables.get(kind);
  if (!a) throw new Error(`nothing registered for approval kind ${kind}: build the dependencies with depsFor() first`);
  return a as Approvable<unknown>;
}

/** What an operator asks for. */
export interface ApprovalAsk<P> {
  kind: ApprovalKind;
  /** The member who receives the value, when there is one. */
  memberId: number | null;
  currency: string;
  /** Minor units (points for points); null where the request has none (it always needs a second operator). */
  amount: number | null;
  payload: P;
  summary: string;
  /** A settings request: what it changes from the settings it was asked from, field by field (shown to the approver). */
  changes?: ApprovalChange[];
  /** What it is about (`recharge:12`): one request waits per subject; the same one asked again answers it, a different one is refused. */
  subject?: string;
  reason: string;
}

/** What a kind's payload says it does, before it is checked against the contract's shape. */
function payloadWhat(r: q.ApprovalRequestRow): unknown {
  const p = (r.payload ?? {}) as Record<string, unknown>;
  const amount = r.amount === null ? null : Number(r.amount);
  switch (r.kind as ApprovalKind) {
    case 'gift_cards.issue':
      return { key: 'gift_cards', count: p.count, value: p.value, currency: p.currency };
    case 'points.grant':
      return { key: p.kind, amount: p.amount };
    case 'recharge.confirm':
      return { key: 'top_up', order_no: r.subject_name, amount, currency: r.currency, tx_hash: p.tx_hash ?? r.subject_tx_hash ?? null };
    case 'coupon.create':
      return { key: 'coupon', code: String(p.code).toUpperCase(), currency: p.currency, amount: p.kind === 'amount' ? p.amount : null, percent_bp: p.kind === 'percent' ? p.percent_bp : null };
    case 'coupon.update':
      return { key: 'coupon_change', code: r.subject_name, currency: r.currency, amount: p.amount ?? null, percent_bp: p.percent_bp ?? null, min_spend: p.min_spend, starts_at: p.starts_at, ends_at: p.ends_at, per_member_limit: p.per_member_limit, total_limit: p.total_limit };
    case 'rate.set':
      return { key: 'rate', base: p.base, quote: p.quote, rate: p.rate, date: p.date ?? null };
    case 'shop_stock.add':
      return { key: 'shop_stock', delta: p.delta, sku_id: p.sku_id, shop: r.subject_name };
    case 'goods.points':
      return { key: 'goods_points', goods_id: p.goods_id, name: p.name ?? {}, from: p.from ?? null, to: p.points_per_unit };
    case 'sku.pv':
      return { key: 'sku_pv', goods_id: p.goods_id, sku_id: p.sku_id, name: p.name ?? {}, options: p.options ?? {}, from: p.from, to: p.pv };
    case 'group_buy.create':
    case 'group_buy.update':
      return {
        key: 'group_buy',
        goods_id: p.goods_id,
        sku_id: p.sku_id,
        name: p.name ?? {},
        options: p.options ?? {},
        currency: r.currency,
        price: p.price,
        sku_price: p.sku_price,
        quantity: p.quantity,
        change: r.kind === 'group_buy.update' ? p.id : null,
        from: r.kind === 'group_buy.update' ? p.from : null,
      };
    case 'operator.grant':
      if (p.action === 'link') return { key: 'operator_link', user_name: p.user_name, operator_id: p.operator_id, role: p.role };
      if (p.action === 'disable') return { key: 'operator_disable', user_name: p.user_name, operator_id: p.operator_id, role: p.role };
      if (p.action === 'enable') return { key: 'operator_enable', user_name: p.user_name, operator_id: p.operator_id, role: p.role };
      if (p.action === 'demote') return { key: 'operator_role', user_name: p.user_name, operator_id: p.operator_id, from: p.from, role: p.role };
      return p.action === 'create' ? { key: 'new_operator', user_name: p.user_name, role: p.role } : { key: 'operator_role', user_name: p.user_name, operator_id: p.operator_id, from: p.from, role: p.role };
    case 'order.refund':
      return { key: 'order_refund', order_no: r.subject_name, amount, currency: r.currency };
    case 'receiving_account.set':
      if (p.target === 'deposit_addresses') return { key: 'deposit_addresses', network: p.network, addresses: p.addresses };
      return { key: 'collection_account', currency: p.currency, bank_name: p.bank_name, account_name: p.account_name, account_number: p.account_number, branch: p.branch ?? '' };
    default:
      return null;
  }
}

/** What a request does, as data the console words in the operator's language; null where its payload cannot be read (its summary is shown). */
const whatOf = (r: q.ApprovalRequestRow): ApprovalWhat | null => {
  const what = approvalWhatSchema.safeParse(payloadWhat(r));
  return what.success ? what.data : null;
};

const toView = (r: q.ApprovalRequestRow): ApprovalRequest => ({
  id: Number(r.id),
  kind: r.kind as ApprovalKind,
  status: r.status,
  member_id: r.member_id === null ? null : Number(r.member_id),
  member_name: r.member_name ?? null,
  currency: r.currency,
  amount: r.amount === null ? null : Number(r.amount),
  summary: r.summary,
  what: whatOf(r),
  changes: (r.changes as ApprovalChange[] | null) ?? null,
  reason: r.reason,
  requested_by: r.requested_by,
  requested_at: iso(r.requested_at),
  decided_by: r.decided_by,
  decided_at: iso(r.decided_at),
  decision_reason: r.decision_reason,
  automatic: r.automatic,
  result: (r.result as Record<string, unknown> | null) ?? null,
});

/** Whether an owner sets thresholds for the kind (only those are ever done at once). */
const isLimitKind = (kind: string): kind is LimitKind => (LIMIT_KINDS as readonly string[]).includes(kind);

const viewOf = async (db: Executor, id: number) => toView((await q.findApprovalRequest(db, id))!);

/**
 * A request's step in the audit log: its kind, step and number, with what it asks as facts the console
 * words in the operator's language: what it does, or for a settings request each field it changes
 * (its English summary only where neither can be read).
 */
const requestEntry = (step: ApprovalStep, r: ApprovalRequest): { action: OperatorAction; facts: AuditFacts | null } =>
  r.what
    ? { action: `${r.kind}.${step} #${r.id}`, facts: { key: 'request', what: r.what } }
    : r.changes
      ? { action: `${r.kind}.${step} #${r.id}`, facts: { key: 'request_changes', currency: r.currency, changes: r.changes } }
      : { action: `${r.kind}.${step} #${r.id} ${r.summary}`, facts: null };

/**
 * An operator asks for something that creates value: recorded with its reason; carried out at once
 * only at or under the owner's threshold for its kind and currency, else it waits for a second
 * operator. Refused past the operator's daily limit, or about the operator's own member account.
 * Answers the request and, when carried out now, what it did.
 */
export async function requestApproval<P, R>(db: Database, actor: Actor, ask: ApprovalAsk<P>): Promise<{ request: ApprovalRequest; result: R | null }> {
  const operator = operatorNameOf(actor);
  refuseOwnAccount(actor, ask.memberId);
  const approvable = approvableOf(ask.kind);
  return withTransaction(db, async (tx) => {
    const limits = await limitsOf(tx, ask.kind, ask.currency);
    if (ask.amount !== null) await refusePastDailyLimit(tx, { operator, kind: ask.kind, currency: ask.currency, amount: ask.amount, limit: limits.daily_limit }, () => q.sumOperatorRequestsToday(tx, operator, ask.kind, ask.currency));
    const id = await q.insertApprovalRequest(tx, {
      kind: ask.kind,
      member_id: ask.memberId,
      currency: ask.currency,
      amount: ask.amount,
      payload: ask.payload,
      summary: ask.summary,
      changes: ask.changes ?? null,
      subject: ask.subject ?? null,
      reason: ask.reason,
      requested_by: operator,
      requested_by_id: actor.operatorId ?? null,
    });
    if (id === undefined) return { request: await viewOf(tx, await waitingRequestOf(tx, ask)), result: null };
    // At once only under the owner's threshold and within what one operator may let through alone today
    // (never a kind an owner sets no threshold for: a grant of a role that approves money), and never
    // for a name typed on the command line without its authenticator's code.
    const automatic =
      !actor.nameOnly &&
      isLimitKind(ask.kind) &&
      ask.amount !== null &&
      typeof limits.auto_up_to === 'number' &&
      ask.amount <= limits.auto_up_to &&
      (await withinSoloCeiling(tx, operator, ask.kind, ask.currency, ask.amount, () => q.sumOperatorRequestsToday(tx, operator, ask.kind, ask.currency, 'alone')));
    let result: R | null = null;
    if (automatic) {
      result = (await approvable.execute(tx, actor, ask.payload as never, { id, reason: ask.reason })) as R;
      await q.decideApprovalRequest(tx, id, { status: 'approved', decided_by: operator, decided_by_id: actor.operatorId ?? null, decision_reason: 'within the threshold', result, automatic: true });
    }
    const request = await viewOf(tx, id);
    await insertOperatorAction(tx, { operator, ...requestEntry(automatic ? 'done' : 'request', request), target_type: 'approval', target_id: id, reason: ask.reason });
    return { request, result };
  });
}

/**
 * The request already waiting about the ask's subject: the same one asked again (a double tap, a
 * retry) answers it; a different one is refused naming it, never dropped while answered as a success.
 */
async function waitingRequestOf(tx: Tx, ask: ApprovalAsk<unknown>): Promise<number> {
  const waiting = await q.findPendingRequestLike(tx, ask.kind, ask.subject!, ask.payload);
  // Decided between our insert and this read: the asker tries again on a settled state.
  if (!waiting) throw alreadyDecided();
  if (!waiting.same) throw new AppError(ResponseCode.approvalAlreadyWaiting, { id: Number(waiting.id) });
  return Number(waiting.id);
}

/**
 * Refuses what would take an operator past their daily limit of a kind in a currency (none set: no
 * limit). `askedToday` sums what already counts today; it runs under a lock per operator, kind and
 * currency, so two requests at once cannot both slip under the limit.
 */
export async function checkDailyLimit(tx: Tx, operator: string, kind: (typeof LIMIT_KINDS)[number], currency: string, amount: number, askedToday: () => Promise<number>): Promise<void> {
  const limit = (await limitsOf(tx, kind, currency)).daily_limit;
  await refusePastDailyLimit(tx, { operator, kind, currency, amount, limit }, askedToday);
}

/** The check of `checkDailyLimit` with the limit already read. */
async function refusePastDailyLimit(tx: Tx, ask: { operator: string; kind: string; currency: string; amount: number; limit: number | 'no rate' | null }, askedToday: () => Promise<number>): Promise<void> {
  if (ask.limit === null) return;
  // The default limit is in USD and the currency has no rate today: it cannot be measured, so the strict side.
  if (ask.limit === 'no rate') throw new AppError(ResponseCode.approvalDailyLimit, { currency: ask.currency }, { messageKey: 'admin.code.approvalDailyLimitNoRate' });
  await q.lockOperatorRequests(tx, ask.operator, ask.kind, ask.currency);
  if ((await askedToday()) + ask.amount > Number(ask.limit)) {
    // The limit as the operator reads it: money in its currency's units, points as a count.
    const limit = Number(ask.limit);
    if (ask.currency === 'XXX') throw new AppError(ResponseCode.approvalDailyLimit, { limit: String(limit) }, { messageKey: 'admin.code.approvalDailyLimitPoints' });
    throw new AppError(ResponseCode.approvalDailyLimit, { limit: new Amount(limit, ask.currency), currency: ask.currency });
  }
}

/**
 * Whether an operator may carry out `amount` alone, without a second operator: what they did alone
 * today of the kind and currency (`doneAloneToday`) plus it stays within the solo ceiling, which no
 * threshold an owner sets can pass. Under a lock per operator, kind and currency, so a burst cannot slip past it.
 */
export async function withinSoloCeiling(tx: Tx, operator: string, kind: (typeof LIMIT_KINDS)[number], currency: string, amount: number, doneAloneToday: () => Promise<number>): Promise<boolean> {
  const ceiling = soloCeiling(kind, currency);
  if (amount > ceiling) return false;
  await q.lockOperatorRequests(tx, operator, kind, currency);
  return (await doneAloneToday()) + amount <= ceiling;
}

/** Refuses a threshold or no-second-operator limit past the solo ceiling of its kind and currency. */
export function refusePastSoloCeiling(kind: (typeof LIMIT_KINDS)[number], currency: string, amount: number | null): void {
  const max = soloCeiling(kind, currency);
  if (amount === null || amount <= max) return;
  if (currency === 'XXX') throw new AppError(ResponseCode.approvalThresholdTooHigh, { max }, { messageKey: 'admin.code.approvalThresholdTooHighPoints' });
  // The default row `*` is an amount in USD (converted where it is used).
  if (currency === '*') throw new AppError(ResponseCode.approvalThresholdTooHigh, { max: new Amount(max, SHOP_CURRENCY), currency: SHOP_CURRENCY });
  throw new AppError(ResponseCode.approvalThresholdTooHigh, { max: new Amount(max, currency), currency });
}

/** The kinds an operator's role may decide. */
const kindsOf = (role: OperatorRole) => APPROVAL_KINDS.filter((k) => approvables.has(k) && roleAllows(role, approvableOf(k).permission));

/** An operator's name as recorded (`olivia#1`) or given (`olivia`), to compare: names are unique whatever their case. */
const bareName = (recorded: string) => recorded.replace(/#\d+$/, '').toLowerCase();

/**
 * Whether the actor asked for the request: by operator id where both sides have one; else by name, with
 * or without its `#id` (a request recorded as `olivia#1` is olivia's whoever names her without the id).
 */
function askedBy(r: { requested_by: string; requested_by_id: number | string | null }, actor: Actor): boolean {
  if (r.requested_by_id !== null && actor.operatorId !== undefined) return Number(r.requested_by_id) === actor.operatorId;
  return bareName(r.requested_by) === bareName(operatorNameOf(actor));
}

/**
 * Refuses to let an operator approve what they asked for: the same operator (7010), or one who counts
 * as the same person (7021: one received the other's way in, `fourEyes`). Rejecting stays open to them.
 */
async function refuseAskerOnApproval(tx: Tx, r: { requested_by: string; requested_by_id: number | string | null }, actor: Actor): Promise<void> {
  if (askedBy(r, actor)) throw new AppError(ResponseCode.approvalOwnRequest);
  if ((await fourEyes(tx, operatorRefOf(r.requested_by, r.requested_by_id), deciderRefOf(actor))) !== 'apart') throw new AppError(ResponseCode.fourEyesLinkedOperator);
}

/**
 * The operator a request is about: an operator grant's operator (a sign-in link, a role, a disabling,
 * an enabling); none for a new operator or any other kind.
 */
function operatorConcerned(r: { kind: string; payload: unknown }): { id: number | null; name: string | null } | undefined {
  if (r.kind !== 'operator.grant') return undefined;
  const p = (r.payload ?? {}) as Record<string, unknown>;
  if (p.action === 'create') return undefined;
  const id = typeof p.operator_id === 'number' || typeof p.operator_id === 'string' ? Number(p.operator_id) : null;
  const name = typeof p.user_name === 'string' ? p.user_name : null;
  return id === null && name === null ? undefined : { id, name };
}

/**
 * Refuses a decision, either way, by the operator a request is about (7009, as for changing oneself
 * directly): another owner approves or rejects an operator's removal, role or sign-in link, never they
 * themselves (docs/decisions/2026-12-01-owner-removal.md). By operator id where both sides have one, else by name.
 */
function refuseOperatorConcerned(r: { kind: string; payload: unknown }, actor: Actor): void {
  const concerned = operatorConcerned(r);
  if (!concerned) return;
  const same =
    concerned.id !== null && actor.operatorId !== undefined
      ? concerned.id === actor.operatorId
      : concerned.name !== null && concerned.name.toLowerCase() === bareName(operatorNameOf(actor));
  if (same) throw new AppError(ResponseCode.operatorSelfChange);
}

/**
 * A second operator decides a request: approving carries it out, once, in the same transaction;
 * rejecting needs a reason. Never the operator who asked (nor one who received their way in, or gave them theirs), never the operator it is about, never about their own member account, and
 * only with the kind's permission. Of two decisions at once, the second finds it decided.
 */
export async function decideApproval(db: Database, actor: Actor, role: OperatorRole, input: { id: number; decision: 'approve' | 'reject'; reason?: string }): Promise<EndpointData<typeof adminDecideApproval>> {
  const operator = operatorNameOf(actor);
  const reason = input.reason?.trim() || null;
  if (input.decision === 'reject' && !reason) throw new AppError(ResponseCode.reasonRequired);
  return withTransaction(db, async (tx) => {
    const r = await q.lockApprovalRequestForUpdate(tx, input.id);
    if (!r || !kindsOf(role).includes(r.kind as ApprovalKind)) throw notFound('approval');
    if (r.status !== 'pending') throw alreadyDecided(r.status);
    refuseOperatorConcerned(r, actor);
    if (input.decision === 'approve') await refuseAskerOnApproval(tx, r, actor);
    refuseOwnAccount(actor, r.member_id);
    const done = input.decision === 'approve' ? splitShownOnce(await approvableOf(r.kind).execute(tx, actor, r.payload, { id: Number(r.id), reason: r.reason })) : { saved: undefined, once: null };
    if (!(await q.decideApprovalRequest(tx, r.id, { status: input.decision === 'approve' ? 'approved' : 'rejected', decided_by: operator, decided_by_id: actor.operatorId ?? null, decision_reason: reason, result: done.saved }))) {
      throw alreadyDecided(r.status);
    }
    const decided = await viewOf(tx, r.id);
    await insertOperatorAction(tx, { operator, ...requestEntry(input.decision, decided), target_type: 'approval', target_id: r.id, reason });
    return { ...decided, shown_once: done.once };
  });
}

/**
 * Closes the request waiting about a subject (`recharge:12`) when its target was decided directly
 * (a top-up rejected, an order its member cancelled): cancelled with why, in the caller's transaction,
 * so nobody approves it later. Recorded as by the operator, else as by the member or job (`member:12`).
 */
export async function closeWaitingRequest(tx: Tx, actor: Actor, kind: ApprovalKind, subject: string, why: string): Promise<void> {
  const stamp = actorStamp(actor);
  const operator = actor.kind === 'operator' ? operatorNameOf(actor) : `${stamp.actor_kind}:${stamp.actor_id}`;
  const id = await q.findPendingRequestOfSubject(tx, kind, subject);
  if (id === undefined) return;
  if (await q.decideApprovalRequest(tx, id, { status: 'cancelled', decided_by: operator, decided_by_id: actor.operatorId ?? null, decision_reason: why })) {
    await insertOperatorAction(tx, { operator, ...requestEntry('cancel', await viewOf(tx, Number(id))), target_type: 'approval', target_id: Number(id), reason: why });
  }
}

/** The request waiting about a subject (`shop.settings`), so a page shows it instead of asking again; null when none waits. */
export async function pendingRequestAbout(db: Executor, kind: ApprovalKind, subject: string): Promise<ApprovalRequest | null> {
  const id = await q.findPendingRequestOfSubject(db, kind, subject);
  return id === undefined ? null : viewOf(db, Number(id));
}

/** The requests of a kind waiting about any of `subjects` (an item's several parts), oldest first. */
export async function pendingRequestsAbout(db: Executor, kind: ApprovalKind, subjects: string[]): Promise<ApprovalRequest[]> {
  const ids = await q.findPendingRequestsOfSubjects(db, kind, subjects);
  return Promise.all(ids.map((id) => viewOf(db, id)));
}

/**
 * The operator who asked withdraws a request still waiting. To an operator who neither asked it nor
 * may decide its kind, it does not exist (as in their list): nothing says a request of that id is there.
 */
export async function cancelApproval(db: Database, actor: Actor, role: OperatorRole, input: { id: number; reason?: string }): Promise<ApprovalRequest> {
  const operator = operatorNameOf(actor);
  return withTransaction(db, async (tx) => {
    const r = await q.lockApprovalRequestForUpdate(tx, input.id);
    const asker = r !== undefined && askedBy(r, actor);
    if (!r || (!asker && !kindsOf(role).includes(r.kind as ApprovalKind))) throw notFound('approval');
    if (!asker) throw new AppError(ResponseCode.approvalNotYours);
    if (!(await q.decideApprovalRequest(tx, r.id, { status: 'cancelled', decided_by: operator, decided_by_id: actor.operatorId ?? null, decision_reason: input.reason?.trim() || null }))) {
      throw alreadyDecided(r.status);
    }
    const cancelled = await viewOf(tx, r.id);
    await insertOperatorAction(tx, { operator, ...requestEntry('cancel', cancelled), target_type: 'approval', target_id: r.id, reason: input.reason?.trim() || null });
    return cancelled;
  });
}

/**
 * Requests the operator's role may decide and those the operator asked (to follow and withdraw, even
 * of a kind their role does not decide), by state (waiting by default), newest first.
 */
export async function listApprovals(db: Executor, actor: Actor, role: OperatorRole, input: EndpointQuery<typeof adminListApprovals>) {
  const operator = operatorNameOf(actor);
  const rows = await q.findApprovalRequestPage(db, {
    kinds: kindsOf(role),
    askedBy: { id: actor.operatorId ?? null, name: bareName(operator) },
    kind: input.kind,
    status: input.status,
    memberId: input.member_id,
    limit: input.limit,
    offset: (input.page - 1) * input.limit,
  });
  return pageOf(rows.map(toView), totalOf(rows), input);
}

const toLimit = (l: Awaited<ReturnType<typeof q.findApprovalLimits>>[number]) => ({
  kind: l.kind as (typeof LIMIT_KINDS)[number],
  currency: l.currency,
  auto_up_to: l.auto_up_to === null ? null : Number(l.auto_up_to),
  daily_limit: l.daily_limit === null ? null : Number(l.daily_limit),
  updated_by: l.updated_by,
  updated_at: iso(l.updated_at),
});

/** Every threshold and daily limit set. */
export async function approvalLimits(db: Executor, actor: Actor) {
  operatorNameOf(actor);
  return { list: (await q.findApprovalLimits(db)).map(toLimit) };
}

/** An owner sets a kind's threshold and daily limit in a currency (`*`: every currency without its own), with the reason. */
export async function setApprovalLimit(db: Database, actor: Actor, input: EndpointBody<typeof adminSetApprovalLimit>) {
  const operator = operatorNameOf(actor);
  refusePastSoloCeiling(input.kind, input.currency, input.auto_up_to);
  await withTransaction(db, async (tx) => {
    // Saved from the table the form was opened over: the pair's limits as read (or still not there, for a new pair), else refused.
    const current = await q.lockApprovalLimitForUpdate(tx, input.kind, input.currency);
    if (current) assertLoadedVersion(current.updated_at, input.base_updated_at);
    else if (input.base_updated_at !== undefined) throw new AppError(ResponseCode.editedSinceOpened);
    await q.upsertApprovalLimit(tx, { kind: input.kind, currency: input.currency, auto_up_to: input.auto_up_to, daily_limit: input.daily_limit, updated_by: operator });
    await insertOperatorAction(tx, {
      operator,
      action: 'setting.approval_limit',
      target_type: 'setting',
      target_id: 0,
      reason: input.reason,
      facts: { key: 'approval_limit', kind: input.kind, currency: input.currency, auto_up_to: input.auto_up_to, daily_limit: input.daily_limit },
    });
  });
  return approvalLimits(db, actor);
}

/**
 * Sets a kind's threshold in one currency, keeping its daily limit: the Adjustments page's own limit
 * of balance adjustments is this same setting (`ledger.adjust`), so both pages show what is done.
 */
export const setThreshold = (tx: Tx, kind: (typeof LIMIT_KINDS)[number], currency: string, autoUpTo: number, operator: string) =>
  q.upsertThreshold(tx, { kind, currency, auto_up_to: autoUpTo, updated_by: operator });

/** The thresholds set for a kind in each currency (its default row `*` aside). */
export const thresholdsOf = async (db: Executor, kind: (typeof LIMIT_KINDS)[number]) =>
  (await q.findApprovalLimits(db)).filter((l) => l.kind === kind && l.currency !== '*' && l.auto_up_to !== null).map((l) => ({ currency: l.currency, amount: Number(l.auto_up_to), updated_by: l.updated_by, updated_at: iso(l.updated_at)! }));

/**
 * The threshold of a kind in a currency (payouts: one approver up to it), or null when none is set;
 * 0 when the default row cannot be converted for want of a rate (nothing passes under it: two payout approvers).
 */
export async function thresholdOf(db: Executor, kind: (typeof LIMIT_KINDS)[number], currency: string): Promise<number | null> {
  const l = await limitsOf(db, kind, currency);
  if (l.auto_up_to === 'no rate') return 0;
  return l.auto_up_to === null ? null : Math.min(l.auto_up_to, soloCeiling(kind, currency));
}

/** The currency of the default row `*`: its amounts are USD, converted into each other currency at the day's rate. */
const DEFAULT_ROW_CURRENCY = SHOP_CURRENCY;

/**
 * The threshold and daily limit of a kind in a currency, in its minor units: its own row; else the
 * default row `*`, whose amounts are USD converted at today's rate (the rates module's rule). Without
 * a rate for the currency the strict side: `no rate` (no request done at once, two payout approvers) and
 * a daily limit that cannot be measured (`no rate`: refused). Points are no currency: `*` is not theirs.
 */
async function limitsOf(db: Executor, kind: string, currency: string): Promise<{ auto_up_to: number | 'no rate' | null; daily_limit: number | 'no rate' | null }> {
  const row = await q.findApprovalLimit(db, kind, currency);
  const amount = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));
  if (!row) return { auto_up_to: null, daily_limit: null };
  if (row.currency !== '*') return { auto_up_to: amount(row.auto_up_to), daily_limit: amount(row.daily_limit) };
  if (currency === 'XXX') return { auto_up_to: null, daily_limit: null };
  const autoUpTo = amount(row.auto_up_to);
  const daily = amount(row.daily_limit);
  if (autoUpTo === null && daily === null) return { auto_up_to: null, daily_limit: null };
  let rate: string;
  try {
    rate = (await rateFor(db, DEFAULT_ROW_CURRENCY, currency)).rate;
  } catch (e) {
    if (e instanceof AppError && (e.code === ResponseCode.rateUnavailable || e.code === ResponseCode.currencyUnsupported)) return { auto_up_to: autoUpTo === null ? null : 'no rate', daily_limit: daily === null ? null : 'no rate' };
    throw e;
  }
  const convert = (v: number | null) => (v === null ? null : convertAmount(db, v, DEFAULT_ROW_CURRENCY, currency, rate));
  return { auto_up_to: await convert(autoUpTo), daily_limit: await convert(daily) };
}
