import { sql, type Insertable, type RawBuilder, type Selectable, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { SortOrder } from '@shop/contract';
import type { Executor } from '../../db/database.js';
import { orderList } from '../../lib/list-order.queries.js';
import type { DB } from '../../db/schema.js';
import type { HoldStatus } from '../ledger/ledger.table.js';
import type { FlagKind, FlagResolution, PayableType, PaymentRow, PaymentStatus, RefundStatus } from './payments.table.js';

// Every statement of the payments area.

// ── Pay methods ─────────────────────────────────────────────────────────────────────────────
/** Every enabled method (each process keeps them: `enabledMethods` in the service picks a currency's and a country's). */
export const findAllPayMethods = (db: Executor) => db.selectFrom('pay_methods').selectAll().where('enabled', '=', true).orderBy('sort').orderBy('code').orderBy('currency').execute();

export const upsertPayMethod = (db: Executor, row: Insertable<DB['pay_methods']>) =>
  db
    .insertInto('pay_methods')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['code', 'currency', 'country_code']).doUpdateSet((eb) => ({
        gateway: eb.ref('excluded.gateway'),
        method: eb.ref('excluded.method'),
        fee_bp: eb.ref('excluded.fee_bp'),
        fee_fixed_minor: eb.ref('excluded.fee_fixed_minor'),
        points_per_unit: eb.ref('excluded.points_per_unit'),
        enabled: eb.ref('excluded.enabled'),
        updated_by: eb.ref('excluded.updated_by'),
        updated_at: sql`now()`,
      })),
    )
    .execute();

/** Adds a pay method unless the shop has one of its code in its currency and country already; the row added, else undefined (the one there is kept as it is). */
export const insertPayMethodIfAbsent = (db: Executor, row: Insertable<DB['pay_methods']>) =>
  db.insertInto('pay_methods').values(row).onConflict((oc) => oc.columns(['code', 'currency', 'country_code']).doNothing()).returningAll().executeTakeFirst();
/** The pay method of a code in a currency for every country ('*'), enabled or not. */
export const findPayMethodForAll = (db: Executor, code: string, currency: string) =>
  db.selectFrom('pay_methods').selectAll().where('code', '=', code).where('currency', '=', currency).where('country_code', '=', '*').executeTakeFirst();

// ── Payments ────────────────────────────────────────────────────────────────────────────────
/** An event of a payment's history but its payment's id (the statement that writes it knows that). */
export type PaymentEventRow = Omit<Insertable<DB['payment_events']>, 'payment_id'>;

/** Events as `(values …) v(kind, …, n)` rows, `n` their order. */
const eventValues = (events: PaymentEventRow[]) =>
  sql`(values ${sql.join(
    events.map((e, n) => sql`(${e.kind}::text, ${e.source}::text, ${e.from_status ?? null}::text, ${e.to_status ?? null}::text, ${e.provider_event_id ?? null}::text, ${e.detail ?? '{}'}::jsonb, ${e.actor_kind}::text, ${e.actor_id ?? null}::text, ${n}::int)`),
  )}) v(kind, source, from_status, to_status, provider_event_id, detail, actor_kind, actor_id, n)`;

/**
 * Inserts events of payment `paymentId` (an expression of the statement: a CTE's column or a
 * parameter), in their order; `join` adds the CTE it names, `when` keeps only some of the rows.
 */
const insertEvents = (paymentId: RawBuilder<unknown>, events: PaymentEventRow[], { join = sql``, when = sql`true` }: { join?: RawBuilder<unknown>; when?: RawBuilder<unknown> } = {}) =>
  sql`insert into payment_events (payment_id, kind, source, from_status, to_status, provider_event_id, detail, actor_kind, actor_id)
    select ${paymentId}, v.kind, v.source, v.from_status, v.to_status, v.provider_event_id, v.detail, v.actor_kind, v.actor_id
    from ${eventValues(events)}${join} where ${when} order by v.n`;

/** Inserts a payment with its first events and, when given, the payable's method choice it makes (`upsertPayChoice`), in one statement. */
export const insertPayment = async (db: Executor, row: Insertable<DB['payments']>, events: PaymentEventRow[], choice?: Insertable<DB['payable_pay_choices']>) =>
  (
    await sql<Selectable<DB['payments']>>`with p as (${db.insertInto('payments').values(row).returningAll()}), e as (${insertEvents(sql`p.id`, events, { join: sql` cross join p` })})
      ${choice ? sql`, c as (${payChoiceUpsert(db, choice)})` : sql``}
      select * from p`.execute(db)
  ).rows[0]!;

/**
 * Stores what the gateway answered about a payment just sent to it and moves the payment from
 * created to pending with `event`, in one statement that locks the row (when a notification was
 * first and moved it on, only the answer is stored). Answers the row.
 */
