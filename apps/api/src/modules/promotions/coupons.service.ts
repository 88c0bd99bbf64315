import {
  displayMinor,
  fromMinorUnits,
  ResponseCode,
  type EndpointBody,
  type EndpointData,
  type EndpointQuery,
  type adminCreateCoupon,
  type adminEndCoupon,
  type adminListCoupons,
  type adminUpdateCoupon,
} from '@shop/contract';
import type { Database, Executor } from '../../db/database.js';
import { operatorNameOf, type Actor } from '../../lib/actor.js';
import { iso } from '../../lib/dates.js';
import { AppError, notFound, ValidationError } from '../../lib/errors.js';
import type { ListExport } from '../../lib/list-export.js';
import { pageOf, totalOf } from '../../lib/paging.js';
import { withTransaction, type Tx } from '../../lib/transaction.js';
import { closeWaitingRequest, requestApproval } from '../approvals/approvals.service.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import { assertShopCurrency } from '../rates/rates.service.js';
import { insertCoupon } from './coupons.js';
import { endCouponNow, findCoupon, findCouponByCode } from './coupons.queries.js';
import { changeWords, endNotAfterStart, fieldChanges, invalid, stateAt } from './promotion-terms.js';
import * as promotions from './promotions-admin.queries.js';

// Coupon codes as operators issue, list, change and end them (checkout takes them in `coupons.ts`).

type NewCoupon = EndpointBody<typeof adminCreateCoupon>;
type CouponChange = EndpointBody<typeof adminUpdateCoupon>;

/** A code another coupon has (in any letter case): refused in words, not as a setting. */
const codeTaken = () => new AppError(ResponseCode.settingInvalid, undefined, { messageKey: 'admin.code.couponCodeTaken' });

/** What a coupon is worth to one member's order, for thresholds: an amount off, or null for a percentage (always a second operator). */
/**
 * What a coupon can still give away in all, the amount its request is held to (the owner's threshold,
 * the solo ceiling, the daily limit): its discount times the uses it has left. A percentage, or a coupon
 * without a total limit, has no bound: it always waits for a second operator.
 */
const worth = (c: { kind: 'amount' | 'percent'; amount?: number | null; total_limit: number | null }, used = 0) =>
  c.kind === 'amount' && c.amount != null && c.total_limit !== null ? Math.min(c.amount * Math.max(0, c.total_limit - used), Number.MAX_SAFE_INTEGER) : null;

/**
 * An operator asks to issue a coupon code, with the reason (a discount is value given): a second
 * operator approves it before it exists (at once under the owner's threshold).
 */
export async function createCoupon(db: Database, actor: Actor, input: NewCoupon) {
  operatorNameOf(actor);
  if (Date.parse(input.ends_at) <= Date.parse(input.starts_at)) throw endNotAfterStart();
  // Codes are told apart without letter case (`welcome` is `WELCOME`): the lookup and the unique index both ignore it.
  if (await findCouponByCode(db, input.code)) throw codeTaken();
  // A coupon in a currency the shop does not keep could never apply to an order.
  await assertShopCurrency(db, input.currency);
  return requestApproval<NewCoupon, { id: number }>(db, actor, {
    kind: 'coupon.create',
    memberId: null,
    currency: input.currency,
    amount: worth(input),
    payload: input,
    summary: `coupon ${input.code.toUpperCase()}: ${input.kind === 'amount' ? `${displayMinor(input.amount!, input.currency)} ${input.currency}` : `${input.percent_bp! / 100} %`} off`,
    subject: `coupon:${input.code.toUpperCase()}`,
    reason: input.reason,
  });
}

/** Carries out an approved coupon: it exists from now (a code taken meanwhile is refused). */
export async function insertApprovedCoupon(tx: Tx, actor: Actor, input: NewCoupon, request: { id: number; reason: string }): Promise<{ id: number }> {
  const row = await insertCoupon(tx, {
    code: input.code,
    kind: input.kind,
    amount_minor: input.kind === 'amount' ? input.amount! : null,
    percent_bp: input.kind === 'percent' ? input.percent_bp! : null,
    currency: input.currency,
    min_spend_minor: input.min_spend,
    starts_at: input.starts_at,
    ends_at: input.ends_at,
    per_member_limit: input.per_member_limit,
    total_limit: input.total_limit,
    created_by: operatorNameOf(actor),
  });
  if (!row) throw codeTaken();
  await insertOperatorAction(tx, { operator: operatorNameOf(actor), action: `coupon.create ${input.code.toUpperCase()}`, target_type: 'coupon', target_id: row.id, reason: request.reason, facts: { key: 'approved_request', request_id: request.id } });
  return row;
}

/** An operator ends a coupon now: no order can use it any more (orders placed with it keep their discount). Recorded with who and why. */
export async function endCoupon(db: Database, actor: Actor, input: EndpointBody<typeof adminEndCoupon>): Promise<EndpointData<typeof adminEndCoupon>> {
  const by = operatorNameOf(actor);
  return withTransaction(db, async (tx) => {
    if (!(await findCoupon(tx, input.id))) throw notFound('coupon');
    const ended = await endCouponNow(tx, input.id);
    if (!ended) throw new AppError(ResponseCode.couponInvalid);
    await insertOperatorAction(tx, { operator: by, action: `coupon.end ${ended.code}`, target_type: 'coupon', target_id: input.id, reason: input.reason });
    // A change still waiting for its second operator would give the ended coupon new dates: it is withdrawn with it.
    await closeWaitingRequest(tx, actor, 'coupon.update', `coupon:${input.id}`, `coupon ended: ${input.reason}`);
    return { id: input.id, ends_at: iso(ended.ends_at)! };
  });
}

