import { currencyExponent, formatMoneyIn, LANGUAGE_TAGS, ResponseCode, type EndpointBody, type EndpointData, type EndpointQuery } from '@shop/contract';
import type { acknowledgePaymentNotice, choosePaymentMethod, getCheckoutPayment, getPaymentMethodFee, getPaymentMethodTotal, listReferralPaymentMethods, payOrder, PayMethod, PaymentInfo } from '@shop/contract';
import type { Executor } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { memberIdOf } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import { responseCache } from '../../lib/cache.js';
import { withTransaction, type Tx } from '../../lib/transaction.js';
import { publicBaseUrl } from '../../providers/index.js';
import { memberBalancesQuery } from '../ledger/ledger.queries.js';
import { balanceOf, balancesFromRows, balancesOf, post, releaseHold, reserveHold, type Balances } from '../ledger/ledger.service.js';
import type { Asset } from '../ledger/ledger.table.js';
import { findUserById } from '../members/members.queries.js';
import { requirePayPassword, walletCurrencies } from '../wallet/wallet.rules.js';
import { lockUsableGiftCardsForUpdate } from '../wallet/wallet.queries.js';
import { redeemGiftCard } from '../wallet/wallet.service.js';
import type { GatewayMethod } from './gateways/gateway.js';
import { balanceParts } from './payment-history.js';
import { loadPayable, payableOfRow, payableQuery, settlePayable, type Payable } from './payable-registry.js';
import * as q from './payments.queries.js';
import type { PayableType, PaymentRow, PayMethodRow } from './payments.table.js';
import { cancelAtGatewayAfterCommit, eventRows, failUnsent, gatewayNamed, inquireAndApply, ledgerPaymentPostings, owedBackReason, paymentNumber, transition, type PaymentsDeps } from './settlement.js';

// The member's side of paying: which methods, what they cost, the notice before paying online,
// starting a payment, and its state.

/** Points and shopping points are counted in ISO 4217's "no currency" code. */
const POINTS_CURRENCY = 'XXX';
const LEDGER_ASSETS: Record<string, Asset> = { cash: 'cash', points: 'points', shopping_points: 'shopping_points', gift_card: 'gift_card' };
/** A payment without a payable deadline may wait this long. */
const DEFAULT_PAYMENT_MINUTES = 30;
/** The browser's polling asks the gateway at most this often per payment. */
export const INQUIRY_INTERVAL_SECONDS = 3;

/** The method's fee on `amount`: a rate in basis points rounded half up once, plus a fixed part. */
export const methodFee = (m: Pick<PayMethodRow, 'fee_bp' | 'fee_fixed_minor'>, amount: number): number => (amount <= 0 ? 0 : Math.floor((amount * m.fee_bp + 5000) / 10000) + m.fee_fixed_minor);

/** Points needed for `amountMinor` of `currency` at `perUnit` points per major unit, rounded up (never in the member's favour silently). */
export function pointsFor(amountMinor: number, currency: string, perUnit: number): number {
  const scale = 10n ** BigInt(currencyExponent(currency));
  const needed = (BigInt(amountMinor) * BigInt(perUnit) + scale - 1n) / scale;
  return Number(needed);
}

const ledgerAssetOf = (m: PayMethodRow): Asset | undefined => (m.gateway ? undefined : LEDGER_ASSETS[m.method]);
const unitsCurrencyOf = (asset: Asset, currency: string) => (asset === 'points' || asset === 'shopping_points' ? POINTS_CURRENCY : currency);

/** The cache tag of the enabled pay methods a process keeps (the table's trigger announces every change of it). */
const PAY_METHODS_TAG = 'pay-methods';

/** Drops the pay methods this process keeps once `tx` commits, before the table's notice reaches it: the next read here shows the change. */
export function payMethodsChangedOnCommit(tx: Tx, deps: Pick<PaymentsDeps, 'config' | 'redis'>): void {
  tx.afterCommit(() => responseCache(deps).invalidate(PAY_METHODS_TAG));
}

/**
 * The wallet balance as a way to pay in `currency` (a wallet currency an operator switched on): added,
 * enabled and without a fee, where the shop has no balance method in it yet; one an operator set
 * before (a fee, or switched off) is kept as it is. Answers the method and whether it was added now.
 */
