import { sql, type Transaction } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import type { ApprovalRequestsTable } from './approvals.table.js';
import { executePage } from '../../lib/paging.js';

const REQUEST_COLUMNS = [
  'r.id', 'r.kind', 'r.status', 'r.member_id', 'r.currency', 'r.amount', 'r.payload', 'r.summary', 'r.changes', 'r.reason', 'r.requested_by', 'r.requested_by_id', 'r.requested_at',
  'r.automatic', 'r.decided_by', 'r.decided_by_id', 'r.decided_at', 'r.decision_reason', 'r.result',
] as const;

/**
 * What a request's payload points at, read now for its "what": a top-up's number and transaction hash,
 * a coupon's code, a shop's name (each kind's branch alone reads its payload).
 */
const subjectName = sql<string | null>`case r.kind
  when 'recharge.confirm' then (select o.order_no from recharge_orders o where o.id = (r.payload->>'id')::bigint)
  when 'coupon.update' then (select c.code from coupons c where c.id = (r.payload->>'id')::bigint)
  when 'shop_stock.add' then (select s.name from member_shops s where s.id = (r.payload->>'shop_id')::bigint)
  when 'order.refund' then (select o.order_no from orders o where o.id = (r.payload->>'order_id')::bigint)
end`.as('subject_name');
const subjectTxHash = sql<string | null>`case when r.kind = 'recharge.confirm' then (select o.tx_hash from recharge_orders o where o.id = (r.payload->>'id')::bigint) end`.as('subject_tx_hash');

export const insertApprovalRequest = async (
  db: Executor,
  r: Pick<ApprovalRequestsTable, 'kind' | 'member_id' | 'currency' | 'amount' | 'summary' | 'subject' | 'reason' | 'requested_by' | 'requested_by_id'> & { payload: unknown; changes: unknown },
): Promise<number | undefined> =>
  (
    await sql<{ id: number }>`insert into approval_requests (kind, member_id, currency, amount, payload, summary, changes, subject, reason, requested_by, requested_by_id)
      values (${r.kind}, ${r.member_id}, ${r.currency}, ${r.amount}, ${JSON.stringify(r.payload)}::jsonb, ${r.summary}, ${r.changes === null ? null : JSON.stringify(r.changes)}::jsonb, ${r.subject}, ${r.reason}, ${r.requested_by}, ${r.requested_by_id})
      on conflict (kind, subject) where status = 'pending' and subject is not null do nothing
      returning id`.execute(db)
  ).rows[0]?.id;

/** The request waiting about a subject. */
export const findPendingRequestOfSubject = async (db: Executor, kind: string, subject: string) =>
  (await db.selectFrom('approval_requests').select('id').where('kind', '=', kind).where('subject', '=', subject).where('status', '=', 'pending').executeTakeFirst())?.id;

/** The requests of a kind waiting about any of `subjects`, oldest first. */
export const findPendingRequestsOfSubjects = async (db: Executor, kind: string, subjects: string[]) =>
  subjects.length === 0
    ? []
    : (await db.selectFrom('approval_requests').select('id').where('kind', '=', kind).where('subject', 'in', subjects).where('status', '=', 'pending').orderBy('id').execute()).map((r) => Number(r.id));

/** The request waiting about a subject, and whether it carries out exactly `payload` (jsonb equality: key order does not matter). */
export const findPendingRequestLike = async (db: Executor, kind: string, subject: string, payload: unknown) =>
  db
    .selectFrom('approval_requests')
    .select(['id', sql<boolean>`payload = ${JSON.stringify(payload)}::jsonb`.as('same')])
    .where('kind', '=', kind)
    .where('subject', '=', subject)
    .where('status', '=', 'pending')
    .executeTakeFirst();

export const findApprovalRequest = (db: Executor, id: number) =>
  db.selectFrom('approval_requests as r').leftJoin('users as u', 'u.id', 'r.member_id').select([...REQUEST_COLUMNS, 'u.user_name as member_name', subjectName, subjectTxHash]).where('r.id', '=', id).executeTakeFirst();

export type ApprovalRequestRow = NonNullable<Awaited<ReturnType<typeof findApprovalRequest>>>;

export const lockApprovalRequestForUpdate = (tx: Transaction<DB>, id: number) => tx.selectFrom('approval_requests').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/** Decides a request from pending, once: answers false when it was no longer pending. */
export const decideApprovalRequest = async (db: Executor, id: number, d: { status: 'approved' | 'rejected' | 'cancelled'; decided_by: string; decided_by_id: number | null; decision_reason: string | null; result?: unknown; automatic?: boolean }) =>
  Number(
    (
      await db
        .updateTable('approval_requests')
        .set({ status: d.status, decided_by: d.decided_by, decided_by_id: d.decided_by_id, decided_at: sql`now()`, decision_reason: d.decision_reason, result: d.result === undefined ? null : JSON.stringify(d.result), ...(d.automatic ? { automatic: true } : {}) })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst()
    ).numUpdatedRows,
  ) > 0;

