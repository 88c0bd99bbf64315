import type { Executor } from '../../db/database.js';

/** The group buy a goods page offers: the running activity with units left that ends soonest. */
export interface GroupBuyOffer {
  id: number;
  sku_id: number;
  price: number;
  group_size: number;
  remaining: number;
  ends_at: string;
}

/**
 * Where other areas add to the goods page without catalogue importing them: promotions answers the
 * page's group-buy offer and when it changes by itself (registered by the composition root).
 */
export const goodsPageHooks: {
  groupBuyOffer: (db: Executor, goodsId: number) => Promise<{ offer: GroupBuyOffer | null; changesAt: Date | undefined }>;
} = {
  groupBuyOffer: async () => ({ offer: null, changesAt: undefined }),
};
