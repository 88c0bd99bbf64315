import { createHash } from 'node:crypto';
import QRCode from 'qrcode';
import { displayMinor, ResponseCode, walletLimitProblems, type WalletLimitProblem, type EndpointBody, type EndpointQuery, type createRechargeOrder, type getCtcbUsdtInstalmentRecharge, type listRechargeOrders, type adminListRecharges } from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Database, Executor } from '../../db/database.js';
import { memberIdOf, operatorNameOf, refuseOwnAccount, type Actor } from '../../lib/actor.js';
import { enqueueLaterJob } from '../../jobs/enqueue.js';
import { AppError, ValidationError, alreadyDecided } from '../../lib/errors.js';
import { Amount } from '../../lib/i18n.js';
import { withTransaction, type Tx } from '../../lib/transaction.js';
import { assertLoadedVersion } from '../../lib/row-version.js';
import { post } from '../ledger/ledger.service.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import { closeWaitingRequest, requestApproval } from '../approvals/approvals.service.js';
import { assertShopCurrency, convertAmount, minorUnits, rateBook, rateFor, type RateQuote } from '../rates/rates.service.js';
import * as q from './wallet.queries.js';
import type { LimitKind, RechargeKind, RechargeOrderRow, RechargeStatus } from './wallet.table.js';
import { businessNumber, parseAmount, printAmount, requireWalletCurrency, walletCurrencies } from './wallet.rules.js';
import { notifyMember } from '../messages/messages.service.js';
import { iso } from '../../lib/dates.js';
import { assets } from './wallet.service.js';
import { storedUploadPath, uploadKeyOf } from '../uploads/file-addresses.js';
import { findOwnUpload } from '../uploads/uploads.queries.js';
import { totalOf } from '../../lib/paging.js';

// Top-ups in the member's own currency: the credited amount and the rate are fixed when the order
// is created. Online and CTBC card top-ups are payables the payments area settles with
// markRechargePaid; bank transfers (with a slip) and stablecoin deposits wait for an operator.

/** Minutes an online top-up may stay unpaid. */
export const RECHARGE_EXPIRY_MINUTES = 30;

type View = NonNullable<Awaited<ReturnType<typeof q.findRechargeOrder>>>;
const shownStatus = (r: Pick<RechargeOrderRow, 'status' | 'expires_at'>): RechargeStatus =>
  r.status === 'awaiting_payment' && r.expires_at && new Date(r.expires_at).getTime() <= Date.now() ? 'expired' : r.status;

/** The member's view of a top-up. */
export const toRecharge = (r: View) => ({
  id: r.id,
  order_no: r.order_no,
  channel: r.channel,
  kind: r.kind,
  status: shownStatus(r),
  pay_currency: r.pay_currency,
  pay_amount: r.pay_amount,
  fee: r.fee,
  wallet_currency: r.wallet_currency,
  credit_amount: r.credit_amount,
  rate: r.rate,
  rate_source: r.rate_source,
  rate_date: r.rate_date,
  instalments: r.instalments,
  slip: r.slip,
  tx_hash: r.tx_hash,
  network: r.network,
  reason: r.reason,
  created_at: iso(r.created_at)!,
  paid_at: iso(r.paid_at),
  expires_at: iso(r.expires_at),
});
const toAdmin = (r: View) => ({ ...toRecharge(r), user_id: r.user_id, user_name: r.user_name, reviewed_by: r.reviewed_by });

type ChannelRow = Awaited<ReturnType<typeof q.findRechargeChannels>>[number];
const toChannel = (c: ChannelRow) => ({ code: c.code, kind: c.kind, name: c.name, currencies: c.currencies, min: c.min_minor, max: c.max_minor });

/** What decides whether a channel can take a member's money now, read once: today's rates into the wallet currency, the company's collection accounts and the stablecoin networks the member can be given an address on. */
interface ChannelMeans {
  settlement: string;
  rates: Map<string, RateQuote | null>;
  networks: string[];
  accounts: Awaited<ReturnType<typeof q.findCollectionAccounts>>;
}

/** Reads the channel means (see ChannelMeans) for `currencies`. */
async function channelMeans(db: Executor, userId: number, currencies: readonly string[]): Promise<ChannelMeans> {
  const [{ settlement }, quote, networks, accounts] = await Promise.all([walletCurrencies(db), rateBook(db), q.findCryptoNetworksFor(db, userId), q.findCollectionAccounts(db)]);
  const rates = new Map<string, RateQuote | null>();
  for (const currency of new Set(currencies)) {
    try {
      rates.set(currency, await quote(currency, settlement));
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      rates.set(currency, null);
    }
  }
  return { settlement, rates, networks, accounts };
}

