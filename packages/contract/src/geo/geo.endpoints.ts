import { endpoint } from '../common/endpoint.js';

// Calls of the geo area. Request and response shapes are filled in by the issue that builds it.
export const countryGetAreaList = endpoint({ method: 'GET', path: '/attractive/country/getAreaList', auth: 'optional', area: 'geo' });
export const countryAreaSonList = endpoint({ method: 'GET', path: '/attractive/country/areaSonList', auth: 'optional', area: 'geo' });
export const countryAddressCountry = endpoint({ method: 'GET', path: '/attractive/country/addressCountry', auth: 'optional', area: 'geo' });
export const countryAreaHuilvList = endpoint({ method: 'GET', path: '/attractive/country/areaHuilvList', auth: 'optional', area: 'geo' });
export const countryList = endpoint({ method: 'GET', path: '/attractive/country/list', auth: 'optional', area: 'geo' });
export const shopAddressGetJpCitys = endpoint({ method: 'GET', path: '/shop/address/getJpCitys', auth: 'optional', area: 'geo' });
