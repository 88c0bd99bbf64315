import { currencyExponent, displayMinor, isAmount, readWrittenAmount, toMinorUnits } from '@shop/contract/common';
import { formatDecimal, numberMarks } from '@/lib/format';

/**
 * Amounts as members type them, in their own language's way with numbers, and as the API reads them
 * (`1234.50`: a dot before at most two decimals, nothing else). Where a language's decimal mark is a
 * comma (Hungarian, Indonesian), "10,50" is ten and a half and dots or spaces group thousands; elsewhere
 * a dot is the decimal mark and commas or spaces group thousands. A group is exactly three digits, so
 * "10.50" in Indonesian or "10,50" in English is not read as anything: the member is told the format.
 * See docs/decisions/2026-11-29-amounts-as-members-write-them.md.
 */

/** The amount in the API's format ("1000.50") of what the member typed in their language; undefined when it cannot be read for sure. */
export function readAmount(typed: string, lang?: string): string | undefined {
  const wire = readWrittenAmount(typed, numberMarks(lang).decimal);
  return wire !== undefined && isAmount(wire) ? wire : undefined;
}

/** An amount in the API's format ("1000.50") as the member writes it ("1,000.50", "1000,50"): what a field is filled with. */
export const writeAmount = (wire: string, lang?: string): string => formatDecimal(wire, lang);

/** An example amount in the member's own format, for a field's placeholder and its refusal ("10,000.50", "10 000,50"; "10,000" for a currency without decimals). */
export const amountExample = (lang?: string, whole = false): string => writeAmount(whole ? '10000' : '10000.50', lang);

/**
 * An example amount of `currency` for a field whose amounts must lie within `limits` (minor units of
 * that currency): the usual example, clamped into the limits, in the currency's decimals and the
 * member's format ("10,000.00" where at most US$10,000.00 is taken). Without limits, the usual example.
 */
export function amountExampleWithin(currency: string, limits?: { min: number; max: number }, lang?: string): string {
  const whole = currencyExponent(currency) === 0;
  if (!limits || limits.min > limits.max) return amountExample(lang, whole);
  const usual = toMinorUnits(whole ? '10000' : '10000.50', currency);
  if (usual >= limits.min && usual <= limits.max) return amountExample(lang, whole);
  return writeAmount(displayMinor(Math.min(Math.max(usual, limits.min), limits.max), currency), lang);
}