/**
 * Why a channel cannot take money in `currency` now, or null when it can: the one rule the top-up
 * page's list and create both apply (docs/decisions/2026-12-01-usable-top-up-channels.md). A
 * currency with no rate into the wallet currency cannot be credited; a bank transfer needs the
 * company's collection account in its currency to be sent to; a stablecoin deposit needs an address
 * the member can be given.
 */
function channelRefusal(channel: ChannelRow, currency: string, means: ChannelMeans): AppError | null {
  if (!means.rates.get(currency)) return new AppError(ResponseCode.rateUnavailable, { from: currency, to: means.settlement });
  if (channel.kind === 'bank_transfer' && !means.accounts.some((a) => a.currency === currency)) return new AppError(ResponseCode.channelUnavailable);
  if (channel.kind === 'crypto' && means.networks.length === 0) return new AppError(ResponseCode.noCryptoAddress);
  return null;
}

/** The enabled channels as members are offered them: each in the currencies it can take money in now; one that can take none is left out. */
async function usableChannels(db: Executor, userId: number) {
  const channels = await q.findRechargeChannels(db);
  const means = await channelMeans(db, userId, channels.flatMap((c) => c.currencies));
  const list = channels.flatMap((c) => {
    const currencies = c.currencies.filter((currency) => !channelRefusal(c, currency, means));
    return currencies.length ? [{ ...toChannel(c), currencies }] : [];
  });
  return { settlement: means.settlement, networks: means.networks, accounts: means.accounts, list };
}

/** The top-up channels open now that can take the member's money. */
export async function rechargeChannels(db: Executor, actor: Actor) {
  const usable = await usableChannels(db, memberIdOf(actor));
  return { wallet_currency: usable.settlement, list: usable.list };
}

/** The company's accounts members transfer to, per currency. */
export async function collectionAccounts(db: Executor, _actor: Actor, input: { currency?: string }) {
  return { list: await q.findCollectionAccounts(db, input.currency) };
}

/** Everything the top-up page needs at once: the channels that can take money now, with the stablecoin networks the member can be given (or holds) a deposit address on. */
export async function rechargeConfig(db: Executor, actor: Actor) {
  const [{ enabled }, usable, plans] = await Promise.all([walletCurrencies(db), usableChannels(db, memberIdOf(actor)), q.findInstalmentPlans(db)]);
  return { wallet_currency: usable.settlement, currencies: enabled, channels: usable.list, collection_accounts: usable.accounts, instalment_plans: plans, crypto_networks: usable.networks };
}

/** The network a stablecoin top-up arrives on when the member names none. */
export const DEFAULT_CRYPTO_NETWORK = 'TRC20';

/** The member's balances, top-ups still open and the channels. */
export async function rechargeInfo(db: Executor, actor: Actor) {
  const [a, pending, channels] = await Promise.all([assets(db, actor, {}), q.countPendingRecharges(db, memberIdOf(actor)), rechargeChannels(db, actor)]);
  return { wallet_currency: a.display_currency, balances: a.cash, pending, channels: channels.list };
}

/** A percentage fee rounded half-up to whole currency units (`unit` minor units each), as CTBC takes them. */
export function wholeUnitsFee(amount: number, feeBp: number, unit: number): number {
  const units = (BigInt(amount) * BigInt(feeBp) + BigInt(unit) * 5000n) / (BigInt(unit) * 10000n);
  return Number(units) * unit;
}

/** The CTBC instalment plans with, for an amount, the fee, total and monthly payment. */
export async function instalmentPlans(db: Executor, _actor: Actor, input: EndpointQuery<typeof getCtcbUsdtInstalmentRecharge>) {
  const amount = input.amount ? await parseAmount(db, input.amount, input.currency) : null;
  const plans = await q.findInstalmentPlans(db);
  // The plans are CTBC's: the fee is in whole dollars as the top-up will charge it.
  const unit = amount === null ? 0 : 10 ** (await minorUnits(db, input.currency));
  return {
    currency: input.currency,
    list: plans.map((p) => {
      if (amount === null) return { months: p.months, fee_bp: p.fee_bp, fee: null, total: null, per_month: null };
      const fee = wholeUnitsFee(amount, p.fee_bp, unit);
      // The monthly payment is rounded up so the instalments cover the total.
      return { months: p.months, fee_bp: p.fee_bp, fee, total: amount + fee, per_month: Math.ceil((amount + fee) / p.months) };
    }),
  };
}

