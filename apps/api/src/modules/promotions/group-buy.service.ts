import { displayMinor, fromMinorUnits, ResponseCode, type ApprovalRequest, type EndpointBody, type EndpointData, type EndpointQuery, type Language, type adminCreateGroupBuy, type adminListGroupBuys, type adminUpdateGroupBuy, type listGroupBuyGoods } from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/database.js';
import { enqueueJob } from '../../jobs/enqueue.js';
import { operatorNameOf, type Actor } from '../../lib/actor.js';
import { AppError, notFound, ValidationError } from '../../lib/errors.js';
import { Amount } from '../../lib/i18n.js';
import { sqlState, withTransaction, type Tx } from '../../lib/transaction.js';
import { skuSpecText } from '../catalogue/sku-text.js';
import { catalogueChangedOnCommit, goodsChangedOnCommit } from '../catalogue/response-cache.js';
import { optionTexts } from '../catalogue/sku-pv.service.js';
import type { Texts } from '../catalogue/catalogue.table.js';
import { closeWaitingRequest, requestApproval } from '../approvals/approvals.service.js';
import { maskName, pick } from '../catalogue/texts.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import { openGroup } from './group-buy.entries.js';
import * as g from './group-buy.queries.js';
import { endNotAfterStart, fieldChanges, invalid, stateAt } from './promotion-terms.js';
import * as promotions from './promotions-admin.queries.js';
import type { ListExport } from '../../lib/list-export.js';
import { pageOf, totalOf } from '../../lib/paging.js';
import { iso } from '../../lib/dates.js';
import { assertLoadedVersion } from '../../lib/row-version.js';
import * as stock from '../catalogue/stock.queries.js';


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
  // Said by the server: the member's page must not guess from a phone's clock whether it ended.
  state: stateAt(a.starts_at, a.ends_at),
  per_order_limit: a.per_order_limit,
  per_member_limit: a.per_member_limit,
  remaining: a.remaining,
  open_groups: Number(a.open_groups),
});

type NewGroupBuy = EndpointBody<typeof adminCreateGroupBuy>;
type GroupBuyChange = EndpointBody<typeof adminUpdateGroupBuy>;
type SkuRow = stock.SkuRow;

/**
 * A group buy priced below half its SKU's price gives value away deeply: like a coupon, a second
 * operator approves it (docs/decisions/2026-11-30-group-buy-prices.md).
 */
const isDeep = (price: number, skuPrice: number) => price * 2 < skuPrice;

/** Refuses a group-buy price not above 0 and below the SKU's own price, naming that price. */
function checkGroupBuyPrice(price: number, sku: SkuRow): void {
  const skuPrice = Number(sku.price_minor);
  if (price < 1 || price >= skuPrice) throw new ValidationError([{ field: 'price', key: 'admin.validation.groupBuyPrice', params: { field: 'price', price: new Amount(skuPrice, sku.currency), currency: sku.currency } }]);
}

/** The SKU of a group buy, of the goods named. */
async function skuOf(db: Executor, goodsId: number, skuId: number): Promise<SkuRow> {
  const [sku] = await stock.findSkusForCheckout(db, [skuId]);
  if (!sku || sku.goods_id !== goodsId) throw new AppError(ResponseCode.skuNotFound);
  return sku;
}

/** What an approver reads of a deep group buy besides its terms: the goods' name and the SKU's options in each language, and the SKU's price. */
const approvalFacts = (sku: SkuRow) => ({ name: sku.name as Texts, options: optionTexts(sku.specs, sku.spec_value_ids), sku_price: Number(sku.price_minor) });
/** `summary` of a deep group buy's request (the audit log's English words). */
const deepSummary = (what: string, sku: SkuRow, price: number, units: number) =>
  `${what} SKU #${sku.id}: ${displayMinor(price, sku.currency)} ${sku.currency} (SKU price ${displayMinor(Number(sku.price_minor), sku.currency)}), ${units} units`;

/** A deep group buy as asked: its terms, with what the approver reads. */
type AskedGroupBuy = NewGroupBuy & ReturnType<typeof approvalFacts>;

