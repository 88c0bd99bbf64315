import { MONEY_APPROVER_ROLES, ROLE_PERMISSIONS, ResponseCode, roleAllows, type OperatorRole } from '@shop/contract';
import type { Database, Executor } from '../../db/database.js';
import { operatorIdOf, operatorNameOf, refuseOwnAccount, type Actor } from '../../lib/actor.js';
import { AppError, notFound } from '../../lib/errors.js';
import { withTransaction, type Tx } from '../../lib/transaction.js';
import { findUserByNameOrId, lockUserForUpdate, updateUser } from '../members/members.queries.js';
import type { SecurityNotices } from '../members/security-notice.js';
import { memberLanguage } from '../messages/messages.service.js';
import type { AuditFacts, OperatorAction } from '@shop/contract';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import * as q from './operators.queries.js';
import { approvalFacts, createOperator, newSetupToken, type ApprovalNote } from './operators.service.js';
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

/** What the operators page shows of one operator. */
const operatorViewOf = async (db: Executor, id: number) => listView((await q.findAllOperators(db)).find((o) => o.id === id)!);

/** A one-time setup link as the console is given it: where the console opens the token, and until when. */
const setupLinkOf = (token: string, expiresAt: Date) => ({ setup_path: `/admin/#/setup?token=${token}`, expires_at: expiresAt.toISOString() });

/** Creates an operator with the reason recorded; answers the one-time setup link's path in the console. */
export async function createOperatorFromConsole(db: Database, actor: Actor, input: { user_name: string; role: OperatorRole; reason: string }) {
  const created = await createOperator(db, actor, { userName: input.user_name, role: input.role, reason: input.reason });
  return { id: created.id, ...setupLinkOf(created.setupToken, created.expiresAt) };
}

/**
 * Changes another operator under lock, ends their sessions so the change applies at once, and records it with the reason.
 * A change that may take an owner away (`removesOwner`) first locks the active owners, so that two owners
 * disabling or demoting each other at once are decided one after the other and one active owner remains.
 */
async function changeOperator(db: Database, actor: Actor, id: number, action: OperatorAction, facts: AuditFacts | null, reason: string, change: (tx: Tx) => Promise<unknown>, removesOwner = false) {
  const by = operatorNameOf(actor);
  if (id === operatorIdOf(actor)) throw new AppError(ResponseCode.operatorSelfChange);
  return withTransaction(db, async (tx) => {
    const owners = removesOwner ? await q.lockActiveOwnersForUpdate(tx) : [];
    const target = await q.lockOperatorForUpdate(tx, id);
    if (!target) throw notFound('operator');
    if (removesOwner && target.role === 'owner' && target.status === 'active' && !owners.some((owner) => owner !== id)) throw new AppError(ResponseCode.operatorLastOwner);
    await change(tx);
    const sessionsEnded = await q.revokeOperatorSessions(tx, id);
    await insertOperatorAction(tx, { operator: by, action, target_type: 'operator', target_id: id, reason, facts });
    return { operator: await operatorViewOf(tx, id), sessions_ended: sessionsEnded };
  });
}

/** Disables (sessions end, sign-in refused) or enables an operator; never oneself. */
export const setOperatorStatus = (db: Database, actor: Actor, input: { id: number; active: boolean; reason: string }, approval?: ApprovalNote) => {
  const kind = input.active ? 'operator.enable' : 'operator.disable';
  const facts: AuditFacts | null = approval ? { key: 'approved_request', request_id: approval.id, asked_by: approval.askedBy } : null;
  return changeOperator(db, actor, input.id, kind, facts, input.reason, (tx) => q.updateOperator(tx, input.id, { status: input.active ? 'active' : 'disabled' }), !input.active);
};

/** Gives an operator another role; never one's own. */
export const setOperatorRole = (db: Database, actor: Actor, input: { id: number; role: OperatorRole; reason: string }, approval?: ApprovalNote) =>
  changeOperator(db, actor, input.id, 'operator.role', { key: 'operator_role', role: input.role, ...approvalFacts(approval) }, input.reason, (tx) => q.updateOperator(tx, input.id, { role: input.role }), input.role !== 'owner');

/**
 * A role that approves money, for a new operator or an existing one: asked by one owner, carried out
 * when another approves it (docs/decisions/2026-11-29-operator-grants.md). `asked_by` is the asking owner.
 */
