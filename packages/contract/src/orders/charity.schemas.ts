import { z } from 'zod';
import { pageOf, pageQuery } from '../common/pagination.js';
import { freeText } from '../common/text.js';
import { idParam } from '../catalogue/catalogue.schemas.js';
import { shopPicture } from '../catalogue/catalogue.admin.js';

// Charity ("love") orders: a member pledges an amount to a cause an operator published.

const minor = z.number().int();
export const CHARITY_ORDER_STATUSES = ['awaiting_payment', 'paid', 'cancelled', 'closed', 'refunded'] as const;

export const charityCauseSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  image: z.string(),
  currency: z.string(),
  min_amount: minor,
  goal: minor.nullable(),
  /** Paid pledges so far. */
  raised: minor,
  supporters: z.number().int(),
});

/**
 * The largest pledge, in minor units of the cause's currency (1,000,000.00; ¥100,000,000 for a cause in
 * yen). The API refuses more with the limit as money in the cause's currency (code 5033), which the
 * body alone cannot say: it does not know the currency.
 */
export const CHARITY_PLEDGE_MAX = 100_000_000;

export const charityPledgeBody = z.object({
  cause_id: idParam,
  /** Integer minor units of the cause's currency, at most `CHARITY_PLEDGE_MAX` (checked by the API with the cause). */
  amount: z.number().min(1, 'orders.charity.amountPositive').int('validation.invalid'),
  message: freeText(140).default(''),
});

export const charityOrderSchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  cause_id: z.number().int(),
  cause_title: z.string(),
  amount: minor,
  currency: z.string(),
  status: z.enum(CHARITY_ORDER_STATUSES),
  message: z.string(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  paid_at: z.string().nullable(),
});

export const charityCancelBody = z.object({ id: idParam });
export const charityOrderListQuery = pageQuery.extend({ status: z.enum(CHARITY_ORDER_STATUSES).optional() });
export const charityOrderListData = pageOf(charityOrderSchema);
export const charityCentreData = z.object({
  /** What the member has given (paid pledges), per currency. */
  given: z.array(z.object({ currency: z.string(), amount: minor })),
  count: z.number().int(),
  causes_supported: z.number().int(),
  /** Causes open for pledges. */
  causes: z.array(charityCauseSchema),
});

const texts = z.record(z.string(), z.string().trim().max(2000));
export const createCauseBody = z.object({
  title: texts.refine((t) => Boolean(t['en-us']), { message: 'validation.required', path: ['en-us'] }),
  description: texts.default({}),
  /** A picture the shop stores, as goods pictures are (an upload or a demo picture, never another site's); empty is none. */
  image: z.union([shopPicture, z.literal('')]).default(''),
  /** One of the shop's currencies (the API checks its currency table). */
  currency: z.string().regex(/^[A-Z]{3}$/, 'validation.invalid'),
  min_amount: minor.min(1).max(CHARITY_PLEDGE_MAX).default(100),
  goal: minor.min(1).nullable().default(null),
});
