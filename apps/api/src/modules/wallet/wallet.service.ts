import { randomBytes } from 'node:crypto';
import { displayMinor, ResponseCode, type EndpointBody, type EndpointData, type EndpointQuery } from '@shop/contract';
import type {
  addBankCard,
  createTransfer,
  getAssetsPage,
  getExchangeRatio,
  getWalletAssets,
  getTransfer,
  giveGiftCard,
  listBanksByType,
  listGiftCards,
  listPointsLog,
  listRewards,
  listTransfers,
  updateBankCard,
  getMonthlyRewards,
  moveRewardsToCash as moveRewardsToCashCall,
  redeemGiftCardToBalance,
} from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Database, Executor } from '../../db/database.js';
import { memberIdOf, operatorNameOf, type Actor } from '../../lib/actor.js';
import { notifyMember } from '../messages/messages.service.js';
import { Expiring, responseCache } from '../../lib/cache.js';
import { iso } from '../../lib/dates.js';
import { AppError, ValidationError } from '../../lib/errors.js';
import { Amount } from '../../lib/i18n.js';
import { sqlState, withTransaction, type Tx } from '../../lib/transaction.js';
import { findMemberAccountLines, findMemberAccountsWithHolds, findMemberCredits } from '../ledger/ledger.queries.js';
import { balanceOf, balancesOf, post } from '../ledger/ledger.service.js';
import type { Asset } from '../ledger/ledger.table.js';
import { findUserById, lockUserForShare } from '../members/members.queries.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import { requestApproval } from '../approvals/approvals.service.js';
import { convertAmount, minorUnits, nextRatesDay, rateBook, rateFor } from '../rates/rates.service.js';
import { WalletTag } from './assets-cache.js';
import * as q from './wallet.queries.js';
import {
  POINTS_CURRENCY,
  approvedRealName,
  businessNumber,
  checkDailyLimit,
  checkSingleLimit,
  countReceiverLookup,
  feeOf,
  findReceiver,
  findReceiverMatch,
  holderMatches,
  limitOf,
  maskAccount,
  maskedMember,
  parseAmount,
  printAmount,
  receiverPreview,
  requestKey,
  requireMoneyOut,
  requireWalletCurrency,
  startOfToday,
  walletCurrencies,
} from './wallet.rules.js';
import { totalOf, type PageRows } from '../../lib/paging.js';

type Deps = Pick<AppDeps, 'db' | 'secrets' | 'i18n' | 'limiter'>;
const page = <T>(rows: PageRows<T>, input: { page: number; limit: number }) => {
  const total = totalOf(rows);
  return { total, page: input.page, limit: input.limit, has_more: input.page * input.limit < total };
};

// ── Assets ──────────────────────────────────────────────────────────────────────────────────

/** Every balance of the member (available and frozen per currency), points, gift-card value and rewards, with the total of their money (cash, rewards, gift-card value) in the display currency at today's recorded rates. */
export async function assets(db: Executor, actor: Actor, input: EndpointQuery<typeof getAssetsPage>): Promise<EndpointData<typeof getAssetsPage>> {
  const userId = memberIdOf(actor);
  const [{ settlement, enabled }, accounts, quote] = await Promise.all([walletCurrencies(db), findMemberAccountsWithHolds(db, userId), rateBook(db)]);
  const display = input.currency ?? settlement;
  const of = (asset: Asset) => accounts.filter((a) => a.asset === asset);
  const cashByCurrency = new Map<string, { available: number; frozen: number }>(enabled.map((c) => [c, { available: 0, frozen: 0 }]));
  for (const a of of('cash')) cashByCurrency.set(a.currency, { available: a.balance, frozen: Number(a.frozen) });
  const cash = [...cashByCurrency].map(([currency, b]) => ({ currency, ...b }));
  // The total is the member's money (what keeps an account open, closing.ts): cash, rewards and
  // gift-card value, available and held, summed per currency and converted once each (half-up).
  const money = new Map<string, number>(cash.map((b) => [b.currency, b.available + b.frozen]));
  for (const a of [...of('rewards'), ...of('gift_card')]) money.set(a.currency, (money.get(a.currency) ?? 0) + a.balance + Number(a.frozen));
  let total = 0;
  const rates: Array<{ currency: string; rate: string; source: string; date: string }> = [];
  // Every currency is quoted from one reading of the rates.
  for (const [currency, sum] of money) {
    const r = await quote(currency, display).catch(() => undefined);
    if (!r) continue;
    rates.push({ currency, rate: r.rate, source: r.source, date: r.date });
    total += sum ? await convertAmount(db, sum, currency, display, r.rate) : 0;
  }
  const sumAsset = (asset: Asset) => of(asset).reduce((s, a) => s + a.balance, 0);
  const balances = (asset: Asset) => of(asset).map((a) => ({ currency: a.currency, available: a.balance, frozen: Number(a.frozen) }));
  return { display_currency: display, cash, points: sumAsset('points'), shopping_points: sumAsset('shopping_points'), gift_card: balances('gift_card'), rewards: balances('rewards'), total, rates };
}

