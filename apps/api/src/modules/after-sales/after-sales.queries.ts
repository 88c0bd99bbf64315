import { AFTER_SALE_WAITING, type Permission } from '@shop/contract';
import { sql, type ExpressionBuilder, type Insertable, type RawBuilder, type Selectable, type Updateable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import type { Tx } from '../../lib/transaction.js';
import { nextUpdatedAt } from '../../lib/row-version.queries.js';
import type { AfterSaleKind, AfterSaleStatus } from './after-sales.table.js';
import { executePage } from '../../lib/paging.js';

/** The order a case is on: a regular order, or a member-shop order. */
export interface OrderRef {
  kind: 'order' | 'shop_order';
  id: number;
}
const orderColumn = (ref: OrderRef) => (ref.kind === 'order' ? ('c.order_id' as const) : ('c.shop_order_id' as const));
/** A case line's line: of the regular order, or of the shop order (exactly one is set). */
const lineIdOf = sql<string | number>`coalesce(l.order_line_id, l.shop_order_line_id)`;

export const findAfterSaleSettings = (db: Executor) => db.selectFrom('after_sale_settings').selectAll().executeTakeFirstOrThrow();

export const findAllReasons = (db: Executor) => db.selectFrom('after_sale_reasons').selectAll().orderBy('kind').orderBy('sort').orderBy('code').execute();
type ReasonFields = { kind: AfterSaleKind; code: string; names: Record<string, string>; needs_evidence: boolean; sort: number; enabled: boolean };
const reasonValues = (row: ReasonFields) => ({ ...row, names: JSON.stringify(row.names) as unknown as Record<string, string> });
/** Locks one reason for a save of its form (two operators saving it take turns); with the version it is at. */
export const lockReasonForUpdate = (tx: Tx, kind: AfterSaleKind, code: string) => tx.selectFrom('after_sale_reasons').select('updated_at').where('kind', '=', kind).where('code', '=', code).forUpdate().executeTakeFirst();
/** Adds a reason; undefined when one of that kind and code was written meanwhile (nothing is changed then). */
export const insertReason = (db: Executor, row: ReasonFields) =>
  db.insertInto('after_sale_reasons').values(reasonValues(row)).onConflict((oc) => oc.columns(['kind', 'code']).doNothing()).returning('code').executeTakeFirst();
export const updateReason = (db: Executor, row: ReasonFields) =>
  db.updateTable('after_sale_reasons').set({ ...reasonValues(row), updated_at: nextUpdatedAt }).where('kind', '=', row.kind).where('code', '=', row.code).execute();

export const findCarriers = (db: Executor) => db.selectFrom('after_sale_carriers').selectAll().where('enabled', '=', true).orderBy('sort').orderBy('code').execute();
export const findCarrier = (db: Executor, code: string) => db.selectFrom('after_sale_carriers').selectAll().where('code', '=', code).where('enabled', '=', true).executeTakeFirst();

/** Enabled addresses of a country of one kind (the return address, or the service points). */
export const findAddresses = (db: Executor, countryCode: string, kind: 'return' | 'service') =>
  db.selectFrom('after_sale_addresses').selectAll().where('country_code', '=', countryCode.toUpperCase()).where('kind', '=', kind).where('enabled', '=', true).orderBy('sort').orderBy('id').execute();

/** Units of each of the order's lines in cases of `statuses`, per kind and state. */
export const unitsInCasesQuery = (db: Executor, ref: OrderRef, statuses: readonly AfterSaleStatus[]) =>
  db
    .selectFrom('after_sale_lines as l')
    .innerJoin('after_sales as c', 'c.id', 'l.case_id')
    .select([lineIdOf.as('order_line_id'), 'c.kind', 'c.status', (eb) => eb.fn.sum<number>('l.qty').as('qty')])
    .where(orderColumn(ref), '=', ref.id)
    .where('c.status', 'in', statuses.length ? [...statuses] : ['-' as AfterSaleStatus])
    .groupBy([lineIdOf, 'c.kind', 'c.status']);
export const findUnitsInCases = async (db: Executor, ref: OrderRef, statuses: readonly AfterSaleStatus[]) =>
  (await unitsInCasesQuery(db, ref, statuses).execute()).map((r) => ({ ...r, order_line_id: Number(r.order_line_id) }));

/**
 * `findUnitsInCases` of a regular order as an expression that first takes the order's row lock and
 * then counts (the database's `after_sale_units_locked`): read with the locking read of the order,
 * it counts every case committed before the lock was held.
 */
export const unitsInCasesLockedOf = (statuses: readonly AfterSaleStatus[]) => (orderId: number) =>
  sql<Array<{ order_line_id: number; kind: AfterSaleKind; status: AfterSaleStatus; qty: number }>>`(select after_sale_units_locked(${orderId}::bigint, ${[...statuses]}::text[]))`;

/** Whether the member has a case (of any of their orders) in one of `statuses`. */
export const hasMemberCaseIn = async (db: Executor, userId: number, statuses: readonly AfterSaleStatus[]) =>
  !!(await db.selectFrom('after_sales as c').select('c.id').where('c.user_id', '=', userId).where('c.status', 'in', [...statuses]).limit(1).executeTakeFirst());

/** Whether the order (a regular one by its id, or the ref) has a case in one of `statuses`. */
export const hasCaseIn = async (db: Executor, order: number | OrderRef, statuses: readonly AfterSaleStatus[]) => {
  const ref: OrderRef = typeof order === 'number' ? { kind: 'order', id: order } : order;
  return !!(await db.selectFrom('after_sales as c').select('c.id').where(orderColumn(ref), '=', ref.id).where('c.status', 'in', [...statuses]).limit(1).executeTakeFirst());
};

/** Where each kind of order keeps its rows and lines, and which column of a case's line names its line. */
const ORDER_TABLES = {
  order: { orders: 'orders', lines: 'order_lines', caseLine: 'hl.order_line_id' },
  shop_order: { orders: 'shop_orders', lines: 'shop_order_lines', caseLine: 'hl.shop_order_line_id' },
} as const;

/**
 * Units of an order's line (`lineId`, an SQL reference; a regular order's unless `kind` says) that
 * cases of `statuses` hold: returns, and exchanges or repairs until they completed (the service's
 * `heldByCases`, in SQL).
 */
const unitsHeldSql = (lineId: RawBuilder<unknown>, statuses: readonly AfterSaleStatus[], kind: OrderRef['kind'] = 'order') =>
  sql<number>`(select coalesce(sum(hl.qty), 0) from after_sale_lines hl join after_sales hc on hc.id = hl.case_id
    where ${sql.ref(ORDER_TABLES[kind].caseLine)} = ${lineId} and hc.status in (${sql.join(statuses.length ? [...statuses] : ['-'])}) and (hc.kind = 'return' or hc.status <> 'completed'))`;

/**
 * Whether the regular order `orderId` (an SQL reference) has a unit no case of `statuses` holds,
 * unexecuted: the member shop's list of orders to restock reads it inside its own statement.
 */
export const hasUnitsOutsideCasesSql = (orderId: RawBuilder<unknown>, statuses: readonly AfterSaleStatus[]) =>
  sql<boolean>`exists (select 1 from order_lines hol where hol.order_id = ${orderId} and hol.quantity > ${unitsHeldSql(sql.ref('hol.id'), statuses)})`;

/**
 * Of these orders (regular ones, or member-shop ones when `kind` says), the shipped or completed ones
 * of which something may still be asked: a SKU of the order with a unit neither a case holds nor its
 * buyer booked into their shop (`booked`: the member-shop area's read of a regular order's booked units,
 * given the statement's `orders` row) while a window is open for it (on its way, none has begun; once
 * received, the return window until the order settles, the exchange window, the goods' warranty). The
 * apply page's rule (`openingOf`) for a whole list in one statement: booked units taken from a SKU's
 * units no case holds, as it places them line by line (lines of one SKU share its goods' windows); the
 * cap of exchanges per unit is left to the apply page.
 */
export const findOrdersOpenToCases = async (
  db: Executor,
  orderIds: number[],
  statuses: readonly AfterSaleStatus[],
  kind: OrderRef['kind'] = 'order',
  booked?: (order: { id: RawBuilder<unknown>; order_no: RawBuilder<unknown> }) => RawBuilder<unknown>,
): Promise<number[]> => {
  if (!orderIds.length) return [];
  const tables = ORDER_TABLES[kind];
  const bookedUnits = booked ? booked({ id: sql.ref('o.id'), order_no: sql.ref('o.order_no') }) : sql`'[]'::json`;
  const { rows } = await sql<{ id: number | string }>`
    select o.id from ${sql.table(tables.orders)} o cross join after_sale_settings s
      cross join lateral (select ${bookedUnits} as units) b
    where o.id in (${sql.join(orderIds)}) and o.status in ('shipped', 'completed')
      and exists (
        select 1 from ${sql.table(tables.lines)} ol join goods g on g.id = ol.goods_id
        where ol.order_id = o.id
          and (o.completed_at is null
            or (o.settled_at is null and now() <= o.completed_at + make_interval(days => s.return_days))
            or now() <= o.completed_at + make_interval(days => s.exchange_days)
            or (g.warranty_months > 0 and now() <= o.completed_at + make_interval(months => g.warranty_months)))
        group by ol.sku_id
        having sum(greatest(0, ol.quantity - ${unitsHeldSql(sql.ref('ol.id'), statuses, kind)})) >
          coalesce((select sum(x.units) from json_to_recordset(b.units) as x(sku_id bigint, units numeric) where x.sku_id = ol.sku_id), 0))`.execute(db);
  return rows.map((r) => Number(r.id));
};

/**
 * The lines of these completed regular orders as reviews see them, in one statement: units returned
 * and refunded, units in returns of `openStatuses`, the line's review (if any) and the days a review
 * may be changed. The service decides from it what may be reviewed (the order list's `can_review`).
 */
export const findLinesForReview = async (db: Executor, orderIds: number[], openStatuses: readonly AfterSaleStatus[]) => {
  if (!orderIds.length) return [];
  const unitsIn = (statuses: readonly string[]) =>
    sql<number>`(select coalesce(sum(rl.qty), 0)::int from after_sale_lines rl join after_sales rc on rc.id = rl.case_id
      where rl.order_line_id = ol.id and rc.kind = 'return' and rc.status in (${sql.join(statuses.length ? [...statuses] : ['-'])}))`;
  const { rows } = await sql<{ order_id: number | string; id: number | string; quantity: number; returned_quantity: number; being_returned: number; review_created_at: Date | null; review_edited_at: Date | null; review_returned_at: Date | null; review_edit_days: number }>`
    select ol.order_id, ol.id, ol.quantity, ${unitsIn(['refunded'])} as returned_quantity, ${unitsIn(openStatuses)} as being_returned,
      r.created_at as review_created_at, r.edited_at as review_edited_at, r.returned_at as review_returned_at, s.review_edit_days
    from orders o join order_lines ol on ol.order_id = o.id cross join after_sale_settings s
      left join goods_reviews r on r.order_line_id = ol.id
    where o.id in (${sql.join(orderIds)}) and o.status = 'completed'`.execute(db);
  return rows.map((r) => ({ ...r, order_id: Number(r.order_id), id: Number(r.id) }));
};

/** Orders of the member with cases (the after-sales view of the order list). */
export const findOrderIdsWithCases = async (db: Executor, userId: number) =>
  (await db.selectFrom('after_sales').select('order_id').distinct().where('user_id', '=', userId).where('order_id', 'is not', null).execute()).map((r) => ({ order_id: r.order_id! }));

/** Per shop order: its cases, the open ones, the newest case's state and what refunded cases gave back (with the card surcharge that came back with them, as the case and the console say it). */
export const findShopOrderCaseSummaries = async (db: Executor, shopOrderIds: number[], openStatuses: readonly AfterSaleStatus[]) =>
  shopOrderIds.length
    ? (
        await db
          .selectFrom('after_sales as c')
          .select([
            'c.shop_order_id',
            sql<string>`count(*)`.as('cases'),
            sql<string>`count(*) filter (where c.status in (${sql.join(openStatuses.map((x) => sql`${x}`))}))`.as('open'),
            sql<AfterSaleStatus>`(array_agg(c.status order by c.id desc))[1]`.as('status'),
            sql<string>`coalesce(sum(c.refunded_minor + c.refunded_fee_minor) filter (where c.status = 'refunded'), 0)`.as('refunded'),
          ])
          .where('c.shop_order_id', 'in', shopOrderIds)
          .groupBy('c.shop_order_id')
          .execute()
      ).map((r) => ({ shop_order_id: Number(r.shop_order_id), cases: Number(r.cases), open: Number(r.open), status: r.status, refunded: Number(r.refunded) }))
    : [];

export const insertCaseEvent = (db: Executor, row: Insertable<DB['after_sale_events']>) => db.insertInto('after_sale_events').values(row).execute();

/**
 * A new case with its lines, its evidence and its first event, in one statement; answers the case,
 * with what `also` reads (as `also`) in the same statement: after the order's row lock, with a
 * snapshot of its own.
 */
export const insertCaseWithDetails = async <A = never>(
  db: Executor,
  row: Insertable<DB['after_sales']>,
  lines: Array<Omit<Insertable<DB['after_sale_lines']>, 'case_id'>>,
  evidence: Array<{ upload_id: number; kind: 'image' | 'video'; url: string; sort: number }>,
  event: Omit<Insertable<DB['after_sale_events']>, 'case_id'>,
  also?: RawBuilder<A>,
) =>
  (
    // A case number already taken inserts nothing and answers no row: the caller draws another.
    await sql<Selectable<DB['after_sales']>>`with c as (${db
      .insertInto('after_sales')
      .values(row)
      .onConflict((oc) => oc.column('case_no').doNothing())
      .returningAll()}),
      l as (insert into after_sale_lines (case_id, order_line_id, shop_order_line_id, qty, exchange_sku_id)
        select c.id, x.order_line_id, x.shop_order_line_id, x.qty, x.exchange_sku_id
        from c, jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as x(order_line_id int, shop_order_line_id bigint, qty int, exchange_sku_id int)),
      v as (insert into after_sale_evidence (case_id, upload_id, kind, url, sort)
        select c.id, x.upload_id, x.kind, x.url, x.sort from c, jsonb_to_recordset(${JSON.stringify(evidence)}::jsonb) as x(upload_id int, kind text, url text, sort int)),
      e as (insert into after_sale_events (case_id, kind, from_status, to_status, reason, actor_kind, actor_id, request_id)
        select c.id, ${event.kind}, ${event.from_status ?? null}, ${event.to_status ?? null}, ${event.reason ?? ''}, ${event.actor_kind}, ${event.actor_id ?? ''}, ${event.request_id ?? ''} from c)
      select c.*${also ? sql`, ${also} as also` : sql``} from c`.execute(db)
  ).rows[0] as (Selectable<DB['after_sales']> & { also?: A }) | undefined;

/** Moves a case to `to` from one of `from` (and only the member's, when named) by a conditional update; answers the moved row with the state it left. */
export const transitionCase = (db: Executor, input: { caseId: number; from: AfterSaleStatus[]; to: AfterSaleStatus; set: Updateable<DB['after_sales']>; userId?: number }) => {
  let q = db
    .updateTable('after_sales as c')
    .from(sql<{ id: number; status: AfterSaleStatus }>`(select id, status from after_sales where id = ${input.caseId})`.as('was'))
    .set({ ...input.set, status: input.to, updated_at: sql`now()` })
    .whereRef('c.id', '=', 'was.id')
    .where('c.status', 'in', input.from);
  if (input.userId !== undefined) q = q.where('c.user_id', '=', input.userId);
  return q.returningAll('c').returning('was.status as was').executeTakeFirst();
};

/** The order's return cases in `statuses` with their units per line (the freight's share is worked out from them, `settleFreight`). */
export const findReturnCasesOfOrder = async (db: Executor, ref: OrderRef, statuses: readonly AfterSaleStatus[]) => {
  const rows = await db
    .selectFrom('after_sales as c')
    .innerJoin('after_sale_lines as l', 'l.case_id', 'c.id')
    .select(['c.id', 'c.status', 'c.refundable_minor', 'c.refund_minor', 'c.freight_minor', lineIdOf.as('order_line_id'), 'l.qty'])
    .where(orderColumn(ref), '=', ref.id)
    .where('c.kind', '=', 'return')
    .where('c.status', 'in', statuses.length ? [...statuses] : ['-' as AfterSaleStatus])
    .orderBy('c.id')
    .execute();
  const cases = new Map<number, { id: number; status: AfterSaleStatus; refundable: number; refund: number | null; freight: number; units: Map<number, number> }>();
  for (const r of rows) {
    const c = cases.get(r.id) ?? { id: r.id, status: r.status, refundable: Number(r.refundable_minor), refund: r.refund_minor === null ? null : Number(r.refund_minor), freight: Number(r.freight_minor), units: new Map<number, number>() };
    c.units.set(Number(r.order_line_id), (c.units.get(Number(r.order_line_id)) ?? 0) + Number(r.qty));
    cases.set(r.id, c);
  }
  return [...cases.values()];
};

/** Moves a case's freight from `was` to `freight` (its refundable amount, and its approved refund when set, by the difference), when it still carries `was`. */
export const setCaseFreight = (db: Executor, caseId: number, was: number, freight: number) =>
  db
    .updateTable('after_sales')
    .set({
      freight_minor: freight,
      refundable_minor: sql`refundable_minor - ${was} + ${freight}`,
      refund_minor: sql`case when refund_minor is null then null else greatest(0, refund_minor - ${was} + ${freight}) end`,
      updated_at: sql`now()`,
    })
    .where('id', '=', caseId)
    .where('freight_minor', '=', was)
    .returning(['id', 'refund_minor'])
    .executeTakeFirst();

export const setCaseFields = (db: Executor, caseId: number, set: Updateable<DB['after_sales']>) =>
  db.updateTable('after_sales').set({ ...set, updated_at: sql`now()` }).where('id', '=', caseId).returningAll().executeTakeFirstOrThrow();

export const findCase = (db: Executor, id: number) => db.selectFrom('after_sales').selectAll().where('id', '=', id).executeTakeFirst();
export const findMemberCase = (db: Executor, userId: number, id: number) => db.selectFrom('after_sales').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
export const lockCaseForUpdate = (tx: Tx, id: number) => tx.selectFrom('after_sales').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
export const lockMemberCaseForUpdate = (tx: Tx, userId: number, id: number) => tx.selectFrom('after_sales').selectAll().where('id', '=', id).where('user_id', '=', userId).forUpdate().executeTakeFirst();
export const findCaseFollowing = (db: Executor, caseId: number) => db.selectFrom('after_sales').select(['id']).where('follows_case_id', '=', caseId).executeTakeFirst();
/** Which of these cases a later case follows (sent again after a rejection). */
export const findFollowedCases = async (db: Executor, caseIds: number[]) =>
  caseIds.length ? (await db.selectFrom('after_sales').select('follows_case_id').where('follows_case_id', 'in', caseIds).execute()).map((r) => r.follows_case_id!) : [];

/**
 * The lines of cases with what the order kept of them: a regular order's line, or a shop order's
 * (whose words of the SKU are the goods' specs of its SKU, `shop_spec`).
 */
export const findCaseLines = async (db: Executor, caseIds: number[]) =>
  (
    await db
      .selectFrom('after_sale_lines as l')
      .leftJoin('order_lines as o', 'o.id', 'l.order_line_id')
      .leftJoin('shop_order_lines as s', 's.id', 'l.shop_order_line_id')
      .leftJoin('goods_skus as k', 'k.id', 's.sku_id')
      .leftJoin('goods as g', 'g.id', 's.goods_id')
      .select([
        'l.case_id',
        lineIdOf.as('order_line_id'),
        'l.qty',
        'l.exchange_sku_id',
        sql<Record<string, string>>`coalesce(o.name, s.name)`.as('name'),
        'o.spec_text',
        sql<string>`coalesce(o.image, s.image, '')`.as('image'),
        sql<string | number>`coalesce(o.unit_price_minor, s.price_minor)`.as('unit_price_minor'),
        sql<string | number>`coalesce(o.sku_id, s.sku_id)`.as('sku_id'),
        sql<string | number>`coalesce(o.goods_id, s.goods_id)`.as('goods_id'),
        sql<boolean>`l.shop_order_line_id is not null`.as('shop'),
        'k.spec_value_ids as shop_spec_value_ids',
        'g.specs as shop_specs',
      ])
      .where('l.case_id', 'in', caseIds.length ? caseIds : [-1])
      .orderBy('l.case_id')
      .orderBy(lineIdOf)
      .execute()
  ).map((r) => ({ ...r, order_line_id: Number(r.order_line_id), unit_price_minor: Number(r.unit_price_minor), sku_id: Number(r.sku_id), goods_id: Number(r.goods_id) }));

export const findEvidence = (db: Executor, caseIds: number[]) =>
  db.selectFrom('after_sale_evidence').selectAll().where('case_id', 'in', caseIds.length ? caseIds : [-1]).orderBy('case_id').orderBy('sort').execute();

export const findCaseEvents = (db: Executor, caseId: number) => db.selectFrom('after_sale_events').selectAll().where('case_id', '=', caseId).orderBy('id').execute();

const OPEN_VIEW: AfterSaleStatus[] = ['under_review', 'awaiting_return', 'return_shipped', 'received', 'refunding', 'replacement_shipped'];

/** A page of the member's cases, newest first, with the order number, the operator's names of the reason and the total. */
export const pageMemberCases = (db: Executor, userId: number, input: { view: 'all' | 'open' | 'done'; orderId?: number; shopOrderId?: number; limit: number; offset: number }) => {
  let q = db
    .selectFrom('after_sales as c')
    .leftJoin('orders as o', 'o.id', 'c.order_id')
    .leftJoin('shop_orders as so', 'so.id', 'c.shop_order_id')
    .leftJoin('member_shops as ms', 'ms.id', 'so.shop_id')
    .leftJoin('after_sale_reasons as r', (j) => j.onRef('r.kind', '=', 'c.kind').onRef('r.code', '=', 'c.reason_code'))
    .where('c.user_id', '=', userId);
  if (input.view === 'open') q = q.where('c.status', 'in', OPEN_VIEW);
  if (input.view === 'done') q = q.where('c.status', 'not in', OPEN_VIEW);
  if (input.orderId) q = q.where('c.order_id', '=', input.orderId);
  if (input.shopOrderId) q = q.where('c.shop_order_id', '=', input.shopOrderId);
  return q
    .selectAll('c')
    .select([sql<string>`coalesce(o.order_no, so.order_no)`.as('order_no'), 'ms.id as shop_id', 'ms.name as shop_name', 'r.names as reason_names', sql<string>`count(*) over ()`.as('total')])
    .orderBy('c.id', 'desc')
    .limit(input.limit)
    .offset(input.offset)
    .$call(executePage);
};

/** A page of every case for the console: by state, kind, number or member; oldest first within a state. */
/** The cases (`c`) waiting for an action the permissions allow (`AFTER_SALE_WAITING`); none without such a permission. */
const waitingFor = (permissions: readonly Permission[]) => (eb: ExpressionBuilder<DB & { c: DB['after_sales'] }, 'c'>) => {
  const conditions = Object.entries(AFTER_SALE_WAITING).flatMap(([permission, of]) => (permissions.includes(permission as Permission) ? of : []));
  return eb.or(conditions.map((w) => eb.and([eb('c.status', '=', w.status), eb('c.kind', 'in', [...w.kinds])])));
};

/** How many cases wait for an action the permissions allow (the dashboard's after-sales figure). */
export const countWaitingCases = async (db: Executor, permissions: readonly Permission[]) =>
  Number((await db.selectFrom('after_sales as c').where(waitingFor(permissions)).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

/** A page of cases: in a state, or (`waiting`) those waiting for an action the permissions allow. */
export const pageCases = (db: Executor, input: { status?: AfterSaleStatus | 'waiting'; permissions?: readonly Permission[]; kind?: AfterSaleKind; q?: string; source?: OrderRef['kind']; limit: number; offset: number }) => {
  let q = db
    .selectFrom('after_sales as c')
    .leftJoin('orders as o', 'o.id', 'c.order_id')
    .leftJoin('shop_orders as so', 'so.id', 'c.shop_order_id')
    .leftJoin('member_shops as ms', 'ms.id', 'so.shop_id')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('after_sale_reasons as r', (j) => j.onRef('r.kind', '=', 'c.kind').onRef('r.code', '=', 'c.reason_code'));
  if (input.status === 'waiting') q = q.where(waitingFor(input.permissions ?? []));
  else if (input.status) q = q.where('c.status', '=', input.status);
  if (input.kind) q = q.where('c.kind', '=', input.kind);
  if (input.source) q = q.where(input.source === 'order' ? 'c.order_id' : 'c.shop_order_id', 'is not', null);
  if (input.q) {
    const text = input.q;
    q = q.where((eb) => eb.or([eb('c.case_no', '=', text), eb('o.order_no', '=', text), eb('so.order_no', '=', text), ...(/^\d{1,9}$/.test(text) ? [eb('c.user_id', '=', Number(text))] : [])]));
  }
  return q
    .selectAll('c')
    .select([sql<string>`coalesce(o.order_no, so.order_no)`.as('order_no'), 'ms.id as shop_id', 'ms.name as shop_name', 'u.user_name', 'r.names as reason_names', sql<string>`count(*) over ()`.as('total')])
    .orderBy(input.status ? 'c.id' : sql`c.id`, input.status ? 'asc' : 'desc')
    .limit(input.limit)
    .offset(input.offset)
    .$call(executePage);
};

/** Cases awaiting return whose time to ship back has passed. */
export const findUnshippedPastDue = (db: Executor, limit: number) =>
  db.selectFrom('after_sales').select('id').where('status', '=', 'awaiting_return').where('ship_back_by', '<', new Date()).orderBy('id').limit(limit).execute();

/** Cases in a state, oldest first. */
export const findCasesIn = (db: Executor, status: AfterSaleStatus, limit: number) => db.selectFrom('after_sales').select('id').where('status', '=', status).orderBy('id').limit(limit).execute();

// ---------------------------------------------------------------- the console's settings

/** The one row of after-sales settings, held until the transaction ends (a save checks the version its form read under it). */
export const lockAfterSaleSettingsForUpdate = (tx: Tx) => tx.selectFrom('after_sale_settings').selectAll().forUpdate().executeTakeFirstOrThrow();

export const updateAfterSaleSettings = (db: Executor, set: Updateable<DB['after_sale_settings']>) =>
  db.updateTable('after_sale_settings').set({ ...set, updated_at: nextUpdatedAt }).returningAll().executeTakeFirstOrThrow();
export const findAllAddresses = (db: Executor) => db.selectFrom('after_sale_addresses').selectAll().orderBy('country_code').orderBy('kind').orderBy('sort').orderBy('id').execute();
export const findAllCarriers = (db: Executor) => db.selectFrom('after_sale_carriers').selectAll().orderBy('sort').orderBy('code').execute();
/** Turns off the country's other return addresses (one is in use per country); their versions move, so a form open on one of them is stale. */
export const disableOtherReturnAddresses = (db: Executor, countryCode: string, keepId: number | null) => {
  let q = db.updateTable('after_sale_addresses').set({ enabled: false, updated_at: nextUpdatedAt }).where('country_code', '=', countryCode).where('kind', '=', 'return').where('enabled', '=', true);
  if (keepId !== null) q = q.where('id', '<>', keepId);
  return q.execute();
};
export const insertAddress = (db: Executor, row: Insertable<DB['after_sale_addresses']>) => db.insertInto('after_sale_addresses').values(row).returning('id').executeTakeFirstOrThrow();
/** Locks one address for a save of its form; with the version it is at. */
export const lockAddressForUpdate = (tx: Tx, id: number) => tx.selectFrom('after_sale_addresses').select('updated_at').where('id', '=', id).forUpdate().executeTakeFirst();
export const updateAddress = (db: Executor, id: number, set: Updateable<DB['after_sale_addresses']>) =>
  db.updateTable('after_sale_addresses').set({ ...set, updated_at: nextUpdatedAt }).where('id', '=', id).returning('id').executeTakeFirst();
type CarrierFields = { code: string; name: string; needs_phone_tail: boolean; enabled: boolean };
/** Locks one carrier for a save of its form; with the version it is at. */
export const lockCarrierForUpdate = (tx: Tx, code: string) => tx.selectFrom('after_sale_carriers').select('updated_at').where('code', '=', code).forUpdate().executeTakeFirst();
/** Adds a carrier; undefined when one of that code was written meanwhile (nothing is changed then). */
export const insertCarrier = (db: Executor, row: CarrierFields) => db.insertInto('after_sale_carriers').values(row).onConflict((oc) => oc.column('code').doNothing()).returning('code').executeTakeFirst();
export const updateCarrier = (db: Executor, row: CarrierFields) =>
  db.updateTable('after_sale_carriers').set({ name: row.name, needs_phone_tail: row.needs_phone_tail, enabled: row.enabled, updated_at: nextUpdatedAt }).where('code', '=', row.code).execute();

/** What the order's other cases (all of them, without `exceptCaseId`) have refunded; a running total for a refund only under the order's row lock (cases committing together would miss each other). */
export const sumRefundedOfOrder = async (db: Executor, order: number | OrderRef, exceptCaseId?: number) => {
  const ref: OrderRef = typeof order === 'number' ? { kind: 'order', id: order } : order;
  let q = db.selectFrom('after_sales as c').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('c.refunded_minor'), sql<number>`0`).as('n')).where(orderColumn(ref), '=', ref.id).where('c.status', '=', 'refunded');
  if (exceptCaseId !== undefined) q = q.where('c.id', '<>', exceptCaseId);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

/**
 * The list value of a regular order's goods returned: by the case `caseId` (`case`), and by its other refunded cases
 * (`before`). A line's units count at their share of the line's total, rounded up, so the returns of every unit add
 * up to at least the line's total.
 */
export const sumGoodsValueReturnedOfOrder = async (db: Executor, orderId: number, caseId: number) => {
  const row = await db
    .selectFrom('after_sale_lines as l')
    .innerJoin('after_sales as c', 'c.id', 'l.case_id')
    .innerJoin('order_lines as o', 'o.id', 'l.order_line_id')
    .select([
      sql<string>`coalesce(sum(ceil(o.line_total_minor::numeric * l.qty / o.quantity)) filter (where c.id = ${caseId}), 0)`.as('case'),
      sql<string>`coalesce(sum(ceil(o.line_total_minor::numeric * l.qty / o.quantity)) filter (where c.id <> ${caseId} and c.status = 'refunded'), 0)`.as('before'),
    ])
    .where('c.order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return { case: Number(row.case), before: Number(row.before) };
};

/** Of what a regular order's other refunded cases refunded, the goods' part (each case's refund less the freight it carried): the running total its points' shares are taken of, under the order's row lock. */
export const sumGoodsRefundedOfOrder = async (db: Executor, orderId: number, exceptCaseId: number) => {
  const row = await db
    .selectFrom('after_sales as c')
    .select(sql<number>`coalesce(sum(greatest(0, coalesce(c.refunded_minor, 0) - c.freight_minor)), 0)`.as('n'))
    .where('c.order_id', '=', orderId)
    .where('c.status', '=', 'refunded')
    .where('c.id', '<>', exceptCaseId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};
