import { currencyExponent, DEFAULT_LANGUAGE, displayMinor, LANGUAGE_TAGS, normalizeLanguage } from '@shop/contract/common';
import { i18n } from '@/lib/i18n';

/** The member's language as a BCP 47 tag (the app's current language unless told). */
const tagOf = (lang?: string): string => LANGUAGE_TAGS[normalizeLanguage(lang ?? i18n.language) ?? DEFAULT_LANGUAGE];

const moneyFormats = new Map<string, Intl.NumberFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount in minor units as the member reads money in their language: the currency's sign, its own
 * decimals (none for yen, two for dollars and baht; floored, never rounded up, as the shop shows
 * amounts), and the language's grouping: "$1,366.99", "฿10,095.24", "¥1,367", "1 366,99 Ft".
 */
export function formatMoney(minor: number, currency: string, lang?: string): string {
  const tag = tagOf(lang);
  const decimals = Math.min(currencyExponent(currency), 2);
  const key = `${tag}|${currency}|${decimals}`;
  let format = moneyFormats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(tag, { style: 'currency', currency, currencyDisplay: 'narrowSymbol', minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    } catch {
      // A code Intl does not know: the amount with the code before it.
      format = new Intl.NumberFormat(tag, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
      const plain = format;
      format = { format: (v: string) => `${currency} ${plain.format(v as unknown as number)}` } as unknown as Intl.NumberFormat;
    }
    moneyFormats.set(key, format);
  }
  // The exact decimal as text: Intl formats a numeric string without passing through a float.
  const amount = displayMinor(minor, currency);
  return format.format(amount as unknown as number);
}

/** A count or quantity with the language's digit grouping ("2,983", "2 983"). */
export function formatNumber(value: number, lang?: string): string {
  const tag = tagOf(lang);
  let format = numberFormats.get(tag);
  if (!format) numberFormats.set(tag, (format = new Intl.NumberFormat(tag)));
  return format.format(value);
}

/** A date (and time unless `dateOnly`) in the member's language and the phone's time zone. */
export function formatDate(value: string | number | Date, options: { dateOnly?: boolean; lang?: string } = {}): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(tagOf(options.lang), options.dateOnly ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * An exchange rate as people read one: six significant digits at most, trailing zeros dropped
 * ("0.240428", "4.4725", "147.123"); the exact rate stays in the data, this is only its display.
 */
export function formatRate(rate: string | number, lang?: string): string {
  const value = typeof rate === 'number' ? rate : Number(rate);
  if (!Number.isFinite(value)) return String(rate);
  return new Intl.NumberFormat(tagOf(lang), { maximumSignificantDigits: 6 }).format(value);
}
