import { endpoint } from '../common/endpoint.js';
import * as s from './orders.schemas.js';
import * as charity from './charity.schemas.js';
import * as pay from '../payments/payments.schemas.js';
import * as online from '../payments/online-pay.schemas.js';
import * as afterSale from '../after-sales/after-sales.schemas.js';

export * from './orders.schemas.js';
export * from './charity.schemas.js';

// Checkout and the member's orders. Calls without shapes yet belong to areas still to come
// (payments, after-sales, group buy, international orders, charity orders).
/** Pledges an amount to a charity cause: a charity order awaiting payment. */
export const payLoversOrder = endpoint({ method: 'POST', path: '/attractive/lovers/submitPay', auth: 'member', area: 'orders', idempotent: true, body: charity.charityPledgeBody, data: charity.charityOrderSchema });
/** Cancels an unpaid charity order. */
export const cancelLoversOrder = endpoint({ method: 'POST', path: '/attractive/lovers/cancelOrder', auth: 'member', area: 'orders', idempotent: true, body: charity.charityCancelBody, data: charity.charityOrderSchema });
/** What the member has given, and the causes open for pledges. */
export const getLoversCentre = endpoint({ method: 'GET', path: '/attractive/lovers/userCenter', auth: 'member', area: 'orders', data: charity.charityCentreData });
/** The member's charity orders, newest first. */
export const listLoversOrders = endpoint({ method: 'GET', path: '/attractive/lovers/orderList', auth: 'member', area: 'orders', query: charity.charityOrderListQuery, data: charity.charityOrderListData });
/** Previews an order: lines, address, fees and the total, computed as `createOrder` will. */
export const getCheckoutGoods = endpoint({ method: 'GET', path: '/shop/buy/cartGoods', auth: 'member', area: 'orders', query: s.checkoutQuery, data: s.checkoutData });
/** A payment of an order (or the newest payment of a payable) as the pay pages show it: in progress, success or failed. */
export const getCheckoutPayment = endpoint({ method: 'GET', path: '/shop/buy/payInfo', auth: 'member', area: 'orders', query: pay.paymentInfoQuery, data: pay.paymentInfoData });
/** Places an order awaiting payment: stock reserved, amounts from the shop's own data. */
export const createOrder = endpoint({ method: 'POST', path: '/shop/buy/createOrder', auth: 'member', area: 'orders', idempotent: true, body: s.createOrderBody, data: s.createOrderData });
/** Pays an order (a charity pledge or a top-up with `order_type`) with a method: the wallet's value at once, or a gateway's page; with `use_balance` the balance part is held until the gateway part succeeds. */
export const payOrder = endpoint({ method: 'POST', path: '/shop/buy/payOrder', auth: 'member', area: 'orders', idempotent: true, body: pay.payBody, data: pay.paymentInfoData });
/** The member's orders of one view, newest first. */
export const listOrders = endpoint({ method: 'GET', path: '/shop/order/list', auth: 'member', area: 'orders', query: s.orderListQuery, data: s.orderListData });
/** One of the member's orders. */
export const getOrder = endpoint({ method: 'GET', path: '/shop/order/info', auth: 'member', area: 'orders', query: s.orderIdQuery, data: s.orderInfoData });
/** The fee of one pay method for a payable, and what the member pays in all. */
export const getPaymentMethodFee = endpoint({ method: 'GET', path: '/shop/order/payWayCost', auth: 'member', area: 'orders', query: pay.payWayCostQuery, data: pay.payWayCostData });
/** Tracking events of an order's packages (or of one package), newest first. */
export const getOrderTracking = endpoint({ method: 'GET', path: '/shop/order/trackingLog', auth: 'member', area: 'orders', query: s.trackingQuery, data: s.trackingData });
/** After 2C2P's page: the payment named by the return (or by number, or the payable's newest), asked of 2C2P while it is open. */
export const query2c2pPayment = endpoint({ method: 'GET', path: '/shop/order/queryOrder2c2p', auth: 'member', area: 'orders', query: online.query2c2pQuery, data: pay.paymentInfoData });
/** The packages an order was shipped in. */
export const listOrderPackages = endpoint({ method: 'GET', path: '/shop/order/packageList', auth: 'member', area: 'orders', query: s.packageListQuery, data: s.packageListData });
/** One package with its lines and tracking events. */
export const getOrderPackage = endpoint({ method: 'GET', path: '/shop/order/packageInfo', auth: 'member', area: 'orders', query: s.packageInfoQuery, data: s.packageInfoData });
/** What may be asked for an order now, per line (kinds, units left, the refundable amount), with the reasons and deadlines: it writes nothing. */
export const applyForOrderAfterSale = endpoint({ method: 'POST', path: '/shop/order/afterSaleApply', auth: 'member', area: 'orders', idempotent: true, body: afterSale.afterSaleApplyBody, data: afterSale.afterSaleApplyData });
/** Opens an after-sales case (return, exchange or warranty) on lines of the member's order. */
export const submitOrderAfterSale = endpoint({ method: 'POST', path: '/shop/order/afterSaleSubmit', auth: 'member', area: 'orders', idempotent: true, body: afterSale.afterSaleSubmitBody, data: afterSale.afterSaleCreatedData });
/** The member received a shipped order: it completes. */
export const confirmOrderReceipt = endpoint({ method: 'POST', path: '/shop/order/confirmReceipt', auth: 'member', area: 'orders', body: s.orderIdBody, data: s.orderChangedData });
/** Cancels an unpaid order: its goods go back on sale. */
export const cancelOrder = endpoint({ method: 'POST', path: '/shop/order/cancelOrder', auth: 'member', area: 'orders', idempotent: true, body: s.cancelOrderBody, data: s.orderChangedData });
/** Asks the shop to ship a paid order; once per order per 24 hours. */
export const remindOrderShipment = endpoint({ method: 'POST', path: '/shop/order/remindSend', auth: 'member', area: 'orders', body: s.orderIdBody, data: s.remindData });
/** Fixes the pay method (and its fee) on a payable awaiting payment. */
export const choosePaymentMethod = endpoint({ method: 'POST', path: '/shop/order/choosePayWay', auth: 'member', area: 'orders', body: pay.choosePayWayBody, data: pay.choosePayWayData });
/** Every method the member may pay a payable with, each with its fee and total. */
export const getPaymentMethodTotal = endpoint({ method: 'POST', path: '/shop/order/payWayCostTotal', auth: 'member', area: 'orders', body: pay.payWayCostTotalBody, data: pay.payWayCostTotalData });
/** Group-buy activities running now. */
export const listGroupBuyGoods = endpoint({ method: 'GET', path: '/shop/pintuan/goodsList', auth: 'member', area: 'orders', query: s.groupBuyListQuery, data: s.groupBuyListData });
/** One group-buy activity. */
export const getGroupBuyGoods = endpoint({ method: 'GET', path: '/shop/pintuan/goodsInfo', auth: 'member', area: 'orders', query: s.groupBuyInfoQuery, data: s.groupBuyActivitySchema });
/** Open groups of an activity with the leader's masked name and the time left. */
export const listGroupBuyGroups = endpoint({ method: 'GET', path: '/shop/pintuan/goodsTuanList', auth: 'member', area: 'orders', query: s.groupBuyGroupsQuery, data: s.groupBuyGroupsData });
/** Opens a group or joins an open one with an order at the group price; the member is in the group once it is paid. */
export const joinGroupBuy = endpoint({ method: 'POST', path: '/shop/pintuan/buy', auth: 'member', area: 'orders', idempotent: true, body: s.groupBuyBody, data: s.groupBuyData });
/** Previews a group-buy order (goods, freight, operating fee, total) as `joinGroupBuy` will place it; nothing is reserved. An extension: the member confirms the amounts before the order exists. */
export const previewGroupBuy = endpoint({ method: 'GET', path: '/shop/pintuan/buyPreview', auth: 'member', area: 'orders', query: s.groupBuyPreviewQuery, data: s.groupBuyPreviewData });
/** Places a cross-border order (needs the approved international real-name): freight by weight band, the rate to the destination's currency recorded. */
export const createInternationalOrder = endpoint({ method: 'POST', path: '/shop/buyGuoji/createOrder', auth: 'member', area: 'orders', idempotent: true, body: s.createInternationalOrderBody, data: s.createInternationalOrderData });
/** Pays a cross-border order, as `payOrder`. */
export const payInternationalOrder = endpoint({ method: 'POST', path: '/shop/buyGuoji/payOrder', auth: 'member', area: 'orders', idempotent: true, body: pay.payBody, data: pay.paymentInfoData });
/** Freight of a cross-border order to the address, by shipping method and the goods' weight. */
export const getInternationalFreight = endpoint({ method: 'GET', path: '/shop/buyGuoji/orderFreightFee', auth: 'member', area: 'orders', query: s.freightQuery, data: s.freightData });
