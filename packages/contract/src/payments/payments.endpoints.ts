import { endpoint } from '../common/endpoint.js';
import * as s from './payments.schemas.js';
import * as online from './online-pay.schemas.js';

export * from './payments.schemas.js';
export * from './online-pay.schemas.js';

// Calls of the payments area.
/** Starts a 2C2P payment of a payable: its payment token and payment page (the same ones while the payment is open). */
export const createOnlinePaymentToken = endpoint({ method: 'POST', path: '/oms/onlinepay/order/createToken', auth: 'member', area: 'payments', idempotent: true, body: online.createTokenBody, data: online.createTokenData });
/** The state of a payment (or of the newest payment of a payable) as the pay pages show it; a pending one is asked of its gateway. */
export const getOnlinePaymentState = endpoint({ method: 'GET', path: '/oms/onlinepay/order/getPayStateInfo', auth: 'member', area: 'payments', query: s.paymentInfoQuery, data: s.paymentInfoData });
/** Starts an Airwallex payment (card or Malaysian e-wallet) of a payable: its hosted page and the intent's client secret. */
export const createAirwallexPaymentIntent = endpoint({ method: 'POST', path: '/airwallex/index/createPaymentIntent', auth: 'member', area: 'payments', idempotent: true, body: s.airwallexIntentBody, data: s.paymentInfoData });
/** The notice shown before paying with a method (whose service, fee, currency conversion); records that the member read it. */
export const acknowledgePaymentNotice = endpoint({ method: 'POST', path: '/oms/viewNotice/notice', auth: 'member', area: 'payments', body: s.payNoticeBody, data: s.payNoticeData });