/**
 * `assets` as the member's asset page asks for it many times: kept per member and display currency
 * until the ledger posts to one of their accounts, rates or the wallet's currencies change
 * (`dropWalletAnswersOnChanges`), or the day ends.
 */
export function cachedAssets(deps: Pick<AppDeps, 'db' | 'config' | 'redis'>, endpoint: typeof getAssetsPage | typeof getWalletAssets, actor: Actor, input: EndpointQuery<typeof getAssetsPage>) {
  const userId = memberIdOf(actor);
  const key = { id: `${userId}|${input.currency ?? ''}`, tags: [WalletTag.assets, WalletTag.memberAssets(userId)] };
  return responseCache(deps).cached(endpoint, key, async () => new Expiring(await assets(deps.db, actor, input), nextRatesDay()));
}

/** The member's totals in the display currency (same figures as `assets`). */
export async function totals(db: Executor, actor: Actor, input: EndpointQuery<typeof getAssetsPage>) {
  const a = await assets(db, actor, input);
  let available = 0;
  let frozen = 0;
  let rewards = 0;
  let giftCard = 0;
  const inDisplay = async (minor: number, currency: string) => {
    if (!minor) return 0;
    const r = a.rates.find((x) => x.currency === currency) ?? (await rateFor(db, currency, a.display_currency).catch(() => undefined));
    return r ? convertAmount(db, minor, currency, a.display_currency, r.rate) : 0;
  };
  for (const b of a.cash) {
    available += await inDisplay(b.available, b.currency);
    frozen += await inDisplay(b.frozen, b.currency);
  }
  for (const b of a.rewards) rewards += await inDisplay(b.available, b.currency);
  for (const b of a.gift_card) giftCard += await inDisplay(b.available, b.currency);
  return { display_currency: a.display_currency, total: a.total, available, frozen, points: a.points, shopping_points: a.shopping_points, rewards, gift_card: giftCard };
}

/** Each wallet currency with its rate into the settlement currency and the member's balance in it. */
export async function currencyOverview(db: Executor, actor: Actor) {
  const [a, quote] = await Promise.all([assets(db, actor, {}), rateBook(db)]);
  const list = [];
  for (const b of a.cash) {
    const r = await quote(b.currency, a.display_currency);
    list.push({ currency: b.currency, minor_units: await minorUnits(db, b.currency), rate: r.rate, source: r.source, date: r.date, balance: b.available, frozen: b.frozen });
  }
  return { settlement_currency: a.display_currency, list };
}

/** The rate from one currency to another (default the settlement currency), and what an amount comes to. */
export async function exchangeRatio(db: Executor, _actor: Actor, input: EndpointQuery<typeof getExchangeRatio>) {
  const to = input.to ?? (await walletCurrencies(db)).settlement;
  const r = await rateFor(db, input.from, to);
  const amount = input.amount ? await parseAmount(db, input.amount, input.from) : null;
  const converted = amount === null ? null : await convertAmount(db, amount, input.from, to, r.rate);
  return { from: input.from, to, rate: r.rate, source: r.source, date: r.date, amount, converted };
}

// ── Points and rewards ──────────────────────────────────────────────────────────────────────

const REASONS: Array<[RegExp, string]> = [
  [/^recharge/, 'recharge'],
  [/^(withdrawal|hold\.)/, 'withdrawal'],
  [/^transfer/, 'transfer'],
  [/^(points\.grant|gift_card\.issue)/, 'grant'],
  // What a return takes back of the points an order earned, before what orders earn.
  [/^order\.points\.reverse/, 'orderReversed'],
  [/^order/, 'order'],
  // An order paid from the wallet (balance, points, gift-card value) and the refunds of that payment.
  [/^payment\.wallet/, 'orderPaid'],
  [/^payment\.refund/, 'orderRefund'],
  [/^checkout/, 'checkout'],
  [/^gift_card\.redeem/, 'giftCardRedeem'],
  [/^gift_card/, 'giftCard'],
  [/^rewards\.to_cash/, 'rewardsToCash'],
  // A reversal takes a commission back: never shown as a reward.
  [/^commission\.reverse/, 'commissionReversed'],
  [/^pair_bonus/, 'pairBonus'],
  // A member shop's owner credited at an order's settlement.
  [/^shop\.earnings/, 'shopEarnings'],
  [/^(reward|commission)/, 'reward'],
];
// Points are never withdrawn: their holds are an order's (held at checkout, given back when it ends unpaid).
const POINT_REASONS: Array<[RegExp, string]> = [
  [/^hold\.(reserve|post)/, 'checkout'],
  [/^(hold\.release|order\.points\.refund)/, 'orderReturned'],
];
const reasonKey = (kind: string, asset: Asset) =>
  `wallet.reason.${((asset === 'points' || asset === 'shopping_points' ? POINT_REASONS.find(([re]) => re.test(kind)) : undefined) ?? REASONS.find(([re]) => re.test(kind)))?.[1] ?? 'other'}`;

