import { z } from 'zod';
import { monthParam } from '../common/calendar.js';
import { wholeNumber } from '../common/numbers.js';
import { pageOf, pageQuery } from '../common/pagination.js';
import { freeText, personName } from '../common/text.js';
import { isAmount } from '../common/validators.js';
import { cryptoAddressProblem } from './crypto-address.js';

// Shapes of the wallet area: assets, top-ups, withdrawals, transfers, bank cards, points, gift
// cards and rewards. Amounts travel as integer minor units beside their currency; what a member
// types is a decimal text (spec §5: up to 2 decimals, thousands separators allowed).

const minor = z.number().int();
const id = wholeNumber(1, 2_147_483_647);
const currency = z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, 'validation.invalid');
const countryCode = z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'validation.invalid');
/** An amount typed by the member: `1,234.50`. Its currency decides how many decimals it may carry. */
export const amountText = z.string().trim().refine(isAmount, 'wallet.validation.amount');
/** The 6-digit pay password. */
const payPassword = z.string().regex(/^\d{6}$/, 'wallet.validation.payPassword');
/** The authenticator code, needed once one is bound. */
const googleCode = z.string().regex(/^\d{6}$/, 'validation.invalid').optional();
const idQuery = z.object({ id });
/** `?id=`: one row of the member's. */
export const idQueryOf = idQuery;
/** `{ id }`: one withdrawal of the member's, to cancel while it is pending. */
export const cancelWithdrawalBody = z.object({ id });
const ok = z.object({ ok: z.literal(true) });

export const ASSET_KINDS = ['cash', 'points', 'shopping_points', 'gift_card', 'rewards'] as const;

// ── Assets ───────────────────────────────────────────────────────────────────────────────────
export const balanceSchema = z.object({
  currency: z.string(),
  /** What the member can spend. */
  available: minor,
  /** Held for withdrawals under review or unpaid orders. */
  frozen: minor,
});
export const assetsData = z.object({
  /** The currency totals are shown in (the settlement currency unless the member chose another). */
  display_currency: z.string(),
  cash: z.array(balanceSchema),
  points: minor,
  shopping_points: minor,
  gift_card: z.array(balanceSchema),
  rewards: z.array(balanceSchema),
  /** The member's money in the display currency at today's recorded rates: every cash, rewards and gift-card balance (available plus frozen), summed per currency and converted half-up once each. Points are not counted. */
  total: minor,
  /** The rates used for the total: units of the display currency per unit of each currency. */
  rates: z.array(z.object({ currency: z.string(), rate: z.string(), source: z.string(), date: z.string() })),
});
export const assetsQuery = z.object({ currency: currency.optional() });
export const totalsData = z.object({
  display_currency: z.string(),
  total: minor,
  available: minor,
  frozen: minor,
  points: minor,
  shopping_points: minor,
  rewards: minor,
  gift_card: minor,
});

// ── Points and rewards ───────────────────────────────────────────────────────────────────────
export const POINT_KINDS = ['points', 'shopping_points'] as const;
export const pointsLogQuery = pageQuery.extend({ kind: z.enum(POINT_KINDS).default('points') });
export const ledgerLineSchema = z.object({
  id: z.number().int(),
  /** What happened: `order.points`, `points.grant`, `checkout` … */
  reason: z.string(),
  /** The reason in the member's language. */
  reason_text: z.string(),
  amount: minor,
  currency: z.string(),
  balance_after: minor,
  created_at: z.string(),
});
export const pointsLogData = pageOf(ledgerLineSchema);
export const pointsInfoData = z.object({
  points: minor,
  shopping_points: minor,
  /** The rules of earning and spending, in the member's language. */
  rules: z.array(z.string()),
});
export const rewardLogQuery = pageQuery.extend({ currency: currency.optional() });
export const rewardLogData = pageOf(ledgerLineSchema).extend({ empty_text: z.string() });
export const rewardTotalData = z.object({ list: z.array(z.object({ currency: z.string(), balance: minor, earned: minor })), empty_text: z.string() });
/** Rewards moved to the cash balance of the same currency: at most what the rewards balance holds. */
export const moveRewardsBody = z.object({ currency, amount: amountText });
export const moveRewardsData = z.object({
  currency: z.string(),
  /** What moved, in minor units. */
  amount: minor,
  /** The rewards left in the currency. */
  rewards_balance: minor,
  /** The cash available in the currency after the move. */
  cash_balance: minor,
});
export const monthRewardQuery = z.object({ month: monthParam.optional() });
export const monthRewardData = z.object({ month: z.string(), list: z.array(z.object({ currency: z.string(), amount: minor, count: z.number().int() })) });

