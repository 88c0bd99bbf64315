import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { addressBody, addressIdBody, addressIdQuery, addressListData, addressSchema, addressUpdateBody, cityListData, internationalCitiesQuery } from './address.schemas.js';

export * from './address.schemas.js';

// The member's shipping addresses (at most 20, exactly one default once any exists).

/** The member's addresses, the default first, then newest first. */
export const listAddresses = endpoint({ method: 'GET', path: '/shop/address/list', auth: 'member', area: 'address', data: addressListData });
/** One of the member's addresses (another member's id answers not found). */
export const getAddress = endpoint({ method: 'GET', path: '/shop/address/info', auth: 'member', area: 'address', query: addressIdQuery, data: addressSchema });
/** Cities of a country other than China and Japan (`country-state-city`). */
export const listCitiesOfCountry = endpoint({ method: 'GET', path: '/shop/address/getGjCitys', auth: 'member', area: 'address', query: internationalCitiesQuery, data: cityListData });
/** Adds an address; the first one becomes the default. */
export const createAddress = endpoint({ method: 'POST', path: '/shop/address/create', auth: 'member', area: 'address', body: addressBody, data: addressSchema });
/** Removes an address; when it was the default, the newest remaining one becomes the default. */
export const deleteAddress = endpoint({ method: 'POST', path: '/shop/address/delete', auth: 'member', area: 'address', body: addressIdBody, data: z.object({ id: z.number().int(), default_id: z.number().int().nullable() }) });
/** Changes an address. */
export const updateAddress = endpoint({ method: 'POST', path: '/shop/address/update', auth: 'member', area: 'address', body: addressUpdateBody, data: addressSchema });
/** Makes one address the default. */
export const setDefaultAddress = endpoint({ method: 'POST', path: '/shop/address/setDefault', auth: 'member', area: 'address', body: addressIdBody, data: addressSchema });
