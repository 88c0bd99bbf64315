import { toMinorUnits } from '@shop/contract/common';
import { formatMoney, formatNumber } from './format';

/** The ledger's currency of points (they have none). */
export const POINTS = 'XXX';

/** An amount of the ledger: money with its currency, points as a count. */
export const showAmount = (minor: number, currency: string): string => (currency === POINTS ? formatNumber(minor) : formatMoney(minor, currency));

/** A decimal amount typed by an operator in the currency's units, as minor units; undefined when it does not parse. */
export function parseAmount(text: string | undefined, currency: string): number | undefined {
  try {
    return text ? toMinorUnits(text, currency) : undefined;
  } catch {
    return undefined;
  }
}