/**
 * Creates a top-up order: the member pays `amount` in `currency` through `channel`; the wallet
 * currency is credited at the rate of today, fixed now and recorded. Bank transfers need the slip,
 * stablecoin deposits the transaction hash; both wait for an operator. Online and card top-ups
 * await payment.
 */
export async function createRecharge(db: AppDeps['db'], actor: Actor, input: EndpointBody<typeof createRechargeOrder>, only?: RechargeKind) {
  const userId = memberIdOf(actor);
  const channel = await q.findRechargeChannel(db, input.channel);
  if (!channel || !channel.enabled || !channel.currencies.includes(input.currency) || (only && channel.kind !== only)) throw new AppError(ResponseCode.channelUnavailable);
  const { settlement } = await walletCurrencies(db);
  const walletCurrency = input.wallet_currency ?? settlement;
  await requireWalletCurrency(db, walletCurrency);
  const amount = await parseAmount(db, input.amount, input.currency);
  // The rule the channel list applies: what it leaves out is refused here with the same reason.
  const means = await channelMeans(db, userId, [input.currency]);
  const refusal = channelRefusal(channel, input.currency, means);
  if (refusal) throw refusal;
  const toSettlement = means.rates.get(input.currency)!;
  const inSettlement = await convertAmount(db, amount, input.currency, settlement, toSettlement.rate);
  if (inSettlement < channel.min_minor) throw new AppError(ResponseCode.amountBelowMinimum, { min: new Amount(channel.min_minor, settlement), currency: settlement });
  if (inSettlement > channel.max_minor) throw new AppError(ResponseCode.amountAboveMaximum, { max: new Amount(channel.max_minor, settlement), currency: settlement });
  const rate = await rateFor(db, input.currency, walletCurrency);
  const credit = await convertAmount(db, amount, input.currency, walletCurrency, rate.rate);
  if (credit <= 0) throw new AppError(ResponseCode.amountTooSmall);

  let status: RechargeStatus = 'awaiting_payment';
  let fee = 0;
  let instalments: number | null = null;
  let network: string | null = null;
  if (channel.kind === 'bank_transfer') {
    if (!input.slip) throw new AppError(ResponseCode.slipRequired);
    // The slip must be an image the member uploaded here: never an outside address or another member's file.
    const key = uploadKeyOf(input.slip);
    if (!key || !(await findOwnUpload(db, userId, key, 'image'))) throw new ValidationError([{ field: 'slip', key: 'validation.invalid', params: { field: 'slip' } }]);
    status = 'under_review';
  } else if (channel.kind === 'crypto') {
    if (!input.tx_hash) throw new AppError(ResponseCode.txHashRequired);
    if (await q.findRechargeOfTxHash(db, input.network ?? DEFAULT_CRYPTO_NETWORK, normalTxHash(input.tx_hash), 0)) throw new AppError(ResponseCode.txHashUsed);
    // The deposit went to the member's own address of the network chosen, given by `/coin/recharge/address`.
    const address = await q.findMemberCryptoAddress(db, userId, input.network ?? DEFAULT_CRYPTO_NETWORK);
    if (!address) throw new AppError(ResponseCode.noCryptoAddress);
    network = address.network;
    status = 'under_review';
  } else if (channel.kind === 'ctbc') {
    // The bank takes whole dollars only: the amount must be whole and the instalment fee is
    // rounded half-up to whole dollars, so the total the member pays is whole too.
    const unit = 10 ** (await minorUnits(db, input.currency));
    if (amount % unit !== 0) throw new ValidationError([{ field: 'amount', key: 'wallet.validation.amount', params: { field: 'amount' } }]);
    if (input.instalments !== undefined) {
      const plan = (await q.findInstalmentPlans(db)).find((p) => p.months === input.instalments);
      if (!plan) throw new AppError(ResponseCode.channelUnavailable);
      instalments = plan.months;
      fee = wholeUnitsFee(amount, plan.fee_bp, unit);
    }
  }
  return withTransaction(db, async (tx) => {
    const row = await q.insertRechargeOrder(tx, {
      order_no: businessNumber('R'),
      user_id: userId,
      channel: channel.code,
      kind: channel.kind,
      status,
      pay_currency: input.currency,
      pay_amount: amount + fee,
      fee,
      wallet_currency: walletCurrency,
      credit_amount: credit,
      rate: rate.rate,
      rate_source: rate.source,
      rate_date: rate.date,
      instalments,
      // An uploaded slip is kept by its lasting path here, never the host it was sent with (it is private: the reader gets a signed address).
      slip: channel.kind === 'bank_transfer' ? storedUploadPath(uploadKeyOf(input.slip!)!) : null,
      tx_hash: channel.kind === 'crypto' ? input.tx_hash! : null,
      network,
      reason: null,
      reviewed_by: null,
      reviewed_at: null,
      entry_id: null,
      expires_at: status === 'awaiting_payment' ? new Date(Date.now() + RECHARGE_EXPIRY_MINUTES * 60_000) : null,
      paid_at: null,
    }).catch((e: unknown) => {
      // The same transaction hash already claimed by another deposit (at the same moment).
      if ((e as { code?: string }).code === '23505') throw new AppError(ResponseCode.txHashUsed);
      throw e;
    });
    // Expires at its deadline unless paid first; enqueued with the top-up so neither exists without the other.
    if (row.expires_at) await enqueueLaterJob(tx, 'expire_recharge', { rechargeId: row.id }, { runAt: new Date(row.expires_at), jobKey: `recharge-expiry:${row.id}`, maxAttempts: 10 });
    return toRecharge((await q.findRechargeOrder(tx, row.id))!);
  });
}