export async function offerBalanceMethod(tx: Tx, currency: string, by: string): Promise<{ id: number; enabled: boolean; added: boolean }> {
  const added = await q.insertPayMethodIfAbsent(tx, { code: 'balance', gateway: null, method: 'cash', currency, country_code: '*', fee_bp: 0, fee_fixed_minor: 0, enabled: true, sort: 1, updated_by: by });
  const row = added ?? (await q.findPayMethodForAll(tx, 'balance', currency))!;
  return { id: row.id, enabled: row.enabled, added: !!added };
}

/** Every enabled pay method row (each currency and country), as this process keeps them. */
const allPayMethods = (deps: PaymentsDeps) => responseCache(deps).memo({ id: PAY_METHODS_TAG, tags: [PAY_METHODS_TAG] }, () => q.findAllPayMethods(deps.db));

/** The methods enabled for a currency and country, one row per code (a country's own row over the '*' row), whose gateway is configured. */
async function enabledMethods(deps: PaymentsDeps, currency: string, countryCode: string | null): Promise<PayMethodRow[]> {
  const all = await allPayMethods(deps);
  const byCode = new Map<string, PayMethodRow>();
  for (const r of all) if (r.currency === currency && (r.country_code === '*' || r.country_code === countryCode) && (!byCode.has(r.code) || r.country_code !== '*')) byCode.set(r.code, r);
  const offered = [...byCode.values()].filter((r) => !r.gateway || (deps.providers.payments[r.gateway] && deps.providers.payments[r.gateway]!.methods.some((x) => x.method === r.method && x.currencies.includes(currency))));
  return offered.sort((a, b) => a.sort - b.sort || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}

/** Each method as the member sees it (`describeMethod`), the balances of the wallet's own methods read together (unless `held` was read already). */
async function describeMethods(deps: PaymentsDeps, actor: Actor, rows: PayMethodRow[], payable: Pick<Payable, 'type' | 'amountMinor'> | null, held?: Balances): Promise<PayMethod[]> {
  const keys = rows.flatMap((m) => {
    const asset = ledgerAssetOf(m);
    return asset ? [{ asset, currency: unitsCurrencyOf(asset, m.currency) }] : [];
  });
  const balances = held ?? (await balancesOf(deps.db, memberIdOf(actor), keys));
  return rows.map((m) => describeMethod(deps, actor, m, payable, balances));
}

/** The fee paying `p` with a method alone takes: a gateway method's as its payment counts it (`gatewaySplit`: none on a top-up). */
const methodFeeFor = (m: PayMethodRow, p: Pick<Payable, 'type' | 'amountMinor'>) => (m.gateway ? gatewaySplit(m, p, false, 0).fee : methodFee(m, p.amountMinor));

/** One method as the member sees it, with the payable's fee and total (as paying with it charges) and, for the wallet's own value, the balance and need. */
function describeMethod(deps: PaymentsDeps, actor: Actor, m: PayMethodRow, payable: Pick<Payable, 'type' | 'amountMinor'> | null, held: Balances): PayMethod {
  const amount = payable?.amountMinor ?? null;
  const asset = ledgerAssetOf(m);
  let balance: number | null = null;
  let needed: number | null = null;
  if (asset) {
    balance = held.get(asset, unitsCurrencyOf(asset, m.currency));
    if (amount !== null) needed = asset === 'points' || asset === 'shopping_points' ? pointsFor(amount, m.currency, m.points_per_unit ?? 100) : amount;
  }
  const fee = payable === null ? null : methodFeeFor(m, payable);
  return {
    pay_way: m.code,
    name: methodName(deps, actor, m.code),
    gateway: m.gateway,
    method: m.method,
    currency: m.currency,
    fee_rate_bp: m.fee_bp,
    fee_fixed: m.fee_fixed_minor,
    fee,
    total: amount === null ? null : amount + fee!,
    balance,
    needed,
    usable: needed === null || (balance ?? 0) >= needed,
  };
}

/** What a member tells options apart by: the kind of payment and its name (GrabPay through two gateways is one GrabPay to them). */
const lookAlike = (m: PayMethod) => `${m.method}\u0000${m.name}`;

/** Whether `a` costs the member less than `b`: its fee on this payment, else (no payment yet) its rate, then its fixed part. */
const cheaper = (a: PayMethod, b: PayMethod) =>
  a.fee !== null && b.fee !== null ? a.fee < b.fee : a.fee_rate_bp !== b.fee_rate_bp ? a.fee_rate_bp < b.fee_rate_bp : a.fee_fixed < b.fee_fixed;

/**
 * The options offered once each: of methods a member cannot tell apart (the same wallet under the same
 * name through two gateways) the one that costs them least, the operator's first on a tie. Answers the
 * list (in the operator's order) and, for each method left out, the one offered in its place.
 */
function offeredOnce(list: PayMethod[]): { list: PayMethod[]; standIn: Map<string, string> } {
  const best = new Map<string, PayMethod>();
  for (const m of list) {
    const kept = best.get(lookAlike(m));
    if (!kept || cheaper(m, kept)) best.set(lookAlike(m), m);
  }
  const standIn = new Map<string, string>();
  for (const m of list) if (best.get(lookAlike(m)) !== m) standIn.set(m.pay_way, best.get(lookAlike(m))!.pay_way);
  return { list: list.filter((m) => best.get(lookAlike(m)) === m), standIn };
}

const methodName = (deps: PaymentsDeps, actor: Actor, code: string) => {
  const i18n = (deps as { i18n?: { t(lang: string, key: string): string } }).i18n;
  const key = `payments.method.${code}`;
  const text = i18n?.t(actor.lang, key);
  return text && text !== key ? text : code;
};

/** The member's own payable awaiting payment, or the payable's area's "not found" / "not payable". */
async function memberPayable(db: Executor, actor: Actor, type: PayableType, id: number, mustBePayable = true): Promise<Payable> {
  return ownPayable(actor, type, await loadPayable(db, type, id), mustBePayable);
}

/** What a member is told of a payable that does not exist or is another member's: its kind's own "does not exist" (a shop order is an order to its buyer). */
const PAYABLE_NOT_FOUND: Partial<Record<PayableType, number>> = { order: ResponseCode.orderNotFound, shop_order: ResponseCode.orderNotFound, recharge: ResponseCode.rechargeNotFound };

/** `p` when it is the member's and (unless told otherwise) awaiting payment; else the payable's area's "not found" / "not payable". */
function ownPayable(actor: Actor, type: PayableType, p: Payable | undefined, mustBePayable = true): Payable {
  if (!p || p.userId !== memberIdOf(actor)) throw new AppError(PAYABLE_NOT_FOUND[type] ?? ResponseCode.notFound);
  if (p.refusal !== undefined) throw new AppError(p.refusal);
  if (mustBePayable && !p.payable) throw new AppError(ResponseCode.payableNotPayable);
  return p;
}

async function methodForPayable(deps: PaymentsDeps, p: Payable, code: string): Promise<PayMethodRow> {
  const m = (await enabledMethods(deps, p.currency, p.countryCode)).find((x) => x.code === code);
  if (!m || (!m.gateway && !p.ledgerAllowed)) throw new AppError(ResponseCode.payMethodUnavailable);
  return m;
}

/** `/attractive/user/payWay`: the methods the member can use in a currency, with balances. */
export async function memberPayMethods(deps: PaymentsDeps, actor: Actor, input: EndpointQuery<typeof listReferralPaymentMethods>): Promise<EndpointData<typeof listReferralPaymentMethods>> {
  const userId = memberIdOf(actor);
  const currency = input.currency ?? (await walletCurrencies(deps.db)).settlement;
  const member = await findUserById(deps.db, userId);
  const rows = await enabledMethods(deps, currency, member?.country ?? null);
  return { currency, list: offeredOnce(await describeMethods(deps, actor, rows, null)).list };
}

/** `payWayCostTotal`: every method for a payable with its fee and total, and the method chosen so far. */
export async function payableMethods(deps: PaymentsDeps, actor: Actor, input: EndpointBody<typeof getPaymentMethodTotal>): Promise<EndpointData<typeof getPaymentMethodTotal>> {
  // The payable, the method chosen for it so far and the member's balances, read together.
  const read = await q.findPayableWithChoice(deps.db, payableQuery(deps.db, input.order_type, input.order_id), input.order_type, input.order_id, memberBalancesQuery(deps.db, memberIdOf(actor)));
  const p = ownPayable(actor, input.order_type, payableOfRow(input.order_type, read.payable));
  const rows = (await enabledMethods(deps, p.currency, p.countryCode)).filter((m) => m.gateway || p.ledgerAllowed);
  const offered = offeredOnce(await describeMethods(deps, actor, rows, p, balancesFromRows(read.balances)));
  return {
    order_no: p.no,
    currency: p.currency,
    amount: p.amountMinor,
    // A choice of a method now offered through its twin stands for the twin the page shows.
    chosen: read.chosen === null ? null : (offered.standIn.get(read.chosen) ?? read.chosen),
    list: offered.list,
    expires_at: p.expiresAt ? new Date(p.expiresAt).toISOString() : null,
  };
}

/**
 * How a gateway method takes a payable: with the balance beside it (`mixed`) the balance holds what
 * it covers of `balance` (never all of it: then the balance alone pays), the method takes the rest
 * with its fee on that rest (a top-up pays no fee). The quote and the payment both count with this.
 */
function gatewaySplit(m: PayMethodRow, p: Pick<Payable, 'type' | 'amountMinor'>, mixed: boolean, balance: number) {
  const held = mixed ? Math.max(0, Math.min(balance, p.amountMinor)) : 0;
  // The balance alone pays it: the method has nothing to take (said so, the member only needs to leave the card out).
  if (mixed && held >= p.amountMinor) throw new AppError(ResponseCode.payMethodUnavailable, undefined, { messageKey: 'payments.code.balanceCoversAll' });
  const rest = p.amountMinor - held;
  const fee = p.type === 'recharge' ? 0 : methodFee(m, rest);
  return { held, fee, gatewayMinor: rest + fee };
}

/**
 * `payWayCost`: what paying a payable with one method takes: from the balance (with `use_balance`,
 * a gateway method beside the balance, held as the payment holds it), by the method, its fee and
 * all in all; counted as paying with it counts (`gatewaySplit`), so the quote is the charge.
 */
export async function payableMethodCost(deps: PaymentsDeps, actor: Actor, input: EndpointQuery<typeof getPaymentMethodFee>): Promise<EndpointData<typeof getPaymentMethodFee>> {
  const p = await memberPayable(deps.db, actor, input.order_type, input.order_id);
  const m = await methodForPayable(deps, p, input.pay_way);
  if (!m.gateway) {
    const fee = methodFee(m, p.amountMinor);
    return { pay_way: m.code, currency: p.currency, amount: p.amountMinor, balance_part: 0, gateway_part: 0, fee, total: p.amountMinor + fee };
  }
  const mixed = !!input.use_balance && p.ledgerAllowed;
  const split = gatewaySplit(m, p, mixed, mixed ? await balanceOf(deps.db, memberIdOf(actor), 'cash', p.currency) : 0);
  return { pay_way: m.code, currency: p.currency, amount: p.amountMinor, balance_part: split.held, gateway_part: split.gatewayMinor, fee: split.fee, total: split.held + split.gatewayMinor };
}

/** `choosePayWay`: fixes the method and its fee on the payable (paying later with another method replaces the choice). */
export async function choosePayWay(deps: PaymentsDeps, actor: Actor, input: EndpointBody<typeof choosePaymentMethod>): Promise<EndpointData<typeof choosePaymentMethod>> {
  const p = await memberPayable(deps.db, actor, input.order_type, input.order_id);
  const m = await methodForPayable(deps, p, input.pay_way);
  const fee = methodFeeFor(m, p);
  await q.upsertPayChoice(deps.db, { payable_type: p.type, payable_id: p.id, user_id: p.userId, method_code: m.code, currency: p.currency, fee_minor: fee });
  return { order_no: p.no, pay_way: m.code, currency: p.currency, amount: p.amountMinor, fee, total: p.amountMinor + fee };
}


/**
 * `/oms/viewNotice/notice`: the notice shown before paying with a method — whose service takes the
 * payment and on whose terms, its fee, and that a card or wallet in another currency is converted
 * by its provider — in the member's language; records that the member read it.
 */
export async function paymentNotice(deps: PaymentsDeps & { i18n: { t(lang: string, key: string, params?: Record<string, string | number>): string } }, actor: Actor, input: EndpointBody<typeof acknowledgePaymentNotice>): Promise<EndpointData<typeof acknowledgePaymentNotice>> {
  const userId = memberIdOf(actor);
  const payable = input.order_id ? await memberPayable(deps.db, actor, input.order_type, input.order_id) : undefined;
  const currency = payable?.currency ?? (await walletCurrencies(deps.db)).settlement;
  // Without a payable, the member's country names the methods (a payable carries its own).
  const m = payable
    ? await methodForPayable(deps, payable, input.pay_way)
    : (await enabledMethods(deps, currency, (await findUserById(deps.db, userId))?.country ?? null)).find((x) => x.code === input.pay_way);
  if (!m) throw new AppError(ResponseCode.payMethodUnavailable);
  const t = (key: string, params?: Record<string, string | number>) => deps.i18n.t(actor.lang, `payments.notice.${key}`, params);
  // Written as the pay page writes the same amounts ("697,90 $" to a Hungarian reader), its sign naming the currency.
  const money = (minor: number) => formatMoneyIn(minor, currency, LANGUAGE_TAGS[actor.lang]);
  const name = methodName(deps, actor, m.code);
  const amount = payable?.amountMinor ?? null;
  // Beside the balance the method takes only the rest, with its fee on the rest (as paying does).
  const split = payable && m.gateway && input.use_balance && payable.ledgerAllowed ? gatewaySplit(m, payable, true, await balanceOf(deps.db, userId, 'cash', payable.currency)) : undefined;
  const fee = split ? split.fee : amount === null ? null : methodFee(m, amount);
  const charged = split ? split.gatewayMinor : amount === null ? null : amount + fee!;
  const paragraphs = m.gateway
    ? [
        t('gateway', { amount: charged === null ? '' : money(charged), method: name }),
        fee ? t('fee', { fee: money(fee) }) : t('noFee'),
        t('conversion', { currency }),
      ]
    : [t('ledger', { amount: amount === null ? '' : money(amount), method: name })];
  const read = await q.recordNoticeRead(deps.db, { user_id: userId, method_code: m.code, currency });
  return { pay_way: m.code, title: t('title'), paragraphs, currency, amount, fee, read_at: new Date(read.read_at).toISOString(), reads: read.reads };
}

/** True when every row of pay method `code` goes through a gateway: paying with it alone never takes the wallet's value. */
async function gatewayOnlyMethod(deps: PaymentsDeps, code: string): Promise<boolean> {
  const rows = (await allPayMethods(deps)).filter((r) => r.code === code);
  return rows.length > 0 && rows.every((r) => !!r.gateway);
}

/** The step-up before the wallet's value pays or is held (here, and when an order takes points at checkout): the pay password (wrong answers count toward a lockout) and the authenticator once bound. */
export async function requirePayProof(deps: PaymentsDeps, actor: Actor, userId: number, proof: { pay_password?: string; google_code?: string }): Promise<void> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError(ResponseCode.userNotFound);
  await requirePayPassword(deps, actor, user, proof);
}

