import { sql, type ExpressionBuilder, type RawBuilder } from 'kysely';
import { DASHBOARD_MEMBERS_PERMISSION, DASHBOARD_QUEUE_PERMISSIONS, DASHBOARD_SALES_PERMISSIONS, auditFactsSchema, type DashboardQueue, type Permission, type SortOrder } from '@shop/contract';
import type { DB } from '../db/schema.js';
import type { Executor } from '../db/database.js';
import { orderList } from '../lib/list-order.queries.js';
import { dateOnly, iso } from '../lib/dates.js';
import { containing, startingWith } from '../lib/like.js';
import { countWaitingCases } from '../modules/after-sales/after-sales.queries.js';

type Sorted<K extends string> = { sort?: K; order?: SortOrder };
type ReviewSort = 'id' | 'user_name' | 'created_at' | 'reviewed_at';

const count = (v: unknown) => Number(v ?? 0);

/** What waits in each dashboard queue (after-sales apart: it counts what the operator's permissions act on). */
const QUEUE_COUNTS: Record<Exclude<DashboardQueue, 'after_sales'>, RawBuilder<unknown>> = {
  realname: sql`(select count(*) from certifications where status = 'pending')`,
  cancellation: sql`(select count(*) from account_cancellations where status = 'pending')`,
  recharges: sql`(select count(*) from recharge_orders where status = 'under_review')`,
  withdrawals: sql`(select count(*) from withdrawals where status in ('pending', 'approved'))`,
  orders_to_ship: sql`(select count(*) from orders where status = 'paid')`,
  applications: sql`(select count(*) from role_applications where status = 'pending')`,
  chats_waiting: sql`(select count(*) from chat_conversations where status = 'open' and agent_id is null)`,
  feedback: sql`(select count(*) from feedbacks where status = 'pending')`,
};

/** The counts of the queues `permissions` open (the others are neither counted nor answered). */
async function queueCounts(db: Executor, permissions: readonly Permission[]): Promise<Partial<Record<DashboardQueue, number>>> {
  const opened = (Object.keys(DASHBOARD_QUEUE_PERMISSIONS) as DashboardQueue[]).filter((k) => permissions.includes(DASHBOARD_QUEUE_PERMISSIONS[k]));
  const plain = opened.filter((k): k is Exclude<DashboardQueue, 'after_sales'> => k !== 'after_sales');
  const [row, afterSales] = await Promise.all([
    plain.length ? sql<Record<string, string>>`select ${sql.join(plain.map((k) => sql`${QUEUE_COUNTS[k]} as ${sql.ref(k)}`))}`.execute(db).then((r) => r.rows[0]!) : ({} as Record<string, string>),
    opened.includes('after_sales') ? countWaitingCases(db, permissions) : undefined,
  ]);
  return { ...Object.fromEntries(plain.map((k) => [k, count(row[k])])), ...(afterSales === undefined ? {} : { after_sales: afterSales }) };
}

/**
 * The dashboard's figures for the UTC day starting at `dayStart`, each only for a role that may read it:
 * orders and sales (`DASHBOARD_SALES_PERMISSIONS`), new members (`DASHBOARD_MEMBERS_PERMISSION`), and the
 * queues `permissions` open (after-sales: the cases waiting for what they allow).
 */
