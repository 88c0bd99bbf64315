import { endpoint } from '../common/endpoint.js';
import { pageOf } from '../common/pagination.js';
import { exportOf } from '../common/list-sort.js';
import * as s from './payments.schemas.js';

// The console's payments calls (under /admin/api/payments/).

/** Payments, newest first, by state, gateway, member, reference, or with an open flag. */
export const adminListPayments = endpoint({ method: 'GET', path: '/admin/api/payments/list', auth: 'operator', permission: 'ledger.read', area: 'admin', query: s.paymentListQuery, data: pageOf(s.adminPaymentSchema) });
/** One payment with its events (every report, inquiry and transition), flags and refunds. */
export const adminPaymentDetail = endpoint({ method: 'GET', path: '/admin/api/payments/detail', auth: 'operator', permission: 'ledger.read', area: 'admin', query: s.paymentDetailQuery, data: s.paymentDetailData });
/** Payment flags (mismatches, money arrived after the payment ended, failed refunds): the open ones oldest first. */
export const adminPaymentFlags = endpoint({ method: 'GET', path: '/admin/api/payments/flags', auth: 'operator', permission: 'ledger.read', area: 'admin', query: s.flagListQuery, data: pageOf(s.paymentFlagSchema) });
/** Decides an open flag with a reason: refund the money, accept the payment as paid, or dismiss the flag; once. */
export const adminDecidePaymentFlag = endpoint({ method: 'POST', path: '/admin/api/payments/flags/decide', auth: 'operator', permission: 'refunds.decide', area: 'admin', idempotent: true, body: s.flagDecisionBody, data: s.flagDecisionData });
/** Refunds, newest first, by state. */
export const adminListRefunds = endpoint({ method: 'GET', path: '/admin/api/payments/refunds', auth: 'operator', permission: 'ledger.read', area: 'admin', query: s.refundListQuery, data: pageOf(s.paymentRefundSchema) });

/** Asks the payment's gateway about it now and applies the answer (as the reconciliation job would). */
export const adminInquirePayment = endpoint({ method: 'POST', path: '/admin/api/payments/inquire', auth: 'operator', permission: 'ledger.read', area: 'admin', idempotent: true, body: s.paymentInquiryBody, data: s.paymentActionData });
/** Refunds a succeeded payment in full or in part with a reason: its balance part through the ledger, its gateway part through the gateway. */
export const adminRefundPayment = endpoint({ method: 'POST', path: '/admin/api/payments/refund', auth: 'operator', permission: 'refunds.decide', area: 'admin', idempotent: true, body: s.paymentRefundBody, data: s.paymentActionData });
/** The three lists as CSV files (same filters and sort, every row). */
export const adminExportPayments = exportOf(adminListPayments);
export const adminExportPaymentFlags = exportOf(adminPaymentFlags);
export const adminExportRefunds = exportOf(adminListRefunds);

export const paymentsConsoleEndpoints = [
  adminListPayments, adminPaymentDetail, adminPaymentFlags, adminDecidePaymentFlag, adminListRefunds, adminInquirePayment, adminRefundPayment, adminExportPayments, adminExportPaymentFlags, adminExportRefunds,
] as const;
