import { ResponseCode, currencyExponent } from '@shop/contract';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { rateFor } from '../rates/rates.service.js';
import { orderAmounts, type OrderAmounts, type PointsParts } from './amounts.js';
import { Quantity } from '../../lib/i18n.js';
import { findInternationalFreightFees, findInternationalFreightMaxWeight, findOperatingFeeRate, findCountryCurrency } from './orders.queries.js';

export type ShippingMethod = 'standard' | 'express';

/** Freight per shipping method to a country for a weight, in `currency` (methods without a band for that weight are left out). */
export async function internationalFreightOptions(db: Executor, countryCode: string, weightG: number, currency: string): Promise<Array<{ method: ShippingMethod; freight: number }>> {
  const rows = await findInternationalFreightFees(db, countryCode, weightG, currency);
  return rows.map((r) => ({ method: r.method, freight: Number(r.fee_minor) }));
}

/**
 * The freight of the chosen method among `options`; without it, the member is told why: the order is
 * heavier than the method's heaviest band (with that weight), or the method does not go there.
 */
export async function chosenFreight(db: Executor, options: Array<{ method: ShippingMethod; freight: number }>, to: { countryCode: string; method: ShippingMethod; weightG: number; currency: string }) {
  const chosen = options.find((o) => o.method === to.method);
  if (chosen) return chosen;
  const maxG = await findInternationalFreightMaxWeight(db, to.countryCode, to.method, to.currency);
  if (maxG !== undefined && to.weightG > maxG) throw new AppError(ResponseCode.freightTooHeavy, { max: new Quantity(maxG / 1000) });
  throw new AppError(ResponseCode.noFreightRoute);
}

/**
 * Converts minor units of one currency to another at an exact decimal rate, rounding half up once
 * (the same rule as every conversion of the ledger).
 */
/** A stored numeric rate without the column's padding zeros (`4.472500000000` → `4.4725`). */
export const exactRate = (stored: string) => (stored.includes('.') ? stored.replace(/0+$/, '').replace(/\.$/, '') : stored);

export function convertMinor(amountMinor: number, from: string, to: string, rate: string): number {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(rate);
  if (!m) throw new RangeError(`not a rate: ${rate}`);
  const decimals = (m[2] ?? '').length;
  const rateScaled = BigInt(`${m[1]}${m[2] ?? ''}`);
  const shift = currencyExponent(to) - currencyExponent(from);
  let numerator = BigInt(amountMinor) * rateScaled;
  let denominator = 10n ** BigInt(decimals);
  if (shift > 0) numerator *= 10n ** BigInt(shift);
  else denominator *= 10n ** BigInt(-shift);
  const result = (numerator * 2n + denominator) / (denominator * 2n);
  if (result > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('converted amount out of range');
  return Number(result);
}

export interface InternationalTerms {
  amounts: OrderAmounts;
  weightG: number;
  method: ShippingMethod;
  localCurrency: string;
  rate: { rate: string; source: string; date: string };
  localTotal: number;
  options: Array<{ method: ShippingMethod; freight: number }>;
}

/** Freight by weight band, the operating fee and the rate to the destination's currency of a cross-border order. */
export async function internationalTerms(db: Executor, input: { countryCode: string; method: ShippingMethod; weightG: number; currency: string; subtotal: number; couponDiscount?: number; points?: Partial<PointsParts> }): Promise<InternationalTerms> {
  const options = await internationalFreightOptions(db, input.countryCode, input.weightG, input.currency);
  const chosen = await chosenFreight(db, options, input);
  const [feeRate, localCurrency] = await Promise.all([findOperatingFeeRate(db, input.countryCode), findCountryCurrency(db, input.countryCode)]);
  const amounts = orderAmounts({ subtotal: input.subtotal, operatingFeeRateBp: feeRate, freight: chosen.freight, couponDiscount: input.couponDiscount, ...input.points });
  const local = localCurrency ?? input.currency;
  const rate = await rateFor(db, input.currency, local);
  return { amounts, weightG: input.weightG, method: input.method, localCurrency: local, rate, localTotal: convertMinor(amounts.total, input.currency, local, rate.rate), options };
}
