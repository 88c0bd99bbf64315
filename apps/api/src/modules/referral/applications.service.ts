import { APP_PATHS, ResponseCode, type EndpointData } from '@shop/contract';
import type { applicationBody, getAgent } from '@shop/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/database.js';
import { memberIdOf, operatorNameOf, refuseOwnAccount, type Actor } from '../../lib/actor.js';
import { iso } from '../../lib/dates.js';
import { AppError } from '../../lib/errors.js';
import { withTransaction } from '../../lib/transaction.js';
import { realNameStatus } from '../certification/real-name.js';
import { knownCountry } from '../geo/geo.service.js';
import { lockUserForUpdate } from '../members/members.queries.js';
import { findMemberRoles, grantMemberRole, hasActiveRole } from '../members/roles.queries.js';
import { notifyMember } from '../messages/messages.service.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import * as q from './referral.queries.js';
import type { ApplicationKind } from './referral.table.js';

// Applications for a role: dealer (applyJxs), service centre (applyFuwuCenter), member shop owner
// (applyUser). Real name approved first; one pending application per kind (a unique index decides
// under races); an operator approves (granting the role) or rejects with a reason; reapply after.
// The member is told of the decision in its transaction.
// A banned member's application stays pending (a ban is lifted as easily as it is made, as their
// withdrawals stay pending too): it can be rejected, never approved while the ban lasts.

type Deps = Pick<AppDeps, 'db'>;

/** Files an application of a kind for the caller, in a country the shop knows. */
export async function applyForRole(deps: Deps, actor: Actor, kind: ApplicationKind, body: z.infer<typeof applicationBody>) {
  const me = memberIdOf(actor);
  if ((await realNameStatus(deps.db, me)) !== 'approved') throw new AppError(ResponseCode.realNameRequired);
  if (await hasActiveRole(deps.db, me, kind)) throw new AppError(ResponseCode.referralRoleHeld);
  // The country becomes the role's region on approval: only one of the shop's countries.
  await knownCountry(deps.db, body.country);
  return withTransaction(deps.db, async (tx) => {
    const row = await q.insertApplication(tx, { member_id: me, kind, fields: { ...body } as Record<string, string> });
    if (!row) throw new AppError(ResponseCode.referralApplicationPending);
    return { application_id: row.id, kind, status: 'pending' as const };
  });
}

/** getAgentInfo: the caller's roles and applications, and whether their real name is approved. */
export async function agentInfo(deps: Deps, actor: Actor): Promise<EndpointData<typeof getAgent>> {
  const me = memberIdOf(actor);
  const [roles, apps, realName] = await Promise.all([findMemberRoles(deps.db, me), q.findApplicationsOf(deps.db, me), realNameStatus(deps.db, me)]);
  return {
    roles: roles.map((r) => ({ kind: r.kind, status: r.status, since: iso(r.since), region: r.region })),
    applications: apps.map((a) => ({ id: a.id, kind: a.kind, status: a.status, reason: a.reason, created_at: iso(a.created_at), decided_at: a.decided_at ? iso(a.decided_at) : null })),
    real_name: realName === 'approved',
  };
}

/**
 * Tells the member of the decision on their application, once: a refusal with its reason, linked to
 * the application form of its kind (to apply again); an approval linked to where the role goes on (a
 * new shop owner to their shop, to set it up).
 */
async function tellOfDecision(tx: Executor, a: { id: number; member_id: number; kind: ApplicationKind; status: string; reason: string }) {
  const approved = a.status === 'approved';
  await notifyMember(tx, {
    memberId: Number(a.member_id),
    kind: `referral.application_${a.kind}_${approved ? 'approved' : 'rejected'}`,
    params: approved ? {} : { reason: a.reason },
    link: approved && a.kind === 'shop_owner' ? APP_PATHS.shop.my : `${APP_PATHS.team.applications}?kind=${a.kind}`,
    eventKey: `application:${a.id}:${a.status}`,
  });
}

/**
 * An operator decides a pending application with a reason; approval grants the role. Recorded.
 * Approving a banned (8015) or closed (7005) member's application is refused and grants nothing;
 * rejecting it is not. The member's row is locked first, so a ban made meanwhile is either seen
 * here or waits for the role to be granted.
 */
export async function decideRoleApplication(deps: Deps, actor: Actor, input: { id: number; approve: boolean; reason: string }) {
  const operator = operatorNameOf(actor);
  return withTransaction(deps.db, async (tx) => {
    const found = await q.findApplication(tx, input.id);
    if (!found) throw new AppError(ResponseCode.referralApplicationState);
    refuseOwnAccount(actor, found.member_id);
    if (input.approve) {
      const member = await lockUserForUpdate(tx, found.member_id);
      if (member?.status === 'banned') throw new AppError(ResponseCode.referralMemberBanned);
      if (member?.status !== 'active') throw new AppError(ResponseCode.memberClosed);
    }
    const decided = await q.decideApplication(tx, input.id, { status: input.approve ? 'approved' : 'rejected', reason: input.reason, decided_by: operator });
    if (!decided) throw new AppError(ResponseCode.referralApplicationState);
    if (input.approve) await grantMemberRole(tx, { member_id: decided.member_id, kind: decided.kind, granted_by: operator, region: decided.fields.country ?? '', reason: input.reason });
    await insertOperatorAction(tx, { operator, action: `application.${input.approve ? 'approve' : 'reject'}`, target_type: 'role_application', target_id: decided.id, reason: input.reason });
    await tellOfDecision(tx, decided);
    return { id: decided.id, status: decided.status };
  });
}
