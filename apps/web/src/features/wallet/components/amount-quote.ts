import { displayMinor, toMinorUnits } from '@shop/contract/common';
import { formatAmount } from '@/components/amount';
import { formatDecimal } from '@/lib/format';
import { i18n } from '@/lib/i18n';

/** An amount in the API's format as money in its currency ("RM 750.00"); as given, with the code, if the currency takes no such amount. */
export function amountMoney(amount: string, currency: string): string {
  try {
    return formatAmount(toMinorUnits(amount, currency), currency);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** Whether a quote's amount (in minor units) is that of the amount in the API's format: a figure shown or confirmed must be of exactly that amount. */
export function isQuoteOf(quoted: number | null | undefined, amount: string | undefined, currency: string): boolean {
  if (quoted == null || amount === undefined) return false;
  try {
    return quoted === toMinorUnits(amount, currency);
  } catch {
    return false;
  }
}

/**
 * The refusal of an amount outside the limits the page shows, in the server's own words ("The amount
 * must be at least 10.00 USD"), or undefined when it is within them. `amount`: in the API's format and
 * in `currency`, the limits' currency (an amount the page cannot read in it is left to the server).
 */
export function limitRefusal(amount: string, currency: string, limits: { min: number; max: number } | undefined): string | undefined {
  if (!limits) return undefined;
  let minor: number;
  try {
    minor = toMinorUnits(amount, currency);
  } catch {
    return undefined;
  }
  return minorLimitRefusal(minor, currency, limits);
}

/** `limitRefusal` of an amount already in minor units of `currency`. */
export function minorLimitRefusal(minor: number, currency: string, { min, max }: { min: number; max: number }): string | undefined {
  // The number as the server writes it in the member's language; its text places the currency.
  const written = (limit: number) => formatDecimal(displayMinor(limit, currency));
  if (minor < min) return i18n.t('wallet.code.amountBelowMinimum', { min: written(min), currency });
  if (minor > max) return i18n.t('wallet.code.amountAboveMaximum', { max: written(max), currency });
  return undefined;
}
