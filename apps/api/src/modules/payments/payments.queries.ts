import { sql, type Insertable, type Transaction } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import type { FlagKind, PayableType, PaymentStatus, RefundStatus } from './payments.table.js';

// Every statement of the payments area.

// ── Pay methods ─────────────────────────────────────────────────────────────────────────────
/** Enabled methods for a currency and the member's country ('*' rows apply everywhere; a country's own row wins). */
export const findPayMethods = (db: Executor, currency: string, countryCode: string | null) =>
  db
    .selectFrom('pay_methods')
    .selectAll()
    .where('enabled', '=', true)
    .where('currency', '=', currency)
    .where((eb) => eb.or([eb('country_code', '=', '*'), ...(countryCode ? [eb('country_code', '=', countryCode)] : [])]))
    .orderBy('sort')
    .orderBy('code')
    .orderBy(sql`country_code = '*'`)
    .execute();

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

// ── Payments ────────────────────────────────────────────────────────────────────────────────
export const insertPayment = (db: Executor, row: Insertable<DB['payments']>) => db.insertInto('payments').values(row).returningAll().executeTakeFirstOrThrow();

export const findPayment = (db: Executor, id: number) => db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
export const findPaymentByReference = (db: Executor, reference: string) => db.selectFrom('payments').selectAll().where('reference', '=', reference).executeTakeFirst();
export const findMemberPaymentByReference = (db: Executor, userId: number, reference: string) =>
  db.selectFrom('payments').selectAll().where('reference', '=', reference).where('user_id', '=', userId).executeTakeFirst();
export const findPaymentByProviderRef = (db: Executor, gateway: string, providerRef: string) =>
  db.selectFrom('payments').selectAll().where('gateway', '=', gateway).where('provider_ref', '=', providerRef).executeTakeFirst();

/** The newest payment of a payable (of the member). */
export const findLatestPaymentOfPayable = (db: Executor, type: PayableType, payableId: number, userId?: number) =>
  db
    .selectFrom('payments')
    .selectAll()
    .where('payable_type', '=', type)
    .where('payable_id', '=', payableId)
    .$if(userId !== undefined, (qb) => qb.where('user_id', '=', userId!))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

export const findOpenPaymentsOfPayable = (db: Executor, type: PayableType, payableId: number) =>
  db.selectFrom('payments').selectAll().where('payable_type', '=', type).where('payable_id', '=', payableId).where('status', 'in', ['created', 'pending']).orderBy('id').execute();

export const findSucceededPaymentsOfPayable = (db: Executor, type: PayableType, payableId: number) =>
  db.selectFrom('payments').selectAll().where('payable_type', '=', type).where('payable_id', '=', payableId).where('status', '=', 'succeeded').orderBy('id').execute();

export const lockPaymentForUpdate = (trx: Transaction<DB>, id: number) => trx.selectFrom('payments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/** Serializes payment starts of one payable (two taps on two methods at once). */
export const lockPayableSlot = (trx: Transaction<DB>, type: PayableType, payableId: number) => sql`select pg_advisory_xact_lock(hashtext(${`payable:${type}`}), ${payableId}::int)`.execute(trx);

/**
 * Moves a payment from one of `from` to `to`; answers the row when this call made the change,
 * undefined when another state was already there (the change is decided by this update alone).
 */
export const transitionPayment = (db: Executor, id: number, from: PaymentStatus[], to: PaymentStatus, set: { failure_reason?: string | null; provider_ref?: string | null } = {}) =>
  db
    .updateTable('payments')
    .set({ status: to, updated_at: sql`now()`, ...(['succeeded', 'failed', 'canceled', 'expired'].includes(to) ? { finished_at: sql`now()` } : {}), ...set } as never)
    .where('id', '=', id)
    .where('status', 'in', from)
    .returningAll()
    .executeTakeFirst();

export const setPaymentProviderData = (db: Executor, id: number, data: { provider_ref: string; redirect_url: string | null; client_secret: string | null; sdk_params: string | null }) =>
  db.updateTable('payments').set({ ...data, updated_at: sql`now()` } as never).where('id', '=', id).execute();

export const setPaymentHold = (db: Executor, id: number, holdId: number) => db.updateTable('payments').set({ hold_id: holdId }).where('id', '=', id).execute();
export const setPaymentEntry = (db: Executor, id: number, entryId: number) => db.updateTable('payments').set({ entry_id: entryId }).where('id', '=', id).execute();

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

/** Succeeded payments of orders in `refunding` that have no refund yet (a paid order cancelled, a group buy that failed). */
export const findPaymentsOfRefundingOrders = (db: Executor, limit: number) =>
  db
    .selectFrom('payments')
    .selectAll('payments')
    .where('payments.payable_type', '=', 'order')
    .where('payments.status', '=', 'succeeded')
    .where('payments.payable_id', 'in', (eb) => eb.selectFrom('orders').select('orders.id').where('orders.status', '=', 'refunding'))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('payment_refunds').select('payment_refunds.id').whereRef('payment_refunds.payment_id', '=', 'payments.id'))))
    .orderBy('payments.id')
    .limit(limit)
    .execute();