/**
 * Expires an unpaid top-up at its deadline, by a conditional update (the `expire_recharge` job,
 * with its open payments): a payment that succeeds later finds it expired, is not credited, and is
 * flagged to be refunded.
 */
export async function expireRecharge(db: Executor, rechargeId: number): Promise<boolean> {
  return !!(await q.expireDueRecharge(db, rechargeId));
}

/** Unpaid top-ups past their deadline whose own expiry job has not run (the shop was down, a job was lost), oldest first. */
export const overdueRechargeIds = (db: Executor, limit = 500) => q.findOverdueRechargeIds(db, limit);

/** The member's top-ups, newest first. */
export async function listMemberRecharges(db: Executor, actor: Actor, input: EndpointQuery<typeof listRechargeOrders>) {
  const rows = await q.findMemberRechargeOrders(db, memberIdOf(actor), input.status, input.limit, (input.page - 1) * input.limit);
  const total = totalOf(rows);
  return { list: rows.map(toRecharge), total, page: input.page, limit: input.limit, has_more: input.page * input.limit < total };
}

/** One of the member's top-ups; another member's id is "not found". */
export async function rechargeOrderInfo(db: Executor, actor: Actor, input: { id: number }) {
  const r = await q.findMemberRechargeOrder(db, memberIdOf(actor), input.id);
  if (!r) throw new AppError(ResponseCode.rechargeNotFound);
  return toRecharge(r);
}

/** Credits a top-up that just became paid: what arrived through the clearing account, less the fee, converted once at the order's rate. */
async function credit(tx: Tx, actor: Actor, r: RechargeOrderRow & { rate_date: string }, gateway: string) {
  const amount = r.pay_amount - r.fee;
  const same = r.pay_currency === r.wallet_currency;
  const { entryId } = await post(tx, {
    kind: 'recharge',
    reference: { type: 'recharge', id: r.order_no },
    idempotencyKey: `recharge:${r.id}:credit`,
    actor,
    ...(same ? {} : { rate: { rate: r.rate, source: r.rate_source as 'ecb' | 'operator' | 'identity', date: r.rate_date } }),
    postings: [
      { account: { system: 'gateway_clearing', gateway, currency: r.pay_currency }, amount: -r.pay_amount },
      ...(r.fee > 0 ? [{ account: { system: 'fees' as const, currency: r.pay_currency }, amount: r.fee }] : []),
      ...(same
        ? []
        : [
            { account: { system: 'fx_liquidity' as const, currency: r.pay_currency }, amount },
            { account: { system: 'fx_liquidity' as const, currency: r.wallet_currency }, amount: -r.credit_amount },
          ]),
      { account: { member: r.user_id, asset: 'cash' as const, currency: r.wallet_currency }, amount: same ? amount : r.credit_amount },
    ],
  });
  await notifyMember(tx, { memberId: r.user_id, kind: 'wallet.recharge_credited', params: { order_no: r.order_no, amount: await printAmount(tx, same ? amount : r.credit_amount, r.wallet_currency) }, link: `/pages/my/rechargeInfo?id=${r.id}`, eventKey: `recharge:${r.id}:credited` });
  return entryId;
}

