import { z } from 'zod';
import { wholeNumber } from '../common/numbers.js';
import { pageQuery } from '../common/pagination.js';
import { sortQuery } from '../common/list-sort.js';
import { baseUpdatedAt } from '../catalogue/catalogue.admin.js';

// The console's money pages: the ledger's journal and accounts, manual adjustments with their
// second-operator approval, gift-card batches, and the lists behind the money settings.

const id = wholeNumber(1, 2_147_483_647);
const minor = z.number().int();
const currency = z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, 'validation.invalid');
const requiredReason = z.string().trim().min(1, 'validation.required').max(300);

export const LEDGER_ASSETS = ['cash', 'points', 'shopping_points', 'gift_card', 'rewards'] as const;
/** What an operator may adjust by hand. */
export const ADJUSTABLE_ASSETS = ['cash', 'points', 'shopping_points'] as const;
export const ADJUSTMENT_STATUSES = ['pending', 'posted', 'rejected'] as const;

export const journalQuery = pageQuery.extend({
  member_id: id.optional(),
  /** The start of the entry's kind (`recharge`, `hold.`, `points.grant` …). */
  kind: z.string().trim().max(80).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** Part of the entry's memo or business reference. */
  q: z.string().trim().max(100).optional(),
  ...sortQuery(['id', 'kind', 'created_at']),
});
export const journalPostingSchema = z.object({
  account_id: z.number().int(),
  /** The member's user name, or the system account's code. */
  owner: z.string(),
  member_id: z.number().int().nullable(),
  asset: z.string(),
  currency: z.string(),
  amount: minor,
});
/**
 * Every kind of journal entry the ledger writes (the API's `post` takes only these), each named in
 * the console's language packs (`console.money.ledger.kinds.<kind>`); a reversal is `<kind>.reversal`.
 */
export const LEDGER_ENTRY_KINDS = [
  'account.close.forfeit',
  'adjustment',
  'commission.reverse',
  'commission.settle',
  'fx.convert',
  'gift_card.give',
  'gift_card.issue',
  'gift_card.redeem',
  'hold.post',
  'hold.release',
  'hold.reserve',
  'order.points.earn',
  'order.points.refund',
  'order.points.reverse',
  'pair_bonus',
  'payment.capture',
  'payment.owed_back',
  'payment.refund',
  'payment.wallet',
  'points.grant',
  'recharge',
  'recharge.refund',
  'rewards.to_cash',
  'shop.earnings',
  'transfer',
  'withdrawal.paid',
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];
/** What a journal entry's reference points at (`reference_type`), each named in the console's language packs (`console.money.ledger.refs.<type>`). */
export const LEDGER_REFERENCE_TYPES = ['adjustment', 'cancellation', 'conversion', 'gift_card', 'gift_card_batch', 'hold', 'member', 'order', 'pair_run', 'payment', 'recharge', 'refund', 'shop_order', 'transfer', 'withdrawal'] as const;
export type LedgerReferenceType = (typeof LEDGER_REFERENCE_TYPES)[number];

export const journalEntrySchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  reference_type: z.string(),
  reference_id: z.string(),
  actor_kind: z.string(),
  actor_id: z.string(),
  /** An operator author as every record names them (`fin2#4`); null for other authors. */
  operator: z.string().nullable(),
  memo: z.string().nullable(),
  reverses_entry_id: z.number().int().nullable(),
  rate: z.string().nullable(),
  created_at: z.string(),
  postings: z.array(journalPostingSchema),
});
export const ledgerKindsData = z.object({ list: z.array(z.string()) });

export const memberAccountsQuery = z.object({ member_id: id });
export const ledgerAccountSchema = z.object({
  id: z.number().int(),
  asset: z.enum(LEDGER_ASSETS),
  currency: z.string(),
  balance: minor,
  /** Held for a pending decision (withdrawal under review …). */
  frozen: minor,
  entries: z.number().int(),
});
export const memberAccountsData = z.object({ list: z.array(ledgerAccountSchema) });
export const accountEntriesQuery = pageQuery.extend({ account_id: id });
export const accountLineSchema = z.object({
  posting_id: z.number().int(),
  entry_id: z.number().int(),
  kind: z.string(),
  reference_type: z.string(),
  reference_id: z.string(),
  memo: z.string().nullable(),
  amount: minor,
  currency: z.string(),
  /** The account's balance right after this posting. */
  balance_after: minor,
  created_at: z.string(),
});

export const adjustmentBody = z.object({
  user_id: id,
  asset: z.enum(ADJUSTABLE_ASSETS),
  /** Cash: the account's currency. Points keep no currency (leave it out). */
  currency: currency.optional(),
  /** Signed minor units: positive credits the member, negative debits. */
  amount: minor.min(-1_000_000_000_000).max(1_000_000_000_000).refine((v) => v !== 0, 'validation.invalid'),
  reason: requiredReason,
});
export const adjustmentSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  asset: z.enum(ADJUSTABLE_ASSETS),
  currency: z.string(),
  amount: minor,
  reason: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  requested_by: z.string(),
  decided_by: z.string().nullable(),
  decision_reason: z.string().nullable(),
  entry_id: z.number().int().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