/**
 * Pays a payable with a method. The wallet's own value (balance, points, shopping points, gift-card
 * value) pays at once through the ledger. A gateway method creates a payment at the gateway and
 * answers where the browser goes next; with `use_balance` the balance covers what it can, held
 * until the gateway part succeeds and released if it fails or expires. A member who starts again
 * with the same method gets the open payment back; with another method the open one is cancelled.
 */
export async function startPayment(deps: PaymentsDeps & { i18n?: unknown }, actor: Actor, input: EndpointBody<typeof payOrder> & { only_gateway?: string }): Promise<PaymentInfo> {
  const userId = memberIdOf(actor);
  /** The method paying `payable`, refused where it may not. */
  const methodFor = async (payable: Payable) => {
    const m = await methodForPayable(deps, payable, input.pay_way);
    if (input.only_gateway && m.gateway !== input.only_gateway) throw new AppError(ResponseCode.payMethodUnavailable);
    // A top-up in instalments is paid by the instalment method only, and only it is.
    if (payable.type === 'recharge' && (m.method === 'ctbc_installment') !== !!payable.instalments) throw new AppError(ResponseCode.payMethodUnavailable);
    const asset = ledgerAssetOf(m);
    const mixed = !!m.gateway && input.use_balance && payable.ledgerAllowed;
    if (!m.gateway && !asset) throw new AppError(ResponseCode.payMethodUnavailable);
    return { m, asset, mixed };
  };
  // The wallet's own value, alone or beside a gateway, asks for the pay password before the
  // payable's lock is taken (its hash takes a while), the payable read for it first. A gateway
  // alone asks for nothing: its payable is read once, under the lock.
  let early: Awaited<ReturnType<typeof methodFor>> | undefined;
  if (input.use_balance || !(await gatewayOnlyMethod(deps, input.pay_way))) {
    early = await methodFor(await memberPayable(deps.db, actor, input.order_type, input.order_id));
    if (early.asset || early.mixed) await requirePayProof(deps, actor, userId, input);
  }

  const started = await withTransaction(deps.db, async (tx) => {
    await q.lockPayableSlot(tx, input.order_type, input.order_id);
    // Under the lock: the payable and its open payments, read together.
    const read = await q.findPayableWithOpenPayments(tx, payableQuery(tx, input.order_type, input.order_id), input.order_type, input.order_id);
    const fresh = ownPayable(actor, input.order_type, payableOfRow(input.order_type, read.payable));
    const { m, asset, mixed } = early ?? (await methodFor(fresh));
    if (!early && (asset || mixed)) throw new Error(`pay method ${m.code} would take the wallet's value without the pay password`);
    // An open payment with the same method is the one to continue; any other is cancelled here (a
    // success it still gets is owed back and flagged).
    for (const open of read.open) {
      const sameCourse = open.method_code === m.code && open.provider_ref && (open.ledger_minor > 0) === mixed && new Date(open.expires_at).getTime() > Date.now();
      if (sameCourse) return { payment: open, reused: true, payable: fresh };
      const cancelled = await transition(tx, actor, open, ['created', 'pending'], 'canceled', 'member', { reason: 'replaced by another payment' });
      if (cancelled?.hold_id) await releaseHold(tx, cancelled.hold_id, { actor });
      if (cancelled) cancelAtGatewayAfterCommit(tx, deps, cancelled);
    }
    // Paying with a method chooses it: the choice follows the member's latest attempt (written with the payment).
    const choice = { payable_type: fresh.type, payable_id: fresh.id, user_id: userId, method_code: m.code, currency: fresh.currency, fee_minor: methodFee(m, fresh.amountMinor) };
    const reference = paymentNumber('P');
    const expiresAt = fresh.expiresAt ?? new Date(Date.now() + DEFAULT_PAYMENT_MINUTES * 60_000);
    if (asset) {
      // The wallet's value pays it all, now. Gift cards are spent as checkout spends them: whole
      // cards, soonest to expire first, redeemed to cash (what is left over stays in the balance).
      if (asset === 'gift_card') {
        let redeemed = 0;
        for (const card of await lockUsableGiftCardsForUpdate(tx, userId, { currency: fresh.currency })) {
          if (redeemed >= fresh.amountMinor) break;
          redeemed += (await redeemGiftCard(tx, actor, { userId, cardId: card.id })).amount;
        }
        // Together the cards hold less than is due: said as such (the transaction gives back what was redeemed).
        if (redeemed < fresh.amountMinor) throw new AppError(ResponseCode.giftCardValueTooLow);
      }
      const paidWith: Asset = asset === 'gift_card' ? 'cash' : asset;
      const unitsCurrency = unitsCurrencyOf(paidWith, fresh.currency);
      const units = asset === 'points' || asset === 'shopping_points' ? pointsFor(fresh.amountMinor, fresh.currency, m.points_per_unit ?? 100) : fresh.amountMinor;
      // Booked first, then stored as succeeded with its entry: the payment's history still reads
      // created, then succeeded, all in this transaction (a refused payable undoes all of it).
      const { entryId } = await post(tx, {
        kind: 'payment.wallet',
        reference: { type: 'payment', id: reference },
        idempotencyKey: `payment:${reference}:wallet`,
        actor,
        postings: ledgerPaymentPostings(userId, paidWith, unitsCurrency, units, fresh.currency, fresh.amountMinor, 'sales'),
      });
      const done = await q.insertPayment(
        tx,
        {
          reference, user_id: userId, payable_type: fresh.type, payable_id: fresh.id, payable_no: fresh.no, method_code: m.code, gateway: null, method: m.method, currency: fresh.currency,
          payable_minor: fresh.amountMinor, fee_minor: 0, ledger_minor: fresh.amountMinor, ledger_asset: paidWith, ledger_units: units, ledger_currency: unitsCurrency,
          gateway_minor: 0, hold_id: null, status: 'succeeded', provider_ref: null, redirect_url: null, client_secret: null, sdk_params: null, failure_reason: null, entry_id: entryId, expires_at: expiresAt, finished_at: new Date(), last_inquired_at: null,
        },
        eventRows(actor, [
          { kind: 'created', source: 'member', to: 'created', detail: { method: m.code } },
          { kind: 'transition', source: 'member', from: 'created', to: 'succeeded', detail: {} },
        ]),
        choice,
      );
      const outcome = await settlePayable(tx, actor, fresh, fresh.amountMinor, fresh.currency, 'ledger', paidWith === 'points' || paidWith === 'shopping_points');
      if (outcome !== 'paid') throw new AppError(ResponseCode.payableNotPayable);
      return { payment: done, reused: false, payable: fresh };
    }
    // A gateway pays all or the part the balance does not cover.
    const { held, fee, gatewayMinor } = gatewaySplit(m, fresh, mixed, mixed ? await balanceOf(tx, userId, 'cash', fresh.currency) : 0);
    const payment = await q.insertPayment(
      tx,
      {
        reference, user_id: userId, payable_type: fresh.type, payable_id: fresh.id, payable_no: fresh.no, method_code: m.code, gateway: m.gateway, method: m.method, currency: fresh.currency,
        payable_minor: fresh.amountMinor, fee_minor: fee, ledger_minor: held, ledger_asset: held ? 'cash' : null, ledger_units: held, ledger_currency: held ? fresh.currency : null,
        gateway_minor: gatewayMinor, hold_id: null, status: 'created', provider_ref: null, redirect_url: null, client_secret: null, sdk_params: null, failure_reason: null, entry_id: null, expires_at: expiresAt, finished_at: null, last_inquired_at: null,
      },
      eventRows(actor, [{ kind: 'created', source: 'member', to: 'created', detail: { method: m.code, held } }]),
      choice,
    );
    if (held > 0) {
      const hold = await reserveHold(tx, { account: { member: userId, asset: 'cash', currency: fresh.currency }, amount: held, reference: { type: 'payment', id: reference }, idempotencyKey: `payment:${payment.id}:hold`, actor });
      await q.setPaymentHold(tx, payment.id, hold.id);
      return { payment: { ...payment, hold_id: hold.id }, reused: false, payable: fresh };
    }
    return { payment, reused: false, payable: fresh };
  });
  const payable = started.payable;
  if (started.reused || !started.payment.gateway) return paymentInfo(deps, actor, started.payment, payable);

  const p = started.payment;
  const gateway = gatewayNamed(deps, p.gateway);
  const base = publicBaseUrl(deps.config);
  let created;
  try {
    created = await gateway.create({
      reference: p.reference,
      amountMinor: p.gateway_minor,
      currency: p.currency,
      method: p.method as GatewayMethod,
      description: `${payable.no}`,
      returnUrl: returnAddress(base, payable, p.reference, gateway.name),
      notifyUrl: `${base}/webhooks/${gateway.name}`,
      expiresAt: new Date(p.expires_at),
      options: { bank: input.bank, instalments: payable.instalments ?? undefined },
      customer: { memberId: userId, ip: actor.ip, userAgent: actor.userAgent },
    });
  } catch (error) {
    await failUnsent(deps, actor, p.id, error instanceof Error ? error.message.slice(0, 200) : 'gateway error');
    throw new AppError(ResponseCode.gatewayUnavailable);
  }
  const answer = { provider_ref: created.providerRef, redirect_url: created.redirectUrl ?? null, client_secret: created.clientSecret ?? null, sdk_params: created.sdkParams ? JSON.stringify(created.sdkParams) : null };
  // The statement locks the row: a notification arriving meanwhile waits for it.
  const after =
    created.status === 'failed' || created.status === 'canceled'
      ? await withTransaction(deps.db, async (tx) => {
          const row = await q.setPaymentProviderData(tx, p.id, answer);
          const failed = await transition(tx, actor, row, ['created'], 'failed', 'member', { reason: created.status });
          if (failed && row.hold_id) await releaseHold(tx, row.hold_id, { actor });
          return failed ?? row;
        })
      : await q.storeProviderAnswer(deps.db, p.id, answer, eventRows(actor, [{ kind: 'transition', source: 'member', from: 'created', to: 'pending', detail: {} }])[0]!);
  return paymentInfo(deps, actor, after, payable);
}