/** What paying a top-up came to, for the payments area. */
export type RechargePaidOutcome = { outcome: 'paid'; rechargeId: number } | { outcome: 'not_payable'; status: RechargeStatus | 'missing' } | { outcome: 'mismatch'; expected: { amountMinor: number; currency: string } };

/**
 * The payments area's one way to settle an online or card top-up, inside its transaction: only
 * from awaiting payment before it expires, only for its exact amount and currency; the wallet is
 * credited once.
 */
export async function markRechargePaid(tx: Tx, actor: Actor, input: { rechargeId: number; amountMinor: number; currency: string; gateway: string }): Promise<RechargePaidOutcome> {
  const r = await q.findRechargeOrder(tx, input.rechargeId);
  if (!r) return { outcome: 'not_payable', status: 'missing' };
  if (r.pay_amount !== input.amountMinor || r.pay_currency !== input.currency) return { outcome: 'mismatch', expected: { amountMinor: r.pay_amount, currency: r.pay_currency } };
  if (shownStatus(r) !== 'awaiting_payment') return { outcome: 'not_payable', status: shownStatus(r) };
  if (!(await q.transitionRecharge(tx, r.id, ['awaiting_payment'], 'paid', { paid_at: new Date() }))) return { outcome: 'not_payable', status: (await q.findRechargeOrder(tx, r.id))!.status };
  const entryId = await credit(tx, actor, r, input.gateway);
  await q.transitionRecharge(tx, r.id, ['paid'], 'paid', { entry_id: entryId });
  return { outcome: 'paid', rechargeId: r.id };
}

// ── Operators ───────────────────────────────────────────────────────────────────────────────

/** The review queue of top-ups (default: bank transfers and stablecoin deposits under review), oldest first. */
export async function adminRecharges(db: Executor, _actor: Actor, input: EndpointQuery<typeof adminListRecharges>) {
  const rows = await q.findRechargesByStatus(db, input.status, input.kind, input.limit, (input.page - 1) * input.limit, input);
  const total = totalOf(rows);
  return { list: rows.map(toAdmin), total, page: input.page, limit: input.limit, has_more: input.page * input.limit < total };
}

/** A stablecoin transaction hash in the one form it is compared in (kept as the member or operator gave it): no `0x` prefix, lower case. */
export const normalTxHash = (hash: string) => hash.trim().replace(/^0x/i, '').toLowerCase();

/** What confirming an offline top-up carries out once approved. */
export interface RechargeConfirmation {
  id: number;
  tx_hash?: string;
}

/**
 * An operator confirms an offline top-up's money arrived, saying what was checked: a request a
 * second operator approves before the wallet is credited (at once under the owner's threshold).
 * Asked again while it waits, the waiting request is answered.
 */
export async function confirmRecharge(db: AppDeps['db'], actor: Actor, input: { id: number; tx_hash?: string; reason: string }) {
  operatorNameOf(actor);
  const r = await q.findRechargeOrder(db, input.id);
  if (!r) throw new AppError(ResponseCode.rechargeNotFound);
  if (r.status !== 'under_review') throw alreadyDecided(r.status);
  const txHash = input.tx_hash ? normalTxHash(input.tx_hash) : undefined;
  if (txHash && (await q.findRechargeOfTxHash(db, r.network, txHash, r.id))) throw new AppError(ResponseCode.txHashUsed);
  const answer = await requestApproval<RechargeConfirmation, unknown>(db, actor, {
    kind: 'recharge.confirm',
    memberId: r.user_id,
    currency: r.wallet_currency,
    amount: r.credit_amount,
    payload: { id: r.id, ...(input.tx_hash ? { tx_hash: input.tx_hash.trim() } : {}) },
    // The approver sees the hash being confirmed: the one given now, else the member's.
    summary: `top-up ${r.order_no}: ${displayMinor(r.credit_amount, r.wallet_currency)} ${r.wallet_currency}${txHash || r.tx_hash ? ` · tx ${txHash ?? r.tx_hash}` : ''}`,
    subject: `recharge:${r.id}`,
    reason: input.reason,
  });
  return { request: answer.request, result: answer.result ? toAdmin((await q.findRechargeOrder(db, r.id))!) : null };
}

