import {
  ResponseCode,
  listCountriesShippedTo,
  listRegionChildren,
  listCountryRegions,
  listAllCountries,
  listJapaneseCities,
  type Country,
  type EndpointData,
  type EndpointQuery,
  type Language,
  type Region,
  type listRatesByCountry,
} from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { responseCache, type CachedAnswer } from '../../lib/cache.js';
import { AppError, ValidationError } from '../../lib/errors.js';
import { withTransaction } from '../../lib/transaction.js';
import { assertLoadedVersion } from '../../lib/row-version.js';
import { iso } from '../../lib/dates.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import { ratesInto, SHOP_CURRENCY } from '../rates/rates.service.js';
import * as q from './geo.queries.js';
import type { Names } from './geo.table.js';

/** Cache tags of the geography answers: the datasets change only by migration, the shipping list by an operator. */
export const GeoTag = { shipping: 'geo-shipping' } as const;

const LOCALES: Record<Language, string> = { 'en-us': 'en', 'zh-cn': 'zh-Hans', 'zh-tw': 'zh-Hant', jp: 'ja', may: 'ms', hu: 'hu', id: 'id', km: 'km', th: 'th' };

/** A country's name in `lang` (English when the dataset has none in that language). */
export const countryName = (names: Names, lang: Language): string => names[lang] ?? names['en-us'] ?? '';

/**
 * A region's name in `lang`: a translation where a dataset gives one; otherwise the dataset's own
 * name, except that Chinese places are shown in English to readers of other languages when known.
 */
export function regionName(r: { name: string; names: Names | null }, lang: Language): string {
  const translated = r.names?.[lang];
  if (translated) return translated;
  if (lang === 'zh-cn' || lang === 'zh-tw') return r.name;
  return r.names?.['en-us'] ?? r.name;
}

type CountryRow = Awaited<ReturnType<typeof q.findCountries>>[number];
const toCountry = (c: CountryRow, lang: Language): Country => ({
  code: c.code,
  iso3: c.iso3,
  name: countryName(c.names, lang),
  dialling_code: c.dialling_code,
  currency: c.currency,
  flag: c.flag,
});

export const toRegion = (r: q.RegionRow, lang: Language): Region => ({ id: r.id, code: r.code, name: regionName(r, lang), level: r.level, has_children: r.has_children });

/** Refuses a country code the datasets do not know (HTTP 422 on `field`). */
export async function knownCountry(db: Executor, code: string, field = 'country') {
  const country = await q.findCountry(db, code);
  if (!country) throw new ValidationError([{ field, key: 'address.validation.countryUnknown', params: { field } }]);
  return country;
}

/** Every country with dialling code, currency and flag, by name in the reader's language. */
export function listCountries(deps: AppDeps, actor: Actor): Promise<CachedAnswer<EndpointData<typeof listAllCountries>>> {
  return responseCache(deps).cached(listAllCountries, { id: actor.lang, tags: [] }, async () => {
    const collator = new Intl.Collator(LOCALES[actor.lang]);
    const list = (await q.findCountries(deps.db)).map((c) => toCountry(c, actor.lang)).sort((a, b) => collator.compare(a.name, b.name));
    return { list };
  });
}

/** The countries the shop ships to, in the operator's order. */
export function listShippingCountries(deps: AppDeps, actor: Actor): Promise<CachedAnswer<EndpointData<typeof listCountriesShippedTo>>> {
  return responseCache(deps).cached(listCountriesShippedTo, { id: actor.lang, tags: [GeoTag.shipping] }, async () => ({
    list: (await q.findShippingCountries(deps.db)).map((c) => toCountry(c, actor.lang)),
  }));
}

/**
 * Countries whose provinces are listed in their own customary order, whatever the language: China's
 * GB/T codes, Japan's JIS X 0401 codes, Taiwan's official order (municipalities, cities, counties).
 */
const LISTED_IN_CODE_ORDER = new Set(['CN', 'JP', 'TW']);

/**
 * The provinces, states or prefectures of one country: China's, Japan's and Taiwan's in their own order, the others
 * by name in the reader's language (a Thai reader's provinces in Thai order, not by their English names).
 */
export async function listTopRegions(deps: AppDeps, actor: Actor, input: EndpointQuery<typeof listCountryRegions>): Promise<CachedAnswer<EndpointData<typeof listCountryRegions>>> {
  return responseCache(deps).cached(listCountryRegions, { id: `${input.country}:${actor.lang}`, tags: [] }, async () => {
    await knownCountry(deps.db, input.country);
    const list = (await q.findTopRegions(deps.db, input.country)).map((r) => toRegion(r, actor.lang));
    if (!LISTED_IN_CODE_ORDER.has(input.country)) {
      const collator = new Intl.Collator(LOCALES[actor.lang]);
      list.sort((a, b) => collator.compare(a.name, b.name));
    }
    return { country: input.country, list };
  });
}

/**
 * The children of one region (cities of a province, districts of a city): in the list's own order
 * where it has one (China's codes, Budapest's district numbers), else by name in the reader's
 * language (a Thai reader's districts in Thai order, not by their romanized names).
 */