export const storeProviderAnswer = async (db: Executor, id: number, data: { provider_ref: string; redirect_url: string | null; client_secret: string | null; sdk_params: string | null }, event: PaymentEventRow) =>
  (
    await sql<Selectable<DB['payments']>>`with prev as (select id, status from payments where id = ${id} for update),
      u as (update payments p set provider_ref = ${data.provider_ref}, redirect_url = ${data.redirect_url}, client_secret = ${data.client_secret}, sdk_params = ${data.sdk_params}::jsonb,
          updated_at = now(), status = case when prev.status = 'created' then 'pending' else p.status end
        from prev where p.id = prev.id returning p.*, prev.status as was),
      e as (${insertEvents(sql`u.id`, [event], { join: sql` cross join u`, when: sql`u.was = 'created'` })})
      select * from u`.execute(db)
  ).rows.map(({ was: _was, ...row }: Selectable<DB['payments']> & { was?: string }) => row)[0]!;

export const findPayment = (db: Executor, id: number) => db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();

/** What `findOwedBack` answers of a payment, read in the statement that reads the payment. */
export type OwedBackFacts = { kind: FlagKind; resolution: FlagResolution | null; refunded_minor: number | string };
/** The payment's money owed back as `findOwedBack` reads it (null: none), for the statement that reads the payment (`payments`). */
const owedBackOfPayment = () =>
  sql<OwedBackFacts | null>`(select json_build_object('kind', f.kind, 'resolution', f.resolution, 'refunded_minor',
      (select coalesce(sum(r.amount_minor), 0) from payment_refunds r where r.payment_id = f.payment_id and r.via = 'gateway' and r.status = 'succeeded'))
    from payment_flags f where f.payment_id = payments.id and f.kind in (${sql.join(OWED_BACK_FLAGS.map((k) => sql.lit(k)))}) order by f.id limit 1)`;

/** A member's payment by its number, with its money owed back (`owed_back`: null for none). */
export const findMemberPaymentByReference = (db: Executor, userId: number, reference: string) =>
  db.selectFrom('payments').selectAll().select(owedBackOfPayment().as('owed_back')).where('reference', '=', reference).where('user_id', '=', userId).executeTakeFirst();

/** The newest payment of a payable (of the member), with its money owed back (`owed_back`: null for none). */
export const findLatestPaymentOfPayable = (db: Executor, type: PayableType, payableId: number, userId?: number) =>
  db
    .selectFrom('payments')
    .selectAll()
    .select(owedBackOfPayment().as('owed_back'))
    .where('payable_type', '=', type)
    .where('payable_id', '=', payableId)
    .$if(userId !== undefined, (qb) => qb.where('user_id', '=', userId!))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

export const findOpenPaymentsOfPayable = (db: Executor, type: PayableType, payableId: number) =>
  db.selectFrom('payments').selectAll().where('payable_type', '=', type).where('payable_id', '=', payableId).where('status', 'in', ['created', 'pending']).orderBy('id').execute();

/**
 * A succeeded payment whose money is not owed back (`OWED_BACK_FLAGS`): one that paid its payable. A
 * success that landed when the payable could no longer take it is given back by its flag, never by
 * the payable's own refunds (a rejection, a cancellation, an after-sales case), so it is not one of these.
 */
const paidThePayable = () => sql<boolean>`not exists (select 1 from payment_flags owed where owed.payment_id = payments.id and owed.kind in (${sql.join(OWED_BACK_FLAGS.map((k) => sql.lit(k)))}))`;

/** The payments that paid a payable (`paidThePayable`), oldest first. */
export const findSucceededPaymentsOfPayable = (db: Executor, type: PayableType, payableId: number) =>
  db.selectFrom('payments').selectAll().where('payable_type', '=', type).where('payable_id', '=', payableId).where('status', '=', 'succeeded').where(paidThePayable()).orderBy('id').execute();

/** The payments that paid several payables at once (`paidThePayable`), oldest first (a list's cases read in one statement). */
export const findSucceededPaymentsOfPayables = (db: Executor, payables: Array<{ type: PayableType; id: number }>) =>
  payables.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('payments')
        .selectAll()
        .where((eb) => eb.or(payables.map((p) => eb.and([eb('payable_type', '=', p.type), eb('payable_id', '=', p.id)]))))
        .where('status', '=', 'succeeded')
        .where(paidThePayable())
        .orderBy('id')
        .execute();

/**
 * The state of the hold on the balance part of the payment named `payment` in the statement (null
 * without one): a released hold's balance part was given back, never taken (`balanceParts`).
 */
