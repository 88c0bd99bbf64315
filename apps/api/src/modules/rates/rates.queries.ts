import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

// A date column as its day's text: pg would otherwise make a local-midnight Date of it.
export const dayText = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

export const findCurrencyMinorUnits = (db: Executor) => db.selectFrom('currencies').select(['code', 'minor_units']).execute();

/** The latest rate of each pair and source on or before `date` (`YYYY-MM-DD`). */
export const findLatestRates = (db: Executor, date: string) =>
  db
    .selectFrom('exchange_rates')
    .select(['base', 'quote', 'rate', 'source', dayText('rate_date').as('rate_date')])
    .distinctOn(['base', 'quote', 'source'])
    .where('rate_date', '<=', date)
    .orderBy('base')
    .orderBy('quote')
    .orderBy('source')
    .orderBy('rate_date', 'desc')
    .orderBy('id', 'desc')
    .execute();

/**
 * findLatestRates as a JSON array inside another statement (each rate as its exact text), for
 * `quoteFromRates`: a checkout reads the rates with its terms, in the same round trip.
 */
export const latestRatesJson = (date: string) =>
  sql`(select coalesce(json_agg(x), '[]') from (
    select distinct on (base, quote, source) base, quote, rate::text as rate, source, to_char(rate_date, 'YYYY-MM-DD') as rate_date
    from exchange_rates where rate_date <= ${date}::date
    order by base, quote, source, rate_date desc, id desc) x)`;

/** Stores feed rates; a day already stored for a pair is left as it is. Answers the ids stored. */
export const insertEcbRatesIfNew = (db: Executor, rows: Array<{ base: string; quote: string; rate: string; rate_date: string }>) =>
  db
    .insertInto('exchange_rates')
    .values(rows.map((r) => ({ ...r, source: 'ecb' as const, set_by: null })))
    .onConflict((oc) => oc.columns(['base', 'quote', 'rate_date']).where('source', '=', sql.lit('ecb')).doNothing())
    .returning('id')
    .execute();

/** Whether the feed has a stored day on or after `date`. */
export const hasEcbRatesSince = async (db: Executor, date: string) =>
  (await db.selectFrom('exchange_rates').select('id').where('source', '=', 'ecb').where('rate_date', '>=', date).limit(1).executeTakeFirst()) !== undefined;

export const insertOperatorRate = (db: Executor, r: { base: string; quote: string; rate: string; rate_date: string; set_by: string }) =>
  db
    .insertInto('exchange_rates')
    .values({ ...r, source: 'operator' })
    .returning(['id', 'rate', dayText('rate_date').as('rate_date')])
    .executeTakeFirstOrThrow();
