import { fromMinorUnits, type EndpointData, type EndpointQuery, type adminAuditLog, type adminListCancellations, type adminListOrders, type adminListRealNames, type adminListRecharges, type adminListWithdrawals, type adminSearchMembers } from '@shop/contract';
import { listOrdersForOperator } from '../modules/orders/fulfilment.service.js';
import { adminRecharges } from '../modules/wallet/recharge.service.js';
import { adminWithdrawals } from '../modules/wallet/withdrawals.service.js';
import * as service from './console.service.js';
import type { ListExport } from '../lib/list-export.js';

// The console's lists as CSV files: which page function each reads and the columns it writes.
// Header texts are `console.csv.<header>` in the language packs; values stay as the system stores
// them (codes, ISO times, amounts in decimal units with their currency beside them).

type Row<E> = EndpointData<E> extends { list: Array<infer R> } ? R : never;
const money = (minor: number, currency: string) => fromMinorUnits(minor, currency);

export const realNameExport: ListExport<EndpointQuery<typeof adminListRealNames>, Row<typeof adminListRealNames>> = {
  name: 'realname',
  page: service.realNameQueue,
  columns: [
    ['id', (r) => r.id], ['member_id', (r) => r.user_id], ['user_name', (r) => r.user_name], ['surname', (r) => r.surname], ['given_name', (r) => r.given_name],
    ['kind', (r) => r.kind], ['country', (r) => r.country], ['document_type', (r) => r.document_type], ['document_number', (r) => r.document_number],
    ['status', (r) => r.status], ['created_at', (r) => r.created_at], ['reviewed_by', (r) => r.reviewed_by], ['reviewed_at', (r) => r.reviewed_at], ['reason', (r) => r.reason],
  ],
};

export const cancellationExport: ListExport<EndpointQuery<typeof adminListCancellations>, Row<typeof adminListCancellations>> = {
  name: 'cancellation',
  page: service.cancellationQueue,
  columns: [
    ['id', (r) => r.id], ['member_id', (r) => r.user_id], ['user_name', (r) => r.user_name], ['status', (r) => r.status], ['created_at', (r) => r.created_at],
    ['reviewed_by', (r) => r.reviewed_by], ['reviewed_at', (r) => r.reviewed_at], ['reason', (r) => r.reason],
  ],
};

export const memberExport: ListExport<EndpointQuery<typeof adminSearchMembers>, Row<typeof adminSearchMembers>> = {
  name: 'members',
  page: service.findMembers,
  columns: [
    // A mobile number is not whole without its calling code: both as stored, side by side (no `+`, which a spreadsheet would take for a formula).
    ['member_id', (r) => r.id], ['user_name', (r) => r.user_name], ['nickname', (r) => r.nickname], ['mobile_pre', (r) => r.mobile_pre], ['mobile', (r) => r.mobile], ['email', (r) => r.email],
    ['invite_code', (r) => r.invite_code], ['status', (r) => r.status], ['created_at', (r) => r.created_at],
  ],
};

export const auditExport: ListExport<EndpointQuery<typeof adminAuditLog>, Row<typeof adminAuditLog>> = {
  name: 'audit',
  page: service.auditLog,
  columns: [
    ['created_at', (r) => r.created_at], ['operator', (r) => r.operator], ['action', (r) => r.action], ['target_type', (r) => r.target_type], ['target_id', (r) => r.target_id], ['reason', (r) => r.reason], ['decided_via', (r) => r.via ?? ''],
    // An entry's details recorded as facts, as stored (an older entry's are in its action).
    ['details', (r) => (r.facts ? JSON.stringify(r.facts) : '')],
  ],
};

export const orderExport: ListExport<EndpointQuery<typeof adminListOrders>, Row<typeof adminListOrders>> = {
  name: 'orders',
  page: listOrdersForOperator,
  columns: [
    ['id', (r) => r.id], ['order_no', (r) => r.order_no], ['member_id', (r) => r.user_id], ['user_name', (r) => r.user_name], ['status', (r) => r.status], ['currency', (r) => r.currency],
    ['total', (r) => money(r.total, r.currency)], ['created_at', (r) => r.created_at], ['paid_at', (r) => r.paid_at], ['last_reminded_at', (r) => r.last_reminded_at],
  ],
};

export const withdrawalExport: ListExport<EndpointQuery<typeof adminListWithdrawals>, Row<typeof adminListWithdrawals>> = {
  name: 'withdrawals',
  page: adminWithdrawals,
  columns: [
    ['id', (r) => r.id], ['withdraw_no', (r) => r.withdraw_no], ['member_id', (r) => r.user_id], ['user_name', (r) => r.user_name], ['method', (r) => r.method],
    ['status', (r) => r.status], ['currency', (r) => r.currency], ['amount', (r) => money(r.amount, r.currency)], ['fee', (r) => money(r.fee, r.currency)],
    ['bank_name', (r) => r.bank_name], ['account', (r) => r.account_masked], ['network', (r) => r.network], ['address', (r) => r.address],
    ['payout_reference', (r) => r.payout_reference], ['created_at', (r) => r.created_at], ['paid_at', (r) => r.paid_at],
    // Each decider apart: the approvers against the approvals needed, who rejected it, who carried the money out.
    ['approved_by', (r) => r.approvers.join(', ')], ['approvals_needed', (r) => r.approvals_needed], ['rejected_by', (r) => r.rejected_by], ['paid_by', (r) => r.paid_by],
    ['reason', (r) => r.reason],
  ],
};

export const rechargeExport: ListExport<EndpointQuery<typeof adminListRecharges>, Row<typeof adminListRecharges>> = {
  name: 'recharges',
  page: adminRecharges,
  columns: [
    ['id', (r) => r.id], ['order_no', (r) => r.order_no], ['member_id', (r) => r.user_id], ['user_name', (r) => r.user_name], ['kind', (r) => r.kind], ['channel', (r) => r.channel],
    ['status', (r) => r.status], ['pay_currency', (r) => r.pay_currency], ['pay_amount', (r) => money(r.pay_amount, r.pay_currency)],
    ['wallet_currency', (r) => r.wallet_currency], ['credit_amount', (r) => money(r.credit_amount, r.wallet_currency)], ['rate', (r) => r.rate],
    ['tx_hash', (r) => r.tx_hash], ['created_at', (r) => r.created_at], ['paid_at', (r) => r.paid_at], ['reviewed_by', (r) => r.reviewed_by], ['reason', (r) => r.reason],
  ],
};
