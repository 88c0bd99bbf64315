import type { GoodsInfo, Sku } from '@shop/contract/catalogue';

/** Which checkout button the member pressed. */
export type CheckoutAction = 'cart' | 'buy';

/** The SKU matching one value of every spec, if any. */
export const skuFor = (goods: GoodsInfo, selected: Record<number, number>): Sku | undefined =>
  goods.specs.every((s) => selected[s.id] !== undefined) ? goods.skus.find((k) => goods.specs.every((s, i) => k.spec_value_ids[i] === selected[s.id])) : undefined;
