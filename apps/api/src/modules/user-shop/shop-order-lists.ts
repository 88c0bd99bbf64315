import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/database.js';
import { responseCache } from '../../lib/cache.js';
import { announce, onChanges } from '../../lib/changes.js';
import { MemberRolesTag } from '../members/roles.queries.js';

// The owners' cached order lists: who drops them, and when.

/** Tags of the owners' cached order lists: every shop's, or one shop's. */
export const ShopOrderListTag = { all: 'shop-order-lists', shop: (shopId: number) => `shop-order-lists:${shopId}` } as const;

/**
 * Tells, once `db`'s transaction commits, that orders of these shops changed (a state, a refund, the
 * shop's name): their owners' cached lists are dropped (`dropShopOrderListsOnChanges`), in other processes too.
 */
export function shopOrdersChanged(db: Executor, shopIds: number[]): void {
  if (shopIds.length) announce(db, { kind: 'cache', tags: shopIds.map(ShopOrderListTag.shop) });
}

/** Tags the owners' lists follow: their shops' orders, and the owners' roles (which shop is theirs). */
const ownersListsFollow = (tag: string) => tag.startsWith(ShopOrderListTag.all) || tag.startsWith(MemberRolesTag.all);

/**
 * Drops the owners' cached order lists of shops whose orders changed here (every one when anything
 * may have), in the other serving processes too (through Redis). A change announced by another
 * process is dropped by the response cache itself; this drops, and does not invalidate again, so it
 * never announces what it heard. Answers the function that stops it.
 */
export function dropShopOrderListsOnChanges(deps: Pick<AppDeps, 'config' | 'redis'>): () => void {
  const cache = responseCache(deps);
  return onChanges((changes, origin) => {
    const tags = [...new Set(changes.flatMap((c) => (c.kind === 'cache' ? c.tags.filter(ownersListsFollow) : c.kind === 'all' ? [ShopOrderListTag.all, MemberRolesTag.all] : [])))];
    if (!tags.length) return;
    // Made here: the other serving processes drop theirs too. Heard from elsewhere: dropped here only.
    if (origin === 'local') cache.dropEverywhere(tags);
    else cache.drop(tags);
  });
}
