import { ResponseCode, type EndpointBody, type EndpointData, type EndpointQuery, type Language, type adminCreateGroupBuy, type adminEndGroupBuy, type joinGroupBuy, type listGroupBuyGoods } from '@shop/contract';
import type { AppDeps } from '../../app.js';
import type { Executor } from '../../db/database.js';
import { enqueueJob } from '../../jobs/enqueue.js';
import { operatorNameOf, type Actor } from '../../lib/actor.js';
import { AppError, notFound } from '../../lib/errors.js';
import { sqlState, withTransaction, type Tx } from '../../lib/transaction.js';
import { memberIdOf } from '../cart/cart.service.js';
import { skuSpecText } from '../cart/sku-text.js';
import { catalogueChangedOnCommit } from '../catalogue/response-cache.js';
import { maskName, pick } from '../catalogue/texts.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import { operatorName } from './fulfilment.service.js';
import { leaveGroup, openGroup } from './group-buy.entries.js';
import * as g from './group-buy.queries.js';
import { moveOrder } from './order-lists.js';
import * as q from './orders.queries.js';
import { returnCheckoutPoints } from './points.js';
import { placeOrder } from './orders.service.js';
import { iso } from '../../lib/dates.js';


type ActivityRow = Awaited<ReturnType<typeof g.findActivities>>[number];
const toActivity = (a: ActivityRow, lang: Language) => ({
  id: a.id,
  goods_id: a.goods_id,
  sku_id: a.sku_id,
  name: pick(a.name, lang),
  spec_text: skuSpecText(a.specs, a.spec_value_ids, lang),
  image: a.image || a.cover,
  price: Number(a.price_minor),
  original_price: Number(a.original_price_minor),
  currency: a.currency,
  group_size: a.group_size,
  fill_hours: a.fill_hours,
  starts_at: iso(a.starts_at),
  ends_at: iso(a.ends_at),
  per_order_limit: a.per_order_limit,
  per_member_limit: a.per_member_limit,
  remaining: a.remaining,
  open_groups: Number(a.open_groups),
});

/** An operator sets up a group buy on an SKU; its units are taken from the SKU's stock at once (never more than there is). */
export async function createGroupBuy(deps: Pick<AppDeps, 'db' | 'config' | 'redis'>, actor: Actor, input: EndpointBody<typeof adminCreateGroupBuy>): Promise<{ id: number }> {
  const by = operatorName(actor);
  if (Date.parse(input.ends_at) <= Date.parse(input.starts_at)) throw new AppError(ResponseCode.settingInvalid);
  return withTransaction(deps.db, async (tx) => {
    const [sku] = await q.findSkusForCheckout(tx, [input.sku_id]);
    if (!sku || sku.goods_id !== input.goods_id) throw new AppError(ResponseCode.skuNotFound);
    if (!(await q.reserveStock(tx, input.sku_id, input.quantity))) throw new AppError(ResponseCode.stockShortage, { name: pick(sku.name, actor.lang), stock: sku.stock });
    const { id } = await g.insertActivity(tx, {
      goods_id: input.goods_id,
      sku_id: input.sku_id,
      group_size: input.group_size,
      fill_hours: input.fill_hours,
      starts_at: input.starts_at,
      ends_at: input.ends_at,
      price_minor: input.price,
      per_order_limit: input.per_order_limit,
      per_member_limit: input.per_member_limit,
      quantity: input.quantity,
      virtual_fill_percent: input.virtual_fill_percent,
      created_by: by,
    });
    await insertOperatorAction(tx, { operator: by, action: 'group_buy.create', target_type: 'group_buy', target_id: id });
    // Once it is over, the units it still holds go back to the SKU.
    await enqueueJob(tx, 'close_group_buy', { activityId: id }, { runAt: new Date(input.ends_at), jobKey: `group-buy-close:${id}`, maxAttempts: 10 });
    catalogueChangedOnCommit(tx, deps, [input.goods_id]);
    return { id };
  });
}

/** Ends an activity now and puts the units its pool holds back into the SKU's stock; answers how many. */
async function closeActivity(tx: Tx, activityId: number): Promise<{ goodsId: number; endsAt: Date | string; returned: number } | undefined> {
  const activity = await g.lockActivityForUpdate(tx, activityId);
  if (!activity) return undefined;
  const ended = await g.endActivityNow(tx, activityId);
  if (activity.remaining > 0) await q.returnStock(tx, activity.sku_id, activity.remaining);
  return { goodsId: ended.goods_id, endsAt: ended.ends_at, returned: activity.remaining };
}

