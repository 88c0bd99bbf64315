import { endpoint } from '../common/endpoint.js';

// Calls of the user-shop area. Request and response shapes are filled in by the issue that builds it.
export const getShopSettingsPage = endpoint({ method: 'GET', path: '/attractive/UserPageData/shopSetPage', auth: 'member', area: 'user-shop' });
export const getMyShopTotals = endpoint({ method: 'GET', path: '/attractive/shop/shopTotal', auth: 'member', area: 'user-shop' });
export const listMyShopGoods = endpoint({ method: 'GET', path: '/attractive/shop/shopGoods', auth: 'member', area: 'user-shop' });
export const getMyShopGoods = endpoint({ method: 'GET', path: '/attractive/shop/shopGoodsInfo', auth: 'member', area: 'user-shop' });
export const getMyShop = endpoint({ method: 'GET', path: '/attractive/shop/shopInfo', auth: 'member', area: 'user-shop' });
export const countMyShopUnapprovedOrders = endpoint({ method: 'GET', path: '/attractive/shop/shopOrderNoAuthTotal', auth: 'member', area: 'user-shop' });
export const listMyShopOrders = endpoint({ method: 'GET', path: '/attractive/shop/shopOrderList', auth: 'member', area: 'user-shop' });
export const getMyShopOrder = endpoint({ method: 'GET', path: '/attractive/shop/shopOrderInfo', auth: 'member', area: 'user-shop' });
export const listMyShopSales = endpoint({ method: 'GET', path: '/attractive/shop/sellNoteList', auth: 'member', area: 'user-shop' });
export const listMyShopGoodsChoices = endpoint({ method: 'GET', path: '/attractive/shop/shopGoodsList', auth: 'member', area: 'user-shop' });
export const editMyShop = endpoint({ method: 'POST', path: '/attractive/shop/editShop', auth: 'member', area: 'user-shop' });
export const approveMyShopOrder = endpoint({ method: 'POST', path: '/attractive/shop/shopOrderAuth', auth: 'member', area: 'user-shop' });
export const recordMyShopSale = endpoint({ method: 'POST', path: '/attractive/shop/sellNoteCreate', auth: 'member', area: 'user-shop' });
export const changeMyShopOrderState = endpoint({ method: 'POST', path: '/attractive/shop/changeOrderState', auth: 'member', area: 'user-shop' });
export const listMemberShopCart = endpoint({ method: 'GET', path: '/attractive/cart/list', auth: 'member', area: 'user-shop' });
export const countMemberShopCartGoods = endpoint({ method: 'GET', path: '/attractive/cart/cartGoodsTotal', auth: 'member', area: 'user-shop' });
export const addToMemberShopCart = endpoint({ method: 'POST', path: '/attractive/cart/add', auth: 'member', area: 'user-shop' });
export const removeFromMemberShopCart = endpoint({ method: 'POST', path: '/attractive/cart/del', auth: 'member', area: 'user-shop' });
export const updateMemberShopCartItem = endpoint({ method: 'POST', path: '/attractive/cart/update', auth: 'member', area: 'user-shop' });
export const createMemberShopOrder = endpoint({ method: 'POST', path: '/attractive/buy/createOrder', auth: 'member', area: 'user-shop', idempotent: true });
export const payMemberShopOrder = endpoint({ method: 'POST', path: '/attractive/buy/payOrder', auth: 'member', area: 'user-shop', idempotent: true });
export const getMemberShopCheckoutPayment = endpoint({ method: 'GET', path: '/attractive/buy/payInfo', auth: 'member', area: 'user-shop' });
export const listMemberShopOrders = endpoint({ method: 'GET', path: '/attractive/order/list', auth: 'member', area: 'user-shop' });
export const getMemberShopOrder = endpoint({ method: 'GET', path: '/attractive/order/info', auth: 'member', area: 'user-shop' });
