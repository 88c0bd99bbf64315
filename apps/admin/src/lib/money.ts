import { currencyExponent, fromBasisPoints, fromMinorUnits, readWrittenAmount, toBasisPoints, toMinorUnits } from '@shop/contract/common';
import type { TFunction } from 'i18next';
import { decimalMark, formatMoney, formatNumber } from './format';

// Money as operators type and read it, in the console language's way with numbers ("12,50" in Hungarian,
// "12.50" in English; a comma or a dot that is not that language's decimal mark only groups whole
// thousands, else the text is refused, never read as a hundred times more): read by the contract's
// helpers (text → minor units with the currency's own minor units, a percentage → basis points), shown
// only through `format.ts`, and a form's field filled the way it is read back.

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

/** What an operator typed ("-1 234,50" in Hungarian) in the wire's form ("-1234.50"); throws when it cannot be read for sure. */
function wireOf(typed: string): string {
  const signed = /^[-+]/.test(typed);
  const wire = readWrittenAmount(signed ? typed.slice(1) : typed, decimalMark());
  if (wire === undefined) throw new RangeError(`not an amount: ${typed}`);
  return typed.startsWith('-') ? `-${wire}` : wire;
}

/** A decimal in the wire's form ("12.50") as a field shows it for editing in the console's language ("12,50"): read back by the parsers here. */
const typedOf = (wire: string): string => wire.replace('.', decimalMark());

/** An amount typed in the currency's units ("12.50", "12,50" in Hungarian) as minor units; undefined when empty or not an amount of that currency (more decimals than it has …). */
export const parseAmount = (text: string | null | undefined, currency: string): number | undefined => parsed(text, (s) => toMinorUnits(wireOf(s), currency));

/** Minor units as an amount field is filled for editing ("12,50" in Hungarian): what `parseAmount` reads back. */
export const amountText = (minor: number, currency: string): string => typedOf(fromMinorUnits(minor, currency));

/**
 * What a refused amount field says: the form it takes, as `parseAmount` reads it in the console's
 * language and `currency` ("Enter an amount like 150.50"; "150,50" in Hungarian, "150" for yen), never
 * a bare "Not valid".
 */
export const amountRefusal = (t: TFunction, currency: string): string => {
  const decimals = /^[A-Z]{3}$/.test(currency) ? currencyExponent(currency) : 2;
  return t('console.common.amountLike', { example: typedOf(fromMinorUnits(decimals === 0 ? 150 : Math.round(150.5 * 10 ** decimals), /^[A-Z]{3}$/.test(currency) ? currency : 'USD')) });
};

/** The same for a form's body: a refused amount is not a number, so the contract's schema refuses it under its field. */
export const amountOf = (text: string | null | undefined, currency: string): number => parseAmount(text, currency) ?? Number.NaN;

/** A percentage typed by an operator ("2.5") in basis points (250); undefined when empty or with more than two decimals. */
export const parsePercent = (text: string | null | undefined): number | undefined => parsed(text, (s) => toBasisPoints(wireOf(s)));

/** Basis points as the percentage an operator reads and edits ("2.50", "2,50" in Hungarian). */
export const percentOf = (bp: number): string => typedOf(fromBasisPoints(bp));

/** Basis points as a percentage in the console's language ("2.5 %"). */
export const showPercent = (bp: number): string => `${formatNumber(bp / 100)} %`;