/** Pages of the app a gateway sends the browser back to, where the return itself is read (2C2P's `paymentResponse`, Alipay's). */
const RETURN_PAGES: Record<string, string> = { '2c2p': 'pages/pay/2c2pPay', alipay: 'pages/goods/alione' };

/**
 * Where the gateway sends the browser back: a top-up to its own record; an order or a pledge to
 * its gateway's return page, else the pay result page. The return is a hint, never proof.
 */
function returnAddress(base: string, payable: Payable, reference: string, gateway: string): string {
  if (payable.type === 'recharge') return `${base}/h5/#/pages/my/rechargeInfo?id=${payable.id}&payment_no=${reference}`;
  const page = RETURN_PAGES[gateway] ?? 'pages/goods/payFinish';
  return `${base}/h5/#/${page}?payment_no=${reference}&order_id=${payable.id}&order_type=${payable.type}`;
}

/** A payment's money owed back, when the statement that read the payment read it too (`q.OwedBackFacts`). */
type OwedBackRead = { owed_back?: q.OwedBackFacts | null };

/** A payment as the pay pages read it. */
async function paymentInfo(deps: PaymentsDeps & { i18n?: unknown }, actor: Actor, p: PaymentRow & OwedBackRead, payable?: Payable): Promise<PaymentInfo> {
  const no = payable?.no ?? p.payable_no ?? (await loadPayable(deps.db, p.payable_type, p.payable_id))!.no;
  const open = p.status === 'created' || p.status === 'pending';
  // Money the gateway took when its payable could no longer take it (late, or the payable closed
  // meanwhile) is owed back, whatever the payment's own state: the pay pages never call it a success.
  const owedBack = p.gateway && !open ? await owedBackOf(deps.db, p) : null;
  const state = open ? 'in_progress' : p.status === 'succeeded' && !owedBack ? 'success' : 'failed';
  const i18n = (deps as { i18n?: { t(lang: string, key: string): string } }).i18n;
  const failedKey = owedBack ? (owedBack.refunded ? 'payments.owedBack.titleRefunded' : 'payments.owedBack.title') : 'payments.state.failed';
  // A balance part held beside the gateway may have been given back since (`balanceParts`).
  const { balance_part, balance_released } = balanceParts({ ...p, hold_status: p.hold_id === null ? null : await q.findHoldStatus(deps.db, p.hold_id) });
  return {
    payment_no: p.reference,
    order_type: p.payable_type,
    order_id: p.payable_id,
    order_no: no,
    pay_way: p.method_code,
    gateway: p.gateway,
    status: p.status,
    state,
    currency: p.currency,
    amount: p.payable_minor,
    fee: p.fee_minor,
    balance_part,
    balance_released,
    gateway_part: p.gateway_minor,
    points: p.ledger_asset === 'points' || p.ledger_asset === 'shopping_points' ? p.ledger_units : null,
    redirect_url: state === 'in_progress' ? p.redirect_url : null,
    client_secret: state === 'in_progress' ? p.client_secret : null,
    sdk_params: state === 'in_progress' ? ((p.sdk_params as Record<string, string> | null) ?? null) : null,
    expires_at: new Date(p.expires_at).toISOString(),
    finished_at: p.finished_at ? new Date(p.finished_at).toISOString() : null,
    message: state === 'failed' ? (i18n?.t(actor.lang, failedKey) ?? 'Payment Failed') : null,
    owed_back: owedBack,
  };
}