/** Carries out an approved confirmation: credited once, from under review (as the approving operator). */
export async function creditConfirmedRecharge(tx: Tx, actor: Actor, input: RechargeConfirmation, request: { id: number; reason: string }) {
  const operator = operatorNameOf(actor);
  const r = await q.findRechargeOrder(tx, input.id);
  if (!r) throw new AppError(ResponseCode.rechargeNotFound);
  // The hash may have been claimed by another top-up since it was asked for: refused, the request still waits.
  const txHash = normalTxHash(input.tx_hash ?? r.tx_hash ?? '');
  if (txHash && (await q.findRechargeOfTxHash(tx, r.network, txHash, r.id))) throw new AppError(ResponseCode.txHashUsed);
  const moved = await q.transitionRecharge(tx, r.id, ['under_review'], 'paid', { paid_at: new Date(), reviewed_by: operator, reviewed_at: new Date(), ...(input.tx_hash ? { tx_hash: input.tx_hash } : {}) }).catch((e: unknown) => {
    if ((e as { code?: string }).code === '23505') throw new AppError(ResponseCode.txHashUsed);
    throw e;
  });
  if (!moved) throw alreadyDecided((await q.findRechargeOrder(tx, r.id))?.status);
  const entryId = await credit(tx, actor, r, r.kind === 'crypto' ? `crypto_${r.network ?? 'TRC20'}` : 'bank_transfer');
  await q.transitionRecharge(tx, r.id, ['paid'], 'paid', { entry_id: entryId });
  await insertOperatorAction(tx, { operator, action: 'recharge.confirm', target_type: 'recharge', target_id: r.id, reason: request.reason, facts: { key: 'approved_request', request_id: request.id } });
  return { recharge_id: r.id, entry_id: entryId };
}

/** An operator rejects an offline top-up with the reason the member reads. */
export async function rejectRecharge(db: AppDeps['db'], actor: Actor, input: { id: number; reason: string }) {
  const operator = operatorNameOf(actor);
  return withTransaction(db, async (tx) => {
    const r = await q.findRechargeOrder(tx, input.id);
    if (!r) throw new AppError(ResponseCode.rechargeNotFound);
    refuseOwnAccount(actor, r.user_id);
    if (!(await q.transitionRecharge(tx, input.id, ['under_review'], 'rejected', { reason: input.reason, reviewed_by: operator, reviewed_at: new Date() }))) throw alreadyDecided(r.status);
    await insertOperatorAction(tx, { operator, action: 'recharge.reject', target_type: 'recharge', target_id: input.id, reason: input.reason });
    // A confirmation waiting about it can no longer be carried out: closed with it.
    await closeWaitingRequest(tx, actor, 'recharge.confirm', `recharge:${input.id}`, `top-up rejected: ${input.reason}`);
    return toAdmin((await q.findRechargeOrder(tx, input.id))!);
  });
}

/** The member's stablecoin deposit address on a network (given once from the operators' pool), with its QR code. */
export async function cryptoDepositAddress(db: AppDeps['db'], actor: Actor, input: { network: string }) {
  const userId = memberIdOf(actor);
  const row = (await q.findMemberCryptoAddress(db, userId, input.network)) ?? (await withTransaction(db, (tx) => q.assignCryptoAddress(tx, userId, input.network)).catch(() => q.findMemberCryptoAddress(db, userId, input.network)));
  if (!row) throw new AppError(ResponseCode.noCryptoAddress);
  return { network: row.network, address: row.address, currency: 'USD', qr_code: await QRCode.toDataURL(row.address, { margin: 1, width: 240 }) };
}

/**
 * Where members send their money: a company collection account, or stablecoin deposit addresses for
 * the pool (docs/decisions/2026-12-01-receiving-accounts.md). Asked for by one operator, carried out
 * when a second approves it (kind `receiving_account.set`), never at once: until then no member is
 * shown it. `asked_by` is the asking operator, who is recorded as having added it.
 */
