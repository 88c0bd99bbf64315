import type { Executor } from '../../db/database.js';
import type { GroupBuyOffer } from '../catalogue/goods-page-hooks.js';
import { findActivitiesNotOverOfGoods } from './group-buy.queries.js';

/**
 * What the goods page says of group buys on these goods, and when that changes by itself (an
 * activity starts or ends): the page's cached answer lasts until then. Orders and operators that
 * change what an activity holds drop the cached answer themselves.
 */
export async function groupBuyOfferOfGoods(db: Executor, goodsId: number, now = Date.now()): Promise<{ offer: GroupBuyOffer | null; changesAt: Date | undefined }> {
  const rows = await findActivitiesNotOverOfGoods(db, goodsId);
  let changesAt: number | undefined;
  let offer: GroupBuyOffer | null = null;
  for (const a of rows) {
    const starts = new Date(a.starts_at).getTime();
    const ends = new Date(a.ends_at).getTime();
    const next = starts > now ? starts : ends;
    changesAt = changesAt === undefined ? next : Math.min(changesAt, next);
    if (!offer && starts <= now && a.remaining > 0) {
      offer = { id: a.id, sku_id: a.sku_id, price: Number(a.price_minor), group_size: a.group_size, remaining: a.remaining, ends_at: new Date(ends).toISOString() };
    }
  }
  return { offer, changesAt: changesAt === undefined ? undefined : new Date(changesAt) };
}