/**
 * What a payment owes back to the member, when its money arrived as its payable could no longer
 * take it: the whole gateway part, refunded once its gateway refunds give it all back (or an
 * operator closed the flag as given back by other means).
 */
async function owedBackOf(db: Executor, p: PaymentRow & OwedBackRead): Promise<PaymentInfo['owed_back']> {
  const flag = p.owed_back !== undefined ? p.owed_back : await q.findOwedBack(db, p.id);
  const reason = flag && owedBackReason(flag.kind);
  if (!reason) return null;
  return { amount: p.gateway_minor, currency: p.currency, reason, refunded: Number(flag.refunded_minor) >= p.gateway_minor || flag.resolution === 'dismissed' };
}

/**
 * `payInfo` and `getPayStateInfo`: a payment (by number, or the newest of a payable) of the member.
 * While it is open the gateway is asked (at most every few seconds per payment): the browser's
 * return and polling are hints that trigger an inquiry, never proof.
 */
export async function paymentState(deps: PaymentsDeps & { i18n?: unknown }, actor: Actor, input: EndpointQuery<typeof getCheckoutPayment>): Promise<PaymentInfo> {
  const userId = memberIdOf(actor);
  let p = input.payment_no ? await q.findMemberPaymentByReference(deps.db, userId, input.payment_no) : input.order_id ? await q.findLatestPaymentOfPayable(deps.db, input.order_type, input.order_id, userId) : undefined;
  if (!p) throw new AppError(ResponseCode.paymentNotFound);
  if ((p.status === 'pending' || p.status === 'created') && p.gateway && (await q.claimInquiry(deps.db, p.id, INQUIRY_INTERVAL_SECONDS))) {
    await inquireAndApply(deps, actor, p, 'return');
    p = (await q.findMemberPaymentByReference(deps.db, userId, p.reference))!;
  }
  return paymentInfo(deps, actor, p);
}
