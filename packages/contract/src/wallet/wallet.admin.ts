import { z } from 'zod';
import { wholeNumber } from '../common/numbers.js';
import { endpoint } from '../common/endpoint.js';
import { pageOf, pageQuery } from '../common/pagination.js';
import { exportOf, sortQuery } from '../common/list-sort.js';
import { BANK_TYPES, RECHARGE_KINDS, RECHARGE_STATUSES, WITHDRAWAL_METHODS, WITHDRAWAL_STATUSES, rechargeOrderSchema, withdrawalSchema } from './wallet.schemas.js';
import { approvalOutcomeOf } from '../admin/approvals.js';
import { baseUpdatedAt } from '../catalogue/catalogue.admin.js';
import { cryptoAddressProblem } from './crypto-address.js';

// Operator calls of the wallet area (under /admin/api/wallet/): the queues of top-ups by bank
// transfer and stablecoin and of withdrawals, gift-card batches, points grants, and the settings
// members' money moves by (banks, collection accounts, channels, fees and limits).

const minor = z.number().int();
const id = wholeNumber(1, 2_147_483_647);
const currency = z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, 'validation.invalid');
const reason = z.string().trim().min(1, 'wallet.validation.reasonRequired').max(300);
const ok = z.object({ ok: z.literal(true) });

/** A queue's search: the row's number, or its member's name or number. */
const queueSearch = { q: z.string().trim().max(100).optional() };
export const adminWithdrawalListQuery = pageQuery.extend({ status: z.enum(WITHDRAWAL_STATUSES).default('pending'), ...queueSearch, ...sortQuery(['id', 'user_name', 'amount', 'created_at']) });
export const adminWithdrawalSchema = withdrawalSchema.extend({
  user_id: z.number().int(),
  user_name: z.string(),
  /** The member's account now: a banned or closed member's withdrawal can be rejected (the held money goes back), not approved. */
  member_status: z.enum(['active', 'banned', 'closed']),
  holder_name: z.string().nullable(),
  account_number: z.string().nullable(),
  /** The currency the bank card is held in (a card in a currency the wallet does not keep takes a wallet currency; its bank converts). */
  card_currency: z.string().nullable(),
  /** Who decided its review: its approvers once all are in (joined), or who rejected it; never who marked it paid. */
  reviewed_by: z.string().nullable(),
  /** Who approved it so far, in order; none of them may mark it paid. */
  approvers: z.array(z.string()),
  /** Approvals it needs: two above the owner's payout threshold in its currency, else one. */
  approvals_needed: z.number().int(),
  /** Who rejected it (a rejected withdrawal only). */
  rejected_by: z.string().nullable(),
  /** Who marked it paid. */
  paid_by: z.string().nullable(),
});
export const adminRechargeListQuery = pageQuery.extend({ status: z.enum(RECHARGE_STATUSES).default('under_review'), kind: z.enum(RECHARGE_KINDS).optional(), ...queueSearch, ...sortQuery(['id', 'user_name', 'pay_amount', 'created_at']) });
export const adminRechargeSchema = rechargeOrderSchema.extend({ user_id: z.number().int(), user_name: z.string(), reviewed_by: z.string().nullable() });

/** Approving releases a member's money to be paid out: the operator says why (what was checked). */
export const withdrawalDecisionBody = z.object({ id, reason });
export const withdrawalRejectBody = z.object({
  id,
  reason,
  /** The state the operator saw and decides on: refused as already decided when the withdrawal moved on meanwhile (without it, pending or approved). */
  seen_status: z.enum(['pending', 'approved']).optional(),
});
export const withdrawalPaidBody = z.object({ id, payout_reference: z.string().trim().min(3).max(100) });
export const rechargeConfirmBody = z.object({
  id,
  /** Stablecoin: the hash the operator found on the chain (kept on the order). */
  tx_hash: z.string().trim().max(130).optional(),
  /** What the operator checked (the slip against the bank statement …): crediting money is always explained. */
  reason,
});
export const rechargeRejectBody = z.object({ id, reason });

