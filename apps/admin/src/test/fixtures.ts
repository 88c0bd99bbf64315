import type { Row as CaseRow } from '../pages/after-sales/case-actions';

/** A return of order 2611300000000007 under review, as the after-sales queue lists it; `changes` over it. */
export const caseRow = (changes: Partial<CaseRow> = {}): CaseRow =>
  ({
    id: 41, case_no: 'AS26113000000041', order_id: 7, shop_order_id: null, shop: null, order_no: '2611300000000007', kind: 'return', status: 'under_review',
    reason_id: 'changed_mind', reason: 'No longer needed', description: '', currency: 'USD', refundable: 3333, refund: null, refunded: null, refunded_at: null,
    refund_reason: '', refund_delayed: false, refund_parts: [], lines: [], images: [], video: null, reject_reason: '', ship_back_by: null, return_shipment: null, replacement_shipment: null,
    follows_case_id: null, created_at: '2026-11-30T10:00:00.000Z', updated_at: '2026-11-30T10:00:00.000Z', member_id: 3, member: 'mia', refund_problem: null,
    ...changes,
  }) as CaseRow;

/** An order's amounts when it is its goods alone: no coupon, points, fee or shipping. */
export const goodsOnly = (total: number) => ({
  subtotal: total, coupon_discount: 0, operating_fee_rate: 0, operating_fee: 0, freight: 0, points_used: 0, points_value: 0, shopping_points_used: 0, shopping_points_value: 0, total,
});