/**
 * An operator ends a group buy early (or empties one that is over): it takes no new orders, groups
 * already open run to their own deadline, and the units it still holds go back to the SKU's stock.
 * Recorded with who and why.
 */
export async function endGroupBuy(deps: Pick<AppDeps, 'db' | 'config' | 'redis'>, actor: Actor, input: EndpointBody<typeof adminEndGroupBuy>): Promise<EndpointData<typeof adminEndGroupBuy>> {
  const operator = operatorNameOf(actor);
  return withTransaction(deps.db, async (tx) => {
    const before = await g.lockActivityForUpdate(tx, input.id);
    if (!before) throw notFound('group buy');
    if (new Date(before.ends_at).getTime() <= Date.now() && before.remaining === 0) throw new AppError(ResponseCode.groupBuyNotActive);
    const closed = (await closeActivity(tx, input.id))!;
    await insertOperatorAction(tx, { operator, action: `group_buy.end returned=${closed.returned}`, target_type: 'group_buy', target_id: input.id, reason: input.reason });
    catalogueChangedOnCommit(tx, deps, [closed.goodsId]);
    return { id: input.id, ends_at: iso(closed.endsAt), returned: closed.returned };
  });
}

/** At an activity's end (its job): the units it still holds go back to the SKU's stock, once. */
export async function closeGroupBuyAtEnd(deps: Pick<AppDeps, 'db' | 'config' | 'redis'>, activityId: number): Promise<number> {
  return withTransaction(deps.db, async (tx) => {
    const activity = await g.lockActivityForUpdate(tx, activityId);
    if (!activity || activity.remaining === 0) return 0;
    if (new Date(activity.ends_at).getTime() > Date.now()) {
      await enqueueJob(tx, 'close_group_buy', { activityId }, { runAt: new Date(activity.ends_at), jobKey: `group-buy-close:${activityId}`, maxAttempts: 10 });
      return 0;
    }
    const closed = (await closeActivity(tx, activityId))!;
    catalogueChangedOnCommit(tx, deps, [closed.goodsId]);
    return closed.returned;
  });
}

/** Group buys running now. */
export async function listGroupBuys(db: Executor, actor: Actor, input: EndpointQuery<typeof listGroupBuyGoods>): Promise<EndpointData<typeof listGroupBuyGoods>> {
  const rows = await g.findActivities(db, { runningOnly: true, limit: input.limit, offset: (input.page - 1) * input.limit });
  const total = rows.length ? Number(rows[0]!.total) : 0;
  return { list: rows.map((r) => toActivity(r, actor.lang)), total, page: input.page, limit: input.limit, has_more: input.page * input.limit < total };
}

/** One group buy. */
export async function groupBuyInfo(db: Executor, actor: Actor, input: { id: number }) {
  const [a] = await g.findActivities(db, { id: input.id });
  if (!a) throw new AppError(ResponseCode.groupBuyNotActive);
  return toActivity(a, actor.lang);
}

/** Open groups of a group buy: the leader's masked name, how many joined and the time left. */
export async function openGroups(db: Executor, input: { activity_id: number }) {
  const rows = await g.findOpenGroups(db, input.activity_id);
  const now = Date.now();
  return {
    list: rows.map((r) => ({
      id: r.id,
      leader: maskName(r.nickname || r.user_name),
      member_count: r.member_count,
      size: r.size,
      needed: r.size - r.member_count,
      expires_at: iso(r.expires_at),
      seconds_left: Math.max(0, Math.floor((new Date(r.expires_at).getTime() - now) / 1000)),
    })),
  };
}

/**
 * `/shop/pintuan/buy`: an order at the group price for units of the activity's pool, in the chosen
 * open group or a new one. The member counts in the group once the order is paid.
 */
