import { ResponseCode, type AuditFacts, type EndpointBody, type EndpointData, type EndpointQuery, type createInternationalOrder, type getInternationalFreight } from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Database } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import { memberIdOf } from '../cart/cart.service.js';
import { operatorName, recordedSetting, writeLoadedRow, type LoadedVersion } from './fulfilment.service.js';
import { chosenFreight, convertMinor, exactRate, internationalFreightOptions } from './freight.js';
import * as q from './orders.queries.js';
import { placeOrder, previewCheckout } from './orders.service.js';
import { rateFor } from '../rates/rates.service.js';
import * as stock from '../catalogue/stock.queries.js';

/** `/shop/buyGuoji/orderFreightFee`: freight of the goods to the member's address by each method, and in the destination's currency. */
export async function quoteInternationalFreight(db: Database, actor: Actor, input: EndpointQuery<typeof getInternationalFreight>): Promise<EndpointData<typeof getInternationalFreight>> {
  const preview = await previewCheckout(db, actor, input);
  if (!preview.address) throw new AppError(ResponseCode.addressNotFound);
  const skus = new Map((await stock.findSkusForCheckout(db, preview.lines.map((l) => l.sku_id))).map((s) => [s.id, s]));
  const weightG = preview.lines.reduce((n, l) => n + (skus.get(l.sku_id)?.weight_g ?? 0) * l.num, 0);
  const countryCode = preview.address.country_code;
  const options = await internationalFreightOptions(db, countryCode, weightG, preview.currency);
  const chosen = await chosenFreight(db, options, { countryCode, method: input.method, weightG, currency: preview.currency });
  const local = (await q.findCountryCurrency(db, countryCode)) ?? preview.currency;
  // A quote without a known rate still shows the freight; placing the order needs the rate.
  const rate = await rateFor(db, preview.currency, local).catch(() => undefined);
  return {
    country_code: countryCode,
    method: input.method,
    weight_g: weightG,
    currency: preview.currency,
    freight: chosen.freight,
    local_currency: local,
    local_freight: rate ? convertMinor(chosen.freight, preview.currency, local, rate.rate) : null,
    rate: rate?.rate ?? null,
    methods: options,
  };
}

/** `/shop/buyGuoji/createOrder`: a cross-border order; customs need the member's approved international real-name. */
export async function placeInternationalOrder(deps: AppDeps, actor: Actor, input: EndpointBody<typeof createInternationalOrder>): Promise<EndpointData<typeof createInternationalOrder>> {
  const userId = memberIdOf(actor);
  if (!(await q.hasApprovedInternationalRealName(deps.db, userId))) throw new AppError(ResponseCode.realNameRequired);
  const placed = await placeOrder(deps, actor, input, { international: { method: input.method } });
  const order = (await q.findOrder(deps.db, placed.order_id))!;
  const rate = exactRate(String(order.exchange_rate));
  return {
    ...placed,
    freight: Number(order.freight_minor),
    local_currency: order.local_currency!,
    local_total: convertMinor(Number(order.total_minor), order.currency, order.local_currency!, rate),
    rate,
    rate_source: order.rate_source!,
    rate_date: typeof order.rate_date === 'string' ? order.rate_date : new Date(order.rate_date as unknown as Date).toISOString().slice(0, 10),
  };
}

type FreightBand = { country_code: string; method: 'standard' | 'express'; weight_from_g: number; weight_to_g: number; currency: string; fee: number };

/** A band of the international freight table as the operators' log records it. */
export const freightBandFacts = (band: FreightBand): AuditFacts => ({
  key: 'international_freight',
  country: band.country_code,
  method: band.method,
  weight_from_g: band.weight_from_g,
  weight_to_g: band.weight_to_g,
  fee: band.fee,
  currency: band.currency,
});

/** An operator sets one weight band of the international freight table (from a form's copy: refused when that band changed since). */
export async function setInternationalFreight(db: Database, actor: Actor, input: FreightBand, loaded?: LoadedVersion) {
  if (input.weight_to_g <= input.weight_from_g) throw new AppError(ResponseCode.settingInvalid, undefined, { messageKey: 'admin.code.freightWeightsReversed' });
  const operator = operatorName(actor);
  const row = { country_code: input.country_code, method: input.method, weight_from_g: input.weight_from_g, weight_to_g: input.weight_to_g, currency: input.currency, fee_minor: input.fee };
  await writeLoadedRow(
    db,
    loaded,
    async (tx) => {
      // Checkout takes a weight on a shared bound by the lighter band: bands may meet, never overlap.
      await q.lockInternationalFreightBands(tx, row);
      const other = await q.findOverlappingInternationalFreight(tx, row, row.weight_to_g);
      if (other) throw new AppError(ResponseCode.settingInvalid, { from: other.weight_from_g, to: other.weight_to_g }, { messageKey: 'admin.code.freightBandsOverlap' });
      return q.lockInternationalFreightForUpdate(tx, row);
    },
    (tx, exists) => q.writeInternationalFreight(tx, row, operator, exists),
  );
  return { ok: true as const };
}

/** A band of the international freight table changed through the orders call, recorded; it names the version it read, like the console's. */
export const setInternationalFreightRecorded = (db: Database, actor: Actor, { base_updated_at, ...input }: FreightBand & { base_updated_at?: string }) =>
  recordedSetting(db, actor, 'setting.international_freight', freightBandFacts(input), (tx) =>
    setInternationalFreight(tx, actor, input, { base_updated_at }),
  );
