import { ResponseCode, type CheckoutData, type EndpointBody, type EndpointData, type EndpointQuery, type joinGroupBuy, type previewGroupBuy } from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Actor } from '../../lib/actor.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { memberIdOf } from '../../lib/actor.js';
import { withTransaction } from '../../lib/transaction.js';
import { catalogueChangedOnCommit } from '../catalogue/response-cache.js';
import { decideGroup, enterGroup, takeGroupBuyPlace } from '../promotions/group-buy.service.js';
import { findActivities, findGroup } from '../promotions/group-buy.queries.js';
import { unwindGroupOrder } from './group-buy-unwind.js';
import { placeOrder, previewCheckout } from './orders.service.js';

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
 * `/shop/pintuan/buyPreview`: the order `buyInGroup` would place now, with freight and the operating
 * fee at the address, for the member to confirm before it exists (nothing is reserved). A group buy
 * takes no coupon and no points, so none are offered.
 */
export async function previewGroupBuyOrder(db: Database, actor: Actor, input: EndpointQuery<typeof previewGroupBuy>): Promise<CheckoutData> {
  const [activity] = await findActivities(db, { id: input.activity_id, runningOnly: true });
  if (!activity) throw new AppError(ResponseCode.groupBuyNotActive);
  const num = input.num ?? 1;
  if (num > activity.per_order_limit) throw new AppError(ResponseCode.groupBuyLimit, { max: activity.per_order_limit });
  if (input.group_id !== undefined) {
    const group = await findGroup(db, input.group_id);
    if (!group || group.activity_id !== activity.id || group.status !== 'open' || new Date(group.expires_at).getTime() <= Date.now() || group.member_count >= group.size) throw new AppError(ResponseCode.groupClosed);
  }
  const preview = await previewCheckout(db, actor, { goods_id: activity.goods_id, sku_id: activity.sku_id, num, address_id: input.address_id }, { groupBuy: { priceMinor: Number(activity.price_minor), remaining: activity.remaining } });
  const none = { balance: 0, per_unit: preview.points_offer.points.per_unit, max: 0 };
  return { ...preview, points_offer: { points: none, shopping_points: { ...none, per_unit: preview.points_offer.shopping_points.per_unit } } };
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