/**
 * Requests in a state, newest first, with the total: those of the given kinds and those `askedBy`
 * asked (by operator id where the request has one, else by name without its `#id`, whatever its case).
 */
export const findApprovalRequestPage = (db: Executor, f: { kinds: readonly string[]; askedBy: { id: number | null; name: string }; kind?: string; status: string; memberId?: number; limit: number; offset: number }) => {
  const byName = sql<boolean>`lower(regexp_replace(r.requested_by, ${'#[0-9]+$'}, '')) = ${f.askedBy.name.toLowerCase()}`;
  let q = db
    .selectFrom('approval_requests as r')
    .leftJoin('users as u', 'u.id', 'r.member_id')
    .where((eb) =>
      eb.or([
        eb('r.kind', 'in', f.kinds.length ? [...f.kinds] : ['-']),
        f.askedBy.id === null ? byName : eb.or([eb('r.requested_by_id', '=', f.askedBy.id), eb.and([eb('r.requested_by_id', 'is', null), byName])]),
      ]),
    )
    .where('r.status', '=', f.status as 'pending');
  if (f.kind !== undefined) q = q.where('r.kind', '=', f.kind);
  if (f.memberId !== undefined) q = q.where('r.member_id', '=', f.memberId);
  return q.select([...REQUEST_COLUMNS, 'u.user_name as member_name', subjectName, subjectTxHash, sql<string>`count(*) over ()`.as('total')]).orderBy('r.id', 'desc').limit(f.limit).offset(f.offset).$call(executePage);
};

/** Serializes one operator's requests of one kind and currency until the transaction ends (their daily total is checked by one at a time). */
export const lockOperatorRequests = (tx: Transaction<DB>, operator: string, kind: string, currency: string) =>
  sql`select pg_advisory_xact_lock(hashtext(${`approval:${operator}:${kind}:${currency}`}))`.execute(tx);

/**
 * What an operator did today (UTC) of a kind and currency: `asked` sums their requests pending or
 * approved (the daily limit), `alone` those carried out at once without a second operator.
 */
export const sumOperatorRequestsToday = async (db: Executor, operator: string, kind: string, currency: string, which: 'asked' | 'alone' = 'asked'): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('approval_requests')
        .select(sql<string>`coalesce(sum(amount), 0)`.as('n'))
        .where('requested_by', '=', operator)
        .where('kind', '=', kind)
        .where('currency', '=', currency)
        .$if(which === 'asked', (w) => w.where('status', 'in', ['pending', 'approved']))
        .$if(which === 'alone', (w) => w.where('automatic', '=', true))
        .where('requested_at', '>=', sql<Date>`date_trunc('day', now() at time zone 'utc') at time zone 'utc'`)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The limits of a kind in a currency (its own row, else the kind's default row `*`). */
export const findApprovalLimit = (db: Executor, kind: string, currency: string) =>
  db.selectFrom('approval_limits').selectAll().where('kind', '=', kind).where('currency', 'in', [currency, '*']).orderBy(sql`currency = '*'`).limit(1).executeTakeFirst();

export const findApprovalLimits = (db: Executor) => db.selectFrom('approval_limits').selectAll().orderBy('kind').orderBy('currency').execute();

// A change of a limit moves its version strictly forward (named by table: the insert's `excluded` has the column too).
const nextLimitUpdatedAt = sql<Date>`date_trunc('milliseconds', greatest(now(), approval_limits.updated_at + interval '1 millisecond'))`;

/** Sets a kind's threshold in a currency, its daily limit (if any) kept. */
export const upsertThreshold = (db: Executor, l: { kind: string; currency: string; auto_up_to: number; updated_by: string }) =>
  db
    .insertInto('approval_limits')
    .values({ ...l, daily_limit: null, updated_at: sql`now()` })
    .onConflict((oc) => oc.columns(['kind', 'currency']).doUpdateSet({ auto_up_to: l.auto_up_to, updated_by: l.updated_by, updated_at: nextLimitUpdatedAt }))
    .execute();

/** A kind's limits in a currency as they are, held until the transaction ends (also a pair not there yet), so a save checks the version its form read. */
export const lockApprovalLimitForUpdate = async (tx: Transaction<DB>, kind: string, currency: string) => {
  await sql`select pg_advisory_xact_lock(hashtext('approval-limit'), hashtext(${`${kind}:${currency}`}))`.execute(tx);
  return tx.selectFrom('approval_limits').select(['updated_at']).where('kind', '=', kind).where('currency', '=', currency).forUpdate().executeTakeFirst();
};

export const upsertApprovalLimit = (db: Executor, l: { kind: string; currency: string; auto_up_to: number | null; daily_limit: number | null; updated_by: string }) =>
  db
    .insertInto('approval_limits')
    .values({ ...l, updated_at: sql`now()` })
    .onConflict((oc) => oc.columns(['kind', 'currency']).doUpdateSet({ auto_up_to: l.auto_up_to, daily_limit: l.daily_limit, updated_by: l.updated_by, updated_at: nextLimitUpdatedAt }))
    .execute();
