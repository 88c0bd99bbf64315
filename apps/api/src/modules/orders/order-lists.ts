import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/database.js';
import { dropOnChanges } from '../../lib/cache.js';
import { announce } from '../../lib/changes.js';

/**
 * Where a higher area adds to the member's order list (filled by `wiring.ts`): after-sales names the
 * member's orders with cases, which the list's after-sales view shows beside those refunding or refunded,
 * which orders it still takes a request on (`can_after_sale`), and which still have something to review
 * (`can_review`).
 * An area that changes what it answers tells the member's lists with `ordersChanged`.
 */
export const orderListHooks: {
  ordersWithCases?: (db: Executor, userId: number) => Promise<number[]>;
  /** Of these shipped or completed orders, those after-sales still takes a request on (something left, a window open). */
  ordersOpenToCases?: (db: Executor, orderIds: number[]) => Promise<Set<number>>;
  /**
   * Of these orders, the completed ones with a line to review or a review to change (`can_review`),
   * and the first moment that answer changes by time alone (a review's days for a change ending).
   */
  ordersToReview?: (db: Executor, orderIds: number[]) => Promise<{ orders: Set<number>; until: Date | undefined }>;
  /** Cache tags of what else these answers follow (after-sales: its windows and days): a cached list is dropped with them. */
  listTags?: readonly string[];
} = {};

/** Tags of the members' cached order lists: everyone's, or one member's. */
export const OrderListTag = {
  all: 'order-lists',
  member: (memberId: number) => `order-lists:${memberId}`,
} as const;

/**
 * Tells, once `db`'s transaction commits, that these members' orders changed: their cached order
 * lists are dropped (`dropOrderListsOnChanges`), in other processes too.
 */
export function ordersChanged(db: Executor, memberIds: number[]): void {
  if (memberIds.length) announce(db, { kind: 'orders', memberIds });
}

/** Drops the cached order lists of members whose orders changed (everyone's when anything may have). Answers the function that stops it. */
export const dropOrderListsOnChanges = (deps: Pick<AppDeps, 'config' | 'redis'>): (() => void) =>
  dropOnChanges(deps, (c) => (c.kind === 'orders' ? c.memberIds.map(OrderListTag.member) : c.kind === 'all' ? [OrderListTag.all] : []));
