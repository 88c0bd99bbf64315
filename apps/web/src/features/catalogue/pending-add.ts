import type { CheckoutAction } from './components/sku';

/**
 * What a visitor chose on a goods page ("Add to cart" or "Buy now" with a SKU and a quantity) and
 * had to log in for. Kept in this tab's sessionStorage only: carried out once, when the member is
 * back on that goods page logged in.
 */
export interface PendingGoodsChoice {
  goods_id: number;
  sku_id: number;
  num: number;
  action: CheckoutAction;
  /** The spec values chosen, shown on the goods page again. */
  selected: Record<number, number>;
}

const KEY = 'shop.goodsChoiceBeforeLogin';
// A choice left behind longer than this (the member went elsewhere) is not carried out any more.
const KEEP_MS = 30 * 60_000;

const positive = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0;

function read(): (PendingGoodsChoice & { at: number }) | undefined {
  try {
    const kept = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null') as Partial<PendingGoodsChoice & { at: number }> | null;
    if (!kept || !positive(kept.goods_id) || !positive(kept.sku_id) || !positive(kept.num) || (kept.action !== 'cart' && kept.action !== 'buy') || typeof kept.at !== 'number') return undefined;
    return { goods_id: kept.goods_id, sku_id: kept.sku_id, num: kept.num, action: kept.action, selected: kept.selected && typeof kept.selected === 'object' ? kept.selected : {}, at: kept.at };
  } catch {
    return undefined;
  }
}

function remove(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

/** Keeps a visitor's choice across the login it needs (a later choice replaces it). */
export function keepGoodsChoice(choice: PendingGoodsChoice): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ ...choice, at: Date.now() }));
  } catch {
    // Storage unavailable: the member chooses again after logging in.
  }
}

/**
 * The choice kept for this goods, taken out of storage at once, whether or not it then succeeds:
 * it is carried out once, never again after a reload.
 */
export function takeGoodsChoice(goodsId: number): PendingGoodsChoice | undefined {
  const kept = read();
  if (!kept || kept.goods_id !== goodsId) return undefined;
  remove();
  if (Date.now() - kept.at > KEEP_MS) return undefined;
  const { at: _at, ...choice } = kept;
  return choice;
}

/** Forgets the choice kept for this goods (the visitor came back to it without logging in). */
export function dropGoodsChoice(goodsId: number): void {
  if (read()?.goods_id === goodsId) remove();
}
