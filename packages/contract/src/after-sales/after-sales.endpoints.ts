import { endpoint } from '../common/endpoint.js';

// Calls of the after-sales area. Request and response shapes are filled in by the issue that builds it.
export const submitAfterSale = endpoint({ method: 'POST', path: '/attractive/AfterSales/submit', auth: 'member', area: 'after-sales' });
export const cancelAfterSale = endpoint({ method: 'POST', path: '/attractive/AfterSales/cancel', auth: 'member', area: 'after-sales' });
export const saveAfterSaleShipment = endpoint({ method: 'POST', path: '/attractive/AfterSales/expressSave', auth: 'member', area: 'after-sales' });
export const confirmAfterSaleReceipt = endpoint({ method: 'POST', path: '/attractive/AfterSales/receipt', auth: 'member', area: 'after-sales' });
export const trackAfterSaleShipment = endpoint({ method: 'GET', path: '/attractive/AfterSales/expressTrack', auth: 'member', area: 'after-sales' });
export const listAfterSaleGoods = endpoint({ method: 'GET', path: '/attractive/AfterSales/goodsListDesc', auth: 'member', area: 'after-sales' });
export const listExchangeGoods = endpoint({ method: 'GET', path: '/attractive/AfterSales/huanhuoGoods', auth: 'member', area: 'after-sales' });
export const listAfterSaleCarriers = endpoint({ method: 'GET', path: '/attractive/AfterSales/logistics', auth: 'member', area: 'after-sales' });
export const listAfterSaleServicePoints = endpoint({ method: 'GET', path: '/attractive/AfterSales/network', auth: 'member', area: 'after-sales' });
export const listAfterSaleReasons = endpoint({ method: 'GET', path: '/attractive/AfterSales/question', auth: 'member', area: 'after-sales' });
export const getOrderReview = endpoint({ method: 'GET', path: '/user/praise/info', auth: 'member', area: 'after-sales' });
export const createOrderReview = endpoint({ method: 'POST', path: '/user/praise/create', auth: 'member', area: 'after-sales' });
export const editOrderReview = endpoint({ method: 'POST', path: '/user/praise/edit', auth: 'member', area: 'after-sales' });