/**
 * An operator sets up a group buy on an SKU; its units are taken from the SKU's stock at once (never
 * more than there is). Its price is above 0 and below the SKU's own; below half of it, the group buy
 * is asked for with a reason and set up when a second operator approves it (at once only under the
 * owner's threshold for the value it gives away).
 */
export async function createGroupBuy(deps: Pick<AppDeps, 'db' | 'config' | 'redis'>, actor: Actor, input: NewGroupBuy): Promise<{ id: number | null; request: ApprovalRequest | null }> {
  operatorNameOf(actor);
  if (Date.parse(input.ends_at) <= Date.parse(input.starts_at)) throw endNotAfterStart();
  const sku = await skuOf(deps.db, input.goods_id, input.sku_id);
  checkGroupBuyPrice(input.price, sku);
  if (isDeep(input.price, Number(sku.price_minor))) {
    // A second operator reads why before the group buy exists.
    if (!input.reason) throw new ValidationError([{ field: 'reason', key: 'validation.required', params: { field: 'reason' } }]);
    const { request, result } = await requestApproval<AskedGroupBuy, { id: number }>(deps.db, actor, {
      kind: 'group_buy.create',
      memberId: null,
      currency: sku.currency,
      // The value it gives away: the discount on every unit it holds.
      amount: (Number(sku.price_minor) - input.price) * input.quantity,
      payload: { ...input, ...approvalFacts(sku) },
      summary: deepSummary(`new group buy of goods #${input.goods_id}`, sku, input.price, input.quantity),
      reason: input.reason,
    });
    return { id: result?.id ?? null, request };
  }
  const { id } = await withTransaction(deps.db, (tx) => insertGroupBuy(tx, deps, actor, input, null));
  return { id, request: null };
}

/** Carries out an approved deep group buy, as the approving operator: its units are set aside now (refused when the stock no longer has them). */
export async function insertApprovedGroupBuy(tx: Tx, actor: Actor, input: AskedGroupBuy, request: { id: number; reason: string }): Promise<{ id: number }> {
  // Checked again: the SKU's price may have changed since it was asked, and its end may have passed.
  checkGroupBuyPrice(input.price, await skuOf(tx, input.goods_id, input.sku_id));
  if (Date.parse(input.ends_at) <= Date.now()) throw invalid('ends_at');
  return insertGroupBuy(tx, null, actor, input, request);
}

/**
 * Sets a group buy up in `tx`: its units taken from the SKU's stock, its closing job, the audit entry.
 * The goods page's cached answers are dropped after the commit (through `deps` when the caller has them).
 */
async function insertGroupBuy(tx: Tx, deps: Pick<AppDeps, 'config' | 'redis'> | null, actor: Actor, input: NewGroupBuy, request: { id: number; reason: string } | null): Promise<{ id: number }> {
  const by = operatorNameOf(actor);
  if (!(await stock.reserveStock(tx, input.sku_id, input.quantity))) {
    // The figure after the refused reservation: read before it, it could promise more than there is now.
    const [now] = await stock.findSkusForCheckout(tx, [input.sku_id]);
    throw new AppError(ResponseCode.stockShortage, { name: pick(now!.name, actor.lang), stock: now!.stock });
  }
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
  await insertOperatorAction(tx, { operator: by, action: 'group_buy.create', target_type: 'group_buy', target_id: id, reason: request ? request.reason : input.reason || null, facts: request ? { key: 'approved_request', request_id: request.id } : null });
  // Once it is over, the units it still holds go back to the SKU.
  await enqueueJob(tx, 'close_group_buy', { activityId: id }, { runAt: new Date(input.ends_at), jobKey: `group-buy-close:${id}`, maxAttempts: 10 });
  if (deps) catalogueChangedOnCommit(tx, deps, [input.goods_id]);
  else goodsChangedOnCommit(tx, [input.goods_id]);
  return { id };
}