async function accountLines(deps: Deps, actor: Actor, asset: Asset, input: { page: number; limit: number; currency?: string }) {
  const rows = await findMemberAccountLines(deps.db, { memberId: memberIdOf(actor), asset, currency: input.currency, limit: input.limit, offset: (input.page - 1) * input.limit });
  return {
    list: rows.map((r) => ({ id: r.id, reason: r.kind, reason_text: r.memo || deps.i18n.t(actor.lang, reasonKey(r.kind, asset)), amount: r.amount, currency: r.currency, balance_after: Number(r.balance_after), created_at: iso(r.created_at)! })),
    ...page(rows, input),
  };
}

/** Movements of the member's points or shopping points, newest first, with the balance after each. */
export const pointsLog = (deps: Deps, actor: Actor, input: EndpointQuery<typeof listPointsLog>) => accountLines(deps, actor, input.kind, input);

/** The member's points, shopping points and the rules of both, in their language. */
export async function pointsInfo(deps: Deps, actor: Actor) {
  const a = await assets(deps.db, actor, {});
  const rules = ['earn', 'grant', 'spend', 'shopping'].map((k) => deps.i18n.t(actor.lang, `wallet.points.rule.${k}`));
  return { points: a.points, shopping_points: a.shopping_points, rules };
}

/** The rewards asset's movements, newest first (empty until commissions are posted there). */
export async function rewardLog(deps: Deps, actor: Actor, input: EndpointQuery<typeof listRewards>) {
  return { ...(await accountLines(deps, actor, 'rewards', input)), empty_text: deps.i18n.t(actor.lang, 'wallet.rewards.empty') };
}

/** Rewards entries that take an earning back (they lower what was earned, unlike moving rewards to cash). */
const TAKEN_BACK_KINDS = ['commission.reverse'];

/** What the member still owes back of earnings per currency (a reversal the rewards could not cover): the referral area answers it (wiring.ts). */
export const rewardHooks: { owed?: (db: Executor, memberId: number) => Promise<Array<{ currency: string; amount: number }>> } = {};

/**
 * The member's rewards per currency: balance now and all ever earned, net of reversals: what came in,
 * less what reversals took back and what they still hold as a debt (so a reversed commission is not earned).
 */
export async function rewardTotals(deps: Deps, actor: Actor) {
  const userId = memberIdOf(actor);
  const [accounts, earned, owed] = await Promise.all([
    findMemberAccountsWithHolds(deps.db, userId),
    findMemberCredits(deps.db, { memberId: userId, asset: 'rewards', lessKinds: TAKEN_BACK_KINDS }),
    rewardHooks.owed?.(deps.db, userId) ?? [],
  ]);
  const sumOf = (rows: Array<{ currency: string; amount: number }>, currency: string) => rows.filter((r) => r.currency === currency).reduce((n, r) => n + Number(r.amount), 0);
  const list = accounts.filter((a) => a.asset === 'rewards').map((a) => ({ currency: a.currency, balance: a.balance, earned: Math.max(0, sumOf(earned, a.currency) - sumOf(owed, a.currency)) }));
  return { list, empty_text: deps.i18n.t(actor.lang, 'wallet.rewards.empty') };
}

/**
 * Moves rewards to the cash balance of the same currency (a wallet currency): never more than the
 * rewards balance, checked under the ledger's lock of both accounts, so parallel moves cannot
 * overdraw it; the same Idempotency-Key moves once. Nothing leaves the member, so no step-up.
 */
export async function moveRewardsToCash(db: AppDeps['db'], actor: Actor, input: EndpointBody<typeof moveRewardsToCashCall>): Promise<EndpointData<typeof moveRewardsToCashCall>> {
  const userId = memberIdOf(actor);
  await requireWalletCurrency(db, input.currency);
  const amount = await parseAmount(db, input.amount, input.currency);
  const key = requestKey(actor, 'rewards.to_cash', userId);
  return withTransaction(db, async (tx) => {
    await post(tx, {
      kind: 'rewards.to_cash',
      reference: { type: 'member', id: userId },
      idempotencyKey: key,
      actor,
      // Each asset balances on its own: rewards go back to the commission account that paid them, cash comes from it.
      postings: [
        { account: { member: userId, asset: 'rewards', currency: input.currency }, amount: -amount },
        { account: { system: 'commission_expense', asset: 'rewards', currency: input.currency }, amount },
        { account: { system: 'commission_expense', asset: 'cash', currency: input.currency }, amount: -amount },
        { account: { member: userId, asset: 'cash', currency: input.currency }, amount },
      ],
    }).catch(async (e: unknown) => {
      if (e instanceof AppError && e.code === ResponseCode.insufficientBalance) {
        throw new AppError(ResponseCode.rewardsInsufficient, { max: new Amount(await balanceOf(tx, userId, 'rewards', input.currency), input.currency), currency: input.currency });
      }
      throw e;
    });
    const held = await balancesOf(tx, userId, [
      { asset: 'rewards', currency: input.currency },
      { asset: 'cash', currency: input.currency },
    ]);
    return { currency: input.currency, amount, rewards_balance: held.get('rewards', input.currency), cash_balance: held.get('cash', input.currency) };
  });
}

