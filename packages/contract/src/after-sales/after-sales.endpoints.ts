import { endpoint } from '../common/endpoint.js';
import * as s from './after-sales.schemas.js';

export * from './after-sales.schemas.js';

// Calls of the after-sales area: the member's cases of return, exchange and warranty repair.
/** Sends a rejected case again with new words or evidence: a new case under review that names the one it follows. */
export const submitAfterSale = endpoint({ method: 'POST', path: '/attractive/AfterSales/submit', auth: 'member', area: 'after-sales', idempotent: true, body: s.afterSaleResubmitBody, data: s.afterSaleCreatedData });
/** The member withdraws a case until the goods are received. */
export const cancelAfterSale = endpoint({ method: 'POST', path: '/attractive/AfterSales/cancel', auth: 'member', area: 'after-sales', idempotent: true, body: s.afterSaleCaseBody, data: s.afterSaleChangedData });
/** The member's shipment of the goods back (carrier and tracking number). */
export const saveAfterSaleShipment = endpoint({ method: 'POST', path: '/attractive/AfterSales/expressSave', auth: 'member', area: 'after-sales', idempotent: true, body: s.afterSaleShipmentBody, data: s.afterSaleChangedData });
/** The member received the replacement (or the repaired goods): the case completes. */
export const confirmAfterSaleReceipt = endpoint({ method: 'POST', path: '/attractive/AfterSales/receipt', auth: 'member', area: 'after-sales', idempotent: true, body: s.afterSaleCaseBody, data: s.afterSaleChangedData });
/** Tracking of the return shipment or of the replacement, newest event first. */
export const trackAfterSaleShipment = endpoint({ method: 'GET', path: '/attractive/AfterSales/expressTrack', auth: 'member', area: 'after-sales', query: s.afterSaleTrackQuery, data: s.afterSaleTrackData });
/** The lines of an order with what may still be asked for, or of a case with the units it holds. */
export const listAfterSaleGoods = endpoint({ method: 'GET', path: '/attractive/AfterSales/goodsListDesc', auth: 'member', area: 'after-sales', query: s.afterSaleGoodsQuery, data: s.afterSaleGoodsData });
/** SKUs a line may be exchanged to (same goods, same price, in stock) and the exchanges left. */
export const listExchangeGoods = endpoint({ method: 'GET', path: '/attractive/AfterSales/huanhuoGoods', auth: 'member', area: 'after-sales', query: s.exchangeGoodsQuery, data: s.exchangeGoodsData });
/** Carriers the goods may be sent back with. */
export const listAfterSaleCarriers = endpoint({ method: 'GET', path: '/attractive/AfterSales/logistics', auth: 'member', area: 'after-sales', data: s.afterSaleCarriersData });
/** Service points of a country, and where a case's goods go back. */
export const listAfterSaleServicePoints = endpoint({ method: 'GET', path: '/attractive/AfterSales/network', auth: 'member', area: 'after-sales', query: s.afterSaleNetworkQuery, data: s.afterSaleNetworkData });
/** Reasons a member may give, per kind, in the member's language. */
export const listAfterSaleReasons = endpoint({ method: 'GET', path: '/attractive/AfterSales/question', auth: 'member', area: 'after-sales', query: s.afterSaleReasonsQuery, data: s.afterSaleReasonsData });
/** The member's cases, newest first (a contract extension: the spec names no list call). */
export const listAfterSales = endpoint({ method: 'GET', path: '/attractive/AfterSales/list', auth: 'member', area: 'after-sales', query: s.afterSaleListQuery, data: s.afterSaleListData });
/** What a return of some units of the member's order would refund, surcharge and freight included, as the refund will make it (a contract extension). */
export const estimateAfterSaleRefund = endpoint({ method: 'GET', path: '/attractive/AfterSales/refundEstimate', auth: 'member', area: 'after-sales', query: s.afterSaleEstimateQuery, data: s.afterSaleEstimateData });
/** One of the member's cases with its history (a contract extension). */
export const getAfterSale = endpoint({ method: 'GET', path: '/attractive/AfterSales/info', auth: 'member', area: 'after-sales', query: s.afterSaleInfoQuery, data: s.afterSaleInfoData });
/** The member's reviews of an order's lines (or one line), with what may be reviewed or changed. */
export const getOrderReview = endpoint({ method: 'GET', path: '/user/praise/info', auth: 'member', area: 'after-sales', query: s.orderReviewQuery, data: s.orderReviewData });
/** Reviews a line of a completed order, once: shown on the goods' page with the SKU bought. */
export const createOrderReview = endpoint({ method: 'POST', path: '/user/praise/create', auth: 'member', area: 'after-sales', idempotent: true, body: s.createOrderReviewBody, data: s.orderReviewSchema });
/** Changes a review once, within the days allowed. */
export const editOrderReview = endpoint({ method: 'POST', path: '/user/praise/edit', auth: 'member', area: 'after-sales', idempotent: true, body: s.editOrderReviewBody, data: s.orderReviewSchema });