/** Ends an activity now and puts the units its pool holds back into the SKU's stock; answers how many (the caller locked its SKU first). */
async function closeActivity(tx: Tx, activityId: number): Promise<{ goodsId: number; endsAt: Date | string; returned: number } | undefined> {
  const activity = await g.lockActivityForUpdate(tx, activityId);
  if (!activity) return undefined;
  const ended = await g.endActivityNow(tx, activityId);
  if (activity.remaining > 0) await stock.returnStock(tx, activity.sku_id, activity.remaining);
  return { goodsId: ended.goods_id, endsAt: ended.ends_at, returned: activity.remaining };
}

/**
 * An operator ends a group buy early (or empties one that is over), in the caller's transaction: it
 * takes no new orders and the units it still holds go back to the SKU's stock. Answers them and its
 * groups still open: they can get no one new, so the caller (orders) decides them now, in the same
 * transaction (`decideGroup`). Refused for one over with nothing left to do.
 */
export async function endActivityEarly(tx: Tx, deps: Pick<AppDeps, 'config' | 'redis'>, activityId: number): Promise<{ goodsId: number; endsAt: string; returned: number; openGroupIds: number[] }> {
  // Locked against payments of it joining a group meanwhile (its SKU first, as a payment locks them).
  await g.lockSkuOfActivityForUpdate(tx, activityId);
  const before = await g.lockActivityForUpdate(tx, activityId);
  if (!before) throw notFound('group buy');
  const openGroupIds = await g.findOpenGroupIdsOfActivity(tx, activityId);
  if (new Date(before.ends_at).getTime() <= Date.now() && before.remaining === 0 && openGroupIds.length === 0) throw new AppError(ResponseCode.groupBuyNotActive);
  const closed = (await closeActivity(tx, activityId))!;
  catalogueChangedOnCommit(tx, deps, [closed.goodsId]);
  return { goodsId: closed.goodsId, endsAt: iso(closed.endsAt), returned: closed.returned, openGroupIds };
}

/**
 * At an activity's end (its job): the units it still holds go back to the SKU's stock, once. Answers
 * them and its groups still open, which can get no one new: the caller decides them now (`decideGroup`).
 */
export async function closeGroupBuyAtEnd(deps: Pick<AppDeps, 'db' | 'config' | 'redis'>, activityId: number): Promise<{ returned: number; openGroupIds: number[] }> {
  return withTransaction(deps.db, async (tx) => {
    await g.lockSkuOfActivityForUpdate(tx, activityId);
    const activity = await g.lockActivityForUpdate(tx, activityId);
    if (!activity) return { returned: 0, openGroupIds: [] };
    if (new Date(activity.ends_at).getTime() > Date.now()) {
      await enqueueJob(tx, 'close_group_buy', { activityId }, { runAt: new Date(activity.ends_at), jobKey: `group-buy-close:${activityId}`, maxAttempts: 10 });
      return { returned: 0, openGroupIds: [] };
    }
    const openGroupIds = await g.findOpenGroupIdsOfActivity(tx, activityId);
    if (activity.remaining === 0) return { returned: 0, openGroupIds };
    const closed = (await closeActivity(tx, activityId))!;
    catalogueChangedOnCommit(tx, deps, [closed.goodsId]);
    return { returned: closed.returned, openGroupIds };
  });
}

