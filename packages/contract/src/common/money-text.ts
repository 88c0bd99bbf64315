import { displayMinor, shownDecimals } from './money.js';

/**
 * The shop's one way of writing money for a reader: the member app's `formatMoney` (with its table
 * of each language's patterns, so a first page makes no Intl format) and the server's texts that name
 * an amount beside the app's prices (the demo's "free shipping over 49.00$") write it alike.
 */

/** A language's way with numbers: separators, the digits a number needs before it is grouped, and each currency's sign. */
export interface NumberPattern {
  group: string;
  decimal: string;
  /** Integer digits a number needs before its thousands are grouped (4, or 5 where "1234" stays whole). */
  groupFrom: number;
  /** Per currency: what comes before and after the amount ("$" and "", or "" and " Ft"). */
  money: Record<string, readonly [prefix: string, suffix: string]>;
}

/** The options money is formatted with by Intl. */
export const moneyOptions = (currency: string, decimals: number): Intl.NumberFormatOptions => ({
  style: 'currency',
  currency,
  currencyDisplay: 'narrowSymbol',
  minimumFractionDigits: decimals,
  maximumFractionDigits: decimals,
});

// Intl's formats, kept per language and currency: making one costs about as much as a hundred uses.
const formats = new Map<string, (value: string) => string>();

/**
 * An amount in minor units as a reader of `tag` (a BCP 47 tag: "km-KH") reads money: the currency's
 * sign, its own decimals (none for yen, two for dollars and baht; floored, never rounded up, as the
 * shop shows amounts), and the language's grouping: "$1,366.99", "1,366.99$", "¥1,367", "1 366,99 Ft".
 * With the language's `pattern` (read from Intl beforehand) it is written without Intl.
 */
export function formatMoneyIn(minor: number, currency: string, tag: string, pattern?: NumberPattern): string {
  const decimals = shownDecimals(currency);
  // The exact decimal as text: Intl formats a numeric string without passing through a float.
  const amount = displayMinor(minor, currency);
  const affixes = pattern?.money[currency];
  if (pattern && affixes) {
    const negative = amount.startsWith('-');
    const written = writeDecimal(negative ? amount.slice(1) : amount, decimals, pattern);
    if (written !== undefined) return `${negative ? '-' : ''}${affixes[0]}${written}${affixes[1]}`;
  }
  const key = `${tag}|${currency}|${decimals}`;
  let format = formats.get(key);
  if (!format) {
    try {
      const money = new Intl.NumberFormat(tag, moneyOptions(currency, decimals));
      format = (v) => money.format(v as unknown as number);
    } catch {
      // A code Intl does not know: the amount with the code before it.
      const plain = new Intl.NumberFormat(tag, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
      format = (v) => `${currency} ${plain.format(v as unknown as number)}`;
    }
    formats.set(key, format);
  }
  return format(amount);
}

/**
 * An unsigned decimal ("1234.50") written with `decimals` decimals in the language's pattern, as Intl
 * would; undefined when that would take rounding (more decimals than shown, not all zeros): Intl
 * rounds those itself.
 */
export function writeDecimal(amount: string, decimals: number, pattern: NumberPattern): string | undefined {
  const [whole = '', fraction = ''] = amount.split('.');
  if (!/^\d+$/.test(whole) || /[^0]/.test(fraction.slice(decimals))) return undefined;
  const grouped = groupThousands(whole, pattern);
  return decimals ? `${grouped}${pattern.decimal}${fraction.slice(0, decimals).padEnd(decimals, '0')}` : grouped;
}

/** Digits grouped by thousands as the language groups them. */
export function groupThousands(digits: string, { group, groupFrom }: NumberPattern): string {
  if (digits.length < groupFrom) return digits;
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += group + digits.slice(i, i + 3);
  return out;
}
