import fs from 'node:fs';
import path from 'node:path';
import Decimal from 'decimal.js';
import { ResponseCode } from '@shop/contract';
import type { Executor } from '../../db/database.js';
import { operatorNameOf, type Actor } from '../../lib/actor.js';
import { announce } from '../../lib/changes.js';
import { AppError, ValidationError } from '../../lib/errors.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import type { ExchangeRateSource } from '../../providers/rates/rates.js';
import { parseEcbDaily, type EcbDaily } from './ecb.js';
import * as q from './rates.queries.js';

/** Exact decimals for rates and conversions: 40 significant digits, half-up. Never floats. */
const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/** Significant digits a cross rate is kept with (the converted amount is computed from exactly this). */
const CROSS_RATE_DIGITS = 15;

/** A rate as it is used and recorded: units of the target currency per unit of the source. */
/** The shop's settlement currency: prices are set in it, and an empty cart shows its total in it. */
export const SHOP_CURRENCY = 'USD';

export interface RateQuote {
  /** Exact decimal text. */
  rate: string;
  /** `operator` when any leg was set by an operator, `ecb` when all come from the feed. */
  source: 'ecb' | 'operator' | 'identity';
  /** The date of the oldest leg used (`YYYY-MM-DD`). */
  date: string;
}

const today = () => new Date().toISOString().slice(0, 10);

let minorUnitsCache: Map<string, number> | undefined;
/** Minor units per currency from the currencies table (read once per process; the table changes only by migration). */
export async function minorUnits(db: Executor, currency: string): Promise<number> {
  if (!minorUnitsCache?.has(currency)) {
    const rows = await q.findCurrencyMinorUnits(db);
    minorUnitsCache = new Map(rows.map((r) => [r.code, r.minor_units]));
  }
  const units = minorUnitsCache.get(currency);
  if (units === undefined) throw new AppError(ResponseCode.currencyUnsupported, { currency });
  return units;
}

/**
 * Refuses, on `field`, a currency outside the shop's currency table: an operator's goods, coupon or
 * charity cause in it could never be paid (no minor units, no rates, no ledger accounts). The one
 * check every console form that names a currency uses.
 */
export async function assertShopCurrency(db: Executor, currency: string, field = 'currency'): Promise<void> {
  const refused = () => new ValidationError([{ field, key: 'admin.validation.currencyNotShop', params: { field, currency } }]);
  // `XXX` is in the table for points, which are not money anything is priced in.
  if (currency === 'XXX') throw refused();
  try {
    await minorUnits(db, currency);
  } catch (e) {
    throw e instanceof AppError && e.code === ResponseCode.currencyUnsupported ? refused() : e;
  }
}

/**
 * `amount` minor units of a currency with `fromUnits` decimals, at `rate`, in minor units of a
 * currency with `toUnits` decimals: computed exactly, then rounded half-up once.
 */
export function convertMinor(amount: number, rate: string, fromUnits: number, toUnits: number): number {
  const exact = new Dec(amount).times(new Dec(rate)).times(new Dec(10).pow(toUnits - fromUnits));
  const rounded = exact.toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  const n = rounded.toNumber();
  if (!Number.isSafeInteger(n)) throw new AppError(ResponseCode.amountTooLarge);
  return n;
}

/** `amount` minor units of `from` in minor units of `to` at `rate` (see convertMinor). */
export async function convertAmount(db: Executor, amount: number, from: string, to: string, rate: string): Promise<number> {
  return convertMinor(amount, rate, await minorUnits(db, from), await minorUnits(db, to));
}

interface Leg {
  /** Units of the currency per EUR. */
  perEur: Decimal;
  source: 'ecb' | 'operator';
  date: string;
}

/** A recorded rate as `findLatestRates` (or `latestRatesJson` within another statement) reads it. */
export type StoredRate = { base: string; quote: string; rate: string; source: 'ecb' | 'operator'; rate_date: string };

/** Quotes pairs from one reading of the recorded rates (see rateFor). */
export type RateBook = (from: string, to: string) => Promise<RateQuote>;

/**
 * The rates recorded on `date` (default today), read once, to quote as many pairs as a use case
 * needs: a wallet page quotes every enabled currency with one query instead of one per currency.
 */