export type ReceivingAccount =
  | { target: 'collection_account'; currency: string; bank_name: string; account_name: string; account_number: string; branch: string; enabled: boolean; asked_by: string }
  | { target: 'deposit_addresses'; network: string; addresses: string[]; asked_by: string };

/** Asks for a receiving account: one request waits per account (the same asked again answers it). */
const askReceivingAccount = <R>(db: Database, actor: Actor, account: ReceivingAccount, summary: string, subject: string, reason: string) =>
  requestApproval<ReceivingAccount, R>(db, actor, { kind: 'receiving_account.set', memberId: null, currency: account.target === 'collection_account' ? account.currency : '', amount: null, payload: account, summary, subject, reason });

/** Operators ask for addresses in the pool (those already in it are skipped when approved): members are given one only once a second operator approved them. */
export async function addCryptoAddresses(db: Database, actor: Actor, input: { network: string; addresses: string[]; reason: string }) {
  const addresses = [...new Set(input.addresses)];
  const account: ReceivingAccount = { target: 'deposit_addresses', network: input.network, addresses, asked_by: operatorNameOf(actor) };
  const fingerprint = createHash('sha256').update([...addresses].sort().join('\n')).digest('hex').slice(0, 24);
  const summary = `${addresses.length} ${input.network} deposit address(es): ${addresses[0]}${addresses.length > 1 ? ' …' : ''}`;
  return askReceivingAccount<{ added: number }>(db, actor, account, summary, `deposit_addresses:${input.network}:${fingerprint}`, input.reason);
}

/** Operators ask for a company collection account: members see it only once a second operator approved it. */
export async function addCollectionAccount(db: Database, actor: Actor, input: { currency: string; bank_name: string; account_name: string; account_number: string; branch: string; enabled: boolean; reason: string }) {
  const { reason, ...rest } = input;
  const account: ReceivingAccount = { target: 'collection_account', ...rest, asked_by: operatorNameOf(actor) };
  const summary = `${input.currency} ${input.bank_name}${input.branch ? ` (${input.branch})` : ''} · ${input.account_name} · ${input.account_number}`;
  return askReceivingAccount<{ id: number }>(db, actor, account, summary, `collection_account:${input.currency}:${input.account_number.replace(/\s+/g, '')}`, reason);
}

/**
 * Carries out an approved receiving account as the approving operator, in the approval's transaction
 * (once: the request's state decides): the account or the addresses are added, recorded with the
 * request and who asked. Answers the new account's id, or how many addresses were new.
 */
export async function carryOutReceivingAccount(tx: Tx, actor: Actor, account: ReceivingAccount, request: { id: number; reason: string }): Promise<{ id: number } | { added: number }> {
  const operator = operatorNameOf(actor);
  if (account.target === 'deposit_addresses') {
    const added = await q.insertCryptoAddresses(tx, account.addresses.map((address) => ({ network: account.network, address, added_by: account.asked_by })));
    const facts = { key: 'crypto_addresses', network: account.network, added: added.length, asked: account.addresses.length, request_id: request.id, asked_by: account.asked_by } as const;
    await insertOperatorAction(tx, { operator, action: 'crypto_addresses.add', target_type: 'setting', target_id: 0, reason: request.reason, facts });
    return { added: added.length };
  }
  const { target: _target, asked_by, ...row } = account;
  const created = await q.insertCollectionAccount(tx, { ...row, created_by: asked_by });
  await insertOperatorAction(tx, { operator, action: 'collection_account.add', target_type: 'setting', target_id: created.id, reason: request.reason, facts: { key: 'collection_account', currency: account.currency, request_id: request.id, asked_by } });
  return { id: created.id };
}

/** A top-up channel's values as the audit log keeps them (amounts in minor units). */
const channelValues = (c: { kind: string; name: string; currencies: string[]; min_minor: number; max_minor: number; enabled: boolean }) => ({
  kind: c.kind,
  name: c.name,
  currencies: c.currencies,
  min: c.min_minor,
  max: c.max_minor,
  enabled: c.enabled,
});

