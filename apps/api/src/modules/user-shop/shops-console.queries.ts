import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import { executePage } from '../../lib/paging.js';

// The console's reads of member shops beyond what the owners' and buyers' calls read: who made a
// stock change and who moved an order (names behind the stored `kind:id` stamps), an order's
// settlement and refunds, and the buyers' user names for operators who may read members.

/** The id of a `kind:<number>` stamp in `column`, in SQL; null for a stamp of another kind (a job's, the system's name). */
const stampId = (column: string, kind: 'member' | 'operator'): RawBuilder<number | null> =>
  sql<number | null>`case when ${sql.ref(column)} ~ ${`^${kind}:[0-9]+$`} then split_part(${sql.ref(column)}, ':', 2)::bigint end`;

/** A shop's stock changes, newest first, with the shop's owner, the member's or operator's user name behind each stamp, and the count of all. */
export const findStockChangesPage = (db: Executor, shopId: number, limit: number, offset: number) =>
  db
    .selectFrom('shop_stock_adjustments as a')
    .innerJoin('member_shops as s', 's.id', 'a.shop_id')
    .selectAll('a')
    .select([
      's.owner_id',
      sql<string | null>`(select u.user_name from users u where u.id = ${stampId('a.actor', 'member')})`.as('member_name'),
      sql<string | null>`(select op.user_name from operators op where op.id = ${stampId('a.actor', 'operator')})`.as('operator_name'),
      sql<string>`count(*) over ()`.as('total'),
    ])
    .where('a.shop_id', '=', shopId)
    .orderBy('a.id', 'desc')
    .limit(limit)
    .offset(offset)
    .$call(executePage);

export interface ConsoleShopOrderEvent {
  kind: string;
  from: string | null;
  to: string | null;
  reason: string;
  actor: string;
  /** The operator's user name when an operator acted. */
  operator: string | null;
  at: string;
}
export interface ConsoleShopOrderCase {
  id: number;
  case_no: string;
  kind: 'return' | 'exchange' | 'warranty';
  status: string;
  refund: number | null;
  refunded: number | null;
  refunded_fee: number;
  refunded_at: string | null;
}

/** A shop order's settlement and refund facts with its history (operators named) and its after-sales cases, in one statement. */
export const findShopOrderHistory = (db: Executor, id: number) =>
  db
    .selectFrom('shop_orders as o')
    .select([
      'o.id',
      'o.buyer_id',
      'o.goods_minor',
      'o.fee_bp',
      'o.earnings_minor',
      'o.settles_at',
      'o.settled_at',
      'o.refunded_at',
      sql<ConsoleShopOrderEvent[]>`(select coalesce(json_agg(json_build_object(
          'kind', e.kind, 'from', e.from_status, 'to', e.to_status, 'reason', e.reason, 'actor', e.actor, 'at', e.created_at,
          'operator', (select op.user_name from operators op where op.id = ${stampId('e.actor', 'operator')})) order by e.id), '[]')
        from shop_order_events e where e.order_id = o.id)`.as('events'),
      sql<ConsoleShopOrderCase[]>`(select coalesce(json_agg(json_build_object(
          'id', c.id, 'case_no', c.case_no, 'kind', c.kind, 'status', c.status, 'refund', c.refund_minor,
          'refunded', c.refunded_minor, 'refunded_fee', c.refunded_fee_minor, 'refunded_at', c.refunded_at) order by c.id), '[]')
        from after_sales c where c.shop_order_id = o.id)`.as('cases'),
    ])
    .where('o.id', '=', id)
    .executeTakeFirst();

/** The buyers' user names of shop orders, by order id. */
export const findBuyerUserNames = async (db: Executor, orderIds: number[]): Promise<Map<number, string>> =>
  new Map(
    (await db.selectFrom('shop_orders as o').innerJoin('users as b', 'b.id', 'o.buyer_id').select(['o.id', 'b.user_name']).where('o.id', 'in', orderIds.length ? orderIds : [-1]).execute()).map((r) => [Number(r.id), r.user_name]),
  );
