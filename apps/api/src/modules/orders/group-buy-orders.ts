import { ResponseCode, type adminEndGroupBuy, type CheckoutData, type EndpointBody, type EndpointData, type EndpointQuery, type joinGroupBuy, type OperatorAction, type previewGroupBuy } from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Actor } from '../../lib/actor.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { memberIdOf, operatorNameOf } from '../../lib/actor.js';
import { withTransaction, type Tx } from '../../lib/transaction.js';
import { catalogueChangedOnCommit } from '../catalogue/response-cache.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import { closeGroupBuyAtEnd, decideGroup, endActivityEarly, enterGroup, takeGroupBuyPlace } from '../promotions/group-buy.service.js';
import { findActivities, findGroup } from '../promotions/group-buy.queries.js';
import { unwindGroupOrder } from './group-buy-unwind.js';
import { lockOrderUnlessBusy } from './orders.queries.js';
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

type GroupOutcome = 'succeeded' | 'failed' | 'waiting' | 'decided';

/**
 * Decides a group whose deadline came (`decideGroup`: once, whoever gets there first), in the
 * caller's transaction. Failed, each paid order in it moves to refunding and each unpaid one is
 * cancelled, their units back — except an unpaid one being paid this very moment (its row held by its
 * payment): not waited for, its payment settles it, joining another group while the activity runs,
 * else refunded at once as paid after the end. Answers the outcome, the orders moved and the units
 * they gave back to the SKU's stock (once the activity is over; while it runs they go back to it).
 */
async function decideGroupWithOrders(tx: Tx, deps: Pick<AppDeps, 'config' | 'redis'>, actor: Actor, groupId: number, why: { reason: string; cancelReason: string }): Promise<{ outcome: GroupOutcome; refunded: number; cancelled: number; unitsToStock: number }> {
  const decided = await decideGroup(tx, deps, groupId);
  const moved = { outcome: decided.outcome, refunded: 0, cancelled: 0, unitsToStock: 0 };
  if (decided.outcome !== 'failed') return moved;
  for (const { orderId, paid } of decided.orders) {
    if (!paid && !(await lockOrderUnlessBusy(tx, orderId))) continue;
    const unwound = await unwindGroupOrder(tx, actor, orderId, why);
    if (!unwound) continue;
    if (unwound.to === 'refunding') moved.refunded++;
    else moved.cancelled++;
    moved.unitsToStock += unwound.unitsToStock;
  }
  return moved;
}

/** What deciding an activity's open groups came to: groups failed and filled, their orders refunded and cancelled, and the units those orders gave back to the SKU's stock. */
interface GroupsDecided {
  failed: number;
  filled: number;
  refunded: number;
  cancelled: number;
  unitsToStock: number;
}

/** Decides groups one after the other (`decideGroupWithOrders`), adding up what came of them. */
async function decideGroups(tx: Tx, deps: Pick<AppDeps, 'config' | 'redis'>, actor: Actor, groupIds: number[], why: { reason: string; cancelReason: string }): Promise<GroupsDecided> {
  const done: GroupsDecided = { failed: 0, filled: 0, refunded: 0, cancelled: 0, unitsToStock: 0 };
  for (const groupId of groupIds) {
    const one = await decideGroupWithOrders(tx, deps, actor, groupId, why);
    if (one.outcome === 'failed') done.failed++;
    if (one.outcome === 'succeeded') done.filled++;
    done.refunded += one.refunded;
    done.cancelled += one.cancelled;
    done.unitsToStock += one.unitsToStock;
  }
  return done;
}

/** A group's deadline (`decide_group`): decided once; a failed group's paid orders are refunded, its unpaid ones cancelled. */
export async function decideGroupAtDeadline(deps: AppDeps, actor: Actor, groupId: number): Promise<GroupOutcome> {
  return withTransaction(deps.db, async (tx) => (await decideGroupWithOrders(tx, deps, actor, groupId, { reason: 'group did not fill in time', cancelReason: 'group did not fill' })).outcome);
}

const ENDED = { reason: 'group buy ended before the group filled', cancelReason: 'group buy ended' };

/**
 * An operator ends a group buy early (the console, `npm run ops`): it takes no new orders, the units
 * it holds go back to the SKU's stock, and its open groups, which can get no one new, are decided at
 * once in the same transaction as at their deadline (failed and refunded, or filled virtually).
 * `returned` counts every unit back in the SKU's stock now: the pool's and those of the failed
 * groups' orders (a refund completed later gives none back again). Recorded with who, why and what
 * came of it.
 */
export async function endGroupBuy(deps: Pick<AppDeps, 'db' | 'config' | 'redis'>, actor: Actor, input: EndpointBody<typeof adminEndGroupBuy>): Promise<EndpointData<typeof adminEndGroupBuy>> {
  const operator = operatorNameOf(actor);
  return withTransaction(deps.db, async (tx) => {
    const ended = await endActivityEarly(tx, deps, input.id);
    const groups = await decideGroups(tx, deps, actor, ended.openGroupIds, ENDED);
    const returned = ended.returned + groups.unitsToStock;
    const action: OperatorAction = `group_buy.end returned=${returned} failed=${groups.failed} filled=${groups.filled} refunded=${groups.refunded} cancelled=${groups.cancelled}`;
    await insertOperatorAction(tx, { operator, action, target_type: 'group_buy', target_id: input.id, reason: input.reason });
    return { id: input.id, ends_at: ended.endsAt, returned, failed_groups: groups.failed, filled_groups: groups.filled, refunded_orders: groups.refunded, cancelled_orders: groups.cancelled };
  });
}

/** At an activity's end (its job, `close_group_buy`): its units go back to the SKU's stock and its open groups are decided, as when an operator ends it. */
export async function closeGroupBuyAtItsEnd(deps: AppDeps, actor: Actor, activityId: number): Promise<{ returned: number } & GroupsDecided> {
  return withTransaction(deps.db, async (tx) => {
    const closed = await closeGroupBuyAtEnd({ ...deps, db: tx }, activityId);
    const groups = await decideGroups(tx, deps, actor, closed.openGroupIds, ENDED);
    return { ...groups, returned: closed.returned + groups.unitsToStock };
  });
}