// ── Rates and currencies ─────────────────────────────────────────────────────────────────────
export const currencyOverviewData = z.object({
  settlement_currency: z.string(),
  list: z.array(z.object({ currency: z.string(), minor_units: z.number().int(), rate: z.string(), source: z.string(), date: z.string(), balance: minor, frozen: minor })),
});
export const changeRatioQuery = z.object({ from: currency, to: currency.optional(), amount: amountText.optional() });
export const changeRatioData = z.object({ from: z.string(), to: z.string(), rate: z.string(), source: z.string(), date: z.string(), amount: minor.nullable(), converted: minor.nullable() });

// ── Top-up ───────────────────────────────────────────────────────────────────────────────────
export const RECHARGE_KINDS = ['online', 'bank_transfer', 'ctbc', 'crypto'] as const;
export const RECHARGE_STATUSES = ['awaiting_payment', 'under_review', 'paid', 'rejected', 'cancelled', 'expired', 'partly_refunded', 'refunded'] as const;
export const rechargeChannelSchema = z.object({
  code: z.string(),
  kind: z.enum(RECHARGE_KINDS),
  name: z.string(),
  currencies: z.array(z.string()),
  min: minor,
  max: minor,
});
export const rechargeChannelsData = z.object({ wallet_currency: z.string(), list: z.array(rechargeChannelSchema) });
export const collectionAccountSchema = z.object({ id: z.number().int(), currency: z.string(), bank_name: z.string(), account_name: z.string(), account_number: z.string(), branch: z.string() });
export const collectionAccountsQuery = z.object({ currency: currency.optional() });
export const collectionAccountsData = z.object({ list: z.array(collectionAccountSchema) });
export const rechargeConfigData = z.object({
  wallet_currency: z.string(),
  currencies: z.array(z.string()),
  channels: z.array(rechargeChannelSchema),
  collection_accounts: z.array(collectionAccountSchema),
  instalment_plans: z.array(z.object({ months: z.number().int(), fee_bp: z.number().int() })),
  /** The stablecoin networks a deposit address can be had on (the operators' pool has one free, or the member already holds one). */
  crypto_networks: z.array(z.string()),
});
/** A stablecoin network's name (`TRC20`, `ERC20` …). */
const cryptoNetwork = z.string().trim().toUpperCase().regex(/^[A-Z0-9]{2,20}$/, 'validation.invalid');
export const createRechargeBody = z.object({
  channel: z.string().trim().min(1).max(40),
  /** What the member pays, in `currency`. */
  amount: amountText,
  currency,
  /** The wallet currency credited (default the settlement currency). */
  wallet_currency: currency.optional(),
  /** Bank transfer: the uploaded transfer slip's address. */
  slip: z.string().trim().max(500).optional(),
  /** Stablecoin: the transaction hash of the deposit. */
  tx_hash: z.string().trim().regex(/^(0x)?[0-9a-fA-F]{16,128}$/, 'validation.invalid').optional(),
  /** Stablecoin: the network the deposit was sent on (default TRC20); the member's deposit address of that network receives it. */
  network: cryptoNetwork.optional(),
  /** CTBC card in instalments: 3, 6 or 12 months. */
  instalments: z.coerce.number().int().optional(),
});
/** CTBC card top-up (paid through the card gateway). */
export const ctcbRechargeBody = z.object({ amount: amountText, currency: currency.default('TWD'), wallet_currency: currency.optional() });
/** CTBC card top-up in 3, 6 or 12 monthly instalments. */
export const ctcbInstalmentRechargeBody = ctcbRechargeBody.extend({ instalments: z.coerce.number().int().refine((n) => [3, 6, 12].includes(n), 'validation.invalid') });
export const rechargeOrderSchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  channel: z.string(),
  kind: z.enum(RECHARGE_KINDS),
  status: z.enum(RECHARGE_STATUSES),
  pay_currency: z.string(),
  pay_amount: minor,
  /** The instalment fee added to what the member pays (CTBC instalments). */
  fee: minor,
  wallet_currency: z.string(),
  credit_amount: minor,
  /** Units of `wallet_currency` per unit of `pay_currency`: "1" (source `identity`) when they are the same currency and nothing was converted, which the app does not show as a rate. */
  rate: z.string(),
  rate_source: z.string(),
  rate_date: z.string(),
  instalments: z.number().int().nullable(),
  slip: z.string().nullable(),
  tx_hash: z.string().nullable(),
  /** Stablecoin: the network of the deposit. */
  network: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export const rechargeListQuery = pageQuery.extend({ status: z.enum(RECHARGE_STATUSES).optional() });