export async function dashboardFigures(db: Executor, dayStart: Date, permissions: readonly Permission[]) {
  const dayEnd = new Date(dayStart.getTime() + 24 * 3600_000);
  const readsSales = DASHBOARD_SALES_PERMISSIONS.some((p) => permissions.includes(p));
  const readsMembers = permissions.includes(DASHBOARD_MEMBERS_PERMISSION);
  const [orders, paid, sales, members, queues] = await Promise.all([
    readsSales ? db.selectFrom('orders').select((eb) => eb.fn.countAll<string>().as('n')).where('created_at', '>=', dayStart).where('created_at', '<', dayEnd).executeTakeFirstOrThrow() : undefined,
    readsSales ? db.selectFrom('orders').select((eb) => eb.fn.countAll<string>().as('n')).where('paid_at', '>=', dayStart).where('paid_at', '<', dayEnd).executeTakeFirstOrThrow() : undefined,
    readsSales
      ? db
          .selectFrom('orders')
          .select(['currency', sql<string>`sum(total_minor)`.as('total'), sql<string>`count(*)`.as('orders')])
          .where('paid_at', '>=', dayStart)
          .where('paid_at', '<', dayEnd)
          .groupBy('currency')
          .orderBy('currency')
          .execute()
      : undefined,
    readsMembers ? db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).where('created_at', '>=', dayStart).where('created_at', '<', dayEnd).executeTakeFirstOrThrow() : undefined,
    queueCounts(db, permissions),
  ]);
  return {
    ...(orders && paid && sales
      ? { orders_today: count(orders.n), paid_orders_today: count(paid.n), sales: sales.map((s) => ({ currency: s.currency, total: count(s.total), orders: count(s.orders) })) }
      : {}),
    ...(members ? { new_members: count(members.n) } : {}),
    queues,
  };
}

/** A queue row's member (joined as `users`): part of the user name, or the member's number; any member without `q`. */
function memberMatches(q: string | undefined) {
  return (eb: ExpressionBuilder<DB, 'users'>) => {
    if (!q) return eb.val(true);
    const any = [eb('users.user_name', 'ilike', containing(q))];
    if (/^\d{1,9}$/.test(q)) any.push(eb('users.id', '=', Number(q)));
    return eb.or(any);
  };
}

