import { PAYABLE_TYPES } from '@shop/contract/payments';

export type PayableType = (typeof PAYABLE_TYPES)[number];
export interface Payable {
  order_id: number;
  order_type: PayableType;
}

/** The payable a pay page is about: `order_id` and `order_type` (an order unless said otherwise). */
export function payableFrom(params: URLSearchParams): Payable {
  const id = Number(params.get('order_id'));
  const type = params.get('order_type');
  return { order_id: Number.isInteger(id) && id > 0 ? id : 0, order_type: (PAYABLE_TYPES as readonly string[]).includes(type ?? '') ? (type as PayableType) : 'order' };
}

/** The query string that names a payable to the next pay page. */
export const payableQuery = (p: Payable): string => `order_id=${p.order_id}&order_type=${p.order_type}`;
