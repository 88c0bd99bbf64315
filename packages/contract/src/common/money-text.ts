import { floorAmount, fromMinorUnits, shownDecimals } from './money.js';

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

/**
 * The currencies the shop writes (its currencies table's first rows, and the gateways' own): the member
 * app keeps a table of how each of its languages writes them, and within them no two currencies share
 * a sign in any language.
 */
export const SHOP_CURRENCIES = ['USD', 'THB', 'CNY', 'JPY', 'KHR', 'MYR', 'IDR', 'HUF', 'HKD', 'EUR', 'TWD', 'SGD'] as const;

/** How Intl names a currency: its narrow sign ("$", "¥"), its sign ("HK$", "CN¥", "元") or its code ("SGD"). */
export type CurrencyDisplay = 'narrowSymbol' | 'symbol' | 'code';

/** The options money is formatted with by Intl, the currency named as `display` says (`currencyDisplayIn`). */
export const moneyOptions = (currency: string, decimals: number, display: CurrencyDisplay): Intl.NumberFormatOptions => ({
  style: 'currency',
  currency,
  currencyDisplay: display,
  minimumFractionDigits: decimals,
  maximumFractionDigits: decimals,
});

const DISPLAYS: readonly CurrencyDisplay[] = ['narrowSymbol', 'symbol', 'code'];
// Where no currency of a group sharing a narrow sign has it as its own sign, the shop's conventions keep it.
const CONVENTIONAL = new Set(['USD', 'JPY']);

/** The currency's sign in what a money format writes. */
const signOf = (format: Intl.NumberFormat): string =>
  format
    .formatToParts(1)
    .filter((p) => p.type === 'currency')
    .map((p) => p.value)
    .join('');

/** The sign Intl writes for `currency` in `tag` as `display` names it. */
const signIn = (tag: string, currency: string, display: CurrencyDisplay): string => signOf(new Intl.NumberFormat(tag, { style: 'currency', currency, currencyDisplay: display }));

// The shop currencies' displays per language: read once, about two dozen Intl formats.
const shopDisplays = new Map<string, Record<string, { display: CurrencyDisplay; sign: string }>>();

/**
 * How each of the shop's currencies is named in `tag`, so that no two share a sign: its narrow sign
 * where no other shop currency has the same one, or where it is that sign's own currency in the
 * language (its `symbol` is the narrow sign: "￥" for yen in Japanese, "$" for US dollars in English;
 * else US dollars keep "$" and yen "¥"); the others their `symbol` ("CN¥", "元", "HK$", "NT$"), and
 * their code where that still meets another's sign.
 */
export function shopCurrencyDisplays(tag: string): Record<string, { display: CurrencyDisplay; sign: string }> {
  const known = shopDisplays.get(tag);
  if (known) return known;
  const currencies: readonly string[] = SHOP_CURRENCIES;
  const narrow = new Map(currencies.map((c) => [c, signIn(tag, c, 'narrowSymbol')]));
  const symbol = new Map(currencies.map((c) => [c, signIn(tag, c, 'symbol')]));
  const out: Record<string, { display: CurrencyDisplay; sign: string }> = {};
  const moving: string[] = [];
  for (const currency of currencies) {
    const sign = narrow.get(currency)!;
    const group = currencies.filter((c) => narrow.get(c) === sign);
    const own = (c: string) => symbol.get(c) === sign;
    const keeper = group.length === 1 ? currency : (group.find((c) => own(c) && CONVENTIONAL.has(c)) ?? group.find(own) ?? group.find((c) => CONVENTIONAL.has(c)));
    if (keeper === currency) out[currency] = { display: 'narrowSymbol', sign };
    else moving.push(currency);
  }
  for (const currency of moving) {
    const sign = symbol.get(currency)!;
    const taken = Object.values(out).some((d) => d.sign === sign) || moving.some((c) => c !== currency && symbol.get(c) === sign);
    out[currency] = taken ? { display: 'code', sign: currency } : { display: 'symbol', sign };
  }
  shopDisplays.set(tag, out);
  return out;
}

/** How `currency` is named in `tag`: the shop's currencies as `shopCurrencyDisplays` says, another by the first of its narrow sign, sign and code no shop currency has. */
export function currencyDisplayIn(tag: string, currency: string): CurrencyDisplay {
  const shop = shopCurrencyDisplays(tag);
  const mine = shop[currency];
  if (mine) return mine.display;
  const taken = new Set(Object.values(shop).map((d) => d.sign));
  return DISPLAYS.find((d) => d === 'code' || !taken.has(signIn(tag, currency, d))) ?? 'code';
}

// Intl's formats, kept per language and currency: making one costs about as much as a hundred uses.
const formats = new Map<string, (value: string) => string>();

/** The sign in a pattern's affixes ("RM\u00a0" and "" is "RM"). */
const affixSign = ([prefix, suffix]: readonly [string, string]) => `${prefix}${suffix}`.trim();

/**
 * The Intl format of money in `tag`, the currency named so that no two of the shop's currencies
 * share a sign: against the language's `pattern` where there is one (the member app makes no other
 * format then: one per currency outside the table), else against the shop's currencies read from Intl.
 */
function moneyFormat(tag: string, currency: string, decimals: number, pattern?: NumberPattern): Intl.NumberFormat {
  const make = (display: CurrencyDisplay) => new Intl.NumberFormat(tag, moneyOptions(currency, decimals, display));
  if (!pattern || pattern.money[currency]) return make(currencyDisplayIn(tag, currency));
  const taken = new Set(Object.values(pattern.money).map(affixSign));
  for (const display of DISPLAYS) {
    const format = make(display);
    if (display === 'code' || !taken.has(signOf(format))) return format;
  }
  return make('code');
}

/**
 * An amount in minor units as a reader of `tag` (a BCP 47 tag: "km-KH") reads money: the currency's
 * sign, its own decimals (none for yen, two for dollars and baht; floored, never rounded up, as the
 * shop shows amounts), and the language's grouping: "$1,366.99", "1,366.99$", "¥1,367", "1 366,99 Ft".
 * No two of the shop's currencies share a sign in a language: "￥3,800" and "元 1.00" in Japanese,
 * "$", "HK$", "NT$" and "SGD" in English (`shopCurrencyDisplays`).
 * With the language's `pattern` (read from Intl beforehand) it is written without Intl. `decimals`
 * other than the currency's shown ones: an estimate in whole forints (`estimateDecimals`).
 */
export function formatMoneyIn(minor: number, currency: string, tag: string, pattern?: NumberPattern, decimals = shownDecimals(currency)): string {
  // The exact decimal as text, floored: Intl formats a numeric string without passing through a float.
  const amount = floorAmount(fromMinorUnits(minor, currency), decimals);
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
      const money = moneyFormat(tag, currency, decimals, pattern);
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