export const holdStatusOf = (payment: 'payments' | 'p') => sql<HoldStatus | null>`(select h.status from holds h where h.id = ${sql.ref(`${payment}.hold_id`)})`;

/** The state of a payment's hold (`hold_id`), for a payment already read without it. */
export const findHoldStatus = async (db: Executor, holdId: number) => (await db.selectFrom('holds').select('status').where('id', '=', holdId).executeTakeFirst())?.status ?? null;

/** The payments of a payable a member sees on it: those that paid it (refunded ones included) and those whose late money was given back, oldest first, each with the state of the hold on its balance part (`holdStatusOf`). */
export const findPaidPaymentsOfPayable = (db: Executor, type: PayableType, payableId: number, userId: number) =>
  db
    .selectFrom('payments')
    .selectAll('payments')
    .select(holdStatusOf('payments').as('hold_status'))
    .where('payments.payable_type', '=', type)
    .where('payments.payable_id', '=', payableId)
    .where('payments.user_id', '=', userId)
    // A payment that ended before its money came (expired, cancelled) and had it given back is shown too.
    .where((eb) => eb.or([eb('payments.status', '=', 'succeeded'), eb.exists(eb.selectFrom('payment_refunds').select('payment_refunds.id').whereRef('payment_refunds.payment_id', '=', 'payments.id'))]))
    .orderBy('payments.id')
    .execute();
export const findRefundsOfPayments = (db: Executor, paymentIds: number[]) =>
  paymentIds.length === 0 ? Promise.resolve([]) : db.selectFrom('payment_refunds').selectAll().where('payment_id', 'in', paymentIds).orderBy('id').execute();