export const rechargeListData = pageOf(rechargeOrderSchema);
export const rechargeInfoData = z.object({
  wallet_currency: z.string(),
  balances: z.array(balanceSchema),
  pending: z.number().int(),
  channels: z.array(rechargeChannelSchema),
});
export const instalmentQuery = z.object({ amount: amountText.optional(), currency: currency.default('TWD') });
export const instalmentData = z.object({
  currency: z.string(),
  list: z.array(z.object({ months: z.number().int(), fee_bp: z.number().int(), fee: minor.nullable(), total: minor.nullable(), per_month: minor.nullable() })),
});
export const cryptoAddressQuery = z.object({ network: cryptoNetwork.default('TRC20') });
export const cryptoAddressData = z.object({ network: z.string(), address: z.string(), currency: z.string(), qr_code: z.string() });

// ── Withdrawals ──────────────────────────────────────────────────────────────────────────────
export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'paid', 'rejected', 'cancelled'] as const;
export const WITHDRAWAL_METHODS = ['bank', 'crypto'] as const;
/** What `withdrawRatio` quotes: a withdrawal's way, or a transfer to another member (its fee and limits, see docs/decisions/2026-11-29-transfer-fee.md). */
export const FEE_RULE_METHODS = [...WITHDRAWAL_METHODS, 'transfer'] as const;
export const withdrawalRuleSchema = z.object({
  currency: z.string(),
  method: z.enum(FEE_RULE_METHODS),
  fee_bp: z.number().int(),
  fee_fixed: minor,
  min: minor,
  max: minor,
  daily_count: z.number().int(),
  daily_amount: minor,
});
export const withdrawRatioQuery = z.object({ currency: currency.optional(), method: z.enum(FEE_RULE_METHODS).default('bank'), amount: amountText.optional() });
export const withdrawRatioData = z.object({
  rules: z.array(withdrawalRuleSchema),
  /** With `amount` and `currency`: the fee and what leaves the balance. */
  quote: z.object({ amount: minor, fee: minor, total: minor }).nullable(),
});
export const withdrawChannelData = z.object({
  list: z.array(z.object({ method: z.enum(WITHDRAWAL_METHODS), currencies: z.array(z.string()), networks: z.array(z.string()) })),
  cards: z.array(z.lazy(() => bankCardSchema)),
});
export const createWithdrawalBody = z.object({
  bank_card_id: id,
  amount: amountText,
  currency,
  pay_password: payPassword,
  google_code: googleCode,
});
export const createCryptoWithdrawalBody = z
  .object({
    network: z.string().trim().toUpperCase().min(2).max(20),
    address: z.string().trim().regex(/^[A-Za-z0-9]{20,100}$/, 'validation.invalid'),
    amount: amountText,
    currency: currency.default('USD'),
    pay_password: payPassword,
    google_code: googleCode,
  })
  // An address of another network, or mistyped, loses the payout: refused before anything is held.
  .superRefine((b, ctx) => {
    const problem = cryptoAddressProblem(b.network, b.address);
    if (problem) ctx.addIssue({ code: 'custom', path: ['address'], message: problem, input: b.address });
  });
export const withdrawalSchema = z.object({
  id: z.number().int(),
  withdraw_no: z.string(),
  method: z.enum(WITHDRAWAL_METHODS),
  status: z.enum(WITHDRAWAL_STATUSES),
  currency: z.string(),
  amount: minor,
  fee: minor,
  bank_name: z.string().nullable(),
  account_masked: z.string().nullable(),
  network: z.string().nullable(),
  address: z.string().nullable(),
  reason: z.string().nullable(),
  payout_reference: z.string().nullable(),
  created_at: z.string(),
  approved_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  rejected_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
});
export const withdrawalListQuery = pageQuery.extend({ status: z.enum(WITHDRAWAL_STATUSES).optional() });
export const withdrawalListData = pageOf(withdrawalSchema);
export const withdrawalInfoQuery = idQuery;

// ── Transfers ────────────────────────────────────────────────────────────────────────────────
export const createTransferBody = z.object({
  /** The receiver's user name, mobile or invitation code. */
  account: z.string().trim().min(3).max(64),
  amount: amountText,
  currency,
  remark: freeText(140).default(''),
  pay_password: payPassword,
  google_code: googleCode,
});
export const transferSchema = z.object({
  id: z.number().int(),
  transfer_no: z.string(),
  direction: z.enum(['out', 'in']),
  /** The other member, masked. */
  counterparty: z.string(),
  currency: z.string(),
  amount: minor,
  /** What the sender paid beside the amount; 0 on the receiver's side. */
  fee: minor,
  remark: z.string(),
  created_at: z.string(),
});
export const transferListQuery = pageQuery.extend({ direction: z.enum(['out', 'in']).optional() });
export const transferListData = pageOf(transferSchema);
/** One transfer by `id`, or, with `account`, the receiver to confirm before sending. */
export const transferInfoQuery = z
  .object({ id: id.optional(), account: z.string().trim().min(3).max(64).optional() })
  .refine((q) => q.id !== undefined || q.account !== undefined, { message: 'validation.required', path: ['id'] });
