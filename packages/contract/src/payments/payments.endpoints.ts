import { endpoint } from '../common/endpoint.js';

// Calls of the payments area. Request and response shapes are filled in by the issue that builds it.
export const createOnlinePaymentToken = endpoint({ method: 'POST', path: '/oms/onlinepay/order/createToken', auth: 'member', area: 'payments', idempotent: true });
export const getOnlinePaymentState = endpoint({ method: 'GET', path: '/oms/onlinepay/order/getPayStateInfo', auth: 'member', area: 'payments' });
export const createAirwallexPaymentIntent = endpoint({ method: 'POST', path: '/airwallex/index/createPaymentIntent', auth: 'member', area: 'payments', idempotent: true });
export const acknowledgePaymentNotice = endpoint({ method: 'POST', path: '/oms/viewNotice/notice', auth: 'member', area: 'payments' });