export const lockPaymentForUpdate = (trx: Transaction<DB>, id: number) => trx.selectFrom('payments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
/** The locking read of a payment by its reference, unexecuted (a statement of another area runs it with its own, as a webhook's event store does). */
export const paymentByReferenceForUpdate = (trx: Transaction<DB>, reference: string) => trx.selectFrom('payments').selectAll().where('reference', '=', reference).forUpdate();
/** A gateway's notification finds its payment and takes its row lock in one read: by our reference, or by the gateway's. */
export const lockPaymentByReference = (trx: Transaction<DB>, reference: string) => paymentByReferenceForUpdate(trx, reference).executeTakeFirst();
export const lockPaymentByProviderRef = (trx: Transaction<DB>, gateway: string, providerRef: string) =>
  trx.selectFrom('payments').selectAll().where('gateway', '=', gateway).where('provider_ref', '=', providerRef).forUpdate().executeTakeFirst();

/** Serializes payment starts of one payable (two taps on two methods at once). */
export const lockPayableSlot = (trx: Transaction<DB>, type: PayableType, payableId: number) => sql`select pg_advisory_xact_lock(hashtext(${`payable:${type}`}), ${payableId}::int)`.execute(trx);

/** The states a payment ends in. */
const FINISHED: PaymentStatus[] = ['succeeded', 'failed', 'canceled', 'expired'];

/**
 * Moves a payment to `to` from one of `from` by a conditional update and writes its history in the
 * same statement: the `always` events whether it moved or not, then `onMove` only when it did.
 * Answers the moved row, nothing when the payment is elsewhere.
 */
export const transitionPayment = async (
  db: Executor,
  id: number,
  from: PaymentStatus[],
  to: PaymentStatus,
  set: { failure_reason?: string; entry_id?: number },
  always: PaymentEventRow[],
  onMove: PaymentEventRow,
  /** Closes the payment's open amount and currency flags as accepted when it moves (a success naming its own money). */
  acceptFlags?: { by: string; reason: string },
) =>
  (
    await sql<Selectable<DB['payments']> & { accepted_flags: string[] }>`with u as (
        update payments set status = ${to}, updated_at = now()${FINISHED.includes(to) ? sql`, finished_at = now()` : sql``}${set.failure_reason === undefined ? sql`` : sql`, failure_reason = ${set.failure_reason}`}${set.entry_id === undefined ? sql`` : sql`, entry_id = ${set.entry_id}`}
        where id = ${id} and status in (${sql.join(from)}) returning *),
      e as (${insertEvents(sql`${id}::bigint`, [...always, onMove], { when: sql`v.n < ${always.length} or exists (select 1 from u)` })})
      ${
        acceptFlags
          ? sql`, f as (update payment_flags set resolved_at = now(), resolved_by = ${acceptFlags.by}, resolution = 'accepted', resolution_reason = ${acceptFlags.reason}
          where payment_id = ${id} and kind in ('amount_mismatch', 'currency_mismatch') and resolved_at is null and exists (select 1 from u) returning kind)`
          : sql``
      }
      select u.*, ${acceptFlags ? sql`(select coalesce(array_agg(kind), '{}') from f)` : sql`'{}'::text[]`} as accepted_flags from u`.execute(db)
  ).rows[0];

/** Stores what the gateway answered for a payment; answers the row as it now is (locked until the transaction ends, as any updated row). */
export const setPaymentProviderData = (db: Executor, id: number, data: { provider_ref: string; redirect_url: string | null; client_secret: string | null; sdk_params: string | null }) =>
  db.updateTable('payments').set({ ...data, updated_at: sql`now()` } as never).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

export const setPaymentHold = (db: Executor, id: number, holdId: number) => db.updateTable('payments').set({ hold_id: holdId }).where('id', '=', id).execute();

/** Claims the right to inquire now: at most one inquiry per payment per `seconds`. */
export const claimInquiry = (db: Executor, id: number, seconds: number) =>
  db
    .updateTable('payments')
    .set({ last_inquired_at: sql`now()` } as never)
    .where('id', '=', id)
    .where('status', 'in', ['created', 'pending'])
    .where((eb) => eb.or([eb('last_inquired_at', 'is', null), eb('last_inquired_at', '<', sql<Date>`now() - make_interval(secs => ${seconds})`)]))
    .returning('id')
    .executeTakeFirst();

/** Payments still open past `olderThanSeconds` since their last change, oldest first (the reconciliation job). */
export const findStalePayments = (db: Executor, olderThanSeconds: number, limit: number) =>
  db
    .selectFrom('payments')
    .selectAll()
    .where('status', 'in', ['created', 'pending'])
    .where((eb) => eb.or([eb('updated_at', '<', sql<Date>`now() - make_interval(secs => ${olderThanSeconds})` as never), eb('expires_at', '<', sql<Date>`now()`)]))
    .orderBy('updated_at')
    .limit(limit)
    .execute();

/** The cause under which the reconciliation job refunds what is left of a payment of a payable in refunding (once per payment). */
const PAYABLE_REFUND = 'payable-refund';
export const payableRefundCause = (p: Pick<PaymentRow, 'payable_type' | 'payable_id' | 'id'>) => `${PAYABLE_REFUND}:${p.payable_type}:${p.payable_id}:${p.id}`;

/**
 * Succeeded payments of orders in `refunding` (a paid order cancelled, a group buy that failed) the
 * reconciliation job has not refunded yet (no refund under `payableRefundCause`) and whose refunds
 * so far, failed ones aside, give back less than the payment took: an operator's partial refund from
 * the console leaves the rest to the job.
 */
export const findPaymentsOfRefundingOrders = (db: Executor, limit: number) =>
  db
    .selectFrom('payments')
    .selectAll('payments')
    .where('payments.payable_type', '=', 'order')
    .where('payments.status', '=', 'succeeded')
    .where('payments.payable_id', 'in', (eb) => eb.selectFrom('orders').select('orders.id').where('orders.status', '=', 'refunding'))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('payment_refunds')
            .select('payment_refunds.id')
            .whereRef('payment_refunds.payment_id', '=', 'payments.id')
            // A refund of this very payment under the job's cause: the payment names its payable.
            .where('payment_refunds.cause', 'like', `${PAYABLE_REFUND}:%`),
        ),
      ),
    )
    .where(sql<boolean>`(select coalesce(sum(r.amount_minor), 0) from payment_refunds r where r.payment_id = payments.id and r.status <> 'failed') < payments.ledger_minor + payments.gateway_minor`)
    .orderBy('payments.id')
    .limit(limit)
    .execute();

// ── Events and flags ────────────────────────────────────────────────────────────────────────
/** Writes events of a payment's history, in the order given, in one statement. */
export const insertPaymentEvents = (db: Executor, rows: Array<Insertable<DB['payment_events']>>) => db.insertInto('payment_events').values(rows).execute();
export const findPaymentEvents = (db: Executor, paymentId: number) => db.selectFrom('payment_events').selectAll().where('payment_id', '=', paymentId).orderBy('id').execute();

/** Raises a flag once per (payment, kind); answers true when it is new. */
/**
 * Raises a flag of a payment and kind once; with `reopen`, raises again one an operator closed (a later
 * refund of the payment went wrong too). Answers true when it is new or raised again.
 */
export const insertFlag = async (db: Executor, row: { payment_id: number; kind: FlagKind; refund_needed: boolean; detail: string }, reopen = false) =>
  !!(await db
    .insertInto('payment_flags')
    .values(row)
    .onConflict((oc) =>
      reopen
        ? oc
            .columns(['payment_id', 'kind'])
            .doUpdateSet({ detail: sql`excluded.detail`, created_at: sql`now()`, resolved_at: null, resolved_by: null, resolution: null, resolution_reason: null } as never)
            .where('payment_flags.resolved_at', 'is not', null)
        : oc.columns(['payment_id', 'kind']).doNothing(),
    )
    .returning('id')
    .executeTakeFirst());