type CouponRow = Awaited<ReturnType<typeof promotions.findCouponsForConsole>>[number];

const toCoupon = (c: Omit<CouponRow, 'total'>) => ({
  id: c.id,
  code: c.code,
  kind: c.kind,
  amount: c.amount_minor === null ? null : Number(c.amount_minor),
  percent_bp: c.percent_bp,
  currency: c.currency,
  min_spend: Number(c.min_spend_minor),
  starts_at: iso(c.starts_at),
  ends_at: iso(c.ends_at),
  per_member_limit: c.per_member_limit,
  total_limit: c.total_limit,
  used: c.used,
  state: stateAt(c.starts_at, c.ends_at),
  created_by: c.created_by,
});

/** Coupon codes by code and state, newest first unless sorted, with their uses. */
export async function listCoupons(db: Executor, actor: Actor, input: EndpointQuery<typeof adminListCoupons>): Promise<EndpointData<typeof adminListCoupons>> {
  operatorNameOf(actor);
  const rows = await promotions.findCouponsForConsole(db, { ...input, offset: (input.page - 1) * input.limit });
  return pageOf(rows.map(toCoupon), totalOf(rows), input);
}

export const couponExport: ListExport<EndpointQuery<typeof adminListCoupons>, EndpointData<typeof adminListCoupons>['list'][number]> = {
  name: 'coupons',
  page: listCoupons,
  columns: [
    ['id', (r) => r.id], ['code', (r) => r.code], ['kind', (r) => r.kind], ['currency', (r) => r.currency], ['amount', (r) => (r.amount === null ? null : fromMinorUnits(r.amount, r.currency))],
    ['percent', (r) => (r.percent_bp === null ? null : r.percent_bp / 100)], ['min_spend', (r) => fromMinorUnits(r.min_spend, r.currency)], ['starts_at', (r) => r.starts_at], ['ends_at', (r) => r.ends_at],
    ['used', (r) => r.used], ['total_limit', (r) => r.total_limit], ['per_member_limit', (r) => r.per_member_limit], ['status', (r) => r.state], ['created_by', (r) => r.created_by],
  ],
};

/**
 * An operator asks to change a coupon with the reason: its discount (of its own kind), minimum, dates
 * and limits. Its code, kind and currency stay; the total limit never goes below the uses so far;
 * orders already placed keep the discount they had. A second operator approves it (at once under the
 * owner's threshold).
 */
export async function updateCoupon(db: Database, actor: Actor, input: CouponChange) {
  operatorNameOf(actor);
  const current = await findCoupon(db, input.id);
  if (!current) throw notFound('coupon');
  checkCouponChange(current, input);
  const changes = changesOf(current, input);
  return requestApproval<CouponChange, ReturnType<typeof toCoupon>>(db, actor, {
    kind: 'coupon.update',
    memberId: null,
    currency: current.currency,
    amount: worth({ kind: current.kind, amount: input.amount, total_limit: input.total_limit }, current.used),
    payload: input,
    summary: `coupon ${current.code}: ${changeWords(changes) || 'no change'}`,
    changes,
    subject: `coupon:${current.id}`,
    reason: input.reason,
  });
}

function checkCouponChange(current: { kind: 'amount' | 'percent'; used: number }, input: CouponChange): void {
  if (current.kind === 'amount' ? input.amount === undefined : input.percent_bp === undefined) throw new ValidationError([{ field: current.kind === 'amount' ? 'amount' : 'percent_bp', key: 'validation.required', params: { field: current.kind === 'amount' ? 'amount' : 'percent_bp' } }]);
  if (Date.parse(input.ends_at) <= Date.parse(input.starts_at)) throw endNotAfterStart();
  if (input.total_limit !== null && input.total_limit < current.used) throw invalid('total_limit');
}

/** Each field a change gives a coupon a new value, old → new (the discount of the coupon's own kind only: the other is not saved). */
const changesOf = (current: NonNullable<Awaited<ReturnType<typeof findCoupon>>>, input: CouponChange) =>
  fieldChanges(
    {
      ...(current.kind === 'amount' ? { amount: Number(current.amount_minor) } : { percent_bp: current.percent_bp }),
      min_spend: Number(current.min_spend_minor),
      starts_at: iso(current.starts_at),
      ends_at: iso(current.ends_at),
      per_member_limit: current.per_member_limit,
      total_limit: current.total_limit,
    },
    { ...input, starts_at: iso(input.starts_at), ends_at: iso(input.ends_at) },
  );

/** Carries out an approved change of a coupon (checked again against its uses now). */
export async function saveApprovedCouponChange(tx: Tx, actor: Actor, input: CouponChange, request: { id: number; reason: string }) {
  const current = await promotions.lockCouponForUpdate(tx, input.id);
  if (!current) throw notFound('coupon');
  checkCouponChange(current, input);
  await insertOperatorAction(tx, {
    operator: operatorNameOf(actor),
    action: 'coupon.update',
    target_type: 'coupon',
    target_id: input.id,
    reason: request.reason,
    facts: { key: 'promotion_change', kind: 'coupon.update', code: current.code, currency: current.currency, changes: changesOf(current, input), request_id: request.id },
  });
  const saved = await promotions.updateCoupon(tx, input.id, {
    amount_minor: current.kind === 'amount' ? input.amount! : null,
    percent_bp: current.kind === 'percent' ? input.percent_bp! : null,
    min_spend_minor: input.min_spend,
    starts_at: input.starts_at,
    ends_at: input.ends_at,
    per_member_limit: input.per_member_limit,
    total_limit: input.total_limit,
  });
  return toCoupon(saved);
}
