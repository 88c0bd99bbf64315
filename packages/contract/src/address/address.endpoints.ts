import { endpoint } from '../common/endpoint.js';

// Calls of the address area. Request and response shapes are filled in by the issue that builds it.
export const shopAddressList = endpoint({ method: 'GET', path: '/shop/address/list', auth: 'member', area: 'address' });
export const shopAddressInfo = endpoint({ method: 'GET', path: '/shop/address/info', auth: 'member', area: 'address' });
export const shopAddressGetGjCitys = endpoint({ method: 'GET', path: '/shop/address/getGjCitys', auth: 'member', area: 'address' });
export const shopAddressCreate = endpoint({ method: 'POST', path: '/shop/address/create', auth: 'member', area: 'address' });
export const shopAddressDelete = endpoint({ method: 'POST', path: '/shop/address/delete', auth: 'member', area: 'address' });
export const shopAddressUpdate = endpoint({ method: 'POST', path: '/shop/address/update', auth: 'member', area: 'address' });
export const shopAddressSetDefault = endpoint({ method: 'POST', path: '/shop/address/setDefault', auth: 'member', area: 'address' });