export const transferInfoData = z.object({
  transfer: transferSchema.nullable(),
  receiver: z
    .object({
      /** The receiver's nickname or user name, masked: never their login name, which a typed phone or code must not reveal. */
      masked_name: z.string(),
      /** Which of the receiver's identifiers the typed account matched. */
      matched_by: z.enum(['user_name', 'invite_code', 'mobile']),
      /** That identifier, masked (`+60 123***789`, `DEM**026`), for the sender to check. */
      matched: z.string(),
    })
    .nullable(),
});

// ── Bank cards and banks ─────────────────────────────────────────────────────────────────────
export const BANK_TYPES = ['bank', 'ewallet'] as const;
export const bankSchema = z.object({
  id: z.number().int(),
  country_code: z.string(),
  type: z.enum(BANK_TYPES),
  name: z.string(),
  code: z.string(),
  has_branches: z.boolean(),
  /** The currency of the bank's country: a card there may be held in it besides the wallet's currencies. */
  currency: z.string().nullable(),
});
export const bankListQuery = z.object({ country_code: countryCode.optional() });
export const bankListData = z.object({ list: z.array(bankSchema) });
export const bankListByTypeQuery = z.object({ country_code: countryCode.optional(), type: z.enum(BANK_TYPES).default('bank') });
export const sonBankQuery = z.object({ id });
export const bankCardSchema = z.object({
  id: z.number().int(),
  country_code: z.string(),
  bank_id: z.number().int(),
  bank_name: z.string(),
  branch_id: z.number().int().nullable(),
  branch_name: z.string().nullable(),
  holder_name: z.string(),
  account_masked: z.string(),
  currency: z.string(),
  in_use: z.boolean(),
  created_at: z.string(),
});
const cardFields = {
  bank_id: id,
  branch_id: id.optional(),
  /** Compared with the member's approved real name: the same rule as that name's (`personName`). */
  holder_name: personName(100),
  account_number: z.string().trim().transform((s) => s.replace(/[\s-]/g, '')).pipe(z.string().regex(/^[A-Za-z0-9]{6,34}$/, 'validation.invalid')),
  currency,
};
export const createBankCardBody = z.object({ ...cardFields, pay_password: payPassword, google_code: googleCode });
export const updateBankCardBody = z.object({ id, ...cardFields, pay_password: payPassword, google_code: googleCode });
export const deleteBankCardBody = z.object({ id });
export const bankCardListData = z.object({ list: z.array(bankCardSchema) });
export const bankCardIdQuery = idQuery;

// ── Gift cards ───────────────────────────────────────────────────────────────────────────────
export const GIFT_CARD_STATUSES = ['active', 'redeemed', 'expired'] as const;
export const giftCardSchema = z.object({
  id: z.number().int(),
  code_masked: z.string(),
  currency: z.string(),
  value: minor,
  remaining: minor,
  status: z.enum(GIFT_CARD_STATUSES),
  expires_at: z.string(),
  received_from: z.string().nullable(),
});
export const giftCardListQuery = pageQuery.extend({ status: z.enum(GIFT_CARD_STATUSES).optional() });
export const giftCardListData = pageOf(giftCardSchema);
export const giveGiftCardBody = z
  .object({
    /** The receiver's user name, mobile or invitation code. */
    account: z.string().trim().min(3).max(64),
    /** Give these cards … */
    card_ids: z.array(id).min(1).max(100).optional(),
    /** … or this many (a whole number, 1 to 100) of the member's active cards of `value` and `currency`, soonest-expiring first. */
    count: z.coerce.number().min(1, 'wallet.validation.giftCardCountRange').max(100, 'wallet.validation.giftCardCountRange').int('wallet.validation.giftCardCountRange').optional(),
    value: minor.min(1).optional(),
    currency: currency.optional(),
    pay_password: payPassword,
    google_code: googleCode,
  })
  .refine((b) => b.card_ids !== undefined || b.count !== undefined, { message: 'wallet.validation.giftCardCount', path: ['count'] });
export const giveGiftCardData = z.object({ given: z.number().int(), card_ids: z.array(z.number().int()) });
/** `{ id }`: one of the member's usable gift cards, whose whole remaining value goes to the cash balance. */
export const redeemGiftCardBody = z.object({ id });
export const redeemGiftCardData = z.object({
  /** The card as it is now (used). */
  card: giftCardSchema,
  currency: z.string(),
  /** What was added to the cash balance. */
  amount: minor,
  /** The cash available in the currency after it. */
  cash_balance: minor,
});

export const okData = ok;
