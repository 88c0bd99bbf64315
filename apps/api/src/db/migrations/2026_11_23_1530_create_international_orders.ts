import { sql, type Kysely } from 'kysely';

// International (cross-border) orders: freight by destination country, shipping method and weight
// band; each SKU's shipping weight; the order keeps the method, weight and the exchange rate to the
// destination's currency used when it was placed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('goods_skus').addColumn('weight_g', 'integer', (c) => c.notNull().defaultTo(500).check(sql`weight_g > 0`)).execute();

  await db.schema
    .createTable('international_freight')
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('standard', 'express')`))
    /** The band holds weights from (inclusive) … to (exclusive), in grams. */
    .addColumn('weight_from_g', 'integer', (c) => c.notNull().check(sql`weight_from_g >= 0`))
    .addColumn('weight_to_g', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('fee_minor', 'bigint', (c) => c.notNull().check(sql`fee_minor >= 0`))
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('international_freight_pkey', ['country_code', 'method', 'currency', 'weight_from_g'])
    .addCheckConstraint('international_freight_band', sql`weight_to_g > weight_from_g`)
    .execute();

  await db.schema
    .alterTable('orders')
    .addColumn('shipping_method', 'text')
    .addColumn('weight_g', 'integer')
    .addColumn('local_currency', 'text')
    .addColumn('exchange_rate', 'numeric(30, 12)')
    .addColumn('rate_source', 'text')
    .addColumn('rate_date', 'date')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
