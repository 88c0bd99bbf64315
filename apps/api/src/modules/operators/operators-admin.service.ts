import { ResponseCode, type OperatorRole } from '@shop/contract';
import type { Database, Executor } from '../../db/database.js';
import { operatorIdOf, operatorNameOf, refuseOwnAccount, type Actor } from '../../lib/actor.js';
import { AppError, notFound } from '../../lib/errors.js';
import { withTransaction, type Tx } from '../../lib/transaction.js';
import { findUserByNameOrId, lockUserForUpdate, updateUser } from '../members/members.queries.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import * as q from './operators.queries.js';
import { createOperator } from './operators.service.js';
import { iso } from '../../lib/dates.js';

// The owner's management of operators and of members' authenticators, from the console.


type Row = Awaited<ReturnType<typeof q.findAllOperators>>[number];
/** What the operators page shows of one operator (never a secret or a hash). */
const listView = (r: Row) => ({
  id: r.id,
  user_name: r.user_name,
  role: r.role,
  status: r.status,
  totp_bound: r.totp_secret !== null,
  pending_setup: r.password_hash === null,
  sign_in_count: r.sign_in_count,
  last_sign_in_at: iso(r.last_sign_in_at),
  member_id: r.member_id === null ? null : Number(r.member_id),
  created_by: r.created_by,
  created_at: iso(r.created_at)!,
});

/** Every operator, newest first. */
export async function listOperators(db: Executor, actor: Actor) {
  operatorNameOf(actor);
  return { list: (await q.findAllOperators(db)).map(listView) };
}

/** Creates an operator with the reason recorded; answers the one-time setup link's path in the console. */
export async function createOperatorFromConsole(db: Database, actor: Actor, input: { user_name: string; role: OperatorRole; reason: string }) {
  const created = await createOperator(db, actor, { userName: input.user_name, role: input.role, reason: input.reason });
  return { id: created.id, setup_path: `/admin/#/setup?token=${created.setupToken}`, expires_at: created.expiresAt.toISOString() };
}

/**
 * Changes another operator under lock, ends their sessions so the change applies at once, and records it with the reason.
 * A change that may take an owner away (`removesOwner`) first locks the active owners, so that two owners
 * disabling or demoting each other at once are decided one after the other and one active owner remains.
 */
async function changeOperator(db: Database, actor: Actor, id: number, action: string, reason: string, change: (tx: Tx) => Promise<unknown>, removesOwner = false) {
  const by = operatorNameOf(actor);
  if (id === operatorIdOf(actor)) throw new AppError(ResponseCode.operatorSelfChange);
  return withTransaction(db, async (tx) => {
    const owners = removesOwner ? await q.lockActiveOwnersForUpdate(tx) : [];
    const target = await q.lockOperatorForUpdate(tx, id);
    if (!target) throw notFound('operator');
    if (removesOwner && target.role === 'owner' && target.status === 'active' && !owners.some((owner) => owner !== id)) throw new AppError(ResponseCode.operatorLastOwner);
    await change(tx);
    const sessionsEnded = await q.revokeOperatorSessions(tx, id);
    await insertOperatorAction(tx, { operator: by, action, target_type: 'operator', target_id: id, reason });
    const row = (await q.findAllOperators(tx)).find((o) => o.id === id)!;
    return { operator: listView(row), sessions_ended: sessionsEnded };
  });
}

/** Disables (sessions end, sign-in refused) or enables an operator; never oneself. */
export const setOperatorStatus = (db: Database, actor: Actor, input: { id: number; active: boolean; reason: string }) =>
  changeOperator(db, actor, input.id, input.active ? 'operator.enable' : 'operator.disable', input.reason, (tx) => q.updateOperator(tx, input.id, { status: input.active ? 'active' : 'disabled' }), !input.active);

/** Gives an operator another role; never one's own. */
export const setOperatorRole = (db: Database, actor: Actor, input: { id: number; role: OperatorRole; reason: string }) =>
  changeOperator(db, actor, input.id, `operator.role role=${input.role}`, input.reason, (tx) => q.updateOperator(tx, input.id, { role: input.role }), input.role !== 'owner');

/** Removes another operator's authenticator: the next sign-in sets up a new one with the password. */
export const resetOperatorTotp = (db: Database, actor: Actor, input: { id: number; reason: string }) =>
  changeOperator(db, actor, input.id, 'operator.2fa.reset', input.reason, (tx) => q.updateOperator(tx, input.id, { totp_secret: null, totp_pending_secret: null, totp_last_step: null }));

/** Removes a member's authenticator (a lost phone): the member signs in with the password and may bind a new one. Recorded with the reason. */
export async function resetMemberTotp(db: Database, actor: Actor, input: { id: number; reason: string }) {
  const by = operatorNameOf(actor);
  refuseOwnAccount(actor, input.id);
  return withTransaction(db, async (tx) => {
    const user = await lockUserForUpdate(tx, input.id);
    if (!user) throw notFound('member');
    const removed = user.totp_secret !== null || user.totp_pending_secret !== null;
    await updateUser(tx, input.id, { totp_secret: null, totp_pending_secret: null, totp_last_step: null });
    await insertOperatorAction(tx, { operator: by, action: 'user.2fa.reset', target_type: 'user', target_id: input.id, reason: input.reason });
    return { id: input.id, removed };
  });
}

/**
 * An owner links an operator to the member account the same person holds (by the member's name or
 * number), or unlinks it with null: from then on that operator decides nothing about that account.
 */
export async function linkOperatorMember(db: Database, actor: Actor, input: { operator_id: number; member: string | null; reason: string }) {
  const by = operatorNameOf(actor);
  // Nobody decides about their own member account: not even whether it is linked to them.
  if (input.operator_id === actor.operatorId) throw new AppError(ResponseCode.operatorSelfChange);
  return withTransaction(db, async (tx) => {
    if (!(await q.lockOperatorForUpdate(tx, input.operator_id))) throw notFound('operator');
    const member = input.member === null ? null : await findUserByNameOrId(tx, input.member);
    if (input.member !== null && !member) throw new AppError(ResponseCode.userNotFound);
    const holder = member ? await q.findOperatorOfMember(tx, member.id) : undefined;
    if (holder && holder.id !== input.operator_id) throw new AppError(ResponseCode.operatorMemberTaken, { operator: holder.user_name });
    const linked = (await q.setOperatorMember(tx, input.operator_id, member?.id ?? null))!;
    await insertOperatorAction(tx, { operator: by, action: member ? `operator.member ${member.id}` : 'operator.member none', target_type: 'operator', target_id: input.operator_id, reason: input.reason });
    return { operator_id: Number(linked.id), member_id: linked.member_id === null ? null : Number(linked.member_id) };
  });
}
