/**
 * The one rounding rule of order amounts: a share of an amount in basis points (1/100 of a percent)
 * rounds half up, once, on the final fee. Amounts are integer minor units and must stay safe integers.
 */
export function shareOfMinor(amountMinor: number, basisPoints: number): number {
  if (!Number.isSafeInteger(amountMinor) || !Number.isSafeInteger(amountMinor * basisPoints)) throw new RangeError('amount out of range');
  return Math.floor((amountMinor * basisPoints + 5000) / 10000);
}

export interface OrderAmounts {
  subtotal: number;
  coupon_discount: number;
  operating_fee_rate: number;
  operating_fee: number;
  freight: number;
  points_used: number;
  points_value: number;
  total: number;
}

/** The order's total from its parts; every part already in minor units of the order's currency. */
export function orderAmounts(parts: { subtotal: number; operatingFeeRateBp: number; freight: number; couponDiscount?: number; pointsValue?: number; pointsUsed?: number }): OrderAmounts {
  const coupon = parts.couponDiscount ?? 0;
  const pointsValue = parts.pointsValue ?? 0;
  // The operating fee is a share of what the goods cost after the coupon and points.
  const fee = shareOfMinor(parts.subtotal - coupon - pointsValue, parts.operatingFeeRateBp);
  const total = parts.subtotal - coupon - pointsValue + fee + parts.freight;
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError('order total out of range');
  return {
    subtotal: parts.subtotal,
    coupon_discount: coupon,
    operating_fee_rate: parts.operatingFeeRateBp,
    operating_fee: fee,
    freight: parts.freight,
    points_used: parts.pointsUsed ?? 0,
    points_value: pointsValue,
    total,
  };
}