export type OperatorGrant =
  | { action: 'create'; user_name: string; role: OperatorRole; asked_by: string }
  | { action: 'role'; operator_id: number; user_name: string; from: OperatorRole; role: OperatorRole; asked_by: string }
  /** A new sign-in link for an operator whose role approves money (docs/decisions/2026-11-29-operator-sign-in-links.md). */
  | { action: 'link'; operator_id: number; user_name: string; role: OperatorRole; asked_by: string }
  /** An owner disabled (docs/decisions/2026-12-01-owner-removal.md). */
  | { action: 'disable'; operator_id: number; user_name: string; role: OperatorRole; asked_by: string }
  /** An owner given a role that is not owner. */
  | { action: 'demote'; operator_id: number; user_name: string; from: OperatorRole; role: OperatorRole; asked_by: string }
  /** A disabled operator whose role approves money let sign in again (docs/decisions/2026-12-01-owner-removal.md). */
  | { action: 'enable'; operator_id: number; user_name: string; role: OperatorRole; asked_by: string };

/** Refuses a grant nobody could approve: another active owner, neither the asker nor the operator concerned, must be there. */
async function requireOtherOwner(db: Executor, actor: Actor, operatorId?: number): Promise<void> {
  const approvers = (await q.findActiveOwnerIds(db)).filter((id) => id !== actor.operatorId && id !== operatorId);
  if (!approvers.length) throw new AppError(ResponseCode.operatorGrantNeedsOwner);
}

/**
 * Checks a grant before it is asked for and answers it: the name free, or the operator there, not
 * oneself and gaining something with the role (else null: nothing to grant); and another active owner,
 * neither the asker nor the operator concerned, who can approve it.
 */
export async function prepareOperatorGrant(db: Executor, actor: Actor, input: { user_name: string; role: OperatorRole } | { id: number; role: OperatorRole }): Promise<OperatorGrant | null> {
  const asker = operatorNameOf(actor);
  let grant: OperatorGrant;
  if ('user_name' in input) {
    if (await q.findOperatorByName(db, input.user_name)) throw new AppError(ResponseCode.operatorNameTaken);
    grant = { action: 'create', user_name: input.user_name, role: input.role, asked_by: asker };
  } else {
    if (input.id === operatorIdOf(actor)) throw new AppError(ResponseCode.operatorSelfChange);
    const target = await q.findOperatorById(db, input.id);
    if (!target) throw notFound('operator');
    // Nothing it could not do before (the same role, an owner made finance): no grant, changed at once.
    if (ROLE_PERMISSIONS[input.role].every((p) => roleAllows(target.role, p))) return null;
    grant = { action: 'role', operator_id: target.id, user_name: target.user_name, from: target.role, role: input.role, asked_by: asker };
  }
  await requireOtherOwner(db, actor, grant.action === 'create' ? undefined : grant.operator_id);
  return grant;
}

/**
 * Checks an owner's disabling or demotion before it is asked for (docs/decisions/2026-12-01-owner-removal.md):
 * never oneself, the operator there. Answers the request another owner must approve when the operator is
 * an active owner losing that (else null: changed at once, as for any other operator); refused at once
 * when no other active owner, neither the asker nor the owner concerned, could approve it.
 */
export async function prepareOwnerRemoval(db: Executor, actor: Actor, input: { id: number; active: false } | { id: number; role: OperatorRole }): Promise<OperatorGrant | null> {
  const asker = operatorNameOf(actor);
  if (input.id === operatorIdOf(actor)) throw new AppError(ResponseCode.operatorSelfChange);
  const target = await q.findOperatorById(db, input.id);
  if (!target) throw notFound('operator');
  if (target.role !== 'owner') return null;
  const base = { operator_id: target.id, user_name: target.user_name, asked_by: asker };
  let grant: OperatorGrant;
  if ('active' in input) {
    // Already disabled: nothing is taken away.
    if (target.status !== 'active') return null;
    grant = { action: 'disable', ...base, role: target.role };
  } else {
    if (input.role === 'owner') return null;
    grant = { action: 'demote', ...base, from: target.role, role: input.role };
  }
  await requireOtherOwner(db, actor, target.id);
  return grant;
}

/**
 * Checks an operator's enabling before it is asked for: never oneself, the operator there. Answers the
 * request another owner must approve when the operator is disabled and their role approves money (an
 * owner, finance: letting them back undoes a removal another owner may have approved), else null
 * (enabled at once); refused at once when no other active owner could approve it.
 */
export async function prepareOperatorEnable(db: Executor, actor: Actor, id: number): Promise<OperatorGrant | null> {
  const asker = operatorNameOf(actor);
  if (id === operatorIdOf(actor)) throw new AppError(ResponseCode.operatorSelfChange);
  const target = await q.findOperatorById(db, id);
  if (!target) throw notFound('operator');
  if (target.status === 'active' || !MONEY_APPROVER_ROLES.includes(target.role)) return null;
  await requireOtherOwner(db, actor, target.id);
  return { action: 'enable', operator_id: target.id, user_name: target.user_name, role: target.role, asked_by: asker };
}

