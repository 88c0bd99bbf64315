import type { Executor } from '../../db/database.js';

// The tables of the orders area's settings as the console lists them (the writes are in orders.queries.ts).

/** Freight of regular orders, per country and currency. */
export const findShippingFees = (db: Executor) =>
  db.selectFrom('shipping_fees').select(['country_code', 'currency', 'fee_minor', 'free_over_minor', 'updated_by', 'updated_at']).orderBy('country_code').orderBy('currency').execute();

/** Currencies of the goods on sale (an order is in its goods' currency), so the console can show where freight has no row. */
export const findSaleCurrencies = async (db: Executor) =>
  (await db.selectFrom('goods').select('currency').distinct().where('status', '=', 'on_sale').orderBy('currency').execute()).map((r) => r.currency);

/** The operating fee of each destination country. */
export const findOperatingFees = (db: Executor) => db.selectFrom('operating_fees').select(['country_code', 'rate_bp', 'updated_by', 'updated_at']).orderBy('country_code').execute();

/** Every band of the international freight table, by country, method and weight. */
export const findInternationalFreight = (db: Executor) =>
  db
    .selectFrom('international_freight')
    .select(['country_code', 'method', 'weight_from_g', 'weight_to_g', 'currency', 'fee_minor', 'updated_by', 'updated_at'])
    .orderBy('country_code')
    .orderBy('method')
    .orderBy('weight_from_g')
    .execute();
