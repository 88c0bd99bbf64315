import { endpoint } from '../common/endpoint.js';

// Calls of the cart area. Request and response shapes are filled in by the issue that builds it.
export const shopCartAdd = endpoint({ method: 'POST', path: '/shop/cart/add', auth: 'member', area: 'cart' });
export const shopCartDel = endpoint({ method: 'POST', path: '/shop/cart/del', auth: 'member', area: 'cart' });
export const shopCartUpdate = endpoint({ method: 'POST', path: '/shop/cart/update', auth: 'member', area: 'cart' });
export const shopCartInstallAll = endpoint({ method: 'POST', path: '/shop/cart/installAll', auth: 'member', area: 'cart' });
export const shopCartUpdateAll = endpoint({ method: 'POST', path: '/shop/cart/updateAll', auth: 'member', area: 'cart' });
export const shopCartList = endpoint({ method: 'GET', path: '/shop/cart/list', auth: 'member', area: 'cart' });
export const shopCartCartGoodsTotal = endpoint({ method: 'GET', path: '/shop/cart/cartGoodsTotal', auth: 'member', area: 'cart' });
