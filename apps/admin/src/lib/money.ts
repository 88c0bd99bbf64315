import { fromBasisPoints, toBasisPoints, toMinorUnits } from '@shop/contract/common';
import { formatMoney, formatNumber } from './format';

// Money as operators type and read it: parsed only by the contract's helpers (text → minor units with
// the currency's own minor units, a percentage → basis points), shown only through `format.ts`.

/** The ledger's currency of points (they have none). */
export const POINTS = 'XXX';

/** An amount of the ledger: money with its currency, points as a count. */
export const showAmount = (minor: number, currency: string): string => (currency === POINTS ? formatNumber(minor) : formatMoney(minor, currency));

/** `parse` of typed text, or undefined when the text is empty or refused. */
const parsed = <T>(text: string | null | undefined, parse: (s: string) => T): T | undefined => {
  const s = text?.trim();
  if (!s) return undefined;
  try {
    return parse(s);
  } catch {
    return undefined;
  }
};

/** An amount typed in the currency's units ("12.50") as minor units; undefined when empty or not an amount of that currency (more decimals than it has …). */
export const parseAmount = (text: string | null | undefined, currency: string): number | undefined => parsed(text, (s) => toMinorUnits(s, currency));

/** The same for a form's body: a refused amount is not a number, so the contract's schema refuses it under its field. */
export const amountOf = (text: string | null | undefined, currency: string): number => parseAmount(text, currency) ?? Number.NaN;

/** A percentage typed by an operator ("2.5") in basis points (250); undefined when empty or with more than two decimals. */
export const parsePercent = (text: string | null | undefined): number | undefined => parsed(text, toBasisPoints);

/** Basis points as the percentage an operator reads and edits ("2.50"). */
export const percentOf = (bp: number): string => fromBasisPoints(bp);

/** Basis points as a percentage in the console's language ("2.5 %"). */
export const showPercent = (bp: number): string => `${formatNumber(bp / 100)} %`;
