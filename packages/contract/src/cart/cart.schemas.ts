import { z } from 'zod';
import { wholeNumber } from '../common/numbers.js';
import { idParam } from '../catalogue/catalogue.schemas.js';

/** Integer minor units of `currency` (money is integers). */
const minor = z.number().int();

/** The most of one SKU a cart line (and an order line) may hold. */
export const CART_LINE_MAX = 99;
/** The most lines one cart may hold. */
export const CART_MAX_LINES = 100;

const quantity = wholeNumber(1, CART_LINE_MAX, 'validation.invalid');

/** Why a cart line cannot be bought right now. */
export const CART_LINE_PROBLEMS = ['off_sale', 'out_of_stock', 'not_enough_stock'] as const;
export type CartLineProblem = (typeof CART_LINE_PROBLEMS)[number];

export const cartLineSchema = z.object({
  /** The cart line's id (what `del`, `update` and `updateAll` name). */
  id: z.number().int(),
  goods_id: z.number().int(),
  sku_id: z.number().int(),
  name: z.string(),
  spec_text: z.string(),
  image: z.string(),
  /** The current price of one unit. */
  price: minor,
  /** The price of one unit when it was put in the cart. */
  added_price: minor,
  /** The price changed since the line was added. */
  price_changed: z.boolean(),
  currency: z.string(),
  num: z.number().int(),
  stock: z.number().int(),
  selected: z.boolean(),
  /** False when the line cannot be bought (off sale, sold out, fewer left than wanted). */
  available: z.boolean(),
  problem: z.enum(CART_LINE_PROBLEMS).nullable(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartData = z.object({
  list: z.array(cartLineSchema),
  /** Units in the cart (the tab badge). */
  total_count: z.number().int(),
  /** Units in the selected, available lines. */
  selected_count: z.number().int(),
  /** Sum of the selected, available lines at current prices, in minor units of `currency`. */
  selected_total: minor,
  currency: z.string(),
  /** Every line is selected. */
  all_selected: z.boolean(),
});
export type CartData = z.infer<typeof cartData>;

export const addCartItemBody = z.object({
  goods_id: idParam,
  sku_id: idParam,
  /** Added to what the cart already holds of this SKU. */
  num: quantity.default(1),
});
export const addCartItemData = z.object({ id: z.number().int(), num: z.number().int(), total_count: z.number().int() });

export const removeCartItemsBody = z.object({
  /** Cart line ids; one id or several. */
  ids: z.union([idParam.transform((id) => [id]), z.array(idParam).min(1).max(CART_MAX_LINES)]),
});
export const removeCartItemsData = z.object({ removed: z.number().int(), total_count: z.number().int() });

const lineChange = z
  .object({
    id: idParam,
    num: quantity.optional(),
    selected: z.boolean().optional(),
  })
  .refine((c) => c.num !== undefined || c.selected !== undefined, { message: 'validation.required', path: ['num'] });

export const updateCartItemBody = lineChange;
export const updateCartItemsBody = z.object({ items: z.array(lineChange).min(1).max(CART_MAX_LINES) });
export const selectAllCartItemsBody = z.object({ selected: z.boolean() });
export const cartCountData = z.object({ total: z.number().int() });
