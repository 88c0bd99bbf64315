import { endpoint } from '../common/endpoint.js';

// Calls of the after-sales area. Request and response shapes are filled in by the issue that builds it.
export const afterSalesSubmit = endpoint({ method: 'POST', path: '/attractive/AfterSales/submit', auth: 'member', area: 'after-sales' });
export const afterSalesCancel = endpoint({ method: 'POST', path: '/attractive/AfterSales/cancel', auth: 'member', area: 'after-sales' });
export const afterSalesExpressSave = endpoint({ method: 'POST', path: '/attractive/AfterSales/expressSave', auth: 'member', area: 'after-sales' });
export const afterSalesReceipt = endpoint({ method: 'POST', path: '/attractive/AfterSales/receipt', auth: 'member', area: 'after-sales' });
export const afterSalesExpressTrack = endpoint({ method: 'GET', path: '/attractive/AfterSales/expressTrack', auth: 'member', area: 'after-sales' });
export const afterSalesGoodsListDesc = endpoint({ method: 'GET', path: '/attractive/AfterSales/goodsListDesc', auth: 'member', area: 'after-sales' });
export const afterSalesHuanhuoGoods = endpoint({ method: 'GET', path: '/attractive/AfterSales/huanhuoGoods', auth: 'member', area: 'after-sales' });
export const afterSalesLogistics = endpoint({ method: 'GET', path: '/attractive/AfterSales/logistics', auth: 'member', area: 'after-sales' });
export const afterSalesNetwork = endpoint({ method: 'GET', path: '/attractive/AfterSales/network', auth: 'member', area: 'after-sales' });
export const afterSalesQuestion = endpoint({ method: 'GET', path: '/attractive/AfterSales/question', auth: 'member', area: 'after-sales' });
export const userPraiseInfo = endpoint({ method: 'GET', path: '/user/praise/info', auth: 'member', area: 'after-sales' });
export const userPraiseCreate = endpoint({ method: 'POST', path: '/user/praise/create', auth: 'member', area: 'after-sales' });
export const userPraiseEdit = endpoint({ method: 'POST', path: '/user/praise/edit', auth: 'member', area: 'after-sales' });