/** Rewards earned in one month (UTC; default this month) per currency. */
export async function monthRewards(db: Executor, actor: Actor, input: EndpointQuery<typeof getMonthlyRewards>) {
  const month = input.month ?? new Date().toISOString().slice(0, 7);
  const since = new Date(`${month}-01T00:00:00Z`);
  const until = new Date(since);
  until.setUTCMonth(until.getUTCMonth() + 1);
  const rows = await findMemberCredits(db, { memberId: memberIdOf(actor), asset: 'rewards', since, until });
  return { month, list: rows.map((r) => ({ currency: r.currency, amount: Number(r.amount), count: r.count })) };
}

// ── Banks and bank cards ────────────────────────────────────────────────────────────────────

/** Banks and e-wallets, optionally of one country and type. */
export async function banks(db: Executor, _actor: Actor, input: Partial<EndpointQuery<typeof listBanksByType>>) {
  return { list: await q.findBanks(db, { country: input.country_code, type: input.type }) };
}

/** The branches of a bank. */
export async function branches(db: Executor, _actor: Actor, input: { id: number }) {
  return { list: await q.findBranches(db, input.id) };
}

type CardRow = NonNullable<Awaited<ReturnType<typeof q.findMemberCard>>>;
const toCard = (c: CardRow) => ({
  id: c.id,
  country_code: c.country_code,
  bank_id: c.bank_id,
  bank_name: c.bank_name,
  branch_id: c.branch_id,
  branch_name: c.branch_name,
  holder_name: c.holder_name,
  account_masked: maskAccount(c.account_number),
  currency: c.currency,
  in_use: c.in_use,
  created_at: iso(c.created_at)!,
});

/** The member's bank cards, account numbers masked. */
export async function listCards(db: Executor, actor: Actor) {
  return { list: (await q.findMemberCards(db, memberIdOf(actor))).map(toCard) };
}

/** One of the member's cards; another member's id is "not found". */
export async function cardInfo(db: Executor, actor: Actor, input: { id: number }) {
  const card = await q.findMemberCard(db, memberIdOf(actor), input.id);
  if (!card) throw new AppError(ResponseCode.bankCardNotFound);
  return toCard(card);
}

/** The most cards a member keeps. */
export const MAX_BANK_CARDS = 10;

async function checkCardFields(db: Executor, userId: number, input: EndpointBody<typeof addBankCard>) {
  const bank = await q.findBank(db, input.bank_id);
  if (!bank || bank.parent_id !== null) throw new AppError(ResponseCode.bankInvalid);
  if (input.branch_id !== undefined) {
    const branch = await q.findBank(db, input.branch_id);
    if (!branch || branch.parent_id !== bank.id) throw new AppError(ResponseCode.bankInvalid);
  }
  // A card is held in a currency of the wallet or in its bank country's own (a Thai account in baht):
  // withdrawals to it are sent in a wallet currency and the bank converts.
  if (input.currency !== (await q.findCountryCurrency(db, bank.country_code))) await requireWalletCurrency(db, input.currency);
  const real = await approvedRealName(db, userId);
  if (!real) throw new AppError(ResponseCode.realNameRequired);
  if (!holderMatches(input.holder_name, real)) throw new AppError(ResponseCode.holderNameMismatch);
  return bank;
}

/**
 * Refuses an account the member already holds a live card for (`exceptId`: the card being changed), naming
 * that card; else one on another member's live card, without telling whose (one account, one member:
 * many members paying out to one account is the money-mule pattern).
 */
async function refuseSameAccount(db: Executor, userId: number, bankId: number, accountNumber: string, exceptId?: number): Promise<void> {
  const same = await q.findMemberCardOfAccount(db, userId, bankId, accountNumber, exceptId);
  if (same) throw new AppError(ResponseCode.bankCardDuplicate, { bank: same.bank_name, account: maskAccount(same.account_number) });
  if (await q.isAccountOfAnotherMember(db, userId, bankId, accountNumber)) throw new AppError(ResponseCode.bankAccountOfAnotherMember);
}

/**
 * The one-live-card-per-account index (`bank_cards_account_one_member`) refused a write that raced another
 * for the same account: said as the check before it says it, looked up once the other write is committed
 * (the member's own card → 6132, another member's → 6133).
 */
async function sameAccountRaced(e: unknown, db: Executor, userId: number, bankId: number, accountNumber: string, exceptId?: number): Promise<never> {
  if (sqlState(e) === '23505' && (e as { constraint?: string }).constraint === 'bank_cards_account_one_member') await refuseSameAccount(db, userId, bankId, accountNumber, exceptId);
  throw e;
}

