import type { EndpointBody, EndpointData, joinGroupBuy } from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Actor } from '../../lib/actor.js';
import { memberIdOf } from '../../lib/actor.js';
import { withTransaction } from '../../lib/transaction.js';
import { catalogueChangedOnCommit } from '../catalogue/response-cache.js';
import { decideGroup, enterGroup, takeGroupBuyPlace } from '../promotions/group-buy.service.js';
import { unwindGroupOrder } from './group-buy-unwind.js';
import { placeOrder } from './orders.service.js';

// Orders of group buys: the checkout at the group's price, and the orders of a group that failed.

/**
 * `/shop/pintuan/buy`: an order at the group price for units of the activity's pool, in the chosen
 * open group or a new one. The member counts in the group once the order is paid.
 */
export async function buyInGroup(deps: AppDeps, actor: Actor, input: EndpointBody<typeof joinGroupBuy>): Promise<EndpointData<typeof joinGroupBuy>> {
  const userId = memberIdOf(actor);
  return withTransaction(deps.db, async (tx) => {
    const { activity, groupId } = await takeGroupBuyPlace(tx, userId, input);
    const placed = await placeOrder({ ...deps, db: tx }, actor, { goods_id: activity.goods_id, sku_id: activity.sku_id, num: input.num, address_id: input.address_id, remarks: input.remarks }, { groupBuy: { priceMinor: Number(activity.price_minor) } });
    await enterGroup(tx, { group_id: groupId, activity_id: activity.id, order_id: placed.order_id, user_id: userId, quantity: input.num });
    // The goods page shows how many units the group buy has left.
    catalogueChangedOnCommit(tx, deps, [activity.goods_id]);
    return { ...placed, group_id: groupId };
  });
}

/**
 * A group's deadline (`decide_group`): decided once by promotions; when it failed, every paid order
 * in it moves to refunding and every unpaid one is cancelled, their units back in the activity.
 */
export async function decideGroupAtDeadline(deps: AppDeps, actor: Actor, groupId: number): Promise<'succeeded' | 'failed' | 'waiting' | 'decided'> {
  return withTransaction(deps.db, async (tx) => {
    const decided = await decideGroup(tx, deps, groupId);
    if (decided.outcome !== 'failed') return decided.outcome;
    for (const orderId of decided.orderIds) await unwindGroupOrder(tx, actor, orderId, { reason: 'group did not fill in time', cancelReason: 'group did not fill' });
    return 'failed';
  });
}
