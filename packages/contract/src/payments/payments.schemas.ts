import { z } from 'zod';
import { idParam } from '../catalogue/catalogue.schemas.js';

// Paying an order, a charity pledge or a top-up: methods with their fee, the notice read before
// paying online, starting a payment, and its state as the pay pages show it.

/** Integer minor units of the answer's currency. */
const minor = z.number().int();
export const PAYABLE_TYPES = ['order', 'charity', 'recharge', 'shop_order'] as const;
export const PAYMENT_STATUSES = ['created', 'pending', 'succeeded', 'failed', 'canceled', 'expired'] as const;
/** What the app shows (spec §4 "Payment: in progress, success, failed"). */
export const PAYMENT_STATES = ['in_progress', 'success', 'failed'] as const;
/** Why a payment's money is owed back: it arrived after the payable was cancelled, after it expired, or the payable could no longer take it. */
export const OWED_BACK_REASONS = ['canceled', 'expired', 'not_payable'] as const;
export type OwedBackReason = (typeof OWED_BACK_REASONS)[number];

const payableType = z.enum(PAYABLE_TYPES).default('order');
/** A pay method's code (`balance`, `stripe_card`, `airwallex_tng` …). */
const payWay = z.string().trim().min(1).max(40).regex(/^[a-z0-9_]+$/, 'validation.invalid');
const payPassword = z.string().regex(/^\d{6}$/, 'wallet.validation.payPassword');
const googleCode = z.string().regex(/^\d{6}$/, 'validation.invalid');
/** The step-up a call that takes the wallet's value asks for: the pay password, and the authenticator's code once one is bound. */
export const payProofFields = { pay_password: payPassword.optional(), google_code: googleCode.optional() };

/** Which payable: `order_id` of an order (default), a charity order or a top-up. */
export const payableRef = z.object({ order_id: idParam, order_type: payableType });

export const payMethodSchema = z.object({
  pay_way: z.string(),
  name: z.string(),
  /** The gateway taking it, or null for the wallet's own value. */
  gateway: z.string().nullable(),
  method: z.string(),
  currency: z.string(),
  fee_rate_bp: z.number().int(),
  fee_fixed: minor,
  /** For a payable: its fee and what the member pays in all; null without an amount. */
  fee: minor.nullable(),
  total: minor.nullable(),
  /** Wallet methods: the member's balance (points for points methods) and what the payable needs of it. */
  balance: z.number().int().nullable(),
  needed: z.number().int().nullable(),
  /** False when the member's balance does not cover it. */
  usable: z.boolean(),
});
export type PayMethod = z.infer<typeof payMethodSchema>;

export const payMethodsQuery = z.object({ currency: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, 'validation.invalid').optional() });
export const payMethodsData = z.object({ currency: z.string(), list: z.array(payMethodSchema) });

/** `use_balance`: the balance pays beside a gateway method what it covers (as paying with `use_balance` does); in a query `1`/`0` (as the apps send it) or `true`/`false`. */
export const payWayCostQuery = payableRef.extend({ pay_way: payWay, use_balance: z.union([z.boolean(), z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true')]).default(false) });
/** A method's fee and what the member pays in all, for a payable. */
const methodCostData = z.object({ pay_way: z.string(), currency: z.string(), amount: minor, fee: minor, total: minor });
/**
 * What paying a payable with a method takes, as the payment will: `balance_part` from the wallet
 * balance (with `use_balance`), `gateway_part` by a gateway method (its `fee` included), `total`
 * both together.
 */
export const payWayCostData = methodCostData.extend({ balance_part: minor.default(0), gateway_part: minor.default(0) });

export const payWayCostTotalBody = payableRef;
export const payWayCostTotalData = z.object({
  order_no: z.string(),
  currency: z.string(),
  amount: minor,
  chosen: z.string().nullable(),
  list: z.array(payMethodSchema),
  /** Until when the payable waits for payment (the pay page counts down to it); null when it does not expire. */
  expires_at: z.string().nullable().default(null),
});

export const choosePayWayBody = payableRef.extend({ pay_way: payWay });
export const choosePayWayData = methodCostData.extend({ order_no: z.string() });

/** `use_balance`: the notice of a gateway method paying beside the balance names what the method takes (as `payWayCost` with it). */
export const payNoticeBody = z.object({ pay_way: payWay, order_id: idParam.optional(), order_type: payableType, use_balance: z.boolean().default(false) });
export const payNoticeData = z.object({
  pay_way: z.string(),
  title: z.string(),
  /** The notice's paragraphs: whose service, its fee, currency conversion. */
  paragraphs: z.array(z.string()),
  currency: z.string(),
  amount: minor.nullable(),
  fee: minor.nullable(),
  read_at: z.string(),
  /** How many times the member has read this method's notice. */
  reads: z.number().int(),
});

export const payBody = payableRef.extend({
  pay_way: payWay,
  /** Take what the wallet balance covers and charge the rest through the gateway method (held until it succeeds). */
  use_balance: z.boolean().default(false),
  /** Needed when the wallet's value pays (all or part). */
  ...payProofFields,
  /** FPX: the member's bank code. */
  bank: z.string().trim().max(40).regex(/^[a-z0-9_]+$/, 'validation.invalid').optional(),
});
export const airwallexIntentBody = payableRef.extend({ pay_way: payWay.default('airwallex_card') });

/** A payment as the pay pages read it. */
export const paymentInfoData = z.object({
  payment_no: z.string(),
  order_type: z.enum(PAYABLE_TYPES),
  order_id: z.number().int(),
  order_no: z.string(),
  pay_way: z.string(),
  gateway: z.string().nullable(),
  status: z.enum(PAYMENT_STATUSES),
  /**
   * What the pay pages show: `success` only when the payable took the money; money it could not take
   * (`owed_back`) is `failed` even when the gateway took it (`status` succeeded).
   */
  state: z.enum(PAYMENT_STATES),
  currency: z.string(),
  /** The payable's own amount, the method's fee, the wallet's part and the gateway's part (fee included). */
  amount: minor,
  fee: minor,
  balance_part: minor,
  /** The wallet balance held for the payment and given back untaken (it landed when the payable could no longer take it): not in `balance_part`. */
  balance_released: minor.default(0),
  gateway_part: minor,
  /** Points or shopping points spent, when they paid. */
  points: z.number().int().nullable(),
  /** Where to send the browser (hosted page, bank, wallet app), when there is one. */
  redirect_url: z.string().nullable(),
  /** Stripe's Payment Element: the PaymentIntent's client secret and the publishable key. */
  client_secret: z.string().nullable(),
  sdk_params: z.record(z.string(), z.string()).nullable(),
  expires_at: z.string(),
  finished_at: z.string().nullable(),
  /** Why it failed (or that its money is owed back, or refunded), in the member's language, when it did. */
  message: z.string().nullable(),
  /**
   * Money the gateway took that the payable could not take (it arrived after the payable was
   * cancelled or expired, or the payable could no longer be paid): owed back to the member, and
   * whether its refund is done. Null when nothing is owed back.
   */
  owed_back: z
    .object({ amount: minor, currency: z.string(), reason: z.enum(OWED_BACK_REASONS), refunded: z.boolean() })
    .nullable()
    .default(null),
});
export type PaymentInfo = z.infer<typeof paymentInfoData>;

export const paymentInfoQuery = z.object({
  payment_no: z.string().trim().regex(/^P\d{16}$/, 'validation.invalid').optional(),
  order_id: idParam.optional(),
  order_type: payableType,
});
