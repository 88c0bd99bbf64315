import { enqueueJob } from '../../jobs/enqueue.js';
import type { Tx } from '../../lib/transaction.js';
import * as g from './group-buy.queries.js';
import type { GroupBuyDropCause } from './promotions.table.js';
import { returnStock } from '../catalogue/stock.queries.js';

/** Opens a group and schedules its decision at its deadline. */
export async function openGroup(tx: Tx, activity: { id: number; group_size: number; fill_hours: number }, leaderId: number, memberCount = 0) {
  const group = await g.insertGroup(tx, { activity_id: activity.id, leader_user_id: leaderId, size: activity.group_size, expires_at: new Date(Date.now() + activity.fill_hours * 3_600_000), member_count: memberCount });
  await enqueueJob(tx, 'decide_group', { groupId: group.id }, { runAt: new Date(group.expires_at), jobKey: `group-decide:${group.id}`, maxAttempts: 10 });
  return group;
}

/**
 * A group-buy order was paid: its member joins the chosen group, or, when that one filled or closed
 * meanwhile, another open group of the activity, or a new one. A group that reaches its size
 * succeeds at once (its orders can ship). Once the activity is over (ended early or at its time) a
 * late payment joins nothing and answers false: the orders area refunds it as for a failed group.
 */
export async function joinGroupOnPayment(tx: Tx, orderId: number, userId: number): Promise<boolean> {
  const entry = await g.findEntryOfOrder(tx, orderId);
  if (!entry || entry.status !== 'pending') return true;
  // Held against an operator ending it meanwhile: the payment joins before the end, or sees it.
  if (!(await g.lockRunningActivity(tx, entry.activity_id))) return false;
  let group = await g.addMemberToGroup(tx, entry.group_id);
  if (!group) {
    const other = await g.findJoinableGroup(tx, entry.activity_id, userId);
    if (other) group = await g.addMemberToGroup(tx, other.id);
  }
  if (!group) {
    const [activity] = await g.findActivities(tx, { id: entry.activity_id });
    group = await openGroup(tx, activity!, userId, 1);
  }
  await g.setEntry(tx, entry.id, { status: 'joined', group_id: group.id });
  if (group.member_count >= group.size) await g.decideGroup(tx, group.id, 'succeeded');
  return true;
}

/**
 * A group-buy order ended (cancelled, closed, refunded): its units go back to the activity while it
 * runs, to the SKU's stock once it is over; its member leaves the group, and a group that had
 * succeeded is one short again and forms again (nothing of a group ships before it is full). `cause`
 * is kept with the entry: the member's order says whether they left or their group failed. Answers
 * false for an order of no group buy, else how many units went back to the SKU's stock now (none
 * when they went back to the running activity, or the order had left already).
 */
export async function leaveGroup(tx: Tx, orderId: number, cause: GroupBuyDropCause): Promise<false | { unitsToStock: number }> {
  const entry = await g.findEntryOfOrder(tx, orderId);
  if (!entry) return false;
  if (entry.status === 'dropped') return { unitsToStock: 0 };
  if (entry.status === 'joined' && !(await g.removeMemberFromGroup(tx, entry.group_id))) {
    // A group that succeeded is final only once nothing of it can be cancelled any more: one short
    // again, it forms again until its deadline decides it (at once when the activity is over).
    const reopened = await g.reopenGroupWithoutMember(tx, entry.group_id);
    if (reopened) await enqueueJob(tx, 'decide_group', { groupId: reopened.id }, { runAt: new Date(reopened.expires_at), jobKey: `group-decide:${reopened.id}`, maxAttempts: 10 });
  }
  await g.setEntry(tx, entry.id, { status: 'dropped', drop_cause: cause });
  if (!(await g.returnToRunningActivity(tx, entry.activity_id, entry.quantity))) {
    const [activity] = await g.findActivities(tx, { id: entry.activity_id });
    if (activity) {
      await returnStock(tx, activity.sku_id, entry.quantity);
      return { unitsToStock: entry.quantity };
    }
  }
  return { unitsToStock: 0 };
}

/** Whether a group-buy order may ship: only once its group succeeded. Other orders always may. */
export async function groupAllowsShipping(tx: Tx, orderId: number): Promise<boolean> {
  const entry = await g.findEntryOfOrder(tx, orderId);
  if (!entry) return true;
  const group = await g.findGroup(tx, entry.group_id);
  return entry.status === 'joined' && group?.status === 'succeeded';
}