/** Open flags of money owed back, raised at least `olderThanSeconds` ago, oldest first. */
export const findOwedBackFlags = (db: Executor, limit: number, olderThanSeconds: number) =>
  db
    .selectFrom('payment_flags')
    .selectAll()
    .where('refund_needed', '=', true)
    .where('kind', '!=', 'refund_failed')
    .where('resolved_at', 'is', null)
    .where('created_at', '<=', sql<Date>`now() - make_interval(secs => ${olderThanSeconds})`)
    .orderBy('id')
    .limit(limit)
    .execute();
export const resolveFlag = (db: Executor, id: number, by: string) =>
  db.updateTable('payment_flags').set({ resolved_at: sql`now()`, resolved_by: by } as never).where('id', '=', id).where('resolved_at', 'is', null).execute();
/** Closes the open flag of a payment and kind, if there is one, as done by `by` (what made it moot). */
export const resolveFlagOfKind = (db: Executor, paymentId: number, kind: FlagKind, by: string) =>
  db.updateTable('payment_flags').set({ resolved_at: sql`now()`, resolved_by: by } as never).where('payment_id', '=', paymentId).where('kind', '=', kind).where('resolved_at', 'is', null).execute();
/** Closes a payment's open amount and currency mismatch flags as accepted (a later report of its own money settled it); answers those closed. */
export const findFlags = (db: Executor, paymentId: number) => db.selectFrom('payment_flags').selectAll().where('payment_id', '=', paymentId).orderBy('id').execute();
/** Whether a payment's money is owed back (it never paid its payable: a flag asks for its refund, a failed refund's flag aside). */
export const isOwedBack = async (db: Executor, paymentId: number): Promise<boolean> => (await findFlags(db, paymentId)).some((f) => f.refund_needed && f.kind !== 'refund_failed');
/** Flags that say a payment's money arrived when its payable could not take it (owed back to the member). */
export const OWED_BACK_FLAGS: readonly FlagKind[] = ['paid_after_cancel', 'paid_after_expiry', 'payable_not_payable'];
/** A payment's money owed back, if any: the flag that says why, how an operator resolved it, and what its gateway refunds gave back so far. */
export const findOwedBack = (db: Executor, paymentId: number) =>
  db
    .selectFrom('payment_flags as f')
    .select(['f.kind', 'f.resolution'])
    .select(sql<string>`(select coalesce(sum(r.amount_minor), 0) from payment_refunds r where r.payment_id = f.payment_id and r.via = 'gateway' and r.status = 'succeeded')`.as('refunded_minor'))
    .where('f.payment_id', '=', paymentId)
    .where('f.kind', 'in', [...OWED_BACK_FLAGS])
    .orderBy('f.id')
    .limit(1)
    .executeTakeFirst();
export const findOpenFlags = (db: Executor) =>
  db.selectFrom('payment_flags').innerJoin('payments', 'payments.id', 'payment_flags.payment_id').selectAll('payment_flags').select(['payments.reference', 'payments.gateway']).where('resolved_at', 'is', null).orderBy('payment_flags.id').execute();

// ── Refunds ─────────────────────────────────────────────────────────────────────────────────
export const insertRefund = (db: Executor, row: Insertable<DB['payment_refunds']>) =>
  db.insertInto('payment_refunds').values(row).onConflict((oc) => oc.column('cause').doNothing()).returningAll().executeTakeFirst();
export const findRefundByCause = (db: Executor, cause: string) => db.selectFrom('payment_refunds').selectAll().where('cause', '=', cause).executeTakeFirst();
export const findRefundByReference = (db: Executor, reference: string) => db.selectFrom('payment_refunds').selectAll().where('reference', '=', reference).executeTakeFirst();
export const findRefundsOfPayment = (db: Executor, paymentId: number) => db.selectFrom('payment_refunds').selectAll().where('payment_id', '=', paymentId).orderBy('id').execute();
/** Pending gateway refunds due to be asked again (a passing fault sets when), oldest first. */
export const findPendingGatewayRefunds = (db: Executor, limit: number) =>
  db
    .selectFrom('payment_refunds')
    .selectAll()
    .where('status', '=', 'pending')
    .where('via', '=', 'gateway')
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', sql<Date>`now()`)]))
    .orderBy('id')
    .limit(limit)
    .execute();
/** Records a passing fault of a pending refund: one more attempt, asked again after `retrySeconds`; answers the refund while still pending. */
export const noteRefundFault = (db: Executor, id: number, error: string, retrySeconds: number) =>
  db
    .updateTable('payment_refunds')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: sql<Date>`now() + make_interval(secs => ${retrySeconds})`, last_error: error.slice(0, 500) }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