/** Operators add or change a top-up channel; the change and its record (the values set and those replaced) are one transaction. */
export async function setRechargeChannel(
  db: Database,
  actor: Actor,
  input: { code: string; kind: RechargeKind; name: string; currencies: string[]; min: number; max: number; enabled: boolean; reason?: string },
  loaded?: { base_updated_at: string | undefined },
) {
  const operator = operatorNameOf(actor);
  if (input.max < input.min) throw new AppError(ResponseCode.settingInvalid, undefined, { messageKey: 'admin.code.settingMaxBelowMin' });
  const row = { code: input.code, kind: input.kind, name: input.name, currencies: input.currencies, min_minor: input.min, max_minor: input.max, enabled: input.enabled };
  return withTransaction(db, async (tx) => {
    const before = await q.lockRechargeChannelForUpdate(tx, input.code);
    // From the console's copy: the channel it read must be as it was (or still not there, for a new one).
    if (loaded) {
      if (before) assertLoadedVersion(before.updated_at, loaded.base_updated_at);
      else if (loaded.base_updated_at !== undefined) throw new AppError(ResponseCode.editedSinceOpened);
    }
    await q.upsertRechargeChannel(tx, { ...row, updated_by: operator });
    const facts = { key: 'recharge_channel', code: input.code, values: channelValues(row), before: before ? channelValues(before) : null } as const;
    await insertOperatorAction(tx, { operator, action: 'recharge_channel.set', target_type: 'setting', target_id: 0, reason: input.reason ?? null, facts });
    return { ok: true as const };
  });
}

type WalletLimitInput = { currency: string; kind: LimitKind; fee_bp: number; fee_fixed: number; min: number; max: number; daily_count: number; daily_amount: number; reason?: string };

/** Each problem's message in the admin pack (the console's form says the same under the same fields, in its own pack). */
const LIMIT_PROBLEM_TEXT: Record<WalletLimitProblem['rule'], string> = {
  maxBelowMin: 'admin.validation.walletLimitMaxBelowMin',
  feeNotBelowMax: 'admin.validation.walletLimitFeeNotBelowMax',
  dailyAmountBelowMax: 'admin.validation.walletLimitDailyBelowMax',
};

/** The values of a fee and limits as the audit log keeps them (amounts in minor units). */
const limitValues = (l: { fee_bp: number; fee_fixed: number; min: number; max: number; daily_count: number; daily_amount: number }) => ({
  fee_bp: l.fee_bp,
  fee_fixed: l.fee_fixed,
  min: l.min,
  max: l.max,
  daily_count: l.daily_count,
  daily_amount: l.daily_amount,
});

/**
 * Operators set the fee and limits of withdrawals or transfers in a currency. Values that would make
 * the way unusable or absurd are refused under their fields (`walletLimitProblems`); the change and
 * its record, which names every value set and the one it replaced, are one transaction. The console
 * names the version of the row it read (`loaded`): changed since, added meanwhile or removed, refused
 * (4020) and nothing changes; the command line's limits are typed whole and not checked.
 */
export async function setWalletLimit(db: Database, actor: Actor, input: WalletLimitInput, loaded?: { base_updated_at: string | undefined }) {
  const operator = operatorNameOf(actor);
  await assertShopCurrency(db, input.currency);
  const problems = walletLimitProblems(input);
  if (problems.length) {
    throw new ValidationError(
      problems.map((p) => ({ field: p.field, key: LIMIT_PROBLEM_TEXT[p.rule], params: { field: p.field, currency: input.currency, ...Object.fromEntries(Object.entries(p.amounts).map(([k, v]) => [k, new Amount(v, input.currency)])) } })),
    );
  }
  return withTransaction(db, async (tx) => {
    const before = await q.lockLimitForUpdate(tx, input.currency, input.kind);
    // From the console's copy: the row it read must be as it was (or still not there, for a new one).
    if (loaded) {
      if (before) assertLoadedVersion(before.updated_at, loaded.base_updated_at);
      else if (loaded.base_updated_at !== undefined) throw new AppError(ResponseCode.editedSinceOpened);
    }
    await q.upsertLimit(tx, { currency: input.currency, kind: input.kind, fee_bp: input.fee_bp, fee_fixed: input.fee_fixed, min_minor: input.min, max_minor: input.max, daily_count: input.daily_count, daily_amount: input.daily_amount, updated_by: operator });
    const facts = { key: 'wallet_limit', currency: input.currency, kind: input.kind, values: limitValues(input), before: before ? limitValues({ ...before, min: before.min_minor, max: before.max_minor }) : null } as const;
    await insertOperatorAction(tx, { operator, action: 'wallet_limit.set', target_type: 'setting', target_id: 0, reason: input.reason ?? null, facts });
    return { ok: true as const };
  });
}