/** Adds a bank card: the holder must be the member's approved real name, the account on no live card yet (theirs or another member's); pay password (and authenticator) first. */
export async function addCard(deps: Deps, actor: Actor, input: EndpointBody<typeof addBankCard>) {
  const userId = memberIdOf(actor);
  await requireMoneyOut(deps, actor, userId, input);
  const bank = await checkCardFields(deps.db, userId, input);
  return withTransaction(deps.db, async (tx) => {
    await q.lockMemberWallet(tx, userId);
    await refuseSameAccount(tx, userId, bank.id, input.account_number);
    if ((await q.countMemberCards(tx, userId)) >= MAX_BANK_CARDS) throw new AppError(ResponseCode.bankCardLimit, { max: MAX_BANK_CARDS });
    const { id } = await q.insertBankCard(tx, { user_id: userId, country_code: bank.country_code, bank_id: bank.id, branch_id: input.branch_id ?? null, holder_name: input.holder_name, account_number: input.account_number, currency: input.currency, deleted_at: null });
    return toCard((await q.findMemberCard(tx, userId, id))!);
  }).catch((e: unknown) => sameAccountRaced(e, deps.db, userId, bank.id, input.account_number));
}

/** Changes one of the member's cards, unless a withdrawal to it is in flight. */
export async function updateCard(deps: Deps, actor: Actor, input: EndpointBody<typeof updateBankCard>) {
  const userId = memberIdOf(actor);
  if (!(await q.findMemberCard(deps.db, userId, input.id))) throw new AppError(ResponseCode.bankCardNotFound);
  await requireMoneyOut(deps, actor, userId, input);
  const bank = await checkCardFields(deps.db, userId, input);
  return withTransaction(deps.db, async (tx) => {
    const card = await q.lockMemberCardForUpdate(tx, userId, input.id);
    if (!card) throw new AppError(ResponseCode.bankCardNotFound);
    if (await q.hasWithdrawalInFlight(tx, card.id)) throw new AppError(ResponseCode.bankCardInUse);
    await refuseSameAccount(tx, userId, bank.id, input.account_number, card.id);
    await q.updateBankCard(tx, card.id, { country_code: bank.country_code, bank_id: bank.id, branch_id: input.branch_id ?? null, holder_name: input.holder_name, account_number: input.account_number, currency: input.currency });
    return toCard((await q.findMemberCard(tx, userId, card.id))!);
  }).catch((e: unknown) => sameAccountRaced(e, deps.db, userId, bank.id, input.account_number, input.id));
}

/** Deletes one of the member's cards, unless a withdrawal to it is in flight. */
export async function deleteCard(db: AppDeps['db'], actor: Actor, input: { id: number }) {
  const userId = memberIdOf(actor);
  return withTransaction(db, async (tx) => {
    const card = await q.lockMemberCardForUpdate(tx, userId, input.id);
    if (!card) throw new AppError(ResponseCode.bankCardNotFound);
    if (await q.hasWithdrawalInFlight(tx, card.id)) throw new AppError(ResponseCode.bankCardInUse);
    await q.updateBankCard(tx, card.id, { deleted_at: new Date() });
    return { ok: true as const };
  });
}

// ── Transfers ───────────────────────────────────────────────────────────────────────────────

/**
 * Inside the moving transaction: the receiver's row under a shared lock, and "receiver not found"
 * (as the look-up answers, telling nothing more) unless their account is active. A closing of the
 * receiver's account locks that row first: it either committed before (refused here) or waits for
 * this credit, then finds the money and refuses to close.
 */
async function refuseClosedReceiver(tx: Tx, receiverId: number): Promise<void> {
  if ((await lockUserForShare(tx, receiverId))?.status !== 'active') throw new AppError(ResponseCode.receiverNotFound);
}

/** Operator value for a member: refused ("this member has closed the account") once they closed, asked (`db`) or carried out (`tx`, the row locked for share, as a closing locks it first). */
async function refuseClosedMember(db: Executor, memberId: number, tx?: Tx): Promise<void> {
  const member = tx ? await lockUserForShare(tx, memberId) : await findUserById(db, memberId);
  if (!member) throw new AppError(ResponseCode.userNotFound);
  if (member.status === 'closed') throw new AppError(ResponseCode.memberClosed);
}


type TransferView = NonNullable<Awaited<ReturnType<typeof q.findMemberTransfer>>>;
const toTransfer = (t: TransferView, userId: number) => {
  const out = t.from_user_id === userId;
  return {
    id: t.id,
    transfer_no: t.transfer_no,
    direction: out ? ('out' as const) : ('in' as const),
    counterparty: out ? maskedMember({ user_name: t.to_name, nickname: t.to_nickname }) : maskedMember({ user_name: t.from_name, nickname: t.from_nickname }),
    currency: t.currency,
    amount: t.amount,
    // The fee is the sender's: the receiver got the whole amount.
    fee: out ? t.fee : 0,
    remark: t.remark,
    created_at: iso(t.created_at)!,
  };
};

/**
 * Sends cash to another member: real name, pay password (and authenticator), the per-transfer and
 * daily limits of the currency, never to oneself. The sender pays the amount and the owner's fee for
 * transfers, the receiver gets the amount and the fee goes to the shop's fee account, in one ledger
 * entry; the same Idempotency-Key moves it once.
 */