/** A list's search: the member (part of the user name, or the number) or part of the reason. */
const memberOrReason = { q: z.string().trim().max(100).optional() };
export const adjustmentListQuery = pageQuery.extend({ status: z.enum(ADJUSTMENT_STATUSES).default('pending'), user_id: id.optional(), ...memberOrReason, ...sortQuery(['id', 'amount', 'created_at', 'decided_at']) });
export const adjustmentDecisionBody = z.object({ id, decision: z.enum(['approve', 'reject']), reason: z.string().trim().max(300).optional() });

export const adjustmentLimitSchema = z.object({ currency: z.string(), amount: minor, updated_by: z.string(), updated_at: z.string() });
export const adjustmentLimitsData = z.object({ list: z.array(adjustmentLimitSchema) });
export const adjustmentLimitBody = z.object({
  /** `XXX` for points and shopping points. */
  currency,
  /** Adjustments up to this many minor units (either sign) are posted at once; above it a second operator approves. */
  amount: minor.min(0).max(1_000_000_000_000),
  reason: requiredReason,
});

export const giftCardBatchQuery = pageQuery.extend({ user_id: id.optional(), ...memberOrReason, ...sortQuery(['id', 'value', 'expires_at', 'created_at']) });
export const giftCardBatchSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  currency: z.string(),
  value: minor,
  count: z.number().int(),
  /** Cards of the batch already used up. */
  redeemed: z.number().int(),
  expires_at: z.string(),
  /** Who asked for the batch (`fin1#3`); null for a batch no request records. */
  requested_by: z.string().nullable(),
  /** Who approved it and so issued it (the asker too when it was within the owner's threshold). */
  created_by: z.string(),
  reason: z.string(),
  created_at: z.string(),
});

// The money settings: rates (feed and override), payment methods, withdrawal fees and limits,
// top-up channels, collection accounts, banks and the stablecoin address pool.

const rateSide = z.object({ rate: z.string(), date: z.string() }).nullable();
export const ratesData = z.object({
  /** The day the rates are read for. */
  date: z.string(),
  list: z.array(z.object({ base: z.string(), quote: z.string(), ecb: rateSide, operator: rateSide, effective: z.enum(['ecb', 'operator']) })),
});
export const payMethodSettingSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  gateway: z.string().nullable(),
  method: z.string(),
  currency: z.string(),
  country_code: z.string(),
  fee_bp: z.number().int(),
  fee_fixed_minor: minor,
  enabled: z.boolean(),
  sort: z.number().int(),
  updated_by: z.string(),
  updated_at: z.string(),
});
/** A payment method saved whole from its row: `base_updated_at` is the row's `updated_at` as read (changed since: refused, 4020). */
export const payMethodBody = z.object({
  id,
  base_updated_at: baseUpdatedAt,
  /** Fee in basis points of the amount (100 = 1 %). */
  fee_bp: z.number().min(0).max(5000).int(),
  fee_fixed_minor: minor.min(0).max(100_000_000),
  enabled: z.boolean(),
  sort: z.number().min(0).max(10_000).int(),
  reason: requiredReason,
});
export const walletLimitSchema = z.object({
  currency: z.string(),
  kind: z.enum(['withdraw_bank', 'withdraw_crypto', 'transfer']),
  fee_bp: z.number().int(),
  fee_fixed: minor,
  min_minor: minor,
  max_minor: minor,
  daily_count: z.number().int(),
  daily_amount: minor,
  updated_by: z.string(),
  updated_at: z.string(),
});
export const rechargeChannelRowSchema = z.object({
  code: z.string(),
  kind: z.string(),
  name: z.string(),
  currencies: z.array(z.string()),
  min_minor: minor,
  max_minor: minor,
  enabled: z.boolean(),
  sort: z.number().int(),
  /** Who changed the channel last, and when: the version its form names. */
  updated_by: z.string(),
  updated_at: z.string(),
});
export const collectionAccountRowSchema = z.object({
  id: z.number().int(),
  currency: z.string(),
  bank_name: z.string(),
  account_name: z.string(),
  account_number: z.string(),
  branch: z.string(),
  enabled: z.boolean(),
  created_by: z.string(),
  created_at: z.string(),
});
export const bankListQuery = z.object({ country_code: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'validation.invalid').optional() });
export const bankRowSchema = z.object({
  id: z.number().int(),
  country_code: z.string(),
  type: z.string(),
  name: z.string(),
  code: z.string(),
  parent_id: z.number().int().nullable(),
  enabled: z.boolean(),
});
export const cryptoPoolQuery = pageQuery.extend({ network: z.string().trim().toUpperCase().max(20).optional(), assigned: z.enum(['yes', 'no']).optional() });
export const cryptoAddressRowSchema = z.object({
  id: z.number().int(),
  network: z.string(),
  address: z.string(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  assigned_at: z.string().nullable(),
  added_by: z.string(),
  created_at: z.string(),
});
export const cryptoPoolData = z.object({
  list: z.array(cryptoAddressRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  has_more: z.boolean(),
  /** Per network: addresses in the pool and those not yet given to a member. */
  networks: z.array(z.object({ network: z.string(), total: z.number().int(), free: z.number().int() })),
});
