import { endpoint } from '../common/endpoint.js';
import { topRegionsData, topRegionsQuery, childRegionsData, childRegionsQuery, geoCountryListData, countryRatesData, japanCitiesQuery, regionListData } from './geo.schemas.js';

export * from './geo.schemas.js';

// Geography from maintained datasets: countries, their regions down to districts, and rates by country.

/** Top-level regions (provinces, states, prefectures) of one country. */
export const listCountryRegions = endpoint({ method: 'GET', path: '/attractive/country/getAreaList', auth: 'optional', area: 'geo', query: topRegionsQuery, data: topRegionsData });
/** The children of one region (cities of a province, districts of a city). */
export const listRegionChildren = endpoint({ method: 'GET', path: '/attractive/country/areaSonList', auth: 'optional', area: 'geo', query: childRegionsQuery, data: childRegionsData });
/** The countries the shop ships to, in the operator's order. */
export const listCountriesShippedTo = endpoint({ method: 'GET', path: '/attractive/country/addressCountry', auth: 'optional', area: 'geo', data: geoCountryListData });
/** Each shipping country's currency with today's recorded rate against the settlement currency. */
export const listRatesByCountry = endpoint({ method: 'GET', path: '/attractive/country/areaHuilvList', auth: 'optional', area: 'geo', data: countryRatesData });
/** Every country with dialling code, currency and flag. */
export const listAllCountries = endpoint({ method: 'GET', path: '/attractive/country/list', auth: 'optional', area: 'geo', data: geoCountryListData });
/** Japan's prefectures, or one prefecture's municipalities. */
export const listJapaneseCities = endpoint({ method: 'GET', path: '/shop/address/getJpCitys', auth: 'optional', area: 'geo', query: japanCitiesQuery, data: regionListData });