export async function transfer(deps: Deps, actor: Actor, input: EndpointBody<typeof createTransfer>) {
  const userId = memberIdOf(actor);
  const limit = await limitOf(deps.db, input.currency, 'transfer');
  const amount = await parseAmount(deps.db, input.amount, input.currency);
  checkSingleLimit(amount, input.currency, limit);
  // The sender's own checks come first: the answer tells whether an account exists only to a verified member.
  await requireMoneyOut(deps, actor, userId, input);
  await countReceiverLookup(deps.limiter, userId);
  const receiver = await findReceiver(deps.db, input.account);
  if (receiver.id === userId) throw new AppError(ResponseCode.transferToSelf);
  const key = requestKey(actor, 'transfer', userId);
  const fee = feeOf(amount, limit);
  return withTransaction(deps.db, async (tx) => {
    await q.lockMemberWallet(tx, userId);
    await refuseClosedReceiver(tx, receiver.id);
    checkDailyLimit(await q.todaysTransfers(tx, userId, input.currency, startOfToday()), amount, input.currency, limit);
    const transferNo = businessNumber('T');
    // The ledger locks the sender's account and refuses the entry unless it holds the amount and the fee.
    const { entryId, replayed } = await post(tx, {
      kind: 'transfer',
      reference: { type: 'transfer', id: transferNo },
      idempotencyKey: key,
      actor,
      postings: [
        { account: { member: userId, asset: 'cash', currency: input.currency }, amount: -(amount + fee) },
        { account: { member: receiver.id, asset: 'cash', currency: input.currency }, amount },
        ...(fee > 0 ? [{ account: { system: 'fees' as const, currency: input.currency }, amount: fee }] : []),
      ],
    });
    const row = replayed ? await q.findTransferByEntry(tx, entryId) : await q.insertTransfer(tx, { transfer_no: transferNo, from_user_id: userId, to_user_id: receiver.id, currency: input.currency, amount, fee, remark: input.remark, entry_id: entryId });
    await notifyMember(tx, { memberId: receiver.id, kind: 'wallet.transfer_received', params: { transfer_no: row!.transfer_no, amount: await printAmount(tx, row!.amount, row!.currency) }, link: `/pages/my/transferInfo?id=${row!.id}`, eventKey: `transfer:${row!.id}:received` });
    return toTransfer((await q.findMemberTransfer(tx, userId, row!.id))!, userId);
  });
}

/** Transfers the member sent and received, newest first. */
export async function listMemberTransfers(db: Executor, actor: Actor, input: EndpointQuery<typeof listTransfers>) {
  const userId = memberIdOf(actor);
  const rows = await q.findMemberTransfers(db, userId, input.direction, input.limit, (input.page - 1) * input.limit);
  return { list: rows.map((r) => toTransfer(r, userId)), ...page(rows, input) };
}

/** One transfer of the member's (`id`), or the receiver of `account` masked, to confirm before sending. */
export async function transferInfo(deps: Pick<AppDeps, 'db' | 'limiter'>, actor: Actor, input: EndpointQuery<typeof getTransfer>) {
  const { db } = deps;
  const userId = memberIdOf(actor);
  let transferRow = null;
  if (input.id !== undefined) {
    const t = await q.findMemberTransfer(db, userId, input.id);
    if (!t) throw new AppError(ResponseCode.transferNotFound);
    transferRow = toTransfer(t, userId);
  }
  let receiver = null;
  if (input.account !== undefined) {
    // Only a member who could send may look up a receiver: no one else learns whether an account exists.
    if (!(await approvedRealName(db, userId))) throw new AppError(ResponseCode.realNameRequired);
    await countReceiverLookup(deps.limiter, userId);
    const match = await findReceiverMatch(db, input.account);
    if (match.user.id === userId) throw new AppError(ResponseCode.transferToSelf);
    receiver = receiverPreview(match);
  }
  return { transfer: transferRow, receiver };
}

// ── Gift cards ──────────────────────────────────────────────────────────────────────────────

type GiftCardView = NonNullable<Awaited<ReturnType<typeof q.findMemberGiftCard>>>;
/** A gift card as its owner sees it: masked code, value, what remains, state and expiry. */
const toGiftCard = (g: GiftCardView, now = Date.now()) => ({
  id: g.id,
  code_masked: `${g.code.slice(0, 4)}-****-${g.code.slice(-4)}`,
  currency: g.currency,
  value: g.value,
  remaining: g.remaining,
  status: g.status === 'active' && new Date(g.expires_at).getTime() <= now ? ('expired' as const) : g.status,
  expires_at: iso(g.expires_at)!,
  received_from: g.from_name ? maskedMember({ user_name: g.from_name, nickname: g.from_nickname }) : null,
});

/** The member's gift cards: masked code, value, what remains, state and expiry. */
export async function listMemberGiftCards(db: Executor, actor: Actor, input: EndpointQuery<typeof listGiftCards>) {
  const rows = await q.findMemberGiftCards(db, memberIdOf(actor), input.status, input.limit, (input.page - 1) * input.limit);
  const now = Date.now();
  return { list: rows.map((g) => toGiftCard(g, now)), ...page(rows, input) };
}

/**
 * The member redeems one of their usable cards to the wallet: its whole remaining value goes to the
 * cash balance of its currency, once however often or in parallel it is asked (the card's
 * conditional update and the ledger's key per card). Another member's card is "not found".
 */