/**
 * Checks a new sign-in link before it is issued: never for oneself, the operator there. Answers the
 * grant another owner must approve when the operator's role approves money (an owner, finance), else
 * null (one owner issues it at once).
 */
export async function prepareSignInLinkGrant(db: Executor, actor: Actor, id: number): Promise<OperatorGrant | null> {
  const asker = operatorNameOf(actor);
  if (id === operatorIdOf(actor)) throw new AppError(ResponseCode.operatorSelfChange);
  const target = await q.findOperatorById(db, id);
  if (!target) throw notFound('operator');
  if (!MONEY_APPROVER_ROLES.includes(target.role)) return null;
  await requireOtherOwner(db, actor, target.id);
  return { action: 'link', operator_id: target.id, user_name: target.user_name, role: target.role, asked_by: asker };
}

/**
 * Gives an operator a new one-time sign-in link (a forgotten password, an expired first link): the
 * password and every older link stop working and the sessions end, the authenticator stays bound;
 * recorded with the reason (and the approval that carried it out). Never one's own. `removeAuthenticator`
 * (the machine's administrator, for a lost phone too): the next sign-in sets up a new one. `directOnly`:
 * refused when the operator's role (locked now) approves money, which needs another owner's approval.
 * Answers the operator as the list shows it and the new token (for the caller's eyes only).
 */
export async function issueOperatorSignInLink(db: Database, actor: Actor, input: { id: number; reason: string }, options: { approval?: ApprovalNote; directOnly?: boolean; removeAuthenticator?: boolean } = {}) {
  const by = operatorNameOf(actor);
  // A link takes the account over: another owner, or the machine's administrator, gives it.
  if (actor.operatorId !== undefined && input.id === actor.operatorId) throw new AppError(ResponseCode.operatorSelfChange);
  const { setupToken, expiresAt } = newSetupToken();
  return withTransaction(db, async (tx) => {
    const target = await q.lockOperatorForUpdate(tx, input.id);
    if (!target) throw notFound('operator');
    // Raised to a money role since it was looked at: it is asked of another owner instead.
    if (options.directOnly && MONEY_APPROVER_ROLES.includes(target.role)) throw new AppError(ResponseCode.operatorRoleChanged);
    await q.voidOperatorPassword(tx, input.id, setupToken, expiresAt, actor.operatorId ?? null);
    if (options.removeAuthenticator) await q.updateOperator(tx, input.id, { totp_secret: null, totp_pending_secret: null, totp_last_step: null });
    const sessionsEnded = await q.revokeOperatorSessions(tx, input.id);
    await insertOperatorAction(tx, {
      operator: by,
      action: 'operator.sign_in_link',
      target_type: 'operator',
      target_id: input.id,
      reason: input.reason,
      facts: { key: 'sign_in_link', authenticator_removed: options.removeAuthenticator === true, ...approvalFacts(options.approval) },
    });
    return { operator: await operatorViewOf(tx, input.id), sessions_ended: sessionsEnded, setupToken, expiresAt };
  });
}

/** A new sign-in link from the console, as the operators page shows it: the operator, the sessions ended and the link's path. */
export async function issueSignInLinkFromConsole(db: Database, actor: Actor, input: { id: number; reason: string }) {
  const { setupToken, expiresAt, ...issued } = await issueOperatorSignInLink(db, actor, input, { directOnly: true });
  return { ...issued, ...setupLinkOf(setupToken, expiresAt) };
}

/**
 * Carries out an approved grant as the approving owner, in the approval's transaction: creates the
 * operator (its name checked again) or changes the role, recorded with the request and who asked.
 * Either way the approver hands the identity over: a new operator's setup link, or, for a role
 * raised, the operator's sign-in set afresh (password and authenticator gone, sessions ended) with a
 * new link. Whoever asked may hold the old link or the old password (an operator they made and set
 * up themselves): the role that approves money goes only to whom the approver gives the new one.
 * A sign-in link asked for an operator with such a role is issued the same way, to the approver.
 * Answers what the request keeps and the setup link (for the approver's eyes only).
 */