export const giftCardBatchBody = z.object({
  user_id: id,
  currency,
  value: minor.min(1).max(100_000_000),
  count: z.number().min(1).max(100).int(),
  expires_at: z.iso.datetime({ offset: true }),
  reason,
});
export const giftCardBatchData = z.object({ batch_id: z.number().int(), card_ids: z.array(z.number().int()), codes: z.array(z.string()) });
export const pointsGrantBody = z.object({ user_id: id, kind: z.enum(['points', 'shopping_points']), amount: minor.min(1).max(1_000_000_000), reason });
export const pointsGrantData = z.object({ entry_id: z.number().int(), balance: minor });

export const bankBody = z.object({ country_code: z.string().regex(/^[A-Z]{2}$/, 'validation.invalid'), type: z.enum(BANK_TYPES), name: z.string().trim().min(2).max(120), code: z.string().trim().min(2).max(20), parent_id: id.optional(), reason });
export const collectionAccountBody = z.object({ currency, bank_name: z.string().trim().min(2).max(120), account_name: z.string().trim().min(2).max(120), account_number: z.string().trim().min(4).max(40), branch: z.string().trim().max(120).default(''), enabled: z.boolean().default(true), reason });
/** A top-up channel saved whole: `base_updated_at` is the channel's `updated_at` as the form read it, left out for a new code (changed since, added meanwhile or removed: refused, 4020). */
export const rechargeChannelBody = z.object({
  code: z.string().trim().regex(/^[a-z0-9_]{2,40}$/, 'validation.invalid'),
  base_updated_at: baseUpdatedAt,
  kind: z.enum(RECHARGE_KINDS),
  name: z.string().trim().min(2).max(80),
  currencies: z.array(currency).min(1),
  min: minor.min(1),
  max: minor.min(1),
  enabled: z.boolean().default(true),
  reason,
});
/** A currency's fee and limits of one way, saved whole: `base_updated_at` is that row's `updated_at` as the form read it, left out when it read none (changed since, added meanwhile or removed: refused, 4020). */
export const walletLimitBody = z.object({
  currency,
  kind: z.enum(['withdraw_bank', 'withdraw_crypto', 'transfer']),
  base_updated_at: baseUpdatedAt,
  fee_bp: z.number().min(0).max(5000).int(),
  fee_fixed: minor.min(0),
  min: minor.min(1),
  max: minor.min(1),
  daily_count: z.number().min(1).max(1000).int(),
  daily_amount: minor.min(1),
  reason,
});
export const cryptoAddressesBody = z
  .object({ network: z.string().trim().toUpperCase().min(2).max(20), addresses: z.array(z.string().trim().regex(/^[A-Za-z0-9]{20,100}$/, 'validation.invalid')).min(1).max(1000), reason })
  // A deposit address of another network, or mistyped, loses what members send to it: the same check as a payout's.
  .superRefine((b, ctx) => {
    for (const [i, address] of b.addresses.entries()) {
      const problem = cryptoAddressProblem(b.network, address);
      if (problem) ctx.addIssue({ code: 'custom', path: ['addresses', i], message: problem, input: address });
    }
  });
export const cryptoAddressesData = z.object({ added: z.number().int() });
export const withdrawalMethods = WITHDRAWAL_METHODS;

