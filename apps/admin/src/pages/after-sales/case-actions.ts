import { AFTER_SALE_REFUND_REASON_MAX, type adminAfterSaleSchema } from '@shop/contract/after-sales';
import { type Permission } from '@shop/contract/common';
import type { TFunction } from 'i18next';
import { createElement } from 'react';
import type { z } from 'zod';
import { CarrierPicker } from '../../components/CarrierPicker';
import type { QueueAction } from '../../components/ReviewQueue';
import { amountOf, amountRefusal, amountText, parseAmount, showAmount } from '../../lib/money';
import { call } from '../../lib/request';
import {
  approveAfterSaleRoute,
  closeAfterSaleRoute,
  receiveAfterSaleRoute,
  refundAfterSaleRoute,
  refuseAfterSaleReceiptRoute,
  rejectAfterSaleRoute,
  shipAfterSaleRoute,
} from '../../lib/routes-after-sales';

export type Row = z.infer<typeof adminAfterSaleSchema>;

const schemas = () => import('@shop/contract/after-sales');

/**
 * The decisions on a case the operator's role allows: those who decide cases approve, reject,
 * receive, refuse receipt, ship and close; those who decide refunds (finance too, who only read the
 * queue otherwise) refund a received return. A button the role may not use is not shown.
 */
