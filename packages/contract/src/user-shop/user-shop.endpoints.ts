import { endpoint } from '../common/endpoint.js';
import { paymentInfoData } from '../payments/payments.schemas.js';
import * as s from './user-shop.schemas.js';

// Calls of the user-shop area: the owner's shop (`/attractive/shop/*`), the shop cart
// (`/attractive/cart/*`), its checkout (`/attractive/buy/*`) and the buyer's shop orders (`/attractive/order/*`).
const area = 'user-shop' as const;

/** The shop settings page: whether the member is a shop owner, the shop, and its rows (profile, goods, audits, slips). */
export const getShopSettingsPage = endpoint({ method: 'GET', path: '/attractive/UserPageData/shopSetPage', auth: 'member', area, data: s.shopSettingsPageData });
/** The owner's totals: orders awaiting audit and to ship, today's and this month's sales, goods, stock, slips, earnings. */
export const getMyShopTotals = endpoint({ method: 'GET', path: '/attractive/shop/shopTotal', auth: 'member', area, data: s.shopTotalsData });
/** A shop's goods: the owner's own (default), or an open shop's goods on sale (`shop_id`). */
export const listMyShopGoods = endpoint({ method: 'GET', path: '/attractive/shop/shopGoods', auth: 'member', area, query: s.shopGoodsQuery, data: s.shopGoodsData });
/** One shop goods with its SKUs, the platform's price and PV and the shop's stock of each. */
export const getMyShopGoods = endpoint({ method: 'GET', path: '/attractive/shop/shopGoodsInfo', auth: 'member', area, query: s.shopGoodsInfoQuery, data: s.shopGoodsInfoData });
/** The member's own shop, or another open shop's public profile (`shop_id`). */
export const getMyShop = endpoint({ method: 'GET', path: '/attractive/shop/shopInfo', auth: 'member', area, query: s.shopInfoQuery, data: s.shopSchema });
/** Orders of the owner's shop awaiting audit (the badge). */
export const countMyShopUnapprovedOrders = endpoint({ method: 'GET', path: '/attractive/shop/shopOrderNoAuthTotal', auth: 'member', area, data: s.noAuthTotalData });
/** Orders placed at the owner's shop, by view, newest first. */
export const listMyShopOrders = endpoint({ method: 'GET', path: '/attractive/shop/shopOrderList', auth: 'member', area, query: s.shopOrderListQuery, data: s.shopOrderListData });
/** One order of the owner's shop with its history. */
export const getMyShopOrder = endpoint({ method: 'GET', path: '/attractive/shop/shopOrderInfo', auth: 'member', area, query: s.shopOrderInfoQuery, data: s.shopOrderDetailSchema });
/** The shop's sales slips, newest first, with the month's sums. */
export const listMyShopSales = endpoint({ method: 'GET', path: '/attractive/shop/sellNoteList', auth: 'member', area, query: s.sellNoteListQuery, data: s.sellNoteListData });
/** Platform goods the owner may offer, with what the shop holds of them. */
export const listMyShopGoodsChoices = endpoint({ method: 'GET', path: '/attractive/shop/shopGoodsList', auth: 'member', area, query: s.shopGoodsChoicesQuery, data: s.shopGoodsChoicesData });
/** Puts platform goods on the shop's shelves or takes them off (an extension beside `shopGoodsList`). */
export const setMyShopGoods = endpoint({ method: 'POST', path: '/attractive/shop/shopGoodsSet', auth: 'member', area, body: s.shopGoodsChoiceBody, data: s.shopGoodsSchema });
/** Sets up or edits the owner's shop (a shop-owner role is needed); pauses or opens it. */
export const editMyShop = endpoint({ method: 'POST', path: '/attractive/shop/editShop', auth: 'member', area, body: s.editShopBody, data: s.shopSchema });
/** The owner's audit of a paid order: approve (stock taken from the shop) or reject with a reason (refunded in full). */
export const approveMyShopOrder = endpoint({ method: 'POST', path: '/attractive/shop/shopOrderAuth', auth: 'member', area, idempotent: true, body: s.shopOrderAuthBody, data: s.shopOrderStateData });
/** Records an in-person sale from the shop's stock (money collected offline). */
export const recordMyShopSale = endpoint({ method: 'POST', path: '/attractive/shop/sellNoteCreate', auth: 'member', area, idempotent: true, body: s.sellNoteCreateBody, data: s.sellNoteSchema });
/** Moves an approved order on: shipped (carrier, tracking) or ready for pickup, then completed. */
export const changeMyShopOrderState = endpoint({ method: 'POST', path: '/attractive/shop/changeOrderState', auth: 'member', area, idempotent: true, body: s.changeShopOrderStateBody, data: s.shopOrderStateData });
/** The member's shop carts, one group per shop (or one shop's). */
export const listMemberShopCart = endpoint({ method: 'GET', path: '/attractive/cart/list', auth: 'member', area, query: s.shopCartQuery, data: s.shopCartData });
/** Units in the member's shop carts. */
export const countMemberShopCartGoods = endpoint({ method: 'GET', path: '/attractive/cart/cartGoodsTotal', auth: 'member', area, data: s.shopCartCountData });
/** Adds an SKU a shop offers to the member's cart of that shop. */
export const addToMemberShopCart = endpoint({ method: 'POST', path: '/attractive/cart/add', auth: 'member', area, body: s.shopCartAddBody, data: s.shopCartAddData });
/** Removes lines from the member's shop carts. */
export const removeFromMemberShopCart = endpoint({ method: 'POST', path: '/attractive/cart/del', auth: 'member', area, body: s.shopCartDelBody, data: s.shopCartDelData });
/** Changes a shop cart line's quantity or selection. */
export const updateMemberShopCartItem = endpoint({ method: 'POST', path: '/attractive/cart/update', auth: 'member', area, body: s.shopCartUpdateBody, data: s.shopCartAddData });
/** Places a shop order (one shop, at the platform's prices, from the cart or one SKU); it awaits payment. */
export const createMemberShopOrder = endpoint({ method: 'POST', path: '/attractive/buy/createOrder', auth: 'member', area, idempotent: true, body: s.createShopOrderBody, data: s.createShopOrderData });
/** Pays a shop order through the payments area; paid, it awaits the owner's audit. */
export const payMemberShopOrder = endpoint({ method: 'POST', path: '/attractive/buy/payOrder', auth: 'member', area, idempotent: true, body: s.payShopOrderBody, data: paymentInfoData });
/** A shop order's payment (by number, or its newest). */
export const getMemberShopCheckoutPayment = endpoint({ method: 'GET', path: '/attractive/buy/payInfo', auth: 'member', area, query: s.shopPayInfoQuery, data: paymentInfoData });
/** The member's shop orders, by view, newest first. */
export const listMemberShopOrders = endpoint({ method: 'GET', path: '/attractive/order/list', auth: 'member', area, query: s.buyerShopOrderListQuery, data: s.buyerShopOrderListData });
/** One of the member's shop orders. */
export const getMemberShopOrder = endpoint({ method: 'GET', path: '/attractive/order/info', auth: 'member', area, query: s.shopOrderInfoQuery, data: s.shopOrderDetailSchema });
/** The buyer confirms a shipped or picked-up shop order received (an extension: the spec's list has no buyer call for it). */
export const confirmMemberShopOrder = endpoint({ method: 'POST', path: '/attractive/order/confirm', auth: 'member', area, idempotent: true, body: s.shopOrderInfoBody, data: s.shopOrderStateData });
/** Books a regular order the owner bought and received into the shop's stock, once (an extension: the spec has no restock call). */
export const restockMyShop = endpoint({ method: 'POST', path: '/attractive/shop/restock', auth: 'member', area, idempotent: true, body: s.restockBody, data: s.restockData });
/** The owner's received regular orders that may still be booked into the shop's stock, newest first (an extension beside the restock). */
export const listMyShopRestockOrders = endpoint({ method: 'GET', path: '/attractive/shop/restockOrders', auth: 'member', area, query: s.restockOrdersQuery, data: s.restockOrdersData });