// ── Events and flags ────────────────────────────────────────────────────────────────────────
export const insertPaymentEvent = (db: Executor, row: Insertable<DB['payment_events']>) => db.insertInto('payment_events').values(row).execute();
export const findPaymentEvents = (db: Executor, paymentId: number) => db.selectFrom('payment_events').selectAll().where('payment_id', '=', paymentId).orderBy('id').execute();

/** Raises a flag once per (payment, kind); answers true when it is new. */
export const insertFlag = async (db: Executor, row: { payment_id: number; kind: FlagKind; refund_needed: boolean; detail: string }) =>
  !!(await db
    .insertInto('payment_flags')
    .values(row)
    .onConflict((oc) => oc.columns(['payment_id', 'kind']).doNothing())
    .returning('id')
    .executeTakeFirst());

/** Open flags of money the shop cannot keep (refund needed) whose payment has no refund for them yet. */
export const findOwedBackFlags = (db: Executor, limit: number) =>
  db
    .selectFrom('payment_flags')
    .selectAll()
    .where('refund_needed', '=', true)
    .where('kind', '!=', 'refund_failed')
    .where('resolved_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
export const resolveFlag = (db: Executor, id: number, by: string) =>
  db.updateTable('payment_flags').set({ resolved_at: sql`now()`, resolved_by: by } as never).where('id', '=', id).where('resolved_at', 'is', null).execute();
export const findFlags = (db: Executor, paymentId: number) => db.selectFrom('payment_flags').selectAll().where('payment_id', '=', paymentId).orderBy('id').execute();
export const findOpenFlags = (db: Executor) =>
  db.selectFrom('payment_flags').innerJoin('payments', 'payments.id', 'payment_flags.payment_id').selectAll('payment_flags').select(['payments.reference', 'payments.gateway']).where('resolved_at', 'is', null).orderBy('payment_flags.id').execute();

// ── Refunds ─────────────────────────────────────────────────────────────────────────────────
export const insertRefund = (db: Executor, row: Insertable<DB['payment_refunds']>) =>
  db.insertInto('payment_refunds').values(row).onConflict((oc) => oc.column('cause').doNothing()).returningAll().executeTakeFirst();
export const findRefundByCause = (db: Executor, cause: string) => db.selectFrom('payment_refunds').selectAll().where('cause', '=', cause).executeTakeFirst();
export const findRefundByReference = (db: Executor, reference: string) => db.selectFrom('payment_refunds').selectAll().where('reference', '=', reference).executeTakeFirst();
export const findRefundsOfPayment = (db: Executor, paymentId: number) => db.selectFrom('payment_refunds').selectAll().where('payment_id', '=', paymentId).orderBy('id').execute();
export const findPendingGatewayRefunds = (db: Executor, limit: number) =>
  db.selectFrom('payment_refunds').selectAll().where('status', '=', 'pending').where('via', '=', 'gateway').orderBy('id').limit(limit).execute();
export const transitionRefund = (db: Executor, id: number, to: RefundStatus, set: { provider_ref?: string | null; entry_id?: number | null } = {}) =>
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
export const upsertPayChoice = (db: Executor, row: Insertable<DB['payable_pay_choices']>) =>
  db
    .insertInto('payable_pay_choices')
    .values(row)
    .onConflict((oc) => oc.columns(['payable_type', 'payable_id']).doUpdateSet((eb) => ({ method_code: eb.ref('excluded.method_code'), currency: eb.ref('excluded.currency'), fee_minor: eb.ref('excluded.fee_minor'), chosen_at: sql`now()` })))
    .execute();
export const findPayChoice = (db: Executor, type: PayableType, payableId: number) =>
  db.selectFrom('payable_pay_choices').selectAll().where('payable_type', '=', type).where('payable_id', '=', payableId).executeTakeFirst();

export const recordNoticeRead = (db: Executor, row: { user_id: number; method_code: string; currency: string }) =>
  db
    .insertInto('payment_notice_reads')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'method_code', 'currency']).doUpdateSet((eb) => ({ read_at: sql`now()`, reads: eb('payment_notice_reads.reads', '+', 1) })))
    .returningAll()
    .executeTakeFirstOrThrow();
export const findNoticeRead = (db: Executor, userId: number, methodCode: string, currency: string) =>
  db.selectFrom('payment_notice_reads').selectAll().where('user_id', '=', userId).where('method_code', '=', methodCode).where('currency', '=', currency).executeTakeFirst();