export async function rateBook(db: Executor, date: string = today()): Promise<RateBook> {
  const rates = await q.findLatestRates(db, date);
  return async (from, to) => {
    await minorUnits(db, from);
    await minorUnits(db, to);
    if (from === to) return { rate: '1', source: 'identity', date };
    return quoteFrom(rates, from, to, date);
  };
}

/** The next midnight (UTC), when today's rates (rateBook's day) give way to the next day's. */
export const nextRatesDay = (now = new Date()): Date => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));

/**
 * Today's rate from `base` into each of `currencies` (rateFor's rule, one reading of the rates), or
 * null for a currency without one: a list that shows rates leaves such a currency without, never guesses.
 */
export async function ratesInto(db: Executor, base: string, currencies: readonly string[]): Promise<Map<string, RateQuote | null>> {
  const quote = await rateBook(db);
  const out = new Map<string, RateQuote | null>();
  for (const currency of new Set(currencies)) {
    try {
      out.set(currency, await quote(base, currency));
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      out.set(currency, null);
    }
  }
  return out;
}

/**
 * The rate from `from` to `to` on `date` (default today) with its source and date. An operator's
 * rate for the pair (either direction) wins; otherwise the cross rate through EUR, where each
 * currency's EUR rate is the operator's when set, else the ECB's, else one operator hop to a
 * currency that has one (how KHR and TWD get a rate).
 */
export async function rateFor(db: Executor, from: string, to: string, date: string = today()): Promise<RateQuote> {
  return (await rateBook(db, date))(from, to);
}

/**
 * rateFor's rule over rates already read with another statement (`latestRatesJson`): a checkout
 * quotes its currency against the shop's without a statement of its own. The currencies are the
 * caller's (known ones).
 */
export function quoteFromRates(rates: StoredRate[], from: string, to: string, date: string = today()): RateQuote {
  if (from === to) return { rate: '1', source: 'identity', date };
  return quoteFrom(rates, from, to, date);
}

/** rateFor's rule over the latest rate of each pair and source on or before `date`. */
function quoteFrom(rates: StoredRate[], from: string, to: string, date: string): RateQuote {
  const find = (base: string, quote: string, source: 'ecb' | 'operator') => rates.find((r) => r.base === base && r.quote === quote && r.source === source);

  const direct = find(from, to, 'operator');
  if (direct) return { rate: new Dec(direct.rate).toString(), source: 'operator', date: direct.rate_date };
  const inverse = find(to, from, 'operator');
  if (inverse) return { rate: new Dec(1).div(inverse.rate).toSignificantDigits(CROSS_RATE_DIGITS).toString(), source: 'operator', date: inverse.rate_date };

  const eurLeg = (currency: string): Leg | undefined => {
    if (currency === 'EUR') return { perEur: new Dec(1), source: 'ecb', date };
    const op = find('EUR', currency, 'operator');
    if (op) return { perEur: new Dec(op.rate), source: 'operator', date: op.rate_date };
    const opInverse = find(currency, 'EUR', 'operator');
    if (opInverse) return { perEur: new Dec(1).div(opInverse.rate), source: 'operator', date: opInverse.rate_date };
    const ecb = find('EUR', currency, 'ecb');
    if (ecb) return { perEur: new Dec(ecb.rate), source: 'ecb', date: ecb.rate_date };
    return undefined;
  };
  const legOf = (currency: string): Leg | undefined => {
    const leg = eurLeg(currency);
    if (leg) return leg;
    // One operator hop: e.g. USD→KHR set by an operator, USD's EUR rate from the feed.
    for (const r of rates) {
      if (r.source !== 'operator' || (r.base !== currency && r.quote !== currency)) continue;
      const other = r.base === currency ? r.quote : r.base;
      const otherLeg = eurLeg(other);
      if (!otherLeg) continue;
      // r: 1 base = rate quote. Units of `currency` per EUR via `other`.
      const perEur = r.base === currency ? otherLeg.perEur.div(r.rate) : otherLeg.perEur.times(r.rate);
      return { perEur, source: 'operator', date: r.rate_date < otherLeg.date ? r.rate_date : otherLeg.date };
    }
    return undefined;
  };
  const a = legOf(from);
  const b = legOf(to);
  if (!a || !b) throw new AppError(ResponseCode.rateUnavailable, { from, to });
  const rate = b.perEur.div(a.perEur).toSignificantDigits(CROSS_RATE_DIGITS);
  return { rate: rate.toString(), source: a.source === 'operator' || b.source === 'operator' ? 'operator' : 'ecb', date: a.date < b.date ? a.date : b.date };
}

