import { z } from 'zod';
import { wholeNumber } from '../common/numbers.js';
import { pageQuery } from '../common/pagination.js';
import { sortQuery } from '../common/list-sort.js';
import { PAYABLE_TYPES, PAYMENT_STATUSES } from '../payments/payments.schemas.js';

// The console's payments page: payments with their events, the flags an operator decides
// (mismatches, money arrived late), and refunds with their state.

const id = wholeNumber(1, 2_147_483_647);
const minor = z.number().int();
const requiredReason = z.string().trim().min(1, 'validation.required').max(300);
/** What a payment paid for, as a filter: with `payable_id`, the payments (or refunds) of one order or top-up. */
const payableFilter = { payable_type: z.enum(PAYABLE_TYPES).optional(), payable_id: id.optional() };

export const PAYMENT_FLAG_KINDS = ['amount_mismatch', 'currency_mismatch', 'merchant_mismatch', 'paid_after_expiry', 'paid_after_cancel', 'payable_not_payable', 'refund_failed', 'refund_overdue', 'provider_ref_mismatch'] as const;
/** Refund: give the money back in full. Accept: the operator confirmed the payment with its provider; it is settled as paid. Dismiss: close the flag, nothing moves. */
export const FLAG_DECISIONS = ['refund', 'accept', 'dismiss'] as const;
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const paymentListQuery = pageQuery.extend({
  status: z.enum(PAYMENT_STATUSES).optional(),
  gateway: z.string().trim().max(20).regex(/^[a-z0-9]+$/, 'validation.invalid').optional(),
  member_id: id.optional(),
  /** A payment number (`P…`) or the provider's reference. */
  reference: z.string().trim().max(120).optional(),
  /** Only payments with an open flag. */
  flagged: z.enum(['yes', 'no']).optional(),
  ...payableFilter,
  ...sortQuery(['id', 'amount', 'created_at', 'finished_at']),
});
export const adminPaymentSchema = z.object({
  id: z.number().int(),
  payment_no: z.string(),
  member_id: z.number().int(),
  member: z.string(),
  payable_type: z.enum(PAYABLE_TYPES),
  payable_id: z.number().int(),
  pay_way: z.string(),
  gateway: z.string().nullable(),
  status: z.enum(PAYMENT_STATUSES),
  currency: z.string(),
  amount: minor,
  fee: minor,
  balance_part: minor,
  /** The wallet balance held for the payment and given back untaken (it landed when the payable could no longer take it): not in `balance_part`. */
  balance_released: minor.default(0),
  gateway_part: minor,
  provider_ref: z.string().nullable(),
  failure_reason: z.string().nullable(),
  open_flags: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});

export const paymentEventSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  source: z.string(),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  provider_event_id: z.string().nullable(),
  detail: z.unknown(),
  actor: z.string(),
  created_at: z.string(),
});
export const paymentFlagSchema = z.object({
  id: z.number().int(),
  payment_id: z.number().int(),
  payment_no: z.string(),
  gateway: z.string().nullable(),
  kind: z.enum(PAYMENT_FLAG_KINDS),
  /** The shop holds money it must give back. */
  refund_needed: z.boolean(),
  detail: z.unknown(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  resolved_by: z.string().nullable(),
  resolution: z.string().nullable(),
  resolution_reason: z.string().nullable(),
});
export const paymentRefundSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  payment_id: z.number().int(),
  payment_no: z.string(),
  cause: z.string(),
  via: z.enum(['gateway', 'ledger']),
  amount: minor,
  currency: z.string(),
  status: z.enum(REFUND_STATUSES),
  provider_ref: z.string().nullable(),
  reason: z.string(),
  /** The gateway's reason when it refused the refund for good. */
  failure_reason: z.string().nullable(),
  /** Passing faults met asking the gateway (asked again with backoff), and the last one. */
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});

export const paymentDetailQuery = z.object({ id });
export const paymentDetailData = z.object({ payment: adminPaymentSchema, events: z.array(paymentEventSchema), flags: z.array(paymentFlagSchema), refunds: z.array(paymentRefundSchema) });

export const flagListQuery = pageQuery.extend({ state: z.enum(['open', 'resolved', 'all']).default('open'), ...sortQuery(['id', 'created_at', 'resolved_at']) });
export const flagDecisionBody = z.object({ id, decision: z.enum(FLAG_DECISIONS), reason: requiredReason });
export const flagDecisionData = z.object({ flag: paymentFlagSchema, payment: adminPaymentSchema, refunds: z.array(paymentRefundSchema) });

export const refundListQuery = pageQuery.extend({ status: z.enum(REFUND_STATUSES).optional(), ...payableFilter, ...sortQuery(['id', 'amount', 'created_at', 'finished_at']) });

export const paymentInquiryBody = z.object({ id });
/** A refund an operator makes of a succeeded payment: in full (no amount) or in part, always with the reason. */
export const paymentRefundBody = z.object({ id, amount: minor.min(1).optional(), reason: requiredReason });
export const paymentActionData = z.object({ payment: adminPaymentSchema, refunds: z.array(paymentRefundSchema) });