/** Group buys running now. */
export async function listGroupBuys(db: Executor, actor: Actor, input: EndpointQuery<typeof listGroupBuyGoods>): Promise<EndpointData<typeof listGroupBuyGoods>> {
  const rows = await g.findActivities(db, { runningOnly: true, limit: input.limit, offset: (input.page - 1) * input.limit });
  const total = totalOf(rows);
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
 * The promotions side of `/shop/pintuan/buy`, in the order's transaction: the activity is running,
 * the member within its limits, `num` units are taken from its pool, and the member gets the chosen
 * open group or a new one. Answers the activity and the group.
 */
export async function takeGroupBuyPlace(tx: Tx, userId: number, input: { activity_id: number; group_id?: number; num: number }) {
  await g.lockMemberActivity(tx, input.activity_id, userId);
  const [activity] = await g.findActivities(tx, { id: input.activity_id, runningOnly: true });
  if (!activity) throw new AppError(ResponseCode.groupBuyNotActive);
  if (input.num > activity.per_order_limit) throw new AppError(ResponseCode.groupBuyLimit, { max: activity.per_order_limit });
  if ((await g.sumMemberActivityQuantity(tx, activity.id, userId)) + input.num > activity.per_member_limit) throw new AppError(ResponseCode.groupBuyLimit, { max: activity.per_member_limit });
  if (!(await g.takeFromActivity(tx, activity.id, input.num))) throw new AppError(ResponseCode.groupBuySoldOut);
  if (input.group_id === undefined) return { activity, groupId: (await openGroup(tx, activity, userId)).id };
  const group = await g.findGroup(tx, input.group_id);
  if (!group || group.activity_id !== activity.id || group.status !== 'open' || new Date(group.expires_at).getTime() <= Date.now() || group.member_count >= group.size) {
    throw new AppError(ResponseCode.groupClosed);
  }
  return { activity, groupId: group.id };
}

/** Puts the member's order in the group (counted once it is paid); a member joins a group once. */
export async function enterGroup(tx: Tx, entry: { group_id: number; activity_id: number; order_id: number; user_id: number; quantity: number }): Promise<void> {
  try {
    await g.insertEntry(tx, entry);
  } catch (e) {
    if (sqlState(e) === '23505') throw new AppError(ResponseCode.groupAlreadyJoined);
    throw e;
  }
}

/**
 * At a group's deadline, decides it exactly once: full, or full enough for the activity's virtual
 * fill, it succeeds; otherwise it fails and answers the orders in it (paid: its member joined), for
 * the orders area to unwind (`decideGroupAtDeadline`). Its deadline is its own time or its activity's
 * end, whichever comes first: once the activity is over no one can join it. Too early, it waits.
 */
export async function decideGroup(tx: Tx, deps: Pick<AppDeps, 'config' | 'redis'>, groupId: number): Promise<{ outcome: 'succeeded' | 'waiting' | 'decided' } | { outcome: 'failed'; orders: Array<{ orderId: number; paid: boolean }> }> {
  // The activity first, as ending it locks them: an end and this job never wait on each other in a circle.
  const ofActivity = await g.lockActivityOfGroup(tx, groupId);
  const group = await g.lockGroupForUpdate(tx, groupId);
  if (!group || group.status !== 'open') return { outcome: 'decided' };
  const deadline = Math.min(new Date(group.expires_at).getTime(), ofActivity ? new Date(ofActivity.ends_at).getTime() : Infinity);
  if (!ofActivity?.over && deadline > Date.now()) {
    await enqueueJob(tx, 'decide_group', { groupId }, { runAt: new Date(deadline), jobKey: `group-decide:${groupId}` });
    return { outcome: 'waiting' };
  }
  const [activity] = await g.findActivities(tx, { id: group.activity_id });
  const percent = activity!.virtual_fill_percent;
  if (group.member_count >= group.size) {
    await g.decideGroup(tx, groupId, 'succeeded');
    return { outcome: 'succeeded' };
  }
  if (percent > 0 && group.member_count > 0 && group.member_count * 100 >= group.size * percent) {
    await g.decideGroup(tx, groupId, 'succeeded', true);
    return { outcome: 'succeeded' };
  }
  await g.decideGroup(tx, groupId, 'failed');
  // Its units go back on offer: the goods page shows what is left.
  catalogueChangedOnCommit(tx, deps, [activity!.goods_id]);
  return { outcome: 'failed', orders: (await g.findEntriesOfGroup(tx, groupId)).map((e) => ({ orderId: e.order_id, paid: e.status === 'joined' })) };
}

// ---------------------------------------------------------------- operators


type GroupBuyRow = Awaited<ReturnType<typeof promotions.findGroupBuysForConsole>>[number];

const toGroupBuy = (a: GroupBuyRow, lang: Language) => {
  const spec = skuSpecText(a.specs, a.spec_value_ids, lang);
  return {
    id: a.id,
    goods_id: a.goods_id,
    sku_id: a.sku_id,
    name: spec ? `${pick(a.name, lang)} (${spec})` : pick(a.name, lang),
    price: Number(a.price_minor),
    currency: a.currency,
    group_size: a.group_size,
    fill_hours: a.fill_hours,
    starts_at: iso(a.starts_at),
    ends_at: iso(a.ends_at),
    per_order_limit: a.per_order_limit,
    per_member_limit: a.per_member_limit,
    virtual_fill_percent: a.virtual_fill_percent,
    quantity: a.quantity,
    remaining: a.remaining,
    open_groups: Number(a.open_groups),
    state: stateAt(a.starts_at, a.ends_at),
    created_by: a.created_by,
    updated_at: iso(a.updated_at),
  };
};

/** Group-buy activities by goods and state, newest first unless sorted. */
export async function listGroupBuysForOperator(db: Executor, actor: Actor, input: EndpointQuery<typeof adminListGroupBuys>): Promise<EndpointData<typeof adminListGroupBuys>> {
  operatorNameOf(actor);
  const rows = await promotions.findGroupBuysForConsole(db, { ...input, offset: (input.page - 1) * input.limit });
  return pageOf(rows.map((a) => toGroupBuy(a, actor.lang)), totalOf(rows), input);
}

export const groupBuyExport: ListExport<EndpointQuery<typeof adminListGroupBuys>, EndpointData<typeof adminListGroupBuys>['list'][number]> = {
  name: 'group-buys',
  page: listGroupBuysForOperator,
  columns: [
    ['id', (r) => r.id], ['name', (r) => r.name], ['goods_id', (r) => r.goods_id], ['sku_id', (r) => r.sku_id], ['currency', (r) => r.currency], ['price', (r) => fromMinorUnits(r.price, r.currency)],
    ['group_size', (r) => r.group_size], ['quantity', (r) => r.quantity], ['remaining', (r) => r.remaining], ['open_groups', (r) => r.open_groups], ['status', (r) => r.state],
    ['starts_at', (r) => r.starts_at], ['ends_at', (r) => r.ends_at], ['created_by', (r) => r.created_by],
  ],
};

/**
 * Changes a group buy with the reason: its price, dates, group size, fill time and limits. A running
 * one keeps its start; its end is never set in the past (ending one is its own decision). Groups
 * already open keep their size; the member app shows the change at once. The change names the
 * `updated_at` it was edited from; from a copy changed (or ended) since it is refused, nothing written.
 * A new price is above 0 and below the SKU's own; one lowered below half of it waits for a second
 * operator (the group buy is answered as it is, with the request), as a new group buy that deep does.
 */
export async function updateGroupBuy(deps: AppDeps, actor: Actor, input: GroupBuyChange): Promise<EndpointData<typeof adminUpdateGroupBuy>> {
  operatorNameOf(actor);
  return withTransaction(deps.db, async (tx) => {
    const { current, sku } = await checkGroupBuyChange(tx, input);
    if (input.price < Number(current.price_minor) && isDeep(input.price, Number(sku.price_minor))) {
      const { request } = await requestApproval<GroupBuyChange & ReturnType<typeof approvalFacts> & { goods_id: number; sku_id: number; quantity: number; from: number }, unknown>(tx, actor, {
        kind: 'group_buy.update',
        memberId: null,
        currency: sku.currency,
        // The value it gives away more than now: the further discount on every unit it still holds.
        amount: (Number(current.price_minor) - input.price) * current.remaining,
        payload: { ...input, ...approvalFacts(sku), goods_id: current.goods_id, sku_id: current.sku_id, quantity: current.remaining, from: Number(current.price_minor) },
        summary: deepSummary(`group buy #${input.id} price ${displayMinor(Number(current.price_minor), sku.currency)} →`, sku, input.price, current.remaining),
        subject: `group_buy:${input.id}`,
        reason: input.reason,
      });
      const [row] = await promotions.findGroupBuysForConsole(tx, { id: input.id, limit: 1, offset: 0 });
      return { ...toGroupBuy(row!, actor.lang), request };
    }
    await applyGroupBuyChange(tx, deps, actor, input, { ...current, currency: sku.currency }, input.reason);
    // Asked before from the terms it had: a change made since would be undone by approving it.
    await closeWaitingRequest(tx, actor, 'group_buy.update', `group_buy:${input.id}`, 'group buy changed directly');
    const [row] = await promotions.findGroupBuysForConsole(tx, { id: input.id, limit: 1, offset: 0 });
    return { ...toGroupBuy(row!, actor.lang), request: null };
  });
}

/** Carries out an approved change of a group buy's price, as the approving operator (checked again: it must still be the version it was asked from). */
export async function saveApprovedGroupBuyChange(tx: Tx, actor: Actor, input: GroupBuyChange, request: { id: number; reason: string }): Promise<{ id: number; price: number }> {
  const { current, sku } = await checkGroupBuyChange(tx, input);
  await applyGroupBuyChange(tx, null, actor, input, { ...current, currency: sku.currency }, request.reason, request.id);
  return { id: input.id, price: input.price };
}

/** Locks the group buy a change is about and checks the change: its version, its start and end, its price against the SKU's. */
async function checkGroupBuyChange(tx: Tx, input: GroupBuyChange) {
  const current = await promotions.lockGroupBuyForUpdate(tx, input.id);
  if (!current) throw notFound('group_buy');
  // Under the lock, so of two changes from one copy only the first passes: the second would undo it.
  assertLoadedVersion(current.updated_at, input.base_updated_at);
  const now = Date.now();
  const started = new Date(current.starts_at).getTime() <= now;
  if (started && Date.parse(input.starts_at) !== new Date(current.starts_at).getTime()) throw invalid('starts_at');
  if (Date.parse(input.ends_at) <= Date.parse(input.starts_at)) throw endNotAfterStart();
  if (Date.parse(input.ends_at) <= now) throw invalid('ends_at');
  const sku = await skuOf(tx, current.goods_id, current.sku_id);
  // A price kept as it was stays, whatever the SKU's price became since.
  if (input.price !== Number(current.price_minor)) checkGroupBuyPrice(input.price, sku);
  return { current, sku };
}

/** Writes a checked change of a group buy (`currency`: its SKU's), with its audit entry; the goods page's cached answers are dropped after the commit. */
async function applyGroupBuyChange(
  tx: Tx,
  deps: Pick<AppDeps, 'config' | 'redis'> | null,
  actor: Actor,
  input: GroupBuyChange,
  current: NonNullable<Awaited<ReturnType<typeof promotions.lockGroupBuyForUpdate>>> & { currency: string },
  reason: string, requestId?: number): Promise<void> {
  await promotions.updateGroupBuy(tx, input.id, {
    price_minor: input.price,
    group_size: input.group_size,
    fill_hours: input.fill_hours,
    starts_at: input.starts_at,
    ends_at: input.ends_at,
    per_order_limit: input.per_order_limit,
    per_member_limit: input.per_member_limit,
    virtual_fill_percent: input.virtual_fill_percent,
  });
  // The units it holds go back to the SKU at its end: the job that does it moves with the end.
  if (Date.parse(input.ends_at) !== new Date(current.ends_at).getTime())
    await enqueueJob(tx, 'close_group_buy', { activityId: input.id }, { runAt: new Date(input.ends_at), jobKey: `group-buy-close:${input.id}`, maxAttempts: 10 });
  const changes = fieldChanges(
    { price: Number(current.price_minor), group_size: current.group_size, fill_hours: current.fill_hours, starts_at: iso(current.starts_at), ends_at: iso(current.ends_at), per_order_limit: current.per_order_limit, per_member_limit: current.per_member_limit, virtual_fill_percent: current.virtual_fill_percent },
    { ...input, starts_at: iso(input.starts_at), ends_at: iso(input.ends_at) },
  );
  await insertOperatorAction(tx, {
    operator: operatorNameOf(actor),
    action: 'group_buy.update',
    target_type: 'group_buy',
    target_id: input.id,
    reason,
    facts: { key: 'promotion_change', kind: 'group_buy.update', code: null, currency: current.currency, changes, request_id: requestId ?? null },
  });
  if (deps) catalogueChangedOnCommit(tx, deps, [current.goods_id]);
  else goodsChangedOnCommit(tx, [current.goods_id]);
}
