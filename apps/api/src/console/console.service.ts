import { ROLE_PERMISSIONS, ResponseCode, maskContact, type EndpointQuery, type OperatorRole, type adminAuditLog, type adminListCancellations, type adminListRealNames, type adminSearchMembers } from '@shop/contract';
import type { Database, Executor } from '../db/database.js';
import { operatorNameOf, refuseOwnAccount, type Actor } from '../lib/actor.js';
import { AppError, notFound } from '../lib/errors.js';
import { withTransaction } from '../lib/transaction.js';
import { setBanned } from '../modules/accounts/operator.service.js';
import { reviewCancellation } from '../modules/cancellation/cancellation.service.js';
import { reviewRealName } from '../modules/certification/certification.service.js';
import { closingBalances } from '../modules/wallet/closing.js';
import { revokeAllSessions } from '../modules/members/members.queries.js';
import { insertOperatorAction } from '../modules/operator-actions/operator-actions.queries.js';
import * as q from './console.queries.js';
import { pageOf } from '../lib/paging.js';


/** Today's (UTC) orders, sales per currency, new members, and the count waiting in each queue (after-sales: for the operator's role). */
export async function dashboard(db: Executor, actor: Actor, role: OperatorRole, now = new Date()) {
  operatorNameOf(actor);
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { date: dayStart.toISOString().slice(0, 10), ...(await q.dashboardFigures(db, dayStart, ROLE_PERMISSIONS[role])) };
}

export async function realNameQueue(db: Executor, actor: Actor, input: EndpointQuery<typeof adminListRealNames>) {
  operatorNameOf(actor);
  const { rows, total } = await q.pageCertifications(db, input);
  return pageOf(rows, total, input);
}

/** Account-cancellation requests, each with the member's money and points now: the reviewer sees what blocks closing and what it gives up. */
export async function cancellationQueue(db: Executor, actor: Actor, input: EndpointQuery<typeof adminListCancellations>) {
  operatorNameOf(actor);
  const { rows, total } = await q.pageCancellations(db, input);
  const withBalances = await Promise.all(rows.map(async (r) => ({ ...r, balances: await closingBalances(db, r.user_id) })));
  return pageOf(withBalances, total, input);
}

/** The console's decision on a real-name request: the same service as the command line. */
export const decideRealName = (db: Database, actor: Actor, input: { id: number; decision: 'approve' | 'reject'; reason?: string }) => reviewRealName(db, actor, input);

/** The console's decision on an account cancellation: the same service as the command line. */
export const decideCancellation = (db: Database, actor: Actor, input: { id: number; decision: 'approve' | 'reject'; reason?: string }) => reviewCancellation(db, actor, input);

export async function findMembers(db: Executor, actor: Actor, input: EndpointQuery<typeof adminSearchMembers>) {
  operatorNameOf(actor);
  const { rows, total } = await q.searchMembers(db, input);
  return pageOf(rows, total, input);
}

/** A member's profile with their real-name request as decided (the document number masked: the queue shows it whole to reviewers). */
export async function memberInfo(db: Executor, actor: Actor, input: { id: number }) {
  operatorNameOf(actor);
  const profile = await q.memberProfile(db, input.id);
  if (!profile) throw notFound('member');
  const c = profile.certification;
  return {
    ...profile,
    certification: c
      ? {
          id: c.id,
          status: c.status,
          kind: c.kind,
          country: c.country,
          surname: c.surname,
          given_name: c.given_name,
          document_type: c.document_type,
          document_number: maskContact(c.document_number),
          birthday: c.birthday,
          // The shop's real-name form asks for no pictures of the document: nothing to show but the facts.
          evidence: [],
          reason: c.reason,
          reviewed_by: c.reviewed_by,
          reviewed_at: c.reviewed_at,
          created_at: c.created_at,
        }
      : null,
  };
}

/**
 * A member's orders, newest first, a page at a time; with the first page, their latest member-shop
 * orders as a buyer: the member's own purchases, read with the same permission as their orders.
 */
export async function memberOrders(db: Executor, actor: Actor, input: { id: number; page: number; limit: number }) {
  operatorNameOf(actor);
  const [{ rows, total }, shopOrders] = await Promise.all([q.pageMemberOrders(db, input), input.page === 1 ? q.findLatestMemberShopOrders(db, input) : []]);
  return { ...pageOf(rows, total, input), shop_orders: shopOrders };
}

/** Bans or unbans a member (a ban ends every session), recorded with the reason. */
export const banMember = (db: Database, actor: Actor, input: { id: number; banned: boolean; reason: string }) =>
  setBanned(db, actor, { userId: input.id, banned: input.banned, reason: input.reason });

/** Signs a member out everywhere, recorded with who and why. */
export async function endMemberSessions(db: Database, actor: Actor, input: { id: number; reason: string }) {
  const operator = operatorNameOf(actor);
  refuseOwnAccount(actor, input.id);
  return withTransaction(db, async (tx) => {
    const user = await q.lockMember(tx, input.id);
    if (!user) throw notFound('member');
    if (user.status === 'closed') throw new AppError(ResponseCode.memberClosed);
    const ended = await revokeAllSessions(tx, input.id);
    await insertOperatorAction(tx, { operator, action: 'user.sessions.end', target_type: 'user', target_id: input.id, reason: input.reason });
    return { id: input.id, ended };
  });
}

export async function auditLog(db: Executor, actor: Actor, input: EndpointQuery<typeof adminAuditLog>) {
  operatorNameOf(actor);
  const { rows, total } = await q.pageOperatorActions(db, input);
  return pageOf(rows, total, input);
}