/** Stores a day of ECB rates for the currencies the shop knows; a day already stored is left as it is. */
export async function storeEcbRates(db: Executor, daily: EcbDaily): Promise<number> {
  const known = new Set((await q.findCurrencyMinorUnits(db)).map((r) => r.code));
  const rows = Object.entries(daily.rates)
    .filter(([code]) => known.has(code) && code !== 'EUR')
    .map(([quote, rate]) => ({ base: 'EUR', quote, rate, rate_date: daily.date }));
  if (!rows.length) return 0;
  const stored = (await q.insertEcbRatesIfNew(db, rows)).length;
  if (stored) announce(db, { kind: 'rates' });
  return stored;
}

/** The ECB snapshot files shipped in the repository, newest last. */
export const SNAPSHOT_DIR = import.meta.dirname;
const snapshotFiles = () => fs.readdirSync(SNAPSHOT_DIR).filter((f) => /^ecb-eurofxref-daily-\d{4}-\d{2}-\d{2}\.xml$/.test(f)).sort();

/**
 * Seeds the rates from the newest snapshot in the repository when the database has no ECB rates
 * of that day or later (a fresh install works offline; fetched rates are never replaced).
 */
export async function loadEcbSnapshot(db: Executor): Promise<{ date: string; stored: number } | undefined> {
  const file = snapshotFiles().at(-1);
  if (!file) return undefined;
  const daily = parseEcbDaily(fs.readFileSync(path.join(SNAPSHOT_DIR, file), 'utf8'));
  if (await q.hasEcbRatesSince(db, daily.date)) return { date: daily.date, stored: 0 };
  return { date: daily.date, stored: await storeEcbRates(db, daily) };
}

const RATE_TEXT = /^\d{1,12}(\.\d{1,12})?$/;

/** An operator sets a rate (also for currencies the ECB does not publish); it wins over the feed. Recorded with who and why. */
/** ISO 4217's code for "no currency", under which the ledger keeps points. */
const NO_CURRENCY = 'XXX';

export async function setOperatorRate(db: Executor, actor: Actor, input: { base: string; quote: string; rate: string; date?: string; reason?: string }): Promise<{ id: number } & RateQuote> {
  const operator = operatorNameOf(actor);
  await checkOperatorRate(db, input);
  const date = input.date ?? today();
  const row = await q.insertOperatorRate(db, { base: input.base, quote: input.quote, rate: input.rate, rate_date: date, set_by: operator });
  announce(db, { kind: 'rates' });
  await insertOperatorAction(db, { operator, action: 'rate.set', target_type: 'exchange_rate', target_id: row.id, reason: input.reason ?? null, facts: { key: 'exchange_rate', base: input.base, quote: input.quote, rate: input.rate } });
  return { id: row.id, rate: new Dec(row.rate).toString(), source: 'operator', date: row.rate_date };
}

/** Refuses a rate operators may not set: the same currency twice, points, an unknown currency, or not a positive decimal. */
export async function checkOperatorRate(db: Executor, input: { base: string; quote: string; rate: string }): Promise<void> {
  if (input.base === input.quote) throw new AppError(ResponseCode.rateInvalid);
  for (const currency of [input.base, input.quote]) {
    // Points are kept under ISO 4217's "no currency" code: they have no exchange rate.
    if (currency === NO_CURRENCY) throw new AppError(ResponseCode.currencyUnsupported, { currency });
    await minorUnits(db, currency);
  }
  if (!RATE_TEXT.test(input.rate) || new Dec(input.rate).lte(0)) throw new AppError(ResponseCode.rateInvalid);
}

export { parseEcbDaily };

/** Fetches the feed's latest rates (per EUR) and stores the day if it is new: the work of the rate-refresh job. */
export async function refreshEcbRates(db: Executor, source: ExchangeRateSource): Promise<{ date: string; stored: number }> {
  const latest = await source.latest();
  if (latest.base !== 'EUR') throw new Error(`the ${source.name} feed gives rates per ${latest.base}, not per EUR`);
  return { date: latest.date, stored: await storeEcbRates(db, { date: latest.date, rates: latest.rates }) };
}
