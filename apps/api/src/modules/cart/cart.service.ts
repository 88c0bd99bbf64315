import {
  CART_LINE_MAX,
  CART_MAX_LINES,
  ResponseCode,
  type CartData,
  type CartLine,
  type CartLineProblem,
  type EndpointBody,
  type addToCart,
  type removeFromCart,
  type updateCartItem,
  type updateCartItems,
} from '@shop/contract';
import type { Database, Executor } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import { withTransaction } from '../../lib/transaction.js';
import { pick } from '../catalogue/texts.js';
import * as q from './cart.queries.js';
import { skuSpecText } from '../catalogue/sku-text.js';
import { SHOP_CURRENCY } from '../rates/rates.service.js';

/** The member an actor is; cart and order calls are for members only. */
export function memberIdOf(actor: Actor): number {
  if (actor.kind !== 'member' || actor.memberId === undefined) throw new AppError(ResponseCode.loginRequired);
  return actor.memberId;
}

type LineRow = Awaited<ReturnType<typeof q.findCartLines>>[number];

/** Why a line cannot be bought now, or null when it can. */
export function lineProblem(r: Pick<LineRow, 'status' | 'stock' | 'quantity'>): CartLineProblem | null {
  if (r.status !== 'on_sale') return 'off_sale';
  if (r.stock <= 0) return 'out_of_stock';
  if (r.quantity > r.stock) return 'not_enough_stock';
  return null;
}

function toLine(r: LineRow, actor: Actor): CartLine {
  const problem = lineProblem(r);
  const price = Number(r.price_minor);
  const added = Number(r.added_price_minor);
  return {
    id: r.id,
    goods_id: r.goods_id,
    sku_id: r.sku_id,
    name: pick(r.name, actor.lang),
    spec_text: skuSpecText(r.specs, r.spec_value_ids, actor.lang),
    image: r.image || r.cover,
    price,
    added_price: added,
    price_changed: price !== added,
    currency: r.currency,
    num: r.quantity,
    stock: r.stock,
    selected: r.selected,
    available: problem === null,
    problem,
  };
}

/** The member's cart: every line with its live price, stock and availability, and the selected total. */
export async function getCart(db: Executor, actor: Actor): Promise<CartData> {
  const rows = await q.findCartLines(db, memberIdOf(actor));
  const list = rows.map((r) => toLine(r, actor));
  const chosen = list.filter((l) => l.selected && l.available);
  // One order holds one currency: the total is of the first chosen line's currency (checkout refuses a mix).
  const currency = chosen[0]?.currency ?? list[0]?.currency ?? SHOP_CURRENCY;
  const priced = chosen.filter((l) => l.currency === currency);
  return {
    list,
    total_count: list.reduce((n, l) => n + l.num, 0),
    selected_count: priced.reduce((n, l) => n + l.num, 0),
    selected_total: priced.reduce((n, l) => n + l.price * l.num, 0),
    currency,
    all_selected: list.length > 0 && list.every((l) => l.selected),
  };
}

/** Units in the member's cart (the tab badge). */
export async function countCart(db: Executor, actor: Actor): Promise<{ total: number }> {
  return { total: await q.sumCartQuantity(db, memberIdOf(actor)) };
}

/** Puts an SKU in the member's cart, adding to the line already there; never more than stock or the line maximum. */
export async function addCartItem(db: Database, actor: Actor, input: EndpointBody<typeof addToCart>): Promise<{ id: number; num: number; total_count: number }> {
  const userId = memberIdOf(actor);
  // One conditional write that answers what it read: a refusal writes nothing, and says why from the read.
  const sku = await q.addCartLine(db, { userId, goodsId: input.goods_id, skuId: input.sku_id, quantity: input.num, lineMax: CART_LINE_MAX, maxLines: CART_MAX_LINES });
  if (!sku || sku.goods_id !== input.goods_id) throw new AppError(ResponseCode.skuNotFound);
  if (sku.status !== 'on_sale') throw new AppError(ResponseCode.goodsOffSale);
  if (sku.stock <= 0) throw new AppError(ResponseCode.skuOutOfStock);
  const max = Math.min(CART_LINE_MAX, sku.stock);
  // A new line starts within the limit; more on an existing one is checked by the write itself.
  if (input.num > max) throw new AppError(ResponseCode.cartQuantityLimit, { max });
  if (sku.already === 0 && sku.lines >= CART_MAX_LINES) throw new AppError(ResponseCode.cartFull);
  if (sku.line_id === null) throw new AppError(ResponseCode.cartQuantityLimit, { max });
  // The units in the cart as read, with this line as written.
  return { id: sku.line_id, num: sku.line_quantity!, total_count: sku.units - sku.already + sku.line_quantity! };
}

/** Removes lines from the member's cart; ids of other members' lines change nothing. */
export async function removeCartItems(db: Database, actor: Actor, input: EndpointBody<typeof removeFromCart>): Promise<{ removed: number; total_count: number }> {
  const userId = memberIdOf(actor);
  return withTransaction(db, async (tx) => {
    const r = await q.deleteCartLines(tx, userId, input.ids);
    return { removed: Number(r.numDeletedRows), total_count: await q.sumCartQuantity(tx, userId) };
  });
}

type LineChange = EndpointBody<typeof updateCartItem>;

/** Applies changes to the member's lines, all or nothing: an unknown line or a quantity beyond stock changes none. */
async function changeLines(db: Database, actor: Actor, changes: LineChange[]): Promise<CartData> {
  const userId = memberIdOf(actor);
  return withTransaction(db, async (tx) => {
    const ids = [...new Set(changes.map((c) => c.id))];
    const locked = await q.lockCartLinesForUpdate(tx, userId, ids);
    if (locked.length !== ids.length) throw new AppError(ResponseCode.cartLineNotFound);
    const live = new Map((await q.findCartLines(tx, userId, ids)).map((r) => [r.id, r]));
    for (const change of changes) {
      const row = live.get(change.id)!;
      if (change.num !== undefined && change.num !== row.quantity) {
        if (row.stock <= 0) throw new AppError(ResponseCode.skuOutOfStock);
        const max = Math.min(CART_LINE_MAX, row.stock);
        // Lowering a quantity that is already above the stock is always allowed.
        if (change.num > max && change.num > row.quantity) throw new AppError(ResponseCode.cartQuantityLimit, { max });
      }
      await q.updateCartLine(tx, userId, change.id, { quantity: change.num, selected: change.selected });
    }
    return getCart(tx, actor);
  });
}

/** Sets one line's quantity and/or selection. */
export const updateCartLine = (db: Database, actor: Actor, input: LineChange) => changeLines(db, actor, [input]);

/** Sets quantities and/or selection of several lines at once. */
export const updateCartLines = (db: Database, actor: Actor, input: EndpointBody<typeof updateCartItems>) => changeLines(db, actor, input.items);

/** Selects or clears every line of the member's cart. */
export async function selectAllCartLines(db: Database, actor: Actor, input: { selected: boolean }): Promise<CartData> {
  const userId = memberIdOf(actor);
  return withTransaction(db, async (tx) => {
    await q.setAllCartLinesSelected(tx, userId, input.selected);
    return getCart(tx, actor);
  });
}
