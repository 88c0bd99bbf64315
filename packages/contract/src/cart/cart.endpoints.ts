import { endpoint } from '../common/endpoint.js';
import {
  addCartItemBody,
  addCartItemData,
  cartCountData,
  cartData,
  removeCartItemsBody,
  removeCartItemsData,
  selectAllCartItemsBody,
  updateCartItemBody,
  updateCartItemsBody,
} from './cart.schemas.js';

export * from './cart.schemas.js';

// The regular shop's cart: one per member, lines by SKU with a quantity and a selected flag.

/** Puts an SKU in the cart; an SKU already there gets the quantity added (bounded by stock and the line maximum). */
export const addToCart = endpoint({ method: 'POST', path: '/shop/cart/add', auth: 'member', area: 'cart', body: addCartItemBody, data: addCartItemData });
/** Removes lines of the member's cart. */
export const removeFromCart = endpoint({ method: 'POST', path: '/shop/cart/del', auth: 'member', area: 'cart', body: removeCartItemsBody, data: removeCartItemsData });
/** Sets one line's quantity and/or selection; answers the whole cart. */
export const updateCartItem = endpoint({ method: 'POST', path: '/shop/cart/update', auth: 'member', area: 'cart', body: updateCartItemBody, data: cartData });
/** Selects or clears every line; answers the whole cart. */
export const selectAllCartItems = endpoint({ method: 'POST', path: '/shop/cart/installAll', auth: 'member', area: 'cart', body: selectAllCartItemsBody, data: cartData });
/** Sets quantities and/or selection of several lines at once (all or nothing); answers the whole cart. */
export const updateCartItems = endpoint({ method: 'POST', path: '/shop/cart/updateAll', auth: 'member', area: 'cart', body: updateCartItemsBody, data: cartData });
/** The cart with current prices, stock and availability, and the selected total. */
export const listCart = endpoint({ method: 'GET', path: '/shop/cart/list', auth: 'member', area: 'cart', data: cartData });
/** Units in the cart: the cart tab's badge. */
export const countCartGoods = endpoint({ method: 'GET', path: '/shop/cart/cartGoodsTotal', auth: 'member', area: 'cart', data: cartCountData });
