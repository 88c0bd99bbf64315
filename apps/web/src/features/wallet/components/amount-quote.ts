import { toMinorUnits } from '@shop/contract/common';
import { formatAmount } from '@/components/amount';

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