export async function listChildRegions(deps: AppDeps, actor: Actor, input: EndpointQuery<typeof listRegionChildren>): Promise<CachedAnswer<EndpointData<typeof listRegionChildren>>> {
  return responseCache(deps).cached(listRegionChildren, { id: `${input.parent_id}:${actor.lang}`, tags: [] }, async () => {
    const [parent, children] = await Promise.all([q.findRegion(deps.db, input.parent_id), q.findChildRegions(deps.db, input.parent_id)]);
    if (!parent) throw new AppError(ResponseCode.regionNotFound);
    const collator = new Intl.Collator(LOCALES[actor.lang]);
    const list = children.map((r) => ({ sort: r.sort, region: toRegion(r, actor.lang) }));
    list.sort((a, b) => a.sort - b.sort || collator.compare(a.region.name, b.region.name));
    return { parent: toRegion(parent, actor.lang), list: list.map((r) => r.region) };
  });
}

/**
 * Japan's prefectures, or one prefecture's municipalities; `keyword` keeps the names containing it.
 * The lists are cached; searches are filtered from them, so typed keywords never fill the cache.
 */
export async function listJapanCities(
  deps: AppDeps,
  actor: Actor,
  input: EndpointQuery<typeof listJapaneseCities>,
): Promise<CachedAnswer<EndpointData<typeof listJapaneseCities>> | EndpointData<typeof listJapaneseCities>> {
  const all = await responseCache(deps).cached(listJapaneseCities, { id: `${input.prefecture_id ?? ''}:${actor.lang}`, tags: [] }, async () => {
    let rows: q.RegionRow[];
    if (input.prefecture_id === undefined) rows = await q.findTopRegions(deps.db, 'JP');
    else {
      const prefecture = await q.findRegion(deps.db, input.prefecture_id);
      if (!prefecture || prefecture.country_code !== 'JP' || prefecture.level !== 1) throw new AppError(ResponseCode.regionNotFound);
      rows = await q.findChildRegions(deps.db, prefecture.id);
    }
    return { list: rows.map((r) => toRegion(r, actor.lang)) };
  });
  const keyword = input.keyword?.toLowerCase();
  return keyword ? { list: all.value.list.filter((r: Region) => r.name.toLowerCase().includes(keyword)) } : all;
}

/** Cities of a country other than China and Japan, of one state or matching the start of a name. */
export async function listInternationalCities(db: Executor, actor: Actor, input: { country: string; region_id?: number; keyword?: string; limit: number }): Promise<{ list: Region[] }> {
  await knownCountry(db, input.country);
  if (input.region_id !== undefined) {
    const region = await q.findRegion(db, input.region_id);
    if (!region || region.country_code !== input.country) throw new AppError(ResponseCode.regionInvalid);
  }
  const rows = await q.findCities(db, input.country, { regionId: input.region_id, keyword: input.keyword || undefined, limit: input.limit });
  return { list: rows.map((r) => toRegion(r, actor.lang)) };
}

/**
 * Each shipping country's currency with today's recorded rate against the shop's settlement
 * currency (the rates module's answer: an operator's rate wins over the ECB feed); null where none is known.
 */
export async function listCountryRates(db: Executor, actor: Actor): Promise<EndpointData<typeof listRatesByCountry>> {
  const countries = await q.findShippingCountries(db);
  const rates = await ratesInto(db, SHOP_CURRENCY, countries.map((c) => c.currency));
  const list = countries.map((c) => {
    const r = rates.get(c.currency);
    return { country: c.code, name: countryName(c.names, actor.lang), flag: c.flag, currency: c.currency, rate: r?.rate ?? null, source: r?.source ?? null, date: r?.date ?? null };
  });
  return { settlement_currency: SHOP_CURRENCY, list };
}

/** The shipping countries as the operator console shows them (names in the operator's language). */
export async function shippingCountriesForOperator(db: Executor, actor: Actor): Promise<{ list: Country[]; updated_by: string; updated_at: string }> {
  const [rows, version] = await Promise.all([q.findShippingCountries(db), q.findShippingCountryList(db)]);
  return { list: rows.map((c) => toCountry(c, actor.lang)), updated_by: version.updated_by, updated_at: iso(version.updated_at) };
}

/**
 * An operator replaces the list of shipping countries (in the order given), recorded with who and
 * why. Saved addresses in a country no longer listed stay usable; new ones there are refused.
 * Saved from a copy changed since (`base_updated_at`), it is refused and nothing changes.
 */
export async function setShippingCountries(deps: AppDeps, actor: Actor, input: { countries: string[]; reason: string; recordedAs: string; base_updated_at?: string }): Promise<{ list: Country[]; updated_by: string; updated_at: string }> {
  const codes = [...new Set(input.countries)];
  return withTransaction(deps.db, async (tx) => {
    // The whole list is replaced: one saved from a copy changed since would drop what that change added.
    assertLoadedVersion((await q.lockShippingCountryListForUpdate(tx)).updated_at, input.base_updated_at);
    const known = new Set((await q.findCountriesByCode(tx, codes)).map((c) => c.code));
    const unknown = codes.findIndex((c) => !known.has(c));
    if (unknown >= 0) throw new ValidationError([{ field: `countries.${unknown}`, key: 'address.validation.countryUnknown', params: { field: `countries.${unknown}` } }]);
    await q.replaceShippingCountries(tx, codes, input.recordedAs);
    await insertOperatorAction(tx, { operator: input.recordedAs, action: 'setting.shipping_countries', target_type: 'setting', target_id: 0, reason: input.reason, facts: { key: 'shipping_countries', countries: codes } });
    tx.afterCommit(() => responseCache(deps).invalidate(GeoTag.shipping));
    return shippingCountriesForOperator(tx, actor);
  });
}
