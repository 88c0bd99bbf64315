/**
 * Money is integers: amounts travel and are stored as integer minor units with a currency code.
 * Display floors to two decimals (spec §5). No helper assumes a currency: the caller names it.
 */

/** Minor-unit exponent of each currency we know; others have 2. */
// ISO 4217 (XXX: points, which have no currency, in whole units). IDR and HUF shown without decimals is a display choice; their minor units stay 2, as in the ledger's currencies table.
const EXPONENTS: Record<string, number> = { JPY: 0, KRW: 0, VND: 0, CLP: 0, KWD: 3, BHD: 3, XXX: 0 };
export const currencyExponent = (currency: string): number => EXPONENTS[currency.toUpperCase()] ?? 2;

/** A number written out in plain decimal notation (no exponent), exactly as JavaScript prints it. */
function plainDecimal(n: number): string {
  const s = String(n);
  if (!/e/i.test(s)) return s;
  return n.toFixed(20).replace(/\.?0+$/, '');
}

/**
 * Amount text with its thousands commas taken out ("1,234.5" → "1234.5"). A comma that does not group
 * whole thousands ("1,50", written where a comma is the decimal mark) is left in, so the text is refused
 * as an amount rather than read as a hundred times more.
 */
function withoutGroupCommas(text: string): string {
  const s = text.trim();
  return /^[-+]?\d{1,3}(?:,\d{3})+(?:\.\d*)?$/.test(s) ? s.replace(/,/g, '') : s;
}

/** Cuts (never rounds) an amount to 2 decimals and prints it: `floorAmount(0.299) === '0.29'`. */
export function floorAmount(value: number | string, decimals = 2): string {
  const s = typeof value === 'number' ? plainDecimal(value) : withoutGroupCommas(value);
  if (!/^[-+]?\d*(?:\.\d*)?$/.test(s) || !/\d/.test(s)) throw new RangeError(`not an amount: ${String(value)}`);
  const negative = s.startsWith('-');
  const [intPart = '0', frac = ''] = s.replace(/^[-+]/, '').split('.');
  const digits = (frac + '0'.repeat(decimals)).slice(0, decimals);
  const whole = intPart.replace(/^0+(?=\d)/, '') || '0';
  const out = decimals > 0 ? `${whole}.${digits}` : whole;
  return negative && /[1-9]/.test(out) ? `-${out}` : out;
}

/** `value` written with `exp` decimals as an integer (`'12.5'`, 2 → 1250), refusing more precision than that. */
function scaledInteger(value: string | number, exp: number, unit: string): number {
  const s = typeof value === 'number' ? plainDecimal(value) : withoutGroupCommas(value);
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) throw new RangeError(`not an amount: ${String(value)}`);
  const frac = (m[3] ?? '').replace(/0+$/, '');
  if (frac.length > exp) throw new RangeError(`${String(value)} has more than ${exp} decimals for ${unit}`);
  const scaled = Number(m[2]) * 10 ** exp + Number((frac + '0'.repeat(exp)).slice(0, exp) || '0');
  if (!Number.isSafeInteger(scaled)) throw new RangeError(`amount out of range: ${String(value)}`);
  return m[1] ? -scaled : scaled;
}

/** An integer with `exp` implied decimals written out (`1250`, 2 → `'12.50'`). */
function unscaled(value: number, exp: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`minor units must be a safe integer: ${value}`);
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  if (exp === 0) return `${sign}${abs}`;
  const unit = 10 ** exp;
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(exp, '0')}`;
}

/** Parses a decimal amount (`'1,234.5'`) into integer minor units of the currency, refusing extra precision. */
export const toMinorUnits = (amount: string | number, currency: string): number => scaledInteger(amount, currencyExponent(currency), currency);

/**
 * An unsigned amount as a person writes it in a language whose decimal mark is `decimal`, in the wire's
 * form ("1234.50"); undefined when it cannot be read for sure. Where the decimal mark is a comma
 * (Hungarian, Indonesian), "10,50" is ten and a half and dots or spaces group thousands; elsewhere a dot
 * is the decimal mark and commas or spaces group thousands. A group is exactly three digits, so "10.50"
 * in Indonesian or "10,50" in English is not read as anything. Decimals are not counted here: the
 * currency's own are checked when the amount is scaled.
 */
export function readWrittenAmount(typed: string, decimal: string): string | undefined {
  const comma = decimal === ',';
  const [whole = '', fraction, extra] = typed.trim().split(comma ? ',' : '.');
  if (extra !== undefined || (fraction !== undefined && !/^\d+$/.test(fraction))) return undefined;
  // A space groups thousands in every language (Intl writes a no-break one: the same to the reader).
  const digits = ungroup(whole.replace(/[\u00a0\u202f]/g, ' '), comma ? '. ' : ', ');
  if (digits === undefined) return undefined;
  return `${digits.replace(/^0+(?=\d)/, '')}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** The digits of a whole number written with one kind of thousands separator (of `separators`), or alone; undefined otherwise. */
function ungroup(whole: string, separators: string): string | undefined {
  if (/^\d+$/.test(whole)) return whole;
  const used = [...new Set([...whole].filter((c) => !/\d/.test(c)))];
  const mark = used[0];
  if (used.length !== 1 || !mark || !separators.includes(mark)) return undefined;
  const parts = whole.split(mark);
  if (!/^\d{1,3}$/.test(parts[0]!) || !parts.slice(1).every((p) => /^\d{3}$/.test(p))) return undefined;
  return parts.join('');
}

