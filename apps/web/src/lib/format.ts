import { DEFAULT_LANGUAGE, displayMinor, LANGUAGE_TAGS, normalizeLanguage } from '@shop/contract/common';
import { i18n } from '@/lib/i18n';
import { NUMBER_PATTERNS } from '@/lib/number-patterns';
import { moneyOptions, shownDecimals, type NumberPattern } from '@/lib/number-patterns-derive';
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
 */
export function formatMoney(minor: number, currency: string, lang?: string): string {
  const tag = tagOf(lang);
  const decimals = shownDecimals(currency);
  // The exact decimal as text: Intl formats a numeric string without passing through a float.
  const amount = displayMinor(minor, currency);
  const pattern = NUMBER_PATTERNS[tag];
  const affixes = pattern?.money[currency];
  if (pattern && affixes) {
    const negative = amount.startsWith('-');
    const written = writeDecimal(negative ? amount.slice(1) : amount, decimals, pattern);
    if (written !== undefined) return `${negative ? '-' : ''}${affixes[0]}${written}${affixes[1]}`;
  }
  const format = kept(`money|${tag}|${currency}|${decimals}`, () => {
    try {
      const money = new Intl.NumberFormat(tag, moneyOptions(currency, decimals));
      return { format: (v: string) => money.format(v as unknown as number) };
    } catch {
      // A code Intl does not know: the amount with the code before it.
      const plain = new Intl.NumberFormat(tag, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
      return { format: (v: string) => `${currency} ${plain.format(v as unknown as number)}` };
    }
  });
  return format.format(amount);
}

/**
 * An unsigned decimal ("1234.50") written with `decimals` decimals in the language's pattern, as Intl
 * would; undefined when that would take rounding (more decimals than shown, not all zeros): Intl
 * rounds those itself. The first Intl number format a page makes costs about 25 ms on a fast
 * processor (the language's data is loaded), a long task on a phone: the app's own languages and
 * currencies are written from a table instead (`NUMBER_PATTERNS`, read from Intl's own output).
 */
function writeDecimal(amount: string, decimals: number, pattern: NumberPattern): string | undefined {
  const [whole = '', fraction = ''] = amount.split('.');
  if (!/^\d+$/.test(whole) || /[^0]/.test(fraction.slice(decimals))) return undefined;
  const grouped = groupThousands(whole, pattern);
  return decimals ? `${grouped}${pattern.decimal}${fraction.slice(0, decimals).padEnd(decimals, '0')}` : grouped;
}

function groupThousands(digits: string, { group, groupFrom }: NumberPattern): string {
  if (digits.length < groupFrom) return digits;
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += group + digits.slice(i, i + 3);
  return out;
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
  const tag = tagOf(lang);
  const pattern = NUMBER_PATTERNS[tag];
  if (pattern && Number.isSafeInteger(value)) return value < 0 ? `-${groupThousands(String(-value), pattern)}` : groupThousands(String(value), pattern);
  return kept(`number|${tag}`, () => new Intl.NumberFormat(tag)).format(value);
}

/**
 * A date (and time unless `dateOnly`) in the member's language and the phone's time zone (as it was
 * when the app first wrote a date); a bare calendar day ("2026-11-29", a rate's date) is that day
 * wherever the phone is (`readDate`).
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
