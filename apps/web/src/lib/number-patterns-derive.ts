/**
 * How each of the app's languages writes numbers and money, read from `Intl` (see number-patterns.ts,
 * which holds the result, and `scripts/number-patterns.ts`, which writes it). The app itself takes
 * only the type from here; the script and the test that keeps the table true run `derivePatterns`.
 */
import { currencyDisplayIn, moneyOptions, SHOP_CURRENCIES, shownDecimals, type NumberPattern } from '@shop/contract/common';

// The pattern's shape, the options and the currency names the shop's money formatter (`formatMoneyIn`) uses are the contract's.
export { currencyDisplayIn, moneyOptions, shownDecimals, type NumberPattern };

/** The currencies the table holds: the ones the shop writes, no two with the same sign in a language. */
export const PATTERN_CURRENCIES = SHOP_CURRENCIES;

const SAMPLE = '1234567.89';

/**
 * The patterns of `tags` for `currencies`, as `Intl` writes them (each currency named as the shop
 * names it in the language: `currencyDisplayIn`); throws when a language writes
 * numbers in a way the table cannot say (other digits, a minus sign other than "-" before the
 * whole, grouping other than by thousands), so such a language is left to `Intl` knowingly.
 */
export function derivePatterns(tags: readonly string[], currencies: readonly string[]): Record<string, NumberPattern> {
  const out: Record<string, NumberPattern> = {};
  for (const tag of tags) {
    const plain = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const parts = plain.formatToParts(SAMPLE as unknown as number);
    const group = parts.find((p) => p.type === 'group')?.value;
    const decimal = parts.find((p) => p.type === 'decimal')?.value;
    if (group === undefined || decimal === undefined) throw new Error(`${tag}: no grouping or decimal separator`);
    const whole = new Intl.NumberFormat(tag);
    const groupFrom = whole.format(1234).includes(group) ? 4 : whole.format(12345).includes(group) ? 5 : 0;
    if (!groupFrom) throw new Error(`${tag}: numbers are not grouped by thousands`);
    const pattern: NumberPattern = { group, decimal, groupFrom, money: {} };
    const expect = (what: string, got: string, want: string) => {
      if (got !== want) throw new Error(`${tag} ${what}: Intl writes ${JSON.stringify(got)}, the table would write ${JSON.stringify(want)}`);
    };
    expect('1234567.89', plain.format(SAMPLE as unknown as number), `1${group}234${group}567${decimal}89`);
    expect('-1234567', whole.format(-1234567), `-1${group}234${group}567`);
    for (const currency of currencies) {
      const decimals = shownDecimals(currency);
      const money = new Intl.NumberFormat(tag, moneyOptions(currency, decimals, currencyDisplayIn(tag, currency)));
      const text = money.format(SAMPLE as unknown as number);
      const number = decimals ? `1${group}234${group}567${decimal}${'89'.slice(0, decimals)}` : `1${group}234${group}568`;
      const at = text.indexOf(number);
      if (at < 0) throw new Error(`${tag} ${currency}: ${JSON.stringify(text)} does not hold ${JSON.stringify(number)}`);
      const affixes = [text.slice(0, at), text.slice(at + number.length)] as const;
      expect(`${currency} -1234567.89`, money.format(`-${SAMPLE}` as unknown as number), `-${text}`);
      pattern.money[currency] = affixes;
    }
    out[tag] = pattern;
  }
  return out;
}