/** Refunds whose cause starts with one of `prefixes` (an area's own causes, e.g. `after-sale:12:`), oldest first. */
export const findRefundsByCausePrefixes = (db: Executor, prefixes: string[]) =>
  prefixes.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('payment_refunds')
        .selectAll()
        .where(sql<boolean>`cause like any(${sql.val(prefixes.map((x) => `${x.replace(/[\\%_]/g, '\\$&')}%`))}::text[])`)
        .orderBy('id')
        .execute();
/** Succeeded refunds whose cause starts with one of `prefixes`, each with how its payment was paid (method, wallet asset), oldest first. */
export const findSucceededRefundsWithMethodByCausePrefixes = (db: Executor, prefixes: string[]) =>
  prefixes.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('payment_refunds as r')
        .innerJoin('payments as p', 'p.id', 'r.payment_id')
        .select(['r.cause', 'r.via', 'r.amount_minor', 'p.method_code', 'p.method', 'p.ledger_asset'])
        .where('r.status', '=', 'succeeded')
        .where(sql<boolean>`r.cause like any(${sql.val(prefixes.map((x) => `${x.replace(/[\\%_]/g, '\\$&')}%`))}::text[])`)
        .orderBy('r.id')
        .execute();
/** Succeeded refunds of the payments that paid a payable (`paidThePayable`), each with how its payment was paid (method, wallet asset), oldest first. */
export const findSucceededRefundsWithMethodOfPayable = (db: Executor, type: PayableType, payableId: number) =>
  db
    .selectFrom('payment_refunds as r')
    .innerJoin('payments', 'payments.id', 'r.payment_id')
    .select(['r.via', 'r.amount_minor', 'r.currency', 'payments.method_code', 'payments.method', 'payments.ledger_asset'])
    .where('payments.payable_type', '=', type)
    .where('payments.payable_id', '=', payableId)
    .where('r.status', '=', 'succeeded')
    .where(paidThePayable())
    .orderBy('r.id')
    .execute();
export const transitionRefund = (db: Executor, id: number, to: RefundStatus, set: { provider_ref?: string | null; entry_id?: number | null; failure_reason?: string | null } = {}) =>
  db
    .updateTable('payment_refunds')
    .set({ status: to, finished_at: to === 'pending' ? null : sql`now()`, ...set } as never)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
export const setRefundEntry = (db: Executor, id: number, entryId: number) => db.updateTable('payment_refunds').set({ entry_id: entryId }).where('id', '=', id).execute();
export const setRefundProviderRef = (db: Executor, id: number, providerRef: string) => db.updateTable('payment_refunds').set({ provider_ref: providerRef }).where('id', '=', id).execute();

// ── Choices and notices ─────────────────────────────────────────────────────────────────────
const payChoiceUpsert = (db: Executor, row: Insertable<DB['payable_pay_choices']>) =>
  db
    .insertInto('payable_pay_choices')
    .values(row)
    .onConflict((oc) => oc.columns(['payable_type', 'payable_id']).doUpdateSet((eb) => ({ method_code: eb.ref('excluded.method_code'), currency: eb.ref('excluded.currency'), fee_minor: eb.ref('excluded.fee_minor'), chosen_at: sql`now()` })));
/** The method a member chose for a payable (the latest choice stands). */
export const upsertPayChoice = (db: Executor, row: Insertable<DB['payable_pay_choices']>) => payChoiceUpsert(db, row).execute();
/**
 * A payable's row (`payable`, its area's query, as JSON), the method chosen for it so far and the
 * rows of `balances` (the ledger's query of the member's balances, as JSON), in one statement.
 */
export const findPayableWithChoice = async (db: Executor, payable: SelectQueryBuilder<any, any, any>, type: PayableType, payableId: number, balances: SelectQueryBuilder<any, any, any>) =>
  (
    await sql<{ payable: unknown; chosen: string | null; balances: Array<{ asset: string; currency: string; balance: number }> }>`
      select (select row_to_json(r) from (${payable}) r) as payable,
        (select method_code from payable_pay_choices where payable_type = ${type} and payable_id = ${payableId}) as chosen,
        (select coalesce(json_agg(b), '[]') from (${balances}) b) as balances`.execute(db)
  ).rows[0]!;

/**
 * A payable's row (`payable`, its area's query, as JSON) with its open payments
 * (`findOpenPaymentsOfPayable`), in one statement: one row per open payment, or one row without a
 * payment when it has none.
 */
