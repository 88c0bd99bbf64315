import { endpoint } from '../common/endpoint.js';

// Calls of the user-shop area. Request and response shapes are filled in by the issue that builds it.
export const userPageDataShopSetPage = endpoint({ method: 'GET', path: '/attractive/UserPageData/shopSetPage', auth: 'member', area: 'user-shop' });
export const shopShopTotal = endpoint({ method: 'GET', path: '/attractive/shop/shopTotal', auth: 'member', area: 'user-shop' });
export const shopShopGoods = endpoint({ method: 'GET', path: '/attractive/shop/shopGoods', auth: 'member', area: 'user-shop' });
export const shopShopGoodsInfo = endpoint({ method: 'GET', path: '/attractive/shop/shopGoodsInfo', auth: 'member', area: 'user-shop' });
export const shopShopInfo = endpoint({ method: 'GET', path: '/attractive/shop/shopInfo', auth: 'member', area: 'user-shop' });
export const shopShopOrderNoAuthTotal = endpoint({ method: 'GET', path: '/attractive/shop/shopOrderNoAuthTotal', auth: 'member', area: 'user-shop' });
export const shopShopOrderList = endpoint({ method: 'GET', path: '/attractive/shop/shopOrderList', auth: 'member', area: 'user-shop' });
export const shopShopOrderInfo = endpoint({ method: 'GET', path: '/attractive/shop/shopOrderInfo', auth: 'member', area: 'user-shop' });
export const shopSellNoteList = endpoint({ method: 'GET', path: '/attractive/shop/sellNoteList', auth: 'member', area: 'user-shop' });
export const shopShopGoodsList = endpoint({ method: 'GET', path: '/attractive/shop/shopGoodsList', auth: 'member', area: 'user-shop' });
export const shopEditShop = endpoint({ method: 'POST', path: '/attractive/shop/editShop', auth: 'member', area: 'user-shop' });
export const shopShopOrderAuth = endpoint({ method: 'POST', path: '/attractive/shop/shopOrderAuth', auth: 'member', area: 'user-shop' });
export const shopSellNoteCreate = endpoint({ method: 'POST', path: '/attractive/shop/sellNoteCreate', auth: 'member', area: 'user-shop' });
export const shopChangeOrderState = endpoint({ method: 'POST', path: '/attractive/shop/changeOrderState', auth: 'member', area: 'user-shop' });
export const cartList = endpoint({ method: 'GET', path: '/attractive/cart/list', auth: 'member', area: 'user-shop' });
export const cartCartGoodsTotal = endpoint({ method: 'GET', path: '/attractive/cart/cartGoodsTotal', auth: 'member', area: 'user-shop' });
export const cartAdd = endpoint({ method: 'POST', path: '/attractive/cart/add', auth: 'member', area: 'user-shop' });
export const cartDel = endpoint({ method: 'POST', path: '/attractive/cart/del', auth: 'member', area: 'user-shop' });
export const cartUpdate = endpoint({ method: 'POST', path: '/attractive/cart/update', auth: 'member', area: 'user-shop' });
export const buyCreateOrder = endpoint({ method: 'POST', path: '/attractive/buy/createOrder', auth: 'member', area: 'user-shop', idempotent: true });
export const buyPayOrder = endpoint({ method: 'POST', path: '/attractive/buy/payOrder', auth: 'member', area: 'user-shop', idempotent: true });
export const buyPayInfo = endpoint({ method: 'GET', path: '/attractive/buy/payInfo', auth: 'member', area: 'user-shop' });
export const orderList = endpoint({ method: 'GET', path: '/attractive/order/list', auth: 'member', area: 'user-shop' });
export const orderInfo = endpoint({ method: 'GET', path: '/attractive/order/info', auth: 'member', area: 'user-shop' });