export async function redeemGiftCardToCash(db: AppDeps['db'], actor: Actor, input: { id: number }): Promise<EndpointData<typeof redeemGiftCardToBalance>> {
  const userId = memberIdOf(actor);
  const card = await q.findMemberGiftCard(db, userId, input.id);
  if (!card) throw new AppError(ResponseCode.giftCardNotFound);
  await requireWalletCurrency(db, card.currency);
  return withTransaction(db, async (tx) => {
    const { currency, amount } = await redeemGiftCard(tx, actor, { userId, cardId: card.id });
    const after = (await q.findMemberGiftCard(tx, userId, card.id))!;
    return { card: toGiftCard(after), currency, amount, cash_balance: await balanceOf(tx, userId, 'cash', currency) };
  });
}

/**
 * Gives gift cards (these ids, or a count of one value) to another member; their value moves with
 * them in the ledger. An id that is not one of the member's cards is "not found"; one of theirs
 * that is used, given or expired "cannot be used".
 */
export async function giveGiftCards(deps: Deps, actor: Actor, input: EndpointBody<typeof giveGiftCard>) {
  const userId = memberIdOf(actor);
  // The sender's own checks come first: the answer tells whether an account exists only to a verified member.
  await requireMoneyOut(deps, actor, userId, input);
  await countReceiverLookup(deps.limiter, userId);
  const receiver = await findReceiver(deps.db, input.account);
  if (receiver.id === userId) throw new AppError(ResponseCode.transferToSelf);
  const key = requestKey(actor, 'gift_card.give', userId);
  return withTransaction(deps.db, async (tx) => {
    await refuseClosedReceiver(tx, receiver.id);
    const wanted = input.card_ids ? new Set(input.card_ids).size : input.count!;
    const cards = await q.lockUsableGiftCardsForUpdate(tx, userId, input.card_ids ? { ids: [...new Set(input.card_ids)] } : { value: input.value, currency: input.currency, count: input.count });
    if (cards.length < wanted && input.card_ids) {
      // A card that is not the member's is "not found", as redeeming says: nothing tells whether it exists.
      const own = await q.findMemberGiftCardIds(tx, userId, [...new Set(input.card_ids)]);
      throw new AppError(own.length < wanted ? ResponseCode.giftCardNotFound : ResponseCode.giftCardUnavailable);
    }
    if (cards.length < wanted) throw new AppError(ResponseCode.giftCardsTooFew, { held: cards.length });
    const perCurrency = new Map<string, number>();
    for (const c of cards) perCurrency.set(c.currency, (perCurrency.get(c.currency) ?? 0) + c.remaining);
    await post(tx, {
      kind: 'gift_card.give',
      reference: { type: 'gift_card', id: cards.map((c) => c.id).join(',') },
      idempotencyKey: key,
      actor,
      postings: [...perCurrency].flatMap(([currency, amount]) => [
        { account: { member: userId, asset: 'gift_card' as const, currency }, amount: -amount },
        { account: { member: receiver.id, asset: 'gift_card' as const, currency }, amount },
      ]),
    });
    const moved = await q.setGiftCardsOwner(tx, cards.map((c) => c.id), userId, receiver.id);
    if (moved.length !== cards.length) throw new AppError(ResponseCode.giftCardUnavailable);
    return { given: moved.length, card_ids: moved.map((m) => m.id).sort((a, b) => a - b) };
  });
}

/** Redeems a card's whole remaining value to the member's cash in its currency, once (checkout spends cards the same way). */
export async function redeemGiftCard(tx: Tx, actor: Actor, input: { userId: number; cardId: number }): Promise<{ currency: string; amount: number }> {
  const [card] = await q.lockUsableGiftCardsForUpdate(tx, input.userId, { ids: [input.cardId] });
  if (!card || !(await q.redeemGiftCardOnce(tx, card.id, input.userId))) throw new AppError(ResponseCode.giftCardUnavailable);
  await post(tx, {
    kind: 'gift_card.redeem',
    reference: { type: 'gift_card', id: card.id },
    idempotencyKey: `gift_card:${card.id}:redeem`,
    actor,
    postings: [
      { account: { member: input.userId, asset: 'gift_card', currency: card.currency }, amount: -card.remaining },
      { account: { system: 'promotions', asset: 'gift_card', currency: card.currency }, amount: card.remaining },
      { account: { system: 'promotions', asset: 'cash', currency: card.currency }, amount: -card.remaining },
      { account: { member: input.userId, asset: 'cash', currency: card.currency }, amount: card.remaining },
    ],
  });
  return { currency: card.currency, amount: card.remaining };
}

/** An operator adds a bank, e-wallet or branch; the bank and the record of who added it commit together. */
export async function addBank(db: Database, actor: Actor, input: { country_code: string; type: 'bank' | 'ewallet'; name: string; code: string; parent_id?: number; reason?: string }) {
  const operator = operatorNameOf(actor);
  if (input.parent_id !== undefined && !(await q.findBank(db, input.parent_id))) throw new AppError(ResponseCode.bankInvalid);
  return withTransaction(db, async (tx) => {
    const row = await q.insertBank(tx, { country_code: input.country_code, type: input.type, name: input.name, code: input.code, parent_id: input.parent_id ?? null });
    await insertOperatorAction(tx, { operator, action: 'bank.add', target_type: 'bank', target_id: row.id, reason: input.reason ?? null, facts: { key: 'bank', code: input.code, name: input.name } });
    return { id: row.id };
  });
}