export const findPayableWithOpenPayments = async (db: Executor, payable: SelectQueryBuilder<any, any, any>, type: PayableType, payableId: number) => {
  const { rows } = await sql<PaymentRow & { payable: unknown }>`
    select (select row_to_json(r) from (${payable}) r) as payable, p.*
    from (values (1)) as one (n)
    left join payments p on p.payable_type = ${type} and p.payable_id = ${payableId} and p.status in ('created', 'pending')
    order by p.id`.execute(db);
  return { payable: rows[0]!.payable, open: rows.filter((r) => r.id !== null).map(({ payable: _, ...p }): PaymentRow => p) };
};

export const recordNoticeRead = (db: Executor, row: { user_id: number; method_code: string; currency: string }) =>
  db
    .insertInto('payment_notice_reads')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'method_code', 'currency']).doUpdateSet((eb) => ({ read_at: sql`now()`, reads: eb('payment_notice_reads.reads', '+', 1) })))
    .returningAll()
    .executeTakeFirstOrThrow();
export const findNoticeRead = (db: Executor, userId: number, methodCode: string, currency: string) =>
  db.selectFrom('payment_notice_reads').selectAll().where('user_id', '=', userId).where('method_code', '=', methodCode).where('currency', '=', currency).executeTakeFirst();

// ── The console ─────────────────────────────────────────────────────────────────────────────
const pageOf = (input: { page: number; limit: number }) => ({ limit: input.limit, offset: (input.page - 1) * input.limit });
/** What a payment paid for, as the console filters by it. */
type PayableFilter = { payable_type?: PayableType; payable_id?: number };
const openFlagsOf = sql<number>`(select count(*) from payment_flags f where f.payment_id = p.id and f.resolved_at is null)::int`;