/** Prints integer minor units as a decimal amount of the currency: `fromMinorUnits(1234, 'USD') === '12.34'`. */
export const fromMinorUnits = (minor: number, currency: string): string => unscaled(minor, currencyExponent(currency));

/** Parses a percentage (`'2.5'`) into basis points (250), the unit fees and rates are stored in; more than two decimals is refused. */
export const toBasisPoints = (percent: string | number): number => scaledInteger(percent, 2, 'a percentage');

/** Prints basis points as a percentage with two decimals: `fromBasisPoints(250) === '2.50'`. */
export const fromBasisPoints = (bp: number): string => unscaled(bp, 2);

/** The decimals an amount is shown with: the currency's own, at most two (the shop floors amounts to two, spec §5). */
export const shownDecimals = (currency: string): number => Math.min(currencyExponent(currency), 2);

/** Currencies whose prices are quoted in whole units: their sub-units (fillér, sen, sen of riel) exist in the ledger but in no price. */
const WHOLE_UNIT_PRICES = new Set(['HUF', 'IDR', 'KHR']);

/**
 * The decimals a price converted for reading (an estimate at a day's rate, not an amount anyone is
 * charged or holds) is shown with: none in forint, rupiah and riel (the exchange-rates decision's
 * display choice), else the currency's shown decimals. Balances and charged amounts keep shownDecimals.
 */
export const estimateDecimals = (currency: string): number => (WHOLE_UNIT_PRICES.has(currency.toUpperCase()) ? 0 : shownDecimals(currency));

/** A minor-unit amount shown as the spec wants it: the currency's shown decimals, floored: "12.34" dollars, "1200" yen, "1.23" dinars. */
export const displayMinor = (minor: number, currency: string): string => floorAmount(fromMinorUnits(minor, currency), shownDecimals(currency));

/**
 * `minor` units of `fromCurrency` in minor units of `toCurrency` at an exact decimal `rate` (units
 * of `toCurrency` per unit of `fromCurrency`), floored to the target's minor unit: a price shown
 * in another currency is never more than its conversion. Exact: the rate is read as a decimal string.
 */
export function convertMinorFloor(minor: number, fromCurrency: string, rate: string, toCurrency: string): number {
  return convertMinorFloorAcross(minor, fromCurrency, '1', rate, toCurrency);
}

/** An exact decimal rate as a fraction (numerator, denominator). */
function rateFraction(rate: string): [bigint, bigint] {
  if (!/^\d+(?:\.\d+)?$/.test(rate)) throw new RangeError(`not a rate: ${rate}`);
  const [int = '0', frac = ''] = rate.split('.');
  return [BigInt(int + frac), 10n ** BigInt(frac.length)];
}

/**
 * `minor` units of `fromCurrency` in minor units of `toCurrency`, given each one's rate against the
 * same base currency (units of it per unit of the base, exact decimal strings): the cross rate is kept
 * as an exact fraction and the result floored once, as convertMinorFloor does.
 */
export function convertMinorFloorAcross(minor: number, fromCurrency: string, fromRate: string, toRate: string, toCurrency: string): number {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`minor units must be a safe integer: ${minor}`);
  const [fromNum, fromDen] = rateFraction(fromRate);
  const [toNum, toDen] = rateFraction(toRate);
  if (fromNum === 0n) throw new RangeError(`not a rate: ${fromRate}`);
  const fromExp = 10n ** BigInt(currencyExponent(fromCurrency));
  const toExp = 10n ** BigInt(currencyExponent(toCurrency));
  return Number((BigInt(minor) * toNum * fromDen * toExp) / (toDen * fromNum * fromExp));
}

/**
 * Splits `total` minor units into parts proportional to `weights` by the largest remainder, losing
 * nothing to rounding: each part gets the floor of its exact share, and the units left over go one
 * each to the parts whose shares lost the most to the floor (a tie to the earlier part). A part of
 * weight 0 gets 0. Exact for any safe-integer total and weights: the products are taken in BigInt.
 */
export function allocateMinor(total: number, weights: number[]): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`total must be a safe integer of at least 0: ${total}`);
  if (weights.some((w) => !Number.isSafeInteger(w) || w < 0)) throw new RangeError('weights must be safe integers of at least 0');
  const sum = weights.reduce((a, w) => a + BigInt(w), 0n);
  if (sum <= 0n) throw new RangeError('weights must add up to more than 0');
  const whole = BigInt(total);
  const parts = weights.map((w) => (whole * BigInt(w)) / sum);
  const remainders = weights.map((w) => (whole * BigInt(w)) % sum);
  // Fewer units are left than parts with a remainder (each remainder is below `sum`): a weight-0 part, with none, never gets one.
  let left = Number(whole - parts.reduce((a, p) => a + p, 0n));
  const byRemainder = weights.map((_, i) => i).sort((a, b) => (remainders[b]! > remainders[a]! ? 1 : remainders[b]! < remainders[a]! ? -1 : a - b));
  for (const i of byRemainder) {
    if (left <= 0) break;
    parts[i]! += 1n;
    left--;
  }
  return parts.map(Number);
}

/** `basisPoints` (1/100 of a percent) of `amountMinor`, rounded half up: fees, coupon percentages and rates of a base. */
export function shareOfMinor(amountMinor: number, basisPoints: number): number {
  if (!Number.isSafeInteger(amountMinor) || !Number.isSafeInteger(amountMinor * basisPoints)) throw new RangeError('amount out of range');
  return Math.floor((amountMinor * basisPoints + 5000) / 10000);
}
