import { sql, type Expression, type SqlBool } from 'kysely';
import type { SortOrder } from '@shop/contract';
import type { Executor } from '../../db/database.js';
import { orderList } from '../../lib/list-order.queries.js';
import type { Tx } from '../../lib/transaction.js';
import { containing as like } from '../../lib/like.js';
import { nextUpdatedAt } from '../../lib/row-version.queries.js';
import { executePage } from '../../lib/paging.js';

// The console's reads and changes of coupons and group-buy activities: lists searched, filtered by
// where they stand now and sorted, and an operator's change of one row under its lock.

type State = 'scheduled' | 'running' | 'ended';

/** Where a row with these dates (of `table`) stands now. */
function stateIs(state: State, table: string): Expression<SqlBool> {
  const starts = sql.ref(`${table}.starts_at`);
  const ends = sql.ref(`${table}.ends_at`);
  if (state === 'scheduled') return sql<SqlBool>`${starts} > now()`;
  if (state === 'running') return sql<SqlBool>`now() between ${starts} and ${ends}`;
  return sql<SqlBool>`${ends} < now()`;
}

/** Coupons by part of their code and state, in the chosen order (newest first otherwise), each row carrying the total count. */
export function findCouponsForConsole(db: Executor, input: { q?: string; state?: State; sort?: 'id' | 'code' | 'starts_at' | 'ends_at' | 'used'; order?: SortOrder; limit: number; offset: number }) {
  let q = db.selectFrom('coupons').selectAll().select(sql<string>`count(*) over ()`.as('total'));
  if (input.q) q = q.where('code', 'ilike', like(input.q.toUpperCase()));
  if (input.state) q = q.where(stateIs(input.state, 'coupons'));
  return orderList(q, input, { id: 'id', code: 'code', starts_at: 'starts_at', ends_at: 'ends_at', used: 'used' }, { sort: 'id', order: 'desc' }, 'id').limit(input.limit).offset(input.offset).$call(executePage);
}

export const lockCouponForUpdate = (tx: Tx, id: number) => tx.selectFrom('coupons').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const updateCoupon = (tx: Tx, id: number, c: { amount_minor: number | null; percent_bp: number | null; min_spend_minor: number; starts_at: string; ends_at: string; per_member_limit: number; total_limit: number | null }) =>
  tx.updateTable('coupons').set(c).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

/** Group-buy activities with their goods, by goods name (any language) or number and state, in the chosen order (newest first otherwise). */
export function findGroupBuysForConsole(db: Executor, input: { q?: string; state?: State; sort?: 'id' | 'price' | 'starts_at' | 'ends_at' | 'remaining'; order?: SortOrder; id?: number; limit: number; offset: number }) {
  let q = db
    .selectFrom('group_buy_activities as a')
    .innerJoin('goods_skus as s', 's.id', 'a.sku_id')
    .innerJoin('goods as g', 'g.id', 'a.goods_id')
    .selectAll('a')
    .select([
      's.spec_value_ids',
      'g.name',
      'g.specs',
      'g.currency',
      sql<string>`(select count(*) from group_buy_groups gg where gg.activity_id = a.id and gg.status = 'open' and gg.expires_at > now())`.as('open_groups'),
      sql<string>`count(*) over ()`.as('total'),
    ]);
  if (input.id !== undefined) q = q.where('a.id', '=', input.id);
  if (input.q) {
    const text = input.q;
    q = q.where((eb) => {
      const any = [eb(sql<string>`g.name::text`, 'ilike', like(text))];
      if (/^\d{1,9}$/.test(text)) any.push(eb('a.id', '=', Number(text)), eb('a.goods_id', '=', Number(text)), eb('a.sku_id', '=', Number(text)));
      return eb.or(any);
    });
  }
  if (input.state) q = q.where(stateIs(input.state, 'a'));
  return orderList(q, input, { id: 'a.id', price: 'a.price_minor', starts_at: 'a.starts_at', ends_at: 'a.ends_at', remaining: 'a.remaining' }, { sort: 'id', order: 'desc' }, 'a.id')
    .limit(input.limit)
    .offset(input.offset)
    .$call(executePage);
}

/** Locks one group buy for a change from the console (two operators changing it take turns); with the version it is at. */
export const lockGroupBuyForUpdate = (tx: Tx, id: number) => tx.selectFrom('group_buy_activities').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/** Changes a group buy's terms, moving its version forward. */
export const updateGroupBuy = (
  tx: Tx,
  id: number,
  a: { price_minor: number; group_size: number; fill_hours: number; starts_at: string; ends_at: string; per_order_limit: number; per_member_limit: number; virtual_fill_percent: number },
) => tx.updateTable('group_buy_activities').set({ ...a, updated_at: nextUpdatedAt }).where('id', '=', id).execute();
