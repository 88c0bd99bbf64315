import { DEFAULT_LANGUAGE, formatMoneyIn, LANGUAGE_TAGS, normalizeLanguage, writeDecimal } from '@shop/contract/common';
import { writeCount } from '@/lib/count-text';
import { i18n } from '@/lib/i18n';
import { NUMBER_PATTERNS } from '@/lib/number-patterns';
import { readDate, writeDate } from '@shop/client/dates';

/** The member's language as a BCP 47 tag (the app's current language unless told). */
const tagOf = (lang?: string): string => LANGUAGE_TAGS[normalizeLanguage(lang ?? i18n.language) ?? DEFAULT_LANGUAGE];

// Intl's formats, kept per language and options: making one costs about as much as a hundred uses.
const formats = new Map<string, { format(value: never): string }>();
function kept<F extends { format(value: never): string }>(key: string, make: () => F): F {
  let format = formats.get(key) as F | undefined;
  if (!format) formats.set(key, (format = make()));
  return format;
}

/**
 * An amount in minor units as the member reads money in their language: the currency's sign, its own
 * decimals (none for yen, two for dollars and baht; floored, never rounded up, as the shop shows
 * amounts), and the language's grouping: "$1,366.99", "฿10,095.24", "¥1,367", "1 366,99 Ft".
 * The shop's one money formatter (`formatMoneyIn`), with the app's own table of patterns: the first
 * Intl number format a page makes costs about 25 ms on a fast processor, a long task on a phone.
 * `decimals`: other than the currency's shown ones, for an estimate (`estimateDecimals`).
 */
export function formatMoney(minor: number, currency: string, lang?: string, decimals?: number): string {
  const tag = tagOf(lang);
  return formatMoneyIn(minor, currency, tag, NUMBER_PATTERNS[tag], decimals);
}

/** The marks a language writes numbers with: its decimal mark and its thousands separator ("." and ",", or "," and a space). */
export function numberMarks(lang?: string): { decimal: string; group: string } {
  const tag = tagOf(lang);
  const pattern = NUMBER_PATTERNS[tag];
  if (pattern) return { decimal: pattern.decimal, group: pattern.group };
  const written = (kept(`number|${tag}`, () => new Intl.NumberFormat(tag)) as Intl.NumberFormat).formatToParts(1234567.5);
  return { decimal: written.find((p) => p.type === 'decimal')?.value ?? '.', group: written.find((p) => p.type === 'group')?.value ?? ',' };
}

/**
 * An exact unsigned decimal ("12345.60", as the wire writes amounts) as the member writes numbers in
 * their language, its decimals kept: "12,345.60", "12 345,60", "12.345,60".
 */
export function formatDecimal(amount: string, lang?: string): string {
  const decimals = amount.split('.')[1]?.length ?? 0;
  const tag = tagOf(lang);
  const pattern = NUMBER_PATTERNS[tag];
  const written = pattern ? writeDecimal(amount, decimals, pattern) : undefined;
  if (written !== undefined) return written;
  return kept(`decimal|${tag}|${decimals}`, () => new Intl.NumberFormat(tag, { minimumFractionDigits: decimals, maximumFractionDigits: decimals })).format(amount as never);
}

/** A count or quantity with the language's digit grouping ("2,983", "2 983"). */
export function formatNumber(value: number, lang?: string): string {
  return writeCount(value, tagOf(lang));
}

/**
 * A date (and time unless `dateOnly`) in the member's language and the phone's time zone (for Thai,
 * written by Intl, the zone as it was when the app first wrote a date); a bare calendar day
 * ("2026-11-29", a rate's date) is that day wherever the phone is (`readDate`).
 */
export function formatDate(value: string | number | Date, options: { dateOnly?: boolean; lang?: string } = {}): string {
  const date = readDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return writeDate(tagOf(options.lang), date, options.dateOnly ?? false);
}

/**
 * An exchange rate as people read one: six significant digits at most, trailing zeros dropped
 * ("0.240428", "4.4725", "147.123"); the exact rate stays in the data, this is only its display.
 */
export function formatRate(rate: string | number, lang?: string): string {
  const value = typeof rate === 'number' ? rate : Number(rate);
  if (!Number.isFinite(value)) return String(rate);
  const tag = tagOf(lang);
  return kept(`rate|${tag}`, () => new Intl.NumberFormat(tag, { maximumSignificantDigits: 6 })).format(value);
}