export function caseActions(t: TFunction, can: (permission: Permission) => boolean): QueueAction<Row>[] {
  // The member reads a rejection's, a refused receipt's and a closing's reason; an approval's note stays with operators.
  const reason = { name: 'reason', label: t('console.afterSales.reasonToMember'), required: true, multiline: true };
  const approveFields = [{ name: 'reason', label: t('console.afterSales.internalNote'), multiline: true }];
  const approve: QueueAction<Row> = {
    key: 'approve',
    label: t('console.common.approve'),
    primary: true,
    when: (r) => r.status === 'under_review' && r.kind !== 'return',
    question: t('console.afterSales.approveQuestion'),
    fields: approveFields,
    schema: () => schemas().then((m) => m.adminAfterSaleApproveBody),
    toBody: (r, v) => ({ id: r.id, reason: v.reason ?? '' }),
    send: (_r, _v, key, body) => call(approveAfterSaleRoute, body, { idempotencyKey: key }),
  };
  const decide: QueueAction<Row>[] = [
    approve,
    // Only a return refunds: its approval carries the refund (all that is refundable when left empty).
    {
      ...approve,
      when: (r) => r.status === 'under_review' && r.kind === 'return',
      // The refund is typed in the order's currency, named beside the label as every console amount field
      // does, and opens at all that is refundable. Lowered, the member is told why (a reason they read,
      // apart from the internal note); nothing at all is a rejection, not an approval of 0 — unless the
      // case may refund no money (points paid for its goods: their share comes back, as the server checks).
      fields: (r) => {
        const whole = showAmount(r.refundable, r.currency);
        const typed = (v: Record<string, string>) => parseAmount(v.refund_amount, r.currency);
        return [
          {
            name: 'refund_amount',
            label: `${t('console.afterSales.refundAmount')} (${r.currency})`,
            placeholder: t('console.afterSales.refundHint'),
            message: amountRefusal(t, r.currency),
            initial: amountText(r.refundable, r.currency),
            refuse: (v) => (typed(v) === 0 && r.refundable > 0 ? t('console.afterSales.refundZero') : undefined),
          },
          {
            name: 'refund_reason',
            label: t('console.afterSales.refundReasonToMember'),
            placeholder: t('console.afterSales.refundReasonHint', { amount: whole }),
            multiline: true,
            maxLength: AFTER_SALE_REFUND_REASON_MAX,
            refuse: (v) => {
              const amount = typed(v);
              return amount !== undefined && amount > 0 && amount < r.refundable && !v.refund_reason?.trim() ? t('console.afterSales.refundReasonNeeded', { amount: whole }) : undefined;
            },
          },
          ...approveFields,
        ];
      },
      toBody: (r, v) => ({
        id: r.id,
        reason: v.reason ?? '',
        // Nothing to refund in money: the server's default (none), as a refund of 0 is not one to send.
        ...(v.refund_amount?.trim() && r.refundable > 0 ? { refund_amount: amountOf(v.refund_amount, r.currency) } : {}),
        ...(v.refund_reason?.trim() ? { refund_reason: v.refund_reason } : {}),
      }),
    },
    {
      key: 'reject',
      label: t('console.common.reject'),
      danger: true,
      when: (r) => r.status === 'under_review',
      question: t('console.common.confirmReject'),
      fields: [reason],
      schema: () => schemas().then((m) => m.adminAfterSaleReasonBody),
      toBody: (r, v) => ({ id: r.id, reason: v.reason }),
      send: (_r, _v, key, body) => call(rejectAfterSaleRoute, body, { idempotencyKey: key }),
    },
    {
      key: 'receive',
      label: t('console.afterSales.receive'),
      primary: true,
      when: (r) => r.status === 'awaiting_return' || r.status === 'return_shipped',
      question: t('console.afterSales.receiveQuestion'),
      // An explicit choice, "No" until changed: goods back on sale are sold again.
      fields: [{ name: 'resellable', label: t('console.afterSales.resellable'), required: true, initial: 'no', options: [{ value: 'no', label: t('console.afterSales.notResellable') }, { value: 'yes', label: t('console.afterSales.backOnSale') }] }],
      schema: () => schemas().then((m) => m.adminAfterSaleReceiveBody),
      toBody: (r, v) => ({ id: r.id, resellable: v.resellable === 'yes' }),
      send: (_r, _v, key, body) => call(receiveAfterSaleRoute, body, { idempotencyKey: key }),
    },
    {
      key: 'refuse',
      label: t('console.afterSales.refuseReceipt'),
      danger: true,
      when: (r) => r.status === 'return_shipped',
      question: t('console.afterSales.refuseQuestion'),
      fields: [reason],
      schema: () => schemas().then((m) => m.adminAfterSaleReasonBody),
      toBody: (r, v) => ({ id: r.id, reason: v.reason }),
      send: (_r, _v, key, body) => call(refuseAfterSaleReceiptRoute, body, { idempotencyKey: key }),
    },
    {
      key: 'ship',
      label: t('console.afterSales.ship'),
      primary: true,
      when: (r) => r.kind !== 'return' && r.status === 'received',
      question: t('console.afterSales.shipQuestion'),
      fields: [
        // The carrier as shipping an order asks for it: from the shop's list, or typed.
        { name: 'carrier', label: t('console.afterSales.carrier'), required: true, requiredMessage: t('console.orders.carrierRequired'), control: createElement(CarrierPicker) },
        { name: 'tracking_number', label: t('console.afterSales.trackingNumber'), required: true, min: 4 },
      ],
      schema: () => schemas().then((m) => m.adminAfterSaleShipBody),
      toBody: (r, v) => ({ id: r.id, carrier: v.carrier, tracking_number: v.tracking_number }),
      send: (_r, _v, key, body) => call(shipAfterSaleRoute, body, { idempotencyKey: key }),
    },
    {
      key: 'close',
      label: t('console.afterSales.close'),
      danger: true,
      when: (r) => ['under_review', 'awaiting_return', 'return_shipped'].includes(r.status),
      question: t('console.afterSales.closeQuestion'),
      fields: [reason],
      schema: () => schemas().then((m) => m.adminAfterSaleReasonBody),
      toBody: (r, v) => ({ id: r.id, reason: v.reason }),
      send: (_r, _v, key, body) => call(closeAfterSaleRoute, body, { idempotencyKey: key }),
    },
  ];
  const refund: QueueAction<Row> = {
    key: 'refund',
    label: t('console.afterSales.refund'),
    primary: true,
    when: (r) => r.kind === 'return' && (r.status === 'received' || r.status === 'refunding'),
    question: (r) => t('console.afterSales.refundQuestion', { amount: showAmount(r.refund ?? r.refundable, r.currency), order: r.order_no }),
    fields: [],
    toBody: (r) => ({ id: r.id }),
    send: (r, _v, key) => call(refundAfterSaleRoute, { id: r.id }, { idempotencyKey: key }),
  };
  return [...(can('aftersales.decide') ? decide : []), ...(can('refunds.decide') ? [refund] : [])];
}
