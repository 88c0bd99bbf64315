import { shareOfMinor } from '@shop/contract';

export interface OrderAmounts {
  subtotal: number;
  coupon_discount: number;
  operating_fee_rate: number;
  operating_fee: number;
  freight: number;
  points_used: number;
  points_value: number;
  shopping_points_used: number;
  shopping_points_value: number;
  total: number;
}

/** What points and shopping points take off an order: how many and their value in its minor units. */
export interface PointsParts {
  pointsUsed: number;
  pointsValue: number;
  shoppingPointsUsed: number;
  shoppingPointsValue: number;
}

/** The order's total from its parts; every part already in minor units of the order's currency. */
export function orderAmounts(parts: { subtotal: number; operatingFeeRateBp: number; freight: number; couponDiscount?: number } & Partial<PointsParts>): OrderAmounts {
  const coupon = parts.couponDiscount ?? 0;
  const pointsValue = parts.pointsValue ?? 0;
  const shoppingValue = parts.shoppingPointsValue ?? 0;
  // The operating fee is a share of what the goods cost after the coupon and points.
  const goods = parts.subtotal - coupon - pointsValue - shoppingValue;
  const fee = shareOfMinor(goods, parts.operatingFeeRateBp);
  const total = goods + fee + parts.freight;
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError('order total out of range');
  return {
    subtotal: parts.subtotal,
    coupon_discount: coupon,
    operating_fee_rate: parts.operatingFeeRateBp,
    operating_fee: fee,
    freight: parts.freight,
    points_used: parts.pointsUsed ?? 0,
    points_value: pointsValue,
    shopping_points_used: parts.shoppingPointsUsed ?? 0,
    shopping_points_value: shoppingValue,
    total,
  };
}
