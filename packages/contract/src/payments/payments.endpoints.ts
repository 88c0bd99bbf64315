import { endpoint } from '../common/endpoint.js';

// Calls of the payments area. Request and response shapes are filled in by the issue that builds it.
export const omsOnlinepayOrderCreateToken = endpoint({ method: 'POST', path: '/oms/onlinepay/order/createToken', auth: 'member', area: 'payments', idempotent: true });
export const omsOnlinepayOrderGetPayStateInfo = endpoint({ method: 'GET', path: '/oms/onlinepay/order/getPayStateInfo', auth: 'member', area: 'payments' });
export const airwallexIndexCreatePaymentIntent = endpoint({ method: 'POST', path: '/airwallex/index/createPaymentIntent', auth: 'member', area: 'payments', idempotent: true });
export const omsViewNoticeNotice = endpoint({ method: 'POST', path: '/oms/viewNotice/notice', auth: 'member', area: 'payments' });