export async function carryOutOperatorGrant(tx: Tx, actor: Actor, grant: OperatorGrant, request: { id: number; reason: string }) {
  const approval = { id: request.id, askedBy: grant.asked_by };
  // An owner disabled or demoted: nothing handed over, no link. The last active owner stays (changeOperator's lock).
  if (grant.action === 'disable' || grant.action === 'demote') {
    // The owners first, then the operator: the order changeOperator locks them in, so two approvals wait instead of deadlocking.
    await q.lockActiveOwnersForUpdate(tx);
    const target = await q.lockOperatorForUpdate(tx, grant.operator_id);
    // No longer the owner the request names (changed meanwhile): refused, the request waits to be rejected or withdrawn.
    if (!target || target.role !== 'owner') throw new AppError(ResponseCode.operatorRoleChanged);
    const done =
      grant.action === 'disable'
        ? await setOperatorStatus(tx, actor, { id: grant.operator_id, active: false, reason: request.reason }, approval)
        : await setOperatorRole(tx, actor, { id: grant.operator_id, role: grant.role, reason: request.reason }, approval);
    return { saved: { operator_id: grant.operator_id, user_name: grant.user_name, role: done.operator.role, status: done.operator.status }, setupLink: null };
  }
  if (grant.action === 'enable') {
    const target = await q.lockOperatorForUpdate(tx, grant.operator_id);
    // Given another role since it was asked: refused, the request waits to be rejected or withdrawn.
    if (!target || target.role !== grant.role) throw new AppError(ResponseCode.operatorRoleChanged);
    const done = await setOperatorStatus(tx, actor, { id: grant.operator_id, active: true, reason: request.reason }, approval);
    return { saved: { operator_id: grant.operator_id, user_name: grant.user_name, role: done.operator.role, status: done.operator.status }, setupLink: null };
  }
  if (grant.action === 'link') {
    const issued = await issueOperatorSignInLink(tx, actor, { id: grant.operator_id, reason: request.reason }, { approval });
    return { saved: { operator_id: grant.operator_id, user_name: grant.user_name, role: issued.operator.role }, setupLink: setupLinkOf(issued.setupToken, issued.expiresAt) };
  }
  if (grant.action === 'role') {
    await setOperatorRole(tx, actor, { id: grant.operator_id, role: grant.role, reason: request.reason }, approval);
    const { setupToken, expiresAt } = newSetupToken();
    await q.resetOperatorSignIn(tx, grant.operator_id, setupToken, expiresAt, actor.operatorId ?? null);
    return { saved: { operator_id: grant.operator_id, user_name: grant.user_name, role: grant.role }, setupLink: setupLinkOf(setupToken, expiresAt) };
  }
  const created = await createOperator(tx, actor, { userName: grant.user_name, role: grant.role, reason: request.reason, approval });
  return {
    saved: { operator_id: created.id, user_name: grant.user_name, role: grant.role },
    setupLink: setupLinkOf(created.setupToken, created.expiresAt),
  };
}

/** The operator as the operators page shows it (a role change waiting for approval changes nothing yet). */
export const findOperatorView = (db: Executor, actor: Actor, id: number) => {
  operatorNameOf(actor);
  return operatorViewOf(db, id);
};

/** Removes another operator's authenticator: the next sign-in sets up a new one with the password. */
export const resetOperatorTotp = (db: Database, actor: Actor, input: { id: number; reason: string }) =>
  changeOperator(db, actor, input.id, 'operator.2fa.reset', null, input.reason, (tx) => q.updateOperator(tx, input.id, { totp_secret: null, totp_pending_secret: null, totp_last_step: null }));

/**
 * Removes a member's authenticator (a lost phone): the member signs in with the password and may bind
 * a new one. Recorded with the reason; when one was removed the member is told, as of any other
 * change to their sign-in, at their e-mail (or phone) in the language they read the shop in.
 */
export async function resetMemberTotp(deps: { db: Database; notices: SecurityNotices }, actor: Actor, input: { id: number; reason: string }) {
  const by = operatorNameOf(actor);
  refuseOwnAccount(actor, input.id);
  const { user, removed } = await withTransaction(deps.db, async (tx) => {
    const user = await lockUserForUpdate(tx, input.id);
    if (!user) throw notFound('member');
    const removed = user.totp_secret !== null || user.totp_pending_secret !== null;
    await updateUser(tx, input.id, { totp_secret: null, totp_pending_secret: null, totp_last_step: null });
    await insertOperatorAction(tx, { operator: by, action: 'user.2fa.reset', target_type: 'user', target_id: input.id, reason: input.reason });
    return { user, removed };
  });
  if (removed) await deps.notices.send(user, 'twoFactorRemoved', await memberLanguage(deps.db, input.id));
  return { id: input.id, removed };
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
    await insertOperatorAction(tx, { operator: by, action: 'operator.member', target_type: 'operator', target_id: input.operator_id, reason: input.reason, facts: { key: 'operator_member', member_id: member ? member.id : null } });
    return { operator_id: Number(linked.id), member_id: linked.member_id === null ? null : Number(linked.member_id) };
  });
}