/** Real-name requests in `status`, oldest first, with the member's user name. */
export async function pageCertifications(db: Executor, input: { status: 'pending' | 'approved' | 'rejected'; q?: string; page: number; limit: number } & Sorted<ReviewSort>) {
  const base = db.selectFrom('certifications').innerJoin('users', 'users.id', 'certifications.user_id').where('certifications.status', '=', input.status).where(memberMatches(input.q));
  const [rows, total] = await Promise.all([
    orderList(
      base.select([
        'certifications.id', 'certifications.user_id', 'users.user_name', 'certifications.kind', 'certifications.country', 'certifications.document_type',
        'certifications.document_number', 'certifications.document_key', 'certifications.surname', 'certifications.given_name', 'certifications.title', 'certifications.birthday',
        'certifications.status', 'certifications.reason', 'certifications.reviewed_by', 'certifications.reviewed_at', 'certifications.created_at',
      ]),
      input,
      { id: 'certifications.id', user_name: 'users.user_name', created_at: 'certifications.created_at', reviewed_at: 'certifications.reviewed_at' },
      { sort: 'id', order: input.status === 'pending' ? 'asc' : 'desc' },
      'certifications.id',
    )
      .limit(input.limit)
      .offset((input.page - 1) * input.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const others = rows.length
    ? await db
        .selectFrom('certifications')
        .innerJoin('users', 'users.id', 'certifications.user_id')
        .select(['certifications.id', 'certifications.user_id', 'users.user_name', 'certifications.document_type', 'certifications.document_key', 'certifications.status'])
        .where('certifications.document_key', 'in', [...new Set(rows.map((r) => r.document_key))])
        .orderBy('certifications.id')
        .execute()
    : [];
  return {
    rows: rows.map(({ document_key, ...r }) => ({
      ...r,
      // Another account's request for the same document number, in any state: the reviewer is warned.
      same_document: others
        .filter((o) => o.document_key === document_key && Number(o.user_id) !== Number(r.user_id))
        .map((o) => ({ request_id: o.id, user_id: o.user_id, user_name: o.user_name, document_type: o.document_type, status: o.status })),
      birthday: dateOnly(r.birthday),
      reviewed_at: iso(r.reviewed_at),
      created_at: iso(r.created_at)!,
    })),
    total: count(total.n),
  };
}

/** Account-cancellation requests in `status`, oldest first, with the member's user name. */
export async function pageCancellations(db: Executor, input: { status: 'pending' | 'approved' | 'rejected' | 'withdrawn' | 'completed'; q?: string; page: number; limit: number } & Sorted<ReviewSort>) {
  const base = db.selectFrom('account_cancellations').innerJoin('users', 'users.id', 'account_cancellations.user_id').where('account_cancellations.status', '=', input.status).where(memberMatches(input.q));
  const [rows, total] = await Promise.all([
    orderList(
      base.select(['account_cancellations.id', 'account_cancellations.user_id', 'users.user_name', 'account_cancellations.status', 'account_cancellations.reason', 'account_cancellations.reviewed_by', 'account_cancellations.reviewed_at', 'account_cancellations.created_at']),
      input,
      { id: 'account_cancellations.id', user_name: 'users.user_name', created_at: 'account_cancellations.created_at', reviewed_at: 'account_cancellations.reviewed_at' },
      { sort: 'id', order: input.status === 'pending' ? 'asc' : 'desc' },
      'account_cancellations.id',
    )
      .limit(input.limit)
      .offset((input.page - 1) * input.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => ({ ...r, reviewed_at: iso(r.reviewed_at), created_at: iso(r.created_at)! })), total: count(total.n) };
}

const memberColumns = ['users.id', 'users.user_name', 'users.nickname', 'users.mobile_pre', 'users.mobile', 'users.email', 'users.invite_code', 'users.status', 'users.created_at'] as const;

/** Members whose user name, mobile, e-mail or invite code contains `q` (or whose id is `q`), newest first. */
export async function searchMembers(db: Executor, input: { q: string; status?: 'active' | 'banned' | 'closed'; page: number; limit: number } & Sorted<'id' | 'user_name' | 'status' | 'created_at'>) {
  const pattern = containing(input.q);
  let base = db.selectFrom('users').where((eb) => {
    if (!input.q) return eb.val(true);
    const any = [eb('users.user_name', 'ilike', pattern), eb('users.nickname', 'ilike', pattern), eb('users.mobile', 'ilike', pattern), eb('users.email', 'ilike', pattern), eb('users.invite_code', 'ilike', pattern)];
    if (/^\d{1,9}$/.test(input.q)) any.push(eb('users.id', '=', Number(input.q)));
    return eb.or(any);
  });
  if (input.status) base = base.where('users.status', '=', input.status);
  const [rows, total] = await Promise.all([
    orderList(base.select([...memberColumns]), input, { id: 'users.id', user_name: 'users.user_name', status: 'users.status', created_at: 'users.created_at' }, { sort: 'id', order: 'desc' }, 'users.id')
      .limit(input.limit).offset((input.page - 1) * input.limit).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => ({ ...r, created_at: iso(r.created_at)! })), total: count(total.n) };
}

/** A member with referrer, open sessions, balances and latest orders; undefined when unknown. */
export async function memberProfile(db: Executor, id: number) {
  const user = await db.selectFrom('users').select([...memberColumns, 'users.true_name', 'users.country', 'users.referrer_id']).where('users.id', '=', id).executeTakeFirst();
  if (!user) return undefined;
  const [referrer, sessions, balances, orders, certification] = await Promise.all([
    user.referrer_id === null ? undefined : db.selectFrom('users').select(['id', 'user_name']).where('id', '=', user.referrer_id).executeTakeFirst(),
    db.selectFrom('sessions').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', id).where('revoked_at', 'is', null).where('expires_at', '>', new Date()).executeTakeFirstOrThrow(),
    db.selectFrom('ledger_accounts').select(['currency', 'asset', 'balance']).where('owner_kind', '=', 'member').where('member_id', '=', id).orderBy('asset').orderBy('currency').execute(),
    db.selectFrom('orders').select(['id', 'order_no', 'status', 'currency', 'total_minor', 'created_at']).where('user_id', '=', id).orderBy('id', 'desc').limit(20).execute(),
    // The latest request: the one that decides whether the member is certified now.
    db.selectFrom('certifications').selectAll().where('user_id', '=', id).orderBy('id', 'desc').limit(1).executeTakeFirst(),
  ]);
  const { referrer_id: _r, ...rest } = user;
  return {
    ...rest,
    created_at: iso(user.created_at)!,
    referrer: referrer ?? null,
    active_sessions: count(sessions.n),
    balances: balances.map((b) => ({ currency: b.currency, kind: b.asset, balance: count(b.balance) })),
    orders: orders.map((o) => ({ id: o.id, order_no: o.order_no, status: o.status, currency: o.currency, total: count(o.total_minor), created_at: iso(o.created_at)! })),
    certification: certification
      ? { ...certification, birthday: dateOnly(certification.birthday), reviewed_at: iso(certification.reviewed_at), created_at: iso(certification.created_at)! }
      : undefined,
  };
}

/** A member's orders, newest first, one page, with the count. */
export async function pageMemberOrders(db: Executor, input: { id: number; page: number; limit: number }) {
  const base = db.selectFrom('orders').where('user_id', '=', input.id);
  const [rows, total] = await Promise.all([
    base.select(['id', 'order_no', 'status', 'currency', 'total_minor', 'created_at', 'paid_at']).orderBy('id', 'desc').limit(input.limit).offset((input.page - 1) * input.limit).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((o) => ({ id: o.id, order_no: o.order_no, status: o.status, currency: o.currency, total: count(o.total_minor), created_at: iso(o.created_at)!, paid_at: iso(o.paid_at) })), total: count(total.n) };
}

/** The member's latest `limit` orders bought in member shops, newest first, each with its shop's name. */
export async function findLatestMemberShopOrders(db: Executor, input: { id: number; limit: number }) {
  const rows = await db
    .selectFrom('shop_orders as o')
    .innerJoin('member_shops as s', 's.id', 'o.shop_id')
    .select(['o.id', 'o.order_no', 'o.shop_id', 's.name as shop_name', 'o.status', 'o.currency', 'o.total_minor', 'o.created_at', 'o.paid_at'])
    .where('o.buyer_id', '=', input.id)
    .orderBy('o.id', 'desc')
    .limit(input.limit)
    .execute();
  return rows.map((o) => ({ id: Number(o.id), order_no: o.order_no, shop_id: Number(o.shop_id), shop_name: o.shop_name, status: o.status, currency: o.currency, total: count(o.total_minor), created_at: iso(o.created_at)!, paid_at: iso(o.paid_at) }));
}

/** Whether a member exists, locked for the transaction. */
export const lockMember = (db: Executor, id: number) => db.selectFrom('users').select(['id', 'status']).where('id', '=', id).forUpdate().executeTakeFirst();

/** Operator decisions, newest first, filtered by operator (start of `name#id`), kind (start of the action) and UTC dates. */
export async function pageOperatorActions(db: Executor, input: { operator?: string; kind?: string; from?: string; to?: string; page: number; limit: number } & Sorted<'created_at' | 'operator' | 'action'>) {
  let base = db.selectFrom('operator_actions');
  if (input.operator) base = base.where('operator', 'ilike', startingWith(input.operator));
  if (input.kind) base = base.where('action', 'ilike', startingWith(input.kind));
  if (input.from) base = base.where('created_at', '>=', new Date(`${input.from}T00:00:00Z`));
  if (input.to) base = base.where('created_at', '<', new Date(new Date(`${input.to}T00:00:00Z`).getTime() + 24 * 3600_000));
  const [rows, total] = await Promise.all([
    orderList(base.selectAll(), input, { created_at: 'created_at', operator: 'operator', action: 'action' }, { sort: 'created_at', order: 'desc' }, 'id')
      .limit(input.limit).offset((input.page - 1) * input.limit).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  // Facts of a shape this version does not know show as none (the console then shows the action as written).
  return { rows: rows.map((r) => ({ ...r, facts: auditFactsSchema.safeParse(r.facts).data ?? null, created_at: iso(r.created_at)! })), total: count(total.n) };
}