/** Payments, newest first, with the member's name, the number of open flags and the state of the hold on the balance part. */
export async function pagePayments(db: Executor, input: PayableFilter & { status?: PaymentStatus; gateway?: string; member_id?: number; reference?: string; flagged?: 'yes' | 'no'; sort?: 'id' | 'amount' | 'created_at' | 'finished_at'; order?: SortOrder; page: number; limit: number }) {
  const base = db
    .selectFrom('payments as p')
    .$if(input.status !== undefined, (qb) => qb.where('p.status', '=', input.status!))
    .$if(input.gateway !== undefined, (qb) => qb.where('p.gateway', '=', input.gateway!))
    .$if(input.member_id !== undefined, (qb) => qb.where('p.user_id', '=', input.member_id!))
    .$if(input.payable_type !== undefined, (qb) => qb.where('p.payable_type', '=', input.payable_type!))
    .$if(input.payable_id !== undefined, (qb) => qb.where('p.payable_id', '=', input.payable_id!))
    .$if(input.reference !== undefined, (qb) => qb.where((eb) => eb.or([eb('p.reference', '=', input.reference!), eb('p.provider_ref', '=', input.reference!)])))
    .$if(input.flagged !== undefined, (qb) => qb.where(sql<boolean>`exists (select 1 from payment_flags f where f.payment_id = p.id and f.resolved_at is null) = ${input.flagged === 'yes'}`));
  const { limit, offset } = pageOf(input);
  const [rows, total] = await Promise.all([
    orderList(base.innerJoin('users as u', 'u.id', 'p.user_id').selectAll('p').select(['u.user_name', openFlagsOf.as('open_flags'), holdStatusOf('p').as('hold_status')]), input, { id: 'p.id', amount: 'p.payable_minor', created_at: 'p.created_at', finished_at: 'p.finished_at' }, { sort: 'id', order: 'desc' }, 'p.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** One payment with the member's name, its open flags and the state of the hold on its balance part. */
export const findPaymentForConsole = (db: Executor, id: number) =>
  db.selectFrom('payments as p').innerJoin('users as u', 'u.id', 'p.user_id').selectAll('p').select(['u.user_name', openFlagsOf.as('open_flags'), holdStatusOf('p').as('hold_status')]).where('p.id', '=', id).executeTakeFirst();

/** Flags with their payment's number and gateway: the open ones oldest first, resolved ones newest first. */
export async function pageFlags(db: Executor, input: { state: 'open' | 'resolved' | 'all'; sort?: 'id' | 'created_at' | 'resolved_at'; order?: SortOrder; page: number; limit: number }) {
  const base = db
    .selectFrom('payment_flags as f')
    .$if(input.state === 'open', (qb) => qb.where('f.resolved_at', 'is', null))
    .$if(input.state === 'resolved', (qb) => qb.where('f.resolved_at', 'is not', null));
  const { limit, offset } = pageOf(input);
  const [rows, total] = await Promise.all([
    orderList(base.innerJoin('payments as p', 'p.id', 'f.payment_id').selectAll('f').select(['p.reference', 'p.gateway']), input, { id: 'f.id', created_at: 'f.created_at', resolved_at: 'f.resolved_at' }, { sort: 'id', order: input.state === 'open' ? 'asc' : 'desc' }, 'f.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** A payment's flags with its number and gateway. */
export const findFlagsWithPayment = (db: Executor, paymentId: number) =>
  db.selectFrom('payment_flags as f').innerJoin('payments as p', 'p.id', 'f.payment_id').selectAll('f').select(['p.reference', 'p.gateway']).where('f.payment_id', '=', paymentId).orderBy('f.id').execute();

export const lockFlagForUpdate = (trx: Transaction<DB>, id: number) => trx.selectFrom('payment_flags').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/** Records an operator's decision on an open flag; nothing when it was already resolved. */
export const decideOpenFlag = (db: Executor, id: number, d: { by: string; resolution: 'refunded' | 'accepted' | 'dismissed'; reason: string }) =>
  db
    .updateTable('payment_flags')
    .set({ resolved_at: sql`now()`, resolved_by: d.by, resolution: d.resolution, resolution_reason: d.reason } as never)
    .where('id', '=', id)
    .where('resolved_at', 'is', null)
    .returningAll()
    .executeTakeFirst();

/** Refunds with their payment's number, newest first. */
export async function pageRefunds(db: Executor, input: PayableFilter & { status?: RefundStatus; sort?: 'id' | 'amount' | 'created_at' | 'finished_at'; order?: SortOrder; page: number; limit: number }) {
  const base = db
    .selectFrom('payment_refunds as r')
    .innerJoin('payments as p', 'p.id', 'r.payment_id')
    .$if(input.status !== undefined, (qb) => qb.where('r.status', '=', input.status!))
    .$if(input.payable_type !== undefined, (qb) => qb.where('p.payable_type', '=', input.payable_type!))
    .$if(input.payable_id !== undefined, (qb) => qb.where('p.payable_id', '=', input.payable_id!));
  const { limit, offset } = pageOf(input);
  const [rows, total] = await Promise.all([
    orderList(base.selectAll('r').select('p.reference as payment_no'), input, { id: 'r.id', amount: 'r.amount_minor', created_at: 'r.created_at', finished_at: 'r.finished_at' }, { sort: 'id', order: 'desc' }, 'r.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** A payment's refunds with its number. */
export const findRefundsWithPayment = (db: Executor, paymentId: number) =>
  db.selectFrom('payment_refunds as r').innerJoin('payments as p', 'p.id', 'r.payment_id').selectAll('r').select('p.reference as payment_no').where('r.payment_id', '=', paymentId).orderBy('r.id').execute();

/**
 * What came back of an order (its goods, its freight), in its currency, as an expression for a
 * statement of any area (`orderId`: a value, or a reference to the outer statement's order id): the
 * succeeded refunds of the payments that paid it. A payment whose money was owed back (paid after it
 * ended, or when the order could no longer take it: `OWED_BACK_FLAGS`) never paid the order, so its
 * refunds — whatever their cause, the job's, a flag's decision or an operator's refund — give that
 * money back and leave every item kept. Commissions, PV and the team's sales all read this one rule.
 */
export const orderRefundedBack = (orderId: number | RawBuilder<unknown>) =>
  sql<number>`(select coalesce(sum(refund.amount_minor), 0)::bigint from payment_refunds refund join payments paid on paid.id = refund.payment_id
    where paid.payable_type = 'order' and paid.payable_id = ${orderId} and refund.status = 'succeeded'
      and not exists (select 1 from payment_flags owed where owed.payment_id = paid.id and owed.kind in (${sql.join(OWED_BACK_FLAGS.map((k) => sql.lit(k)))})))`;

/** What came back of an order (`orderRefundedBack`), in its currency. */
export const findOrderRefunded = async (db: Executor, orderId: number): Promise<number> =>
  Number((await sql<{ amount: number }>`select ${orderRefundedBack(orderId)} as amount`.execute(db)).rows[0]?.amount ?? 0);
/**
 * What of an order's succeeded payments was paid with gift-card value (no commission is earned on
 * it), as an expression for a statement of another area. A gift-card payment is known by its
 * method: its cards are redeemed to cash, which is what it books.
 */
export const orderGiftCardPaidOf = (orderId: number) => giftCardPaidOf('order', orderId);
/** `orderGiftCardPaidOf` for any payable (a member-shop order's commissions are earned by the same rule). */
export const giftCardPaidOf = (payableType: string, payableId: number) =>
  sql<number>`(select coalesce(sum(ledger_minor), 0)::bigint from payments where payable_type = ${payableType} and payable_id = ${payableId} and status = 'succeeded' and gateway is null and method = 'gift_card')`;