/** Withdrawals by state, oldest first (the review queue). */
export const adminListWithdrawals = endpoint({ method: 'GET', path: '/admin/api/wallet/withdrawals', auth: 'operator', permission: 'withdrawals.review', area: 'admin', query: adminWithdrawalListQuery, data: pageOf(adminWithdrawalSchema) });
/** Approves a pending withdrawal (the funds stay held until it is paid). */
export const adminApproveWithdrawal = endpoint({ method: 'POST', path: '/admin/api/wallet/withdrawals/approve', auth: 'operator', permission: 'withdrawals.review', area: 'admin', idempotent: true, body: withdrawalDecisionBody, data: adminWithdrawalSchema });
/** Marks an approved withdrawal paid with the payout's reference: the held funds leave the shop. */
export const adminMarkWithdrawalPaid = endpoint({ method: 'POST', path: '/admin/api/wallet/withdrawals/paid', auth: 'operator', permission: 'withdrawals.review', area: 'admin', idempotent: true, body: withdrawalPaidBody, data: adminWithdrawalSchema });
/** Rejects a pending withdrawal, or an approved one whose payout was not made, with a reason: the held funds go back once. */
export const adminRejectWithdrawal = endpoint({ method: 'POST', path: '/admin/api/wallet/withdrawals/reject', auth: 'operator', permission: 'withdrawals.review', area: 'admin', idempotent: true, body: withdrawalRejectBody, data: adminWithdrawalSchema });
/** Top-ups by state (default: bank transfers and stablecoin deposits awaiting review). */
export const adminListRecharges = endpoint({ method: 'GET', path: '/admin/api/wallet/recharges', auth: 'operator', permission: 'withdrawals.review', area: 'admin', query: adminRechargeListQuery, data: pageOf(adminRechargeSchema) });
/** Confirms an offline top-up's money arrived: a request a second operator approves (above the owner's threshold), then the member's wallet is credited once. */
export const adminConfirmRecharge = endpoint({ method: 'POST', path: '/admin/api/wallet/recharges/confirm', auth: 'operator', permission: 'withdrawals.review', area: 'admin', idempotent: true, body: rechargeConfirmBody, data: approvalOutcomeOf(adminRechargeSchema) });
/** Rejects an offline top-up with a reason. */
export const adminRejectRecharge = endpoint({ method: 'POST', path: '/admin/api/wallet/recharges/reject', auth: 'operator', permission: 'withdrawals.review', area: 'admin', idempotent: true, body: rechargeRejectBody, data: adminRechargeSchema });
/** Issues a batch of gift cards to a member: a request a second operator approves (above the owner's threshold). */
export const adminIssueGiftCards = endpoint({ method: 'POST', path: '/admin/api/wallet/gift-cards/issue', auth: 'operator', permission: 'ledger.adjust', area: 'admin', idempotent: true, body: giftCardBatchBody, data: approvalOutcomeOf(giftCardBatchData) });
/** Grants points or shopping points to a member: a request a second operator approves (above the owner's threshold). */
export const adminGrantPoints = endpoint({ method: 'POST', path: '/admin/api/wallet/points/grant', auth: 'operator', permission: 'ledger.adjust', area: 'admin', idempotent: true, body: pointsGrantBody, data: approvalOutcomeOf(pointsGrantData) });
/** Adds a bank, an e-wallet or a branch (`parent_id`). */
export const adminAddBank = endpoint({ method: 'POST', path: '/admin/api/wallet/banks', auth: 'operator', permission: 'settings.write', area: 'admin', idempotent: true, body: bankBody, data: z.object({ id: z.number().int() }) });
/** Asks for a company collection account members transfer to: a request a second operator approves (never at once); members see it only then. */
export const adminAddCollectionAccount = endpoint({ method: 'POST', path: '/admin/api/wallet/collection-accounts', auth: 'operator', permission: 'settings.write', area: 'admin', idempotent: true, body: collectionAccountBody, data: approvalOutcomeOf(z.object({ id: z.number().int() })) });
/** Adds or changes a top-up channel. */
export const adminSetRechargeChannel = endpoint({ method: 'POST', path: '/admin/api/wallet/recharge-channels', auth: 'operator', permission: 'settings.write', area: 'admin', idempotent: true, body: rechargeChannelBody, data: ok });
/** Sets the fee and limits of withdrawals or transfers in a currency. */
export const adminSetWalletLimit = endpoint({ method: 'POST', path: '/admin/api/wallet/limits', auth: 'operator', permission: 'settings.write', area: 'admin', idempotent: true, body: walletLimitBody, data: ok });
/** Asks for stablecoin deposit addresses in the pool members are given addresses from: a request a second operator approves (never at once). */
export const adminAddCryptoAddresses = endpoint({ method: 'POST', path: '/admin/api/wallet/crypto-addresses', auth: 'operator', permission: 'settings.write', area: 'admin', idempotent: true, body: cryptoAddressesBody, data: approvalOutcomeOf(cryptoAddressesData) });

/** The two queues as CSV files (same filters and sort, every row). */
export const adminExportWithdrawals = exportOf(adminListWithdrawals);
export const adminExportRecharges = exportOf(adminListRecharges);

export const walletAdminEndpoints = [
  adminExportWithdrawals, adminExportRecharges,
  adminListWithdrawals, adminApproveWithdrawal, adminMarkWithdrawalPaid, adminRejectWithdrawal, adminListRecharges, adminConfirmRecharge, adminRejectRecharge,
  adminIssueGiftCards, adminGrantPoints, adminAddBank, adminAddCollectionAccount, adminSetRechargeChannel, adminSetWalletLimit, adminAddCryptoAddresses,
] as const;
