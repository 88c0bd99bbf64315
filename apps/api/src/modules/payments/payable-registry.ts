import type { SelectQueryBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import type { Tx } from '../../lib/transaction.js';
import type { PayableType } from './payments.table.js';

// What payments attach to, seen the same way whatever it is (an order, a charity pledge, a top-up, …):
// each payable type's own area writes one handler and the composition root (`payables.ts`) registers
// it here. Payments never reads or moves another area's rows itself.

export interface Payable {
  type: PayableType;
  id: number;
  userId: number;
  /** The number the member knows it by. */
  no: string;
  amountMinor: number;
  currency: string;
  /** True while it waits for payment and has not expired. */
  payable: boolean;
  status: string;
  expiresAt: Date | null;
  /** The destination country (orders), for methods enabled per country. */
  countryCode: string | null;
  /** Whether the wallet's own value (balance, points, gift cards) may pay it: not for a top-up of that wallet. */
  ledgerAllowed: boolean;
  /** A card top-up's instalment months (CTBC), passed on to the gateway. */
  instalments?: number | null;
  /**
   * The response code its area refuses every payment call with now, whatever its state (a member
   * shop that takes no orders: hidden or paused); its owner is told that code, anyone else "not found".
   */
  refusal?: number;
}

export type PayableOutcome = 'paid' | 'mismatch' | 'not_payable';

/** One payable type's side of paying: written by the area that owns the payable. */
export interface PayableHandler {
  type: PayableType;
  /**
   * The payable's row, as a query left unexecuted (any member's: the caller checks the owner):
   * payments reads it alone, or with rows of its own in the same statement (the row then comes as JSON).
   */
  query(db: Executor, id: number): SelectQueryBuilder<any, any, any>;
  /** The payable a row of `query` describes (its timestamps as the database gives them, or as JSON text). */
  fromRow(row: any): Payable;
  /**
   * Settles it in the payment's transaction: paid only from awaiting payment, for its exact amount and currency, once.
   * `paidInPoints`: points or shopping points paid it all (no money), for a payable that earns points on money paid.
   */
  settle(tx: Tx, actor: Actor, input: { id: number; amountMinor: number; currency: string; gateway: string; paidInPoints?: boolean }): Promise<PayableOutcome>;
  /** Marks it refunded once its payments' refunds cover what was paid; false where the payable has no such state. */
  refunded(tx: Tx, actor: Actor, id: number): Promise<boolean>;
  /**
   * The payable's states in which an operator may refund its payments straight from the payments
   * console (absent: any). In the others its own area refunds it (an order by its cancellation or an
   * after-sales case), undoing what the payable gave (stock, points, earnings) with the money. Money
   * owed back (it never paid the payable) may always be refunded.
   */
  directRefundFrom?: readonly string[];
  /** The payable books the captured money itself (a top-up credits the member's wallet): payments posts no capture of its own. */
  booksCapture?: boolean;
  /**
   * A payable that books its capture books its gateway refunds too (a top-up's credit comes back out
   * of the wallet): `hold` runs in the transaction that plans the refund, before the gateway is asked,
   * and refuses (nothing moves, nothing is sent) when the money cannot be taken back; `finish` books
   * the gateway's answer once (success: the refund's entry, answered; failure: the hold goes back).
   */
  refund?: {
    hold(tx: Tx, actor: Actor, input: PayableRefund): Promise<void>;
    finish(tx: Tx, actor: Actor, input: PayableRefund & { gateway: string; outcome: 'succeeded' | 'failed' }): Promise<number | undefined>;
  };
}

/** A gateway refund of a payable's payment: the payable, the refund's reference and amount, and the gateway amount refunded before it. */
export interface PayableRefund {
  id: number;
  refund: string;
  amountMinor: number;
  currency: string;
  refundedBeforeMinor: number;
}

const handlers = new Map<PayableType, PayableHandler>();

/** Registers a payable type's handler (the composition root does, once per type). */
export function registerPayable(handler: PayableHandler): void {
  handlers.set(handler.type, handler);
}

/** The handler of a payable type. */
export function payableHandler(type: PayableType): PayableHandler {
  const h = handlers.get(type);
  if (!h) throw new Error(`no payable handler registered for ${type}: build the dependencies with depsFor() first`);
  return h;
}

/** A payable's row as its area reads it, unexecuted (for a statement of payments to read with its own rows). */
export const payableQuery = (db: Executor, type: PayableType, id: number) => payableHandler(type).query(db, id);

/** The payable a row of `payableQuery` describes; undefined for no row. */
export const payableOfRow = (type: PayableType, row: unknown): Payable | undefined => (row ? payableHandler(type).fromRow(row) : undefined);

/** Loads a payable (any member's: the caller checks the owner). */
export const loadPayable = async (db: Executor, type: PayableType, id: number) => payableOfRow(type, await payableQuery(db, type, id).executeTakeFirst());

/** Settles the payable in the caller's transaction through its own area's handler. */
export const settlePayable = (tx: Tx, actor: Actor, p: { type: PayableType; id: number }, amountMinor: number, currency: string, gateway: string, paidInPoints = false) =>
  payableHandler(p.type).settle(tx, actor, { id: p.id, amountMinor, currency, gateway, paidInPoints });

/** Marks a payable refunded once its refund is done (orders and charity pledges; a top-up has no such state). */
export const markPayableRefunded = (tx: Tx, actor: Actor, p: { type: PayableType; id: number }) => payableHandler(p.type).refunded(tx, actor, p.id);
