import { sql, type Transaction } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { startingWith } from '../../lib/like.js';
import { nextUpdatedAt } from '../../lib/row-version.queries.js';

const countryColumns = ['code', 'iso3', 'dialling_code', 'currency', 'flag', 'names', 'ship_sort'] as const;

/** Every country. */
export const findCountries = (db: Executor) => db.selectFrom('geo_countries').select(countryColumns).orderBy('code').execute();

/** The countries the shop ships to, in the operator's order. */
export const findShippingCountries = (db: Executor) =>
  db.selectFrom('geo_countries').select(countryColumns).where('ship_sort', 'is not', null).orderBy('ship_sort').execute();

export const findCountry = (db: Executor, code: string) => db.selectFrom('geo_countries').select(countryColumns).where('code', '=', code).executeTakeFirst();

export const findCountriesByCode = (db: Executor, codes: string[]) =>
  db.selectFrom('geo_countries').select('code').where('code', 'in', codes.length ? codes : ['--']).execute();

/** Whether a region has children, read from the children index. */
const hasChildren = sql<boolean>`exists (select 1 from geo_regions c where c.parent_id = r.id)`;
const regionColumns = ['r.id', 'r.country_code', 'r.parent_id', 'r.level', 'r.code', 'r.name', 'r.names', 'r.sort'] as const;

export type RegionRow = Awaited<ReturnType<typeof findTopRegions>>[number];

/** A country's provinces, states or prefectures, in list order. */
export const findTopRegions = (db: Executor, country: string) =>
  db
    .selectFrom('geo_regions as r')
    .select([...regionColumns, hasChildren.as('has_children')])
    .where('r.country_code', '=', country)
    .where('r.parent_id', 'is', null)
    .orderBy('r.sort')
    .orderBy('r.name')
    .execute();

/** The children of one region, in list order. */
export const findChildRegions = (db: Executor, parentId: number) =>
  db
    .selectFrom('geo_regions as r')
    .select([...regionColumns, hasChildren.as('has_children')])
    .where('r.parent_id', '=', parentId)
    .orderBy('r.sort')
    .orderBy('r.name')
    .execute();

export const findRegion = (db: Executor, id: number) =>
  db.selectFrom('geo_regions as r').select([...regionColumns, hasChildren.as('has_children')]).where('r.id', '=', id).executeTakeFirst();

export const findRegionsByIds = (db: Executor, ids: number[]) =>
  db.selectFrom('geo_regions as r').select([...regionColumns, hasChildren.as('has_children')]).where('r.id', 'in', ids.length ? ids : [-1]).execute();

const likePrefix = (keyword: string) => startingWith(keyword.toLowerCase());

/** Cities of a country (of one state when `regionId` is given) whose name starts with `keyword`, by name. */
export function findCities(db: Executor, country: string, filter: { regionId?: number; keyword?: string; limit: number }) {
  let q = db
    .selectFrom('geo_regions as r')
    .select([...regionColumns, hasChildren.as('has_children')])
    .where('r.country_code', '=', country)
    .where('r.level', '=', 2);
  if (filter.regionId !== undefined) q = q.where('r.parent_id', '=', filter.regionId);
  // lower(name) like 'prefix%' is answered by the (country_code, level, lower(name) text_pattern_ops) index.
  if (filter.keyword) q = q.where(sql<boolean>`lower(r.name) like ${likePrefix(filter.keyword)}`);
  return q.orderBy(sql`lower(r.name)`).orderBy('r.id').limit(filter.limit).execute();
}

/** Who changed the list of shipping countries last, and when (its version). */
export const findShippingCountryList = (db: Executor) => db.selectFrom('shipping_country_list').select(['updated_by', 'updated_at']).executeTakeFirstOrThrow();

/** The list's version, held until the transaction ends: a replacement checks the version its editor read under it. */
export const lockShippingCountryListForUpdate = (tx: Transaction<DB>) => tx.selectFrom('shipping_country_list').select(['updated_by', 'updated_at']).forUpdate().executeTakeFirstOrThrow();

/** Replaces the list of shipping countries by `codes`, in that order, stamped with who. */
export async function replaceShippingCountries(tx: Transaction<DB>, codes: string[], by: string): Promise<void> {
  await tx.updateTable('shipping_country_list').set({ updated_by: by, updated_at: nextUpdatedAt }).execute();
  await tx.updateTable('geo_countries').set({ ship_sort: null }).where('ship_sort', 'is not', null).execute();
  for (const [i, code] of codes.entries()) await tx.updateTable('geo_countries').set({ ship_sort: i + 1 }).where('code', '=', code).execute();
}