export async function buyInGroup(deps: AppDeps, actor: Actor, input: EndpointBody<typeof joinGroupBuy>): Promise<EndpointData<typeof joinGroupBuy>> {
  const userId = memberIdOf(actor);
  return withTransaction(deps.db, async (tx) => {
    await g.lockMemberActivity(tx, input.activity_id, userId);
    const [activity] = await g.findActivities(tx, { id: input.activity_id, runningOnly: true });
    if (!activity) throw new AppError(ResponseCode.groupBuyNotActive);
    if (input.num > activity.per_order_limit) throw new AppError(ResponseCode.groupBuyLimit, { max: activity.per_order_limit });
    if ((await g.sumMemberActivityQuantity(tx, activity.id, userId)) + input.num > activity.per_member_limit) throw new AppError(ResponseCode.groupBuyLimit, { max: activity.per_member_limit });
    if (!(await g.takeFromActivity(tx, activity.id, input.num))) throw new AppError(ResponseCode.groupBuySoldOut);
    let groupId: number;
    if (input.group_id !== undefined) {
      const group = await g.findGroup(tx, input.group_id);
      if (!group || group.activity_id !== activity.id || group.status !== 'open' || new Date(group.expires_at).getTime() <= Date.now() || group.member_count >= group.size) {
        throw new AppError(ResponseCode.groupClosed);
      }
      groupId = group.id;
    } else {
      groupId = (await openGroup(tx, activity, userId)).id;
    }
    const placed = await placeOrder({ ...deps, db: tx }, actor, { goods_id: activity.goods_id, sku_id: activity.sku_id, num: input.num, address_id: input.address_id, remarks: input.remarks }, { groupBuy: { priceMinor: Number(activity.price_minor) } });
    try {
      await g.insertEntry(tx, { group_id: groupId, activity_id: activity.id, order_id: placed.order_id, user_id: userId, quantity: input.num });
    } catch (e) {
      if (sqlState(e) === '23505') throw new AppError(ResponseCode.groupAlreadyJoined);
      throw e;
    }
    // The goods page shows how many units the group buy has left.
    catalogueChangedOnCommit(tx, deps, [activity.goods_id]);
    return { ...placed, group_id: groupId };
  });
}

/**
 * At a group's deadline, decides it exactly once: full, or full enough for the activity's virtual
 * fill, it succeeds (its orders can ship); otherwise it fails and every paid order moves to
 * refunding, every unpaid one is cancelled, and their units go back to the activity.
 */
export async function decideGroupAtDeadline(deps: AppDeps, actor: Actor, groupId: number): Promise<'succeeded' | 'failed' | 'waiting' | 'decided'> {
  return withTransaction(deps.db, async (tx) => {
    const group = await g.lockGroupForUpdate(tx, groupId);
    if (!group || group.status !== 'open') return 'decided';
    if (new Date(group.expires_at).getTime() > Date.now()) {
      await enqueueJob(tx, 'decide_group', { groupId }, { runAt: new Date(group.expires_at), jobKey: `group-decide:${groupId}` });
      return 'waiting';
    }
    const [activity] = await g.findActivities(tx, { id: group.activity_id });
    const percent = activity!.virtual_fill_percent;
    if (group.member_count >= group.size) {
      await g.decideGroup(tx, groupId, 'succeeded');
      return 'succeeded';
    }
    if (percent > 0 && group.member_count > 0 && group.member_count * 100 >= group.size * percent) {
      await g.decideGroup(tx, groupId, 'succeeded', true);
      return 'succeeded';
    }
    await g.decideGroup(tx, groupId, 'failed');
    // Its units go back on offer: the goods page shows what is left.
    catalogueChangedOnCommit(tx, deps, [activity!.goods_id]);
    const record = { actor_kind: actor.kind, actor_id: actor.name ?? '', request_id: actor.requestId, reason: 'group did not fill in time' };
    for (const entry of await g.findEntriesOfGroup(tx, groupId)) {
      const refunded = await moveOrder(tx, entry.order_id, ['paid'], 'refunding', { cancelled_at: new Date(), cancel_reason: 'group did not fill' });
      const cancelled = refunded ? undefined : await moveOrder(tx, entry.order_id, ['awaiting_payment'], 'cancelled', { cancelled_at: new Date(), cancel_reason: 'group did not fill' });
      if (refunded || cancelled) {
        await leaveGroup(tx, entry.order_id);
        await returnCheckoutPoints(tx, actor, (await q.findOrder(tx, entry.order_id))!);
        await q.insertOrderEvent(tx, { order_id: entry.order_id, kind: refunded ? 'refund_requested' : 'cancelled', from_status: refunded ? 'paid' : 'awaiting_payment', to_status: refunded ? 'refunding' : 'cancelled', ...record });
      }
    }
    return 'failed';
  });
}

