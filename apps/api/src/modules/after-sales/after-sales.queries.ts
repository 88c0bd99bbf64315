import { sql, type Insertable, type Updateable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import type { Tx } from '../../lib/transaction.js';
import type { AfterSaleKind, AfterSaleStatus } from './after-sales.table.js';

export const findAfterSaleSettings = (db: Executor) => db.selectFrom('after_sale_settings').selectAll().executeTakeFirstOrThrow();

export const findReasons = (db: Executor, kind?: AfterSaleKind) => {
  let q = db.selectFrom('after_sale_reasons').selectAll().where('enabled', '=', true);
  if (kind) q = q.where('kind', '=', kind);
  return q.orderBy('sort').orderBy('code').execute();
};
export const findAllReasons = (db: Executor) => db.selectFrom('after_sale_reasons').selectAll().orderBy('kind').orderBy('sort').orderBy('code').execute();
export const upsertReason = (db: Executor, row: { kind: AfterSaleKind; code: string; names: Record<string, string>; needs_evidence: boolean; sort: number; enabled: boolean }) => {
  const values = { ...row, names: JSON.stringify(row.names) as unknown as Record<string, string> };
  return db.insertInto('after_sale_reasons').values(values).onConflict((oc) => oc.columns(['kind', 'code']).doUpdateSet(values)).execute();
};
export const findReason = (db: Executor, kind: AfterSaleKind, code: string) =>
  db.selectFrom('after_sale_reasons').selectAll().where('kind', '=', kind).where('code', '=', code).where('enabled', '=', true).executeTakeFirst();

export const findCarriers = (db: Executor) => db.selectFrom('after_sale_carriers').selectAll().where('enabled', '=', true).orderBy('sort').orderBy('code').execute();
export const findCarrier = (db: Executor, code: string) => db.selectFrom('after_sale_carriers').selectAll().where('code', '=', code).where('enabled', '=', true).executeTakeFirst();

/** Enabled addresses of a country of one kind (the return address, or the service points). */
export const findAddresses = (db: Executor, countryCode: string, kind: 'return' | 'service') =>
  db.selectFrom('after_sale_addresses').selectAll().where('country_code', '=', countryCode.toUpperCase()).where('kind', '=', kind).where('enabled', '=', true).orderBy('sort').orderBy('id').execute();

/** Units of each of the order's lines in cases of `statuses`, per kind and state. */
export const findUnitsInCases = (db: Executor, orderId: number, statuses: readonly AfterSaleStatus[]) =>
  db
    .selectFrom('after_sale_lines as l')
    .innerJoin('after_sales as c', 'c.id', 'l.case_id')
    .select(['l.order_line_id', 'c.kind', 'c.status', (eb) => eb.fn.sum<number>('l.qty').as('qty')])
    .where('c.order_id', '=', orderId)
    .where('c.status', 'in', statuses.length ? [...statuses] : ['-' as AfterSaleStatus])
    .groupBy(['l.order_line_id', 'c.kind', 'c.status'])
    .execute();

/** Whether the order has a case in one of `statuses`. */
export const hasCaseIn = async (db: Executor, orderId: number, statuses: readonly AfterSaleStatus[]) =>
  !!(await db.selectFrom('after_sales').select('id').where('order_id', '=', orderId).where('status', 'in', [...statuses]).limit(1).executeTakeFirst());

/** Orders of the member with cases (the after-sales view of the order list). */
export const findOrderIdsWithCases = (db: Executor, userId: number) => db.selectFrom('after_sales').select('order_id').distinct().where('user_id', '=', userId).execute();

export const insertCase = (db: Executor, row: Insertable<DB['after_sales']>) => db.insertInto('after_sales').values(row).returningAll().executeTakeFirstOrThrow();
export const insertCaseLines = (db: Executor, rows: Array<Insertable<DB['after_sale_lines']>>) => db.insertInto('after_sale_lines').values(rows).execute();
export const insertEvidence = async (db: Executor, rows: Array<Insertable<DB['after_sale_evidence']>>) => {
  if (rows.length) await db.insertInto('after_sale_evidence').values(rows).execute();
};
export const insertCaseEvent = (db: Executor, row: Insertable<DB['after_sale_events']>) => db.insertInto('after_sale_events').values(row).execute();

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

export const setCaseFields = (db: Executor, caseId: number, set: Updateable<DB['after_sales']>) =>
  db.updateTable('after_sales').set({ ...set, updated_at: sql`now()` }).where('id', '=', caseId).returningAll().executeTakeFirstOrThrow();

export const findCase = (db: Executor, id: number) => db.selectFrom('after_sales').selectAll().where('id', '=', id).executeTakeFirst();
export const findMemberCase = (db: Executor, userId: number, id: number) => db.selectFrom('after_sales').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
export const lockCaseForUpdate = (tx: Tx, id: number) => tx.selectFrom('after_sales').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
export const findCaseFollowing = (db: Executor, caseId: number) => db.selectFrom('after_sales').select(['id']).where('follows_case_id', '=', caseId).executeTakeFirst();
/** Which of these cases a later case follows (sent again after a rejection). */
export const findFollowedCases = async (db: Executor, caseIds: number[]) =>
  caseIds.length ? (await db.selectFrom('after_sales').select('follows_case_id').where('follows_case_id', 'in', caseIds).execute()).map((r) => r.follows_case_id!) : [];

/** The lines of cases with what the order kept of them. */
export const findCaseLines = (db: Executor, caseIds: number[]) =>
  db
    .selectFrom('after_sale_lines as l')
    .innerJoin('order_lines as o', 'o.id', 'l.order_line_id')
    .select(['l.case_id', 'l.order_line_id', 'l.qty', 'l.exchange_sku_id', 'o.name', 'o.spec_text', 'o.image', 'o.unit_price_minor', 'o.sku_id', 'o.goods_id'])
    .where('l.case_id', 'in', caseIds.length ? caseIds : [-1])
    .orderBy('l.case_id')
    .orderBy('l.order_line_id')
    .execute();

export const findEvidence = (db: Executor, caseIds: number[]) =>
  db.selectFrom('after_sale_evidence').selectAll().where('case_id', 'in', caseIds.length ? caseIds : [-1]).orderBy('case_id').orderBy('sort').execute();

export const findCaseEvents = (db: Executor, caseId: number) => db.selectFrom('after_sale_events').selectAll().where('case_id', '=', caseId).orderBy('id').execute();

const OPEN_VIEW: AfterSaleStatus[] = ['under_review', 'awaiting_return', 'return_shipped', 'received', 'refunding', 'replacement_shipped'];

/** A page of the member's cases, newest first, with the order number, the operator's names of the reason and the total. */
export const pageMemberCases = (db: Executor, userId: number, input: { view: 'all' | 'open' | 'done'; orderId?: number; limit: number; offset: number }) => {
  let q = db.selectFrom('after_sales as c').innerJoin('orders as o', 'o.id', 'c.order_id').leftJoin('after_sale_reasons as r', (j) => j.onRef('r.kind', '=', 'c.kind').onRef('r.code', '=', 'c.reason_code')).where('c.user_id', '=', userId);
  if (input.view === 'open') q = q.where('c.status', 'in', OPEN_VIEW);
  if (input.view === 'done') q = q.where('c.status', 'not in', OPEN_VIEW);
  if (input.orderId) q = q.where('c.order_id', '=', input.orderId);
  return q.selectAll('c').select(['o.order_no', 'r.names as reason_names', sql<string>`count(*) over ()`.as('total')]).orderBy('c.id', 'desc').limit(input.limit).offset(input.offset).execute();
};

/** A page of every case for the console: by state, kind, number or member; oldest first within a state. */
export const pageCases = (db: Executor, input: { status?: AfterSaleStatus; kind?: AfterSaleKind; q?: string; limit: number; offset: number }) => {
  let q = db
    .selectFrom('after_sales as c')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('after_sale_reasons as r', (j) => j.onRef('r.kind', '=', 'c.kind').onRef('r.code', '=', 'c.reason_code'));
  if (input.status) q = q.where('c.status', '=', input.status);
  if (input.kind) q = q.where('c.kind', '=', input.kind);
  if (input.q) {
    const text = input.q;
    q = q.where((eb) => eb.or([eb('c.case_no', '=', text), eb('o.order_no', '=', text), ...(/^\d{1,9}$/.test(text) ? [eb('c.user_id', '=', Number(text))] : [])]));
  }
  return q
    .selectAll('c')
    .select(['o.order_no', 'u.user_name', 'r.names as reason_names', sql<string>`count(*) over ()`.as('total')])
    .orderBy(input.status ? 'c.id' : sql`c.id`, input.status ? 'asc' : 'desc')
    .limit(input.limit)
    .offset(input.offset)
    .execute();
};

/** Cases awaiting return whose time to ship back has passed. */
export const findUnshippedPastDue = (db: Executor, limit: number) =>
  db.selectFrom('after_sales').select('id').where('status', '=', 'awaiting_return').where('ship_back_by', '<', new Date()).orderBy('id').limit(limit).execute();

/** Cases in a state, oldest first. */
export const findCasesIn = (db: Executor, status: AfterSaleStatus, limit: number) => db.selectFrom('after_sales').select('id').where('status', '=', status).orderBy('id').limit(limit).execute();

// ---------------------------------------------------------------- the console's settings

export const updateAfterSaleSettings = (db: Executor, set: Updateable<DB['after_sale_settings']>) =>
  db.updateTable('after_sale_settings').set({ ...set, updated_at: sql`now()` }).returningAll().executeTakeFirstOrThrow();
export const findAllAddresses = (db: Executor) => db.selectFrom('after_sale_addresses').selectAll().orderBy('country_code').orderBy('kind').orderBy('sort').orderBy('id').execute();
export const findAllCarriers = (db: Executor) => db.selectFrom('after_sale_carriers').selectAll().orderBy('sort').orderBy('code').execute();
/** Turns off the country's other return addresses (one is in use per country). */
export const disableOtherReturnAddresses = (db: Executor, countryCode: string, keepId: number | null) => {
  let q = db.updateTable('after_sale_addresses').set({ enabled: false }).where('country_code', '=', countryCode).where('kind', '=', 'return').where('enabled', '=', true);
  if (keepId !== null) q = q.where('id', '<>', keepId);
  return q.execute();
};
export const insertAddress = (db: Executor, row: Insertable<DB['after_sale_addresses']>) => db.insertInto('after_sale_addresses').values(row).returning('id').executeTakeFirstOrThrow();
export const updateAddress = (db: Executor, id: number, set: Updateable<DB['after_sale_addresses']>) => db.updateTable('after_sale_addresses').set(set).where('id', '=', id).returning('id').executeTakeFirst();
export const upsertCarrier = (db: Executor, row: { code: string; name: string; needs_phone_tail: boolean; enabled: boolean }) =>
  db
    .insertInto('after_sale_carriers')
    .values(row)
    .onConflict((oc) => oc.column('code').doUpdateSet({ name: row.name, needs_phone_tail: row.needs_phone_tail, enabled: row.enabled }))
    .execute();

/** What the order's other cases have refunded. */
export const sumRefundedOfOrder = async (db: Executor, orderId: number, exceptCaseId: number) =>
  Number((await db.selectFrom('after_sales').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('refunded_minor'), sql<number>`0`).as('n')).where('order_id', '=', orderId).where('id', '<>', exceptCaseId).where('status', '=', 'refunded').executeTakeFirstOrThrow()).n);
