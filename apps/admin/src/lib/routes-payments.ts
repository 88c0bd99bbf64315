import { routeOf } from '@shop/contract/common';
import type { adminDecidePaymentFlag, adminInquirePayment, adminListPayments, adminListRefunds, adminPaymentDetail, adminPaymentFlags, adminRefundPayment } from '@shop/contract/admin';

// The payments page's calls as the contract declares them (types checked against the entries), without their schemas.
const op = { auth: 'operator', area: 'admin' } as const;
export const paymentsRoute = routeOf<typeof adminListPayments>({ method: 'GET', path: '/admin/api/payments/list', ...op });
export const paymentDetailRoute = routeOf<typeof adminPaymentDetail>({ method: 'GET', path: '/admin/api/payments/detail', ...op });
export const paymentFlagsRoute = routeOf<typeof adminPaymentFlags>({ method: 'GET', path: '/admin/api/payments/flags', ...op });
export const decidePaymentFlagRoute = routeOf<typeof adminDecidePaymentFlag>({ method: 'POST', path: '/admin/api/payments/flags/decide', ...op });
export const refundsRoute = routeOf<typeof adminListRefunds>({ method: 'GET', path: '/admin/api/payments/refunds', ...op });
export const inquirePaymentRoute = routeOf<typeof adminInquirePayment>({ method: 'POST', path: '/admin/api/payments/inquire', ...op });
export const refundPaymentRoute = routeOf<typeof adminRefundPayment>({ method: 'POST', path: '/admin/api/payments/refund', ...op });