/** What a points grant carries out once approved. */
export interface PointsGrant {
  user_id: number;
  kind: 'points' | 'shopping_points';
  amount: number;
  reason: string;
}

/** An operator asks to grant points or shopping points to a member, with the reason: a second operator approves it (at once under the owner's threshold). */
export async function grantPoints(db: AppDeps['db'], actor: Actor, input: PointsGrant) {
  operatorNameOf(actor);
  await refuseClosedMember(db, input.user_id);
  return requestApproval<PointsGrant, { entry_id: number; balance: number }>(db, actor, {
    kind: 'points.grant',
    memberId: input.user_id,
    currency: POINTS_CURRENCY,
    amount: input.amount,
    payload: input,
    summary: `${input.amount} ${input.kind === 'points' ? 'points' : 'shopping points'}`,
    reason: input.reason,
  });
}

/** Carries out an approved points grant (once: its request's state decides), as the approving operator. */
export async function postPointsGrant(tx: Tx, actor: Actor, input: PointsGrant, requestId: number) {
  // The member may have closed since it was asked.
  await refuseClosedMember(tx, input.user_id, tx);
  const { entryId } = await post(tx, {
    kind: 'points.grant',
    reference: { type: 'member', id: input.user_id },
    idempotencyKey: `points.grant:approval:${requestId}`,
    actor,
    memo: input.reason,
    postings: [
      { account: { system: 'promotions', asset: input.kind, currency: POINTS_CURRENCY }, amount: -input.amount },
      { account: { member: input.user_id, asset: input.kind, currency: POINTS_CURRENCY }, amount: input.amount },
    ],
  });
  const [acc] = (await findMemberAccountsWithHolds(tx, input.user_id)).filter((a) => a.asset === input.kind);
  return { entry_id: entryId, balance: acc?.balance ?? 0 };
}

const expiryInPast = () => new ValidationError([{ field: 'expires_at', key: 'wallet.validation.giftCardExpiry', params: { field: 'expires_at' } }]);

/** What a gift-card batch carries out once approved. */
export interface GiftCardIssue {
  user_id: number;
  currency: string;
  value: number;
  count: number;
  expires_at: string;
  reason: string;
}

/** An operator asks to issue a batch of gift cards to a member, with the reason: a second operator approves it (at once under the owner's threshold). */
export async function issueGiftCards(db: AppDeps['db'], actor: Actor, input: GiftCardIssue) {
  operatorNameOf(actor);
  await refuseClosedMember(db, input.user_id);
  await requireWalletCurrency(db, input.currency);
  if (new Date(input.expires_at).getTime() <= Date.now()) throw expiryInPast();
  return requestApproval<GiftCardIssue, { batch_id: number; card_ids: number[]; codes: string[] }>(db, actor, {
    kind: 'gift_cards.issue',
    memberId: input.user_id,
    currency: input.currency,
    amount: input.value * input.count,
    payload: input,
    summary: `${input.count} × ${displayMinor(input.value, input.currency)} ${input.currency} gift cards`,
    reason: input.reason,
  });
}

/** Carries out an approved gift-card batch (once: its request's state decides), as the approving operator. */
export async function postGiftCardIssue(tx: Tx, actor: Actor, input: GiftCardIssue) {
  const operator = operatorNameOf(actor);
  if (new Date(input.expires_at).getTime() <= Date.now()) throw expiryInPast();
  // The member may have closed since it was asked.
  await refuseClosedMember(tx, input.user_id, tx);
  const batch = await q.insertGiftCardBatch(tx, { currency: input.currency, value: input.value, count: input.count, expires_at: input.expires_at, issued_to: input.user_id, created_by: operator, reason: input.reason });
  const cards = await q.insertGiftCards(
    tx,
    Array.from({ length: input.count }, () => ({ batch_id: batch.id, code: randomBytes(8).toString('hex').toUpperCase(), owner_id: input.user_id, received_from: null, currency: input.currency, value: input.value, remaining: input.value, expires_at: input.expires_at, redeemed_at: null })),
  );
  await post(tx, {
    kind: 'gift_card.issue',
    reference: { type: 'gift_card_batch', id: batch.id },
    idempotencyKey: `gift_card_batch:${batch.id}:issue`,
    actor,
    // Why, as a points grant says it: the reason the request carried.
    memo: input.reason,
    postings: [
      { account: { system: 'promotions', asset: 'gift_card', currency: input.currency }, amount: -input.value * input.count },
      { account: { member: input.user_id, asset: 'gift_card', currency: input.currency }, amount: input.value * input.count },
    ],
  });
  return { batch_id: batch.id, card_ids: cards.map((c) => c.id), codes: cards.map((c) => c.code) };
}
