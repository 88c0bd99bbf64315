import { MONEY_APPROVER_ROLES, type EndpointData, type OperatorRole, type adminCreateOperator, type adminOperatorSignInLink, type adminSetOperatorRole, type adminSetOperatorStatus } from '@shop/contract';
import type { Database } from '../db/database.js';
import type { Actor } from '../lib/actor.js';
import { requestApproval, withShownOnce, type Approvable } from '../modules/approvals/approvals.service.js';
import { carryOutOperatorGrant, createOperatorFromConsole as createDirectly, findOperatorView, issueSignInLinkFromConsole, prepareOperatorGrant, prepareOperatorEnable, prepareOwnerRemoval, prepareSignInLinkGrant, setOperatorRole, setOperatorStatus, type OperatorGrant } from '../modules/operators/operators-admin.service.js';

// No one person creates value alone (docs/decisions/2026-11-29-operator-grants.md): an owner who could
// make a second identity with a role that approves money would approve their own requests with it. So
// creating such an operator, or giving such a role, is a request another active owner approves; the
// other roles are created and changed at once. The command line (`npm run ops -- operator create`) stays direct.
// Nor does one owner remove the others (docs/decisions/2026-12-01-owner-removal.md): disabling or demoting
// an owner is asked of another active owner too, so that no owner is left alone to approve themself;
// and letting a disabled owner or finance operator sign in again, which would undo such a removal alone.

const approvesMoney = (role: OperatorRole) => MONEY_APPROVER_ROLES.includes(role);

/** How the approvals queue names a grant: who, and which role (or the sign-in link). */
const summaryOf = (g: OperatorGrant) => {
  if (g.action === 'create') return `${g.user_name}: ${g.role} (new operator)`;
  if (g.action === 'link') return `${g.user_name} #${g.operator_id} (${g.role}): new sign-in link`;
  if (g.action === 'disable') return `${g.user_name} #${g.operator_id} (${g.role}): disabled`;
  if (g.action === 'enable') return `${g.user_name} #${g.operator_id} (${g.role}): enabled again`;
  return `${g.user_name} #${g.operator_id}: ${g.from} → ${g.role}`;
};

/** Asked again while it waits, the same grant answers the waiting request. */
const subjectOf = (g: OperatorGrant) => {
  if (g.action === 'create') return `operator:new:${g.user_name.toLowerCase()}:${g.role}`;
  if (g.action === 'link') return `operator:${g.operator_id}:sign-in-link`;
  if (g.action === 'disable') return `operator:${g.operator_id}:disable`;
  if (g.action === 'enable') return `operator:${g.operator_id}:enable`;
  return `operator:${g.operator_id}:${g.role}`;
};

const askGrant = async (db: Database, actor: Actor, grant: OperatorGrant, reason: string) =>
  (await requestApproval(db, actor, { kind: 'operator.grant', memberId: null, currency: '', amount: null, payload: grant, summary: summaryOf(grant), subject: subjectOf(grant), reason })).request;

/** Creates an operator from the console: at once with its setup link, or, for a role that approves money, as a request another owner approves. */
export async function createOperatorFromConsole(db: Database, actor: Actor, input: { user_name: string; role: OperatorRole; reason: string }): Promise<EndpointData<typeof adminCreateOperator>> {
  if (!approvesMoney(input.role)) return { ...(await createDirectly(db, actor, input)), request: null };
  const grant = (await prepareOperatorGrant(db, actor, { user_name: input.user_name, role: input.role }))!;
  return { id: null, setup_path: null, expires_at: null, request: await askGrant(db, actor, grant, input.reason) };
}

/** Gives an operator another role from the console: at once, or, for a role that approves money or an owner demoted, as a request another owner approves. */
export async function setOperatorRoleFromConsole(db: Database, actor: Actor, input: { id: number; role: OperatorRole; reason: string }): Promise<EndpointData<typeof adminSetOperatorRole>> {
  const grant = (await prepareOwnerRemoval(db, actor, { id: input.id, role: input.role })) ?? (approvesMoney(input.role) ? await prepareOperatorGrant(db, actor, { id: input.id, role: input.role }) : null);
  if (!grant) return { ...(await setOperatorRole(db, actor, input)), request: null };
  const request = await askGrant(db, actor, grant, input.reason);
  return { operator: await findOperatorView(db, actor, input.id), sessions_ended: 0, request };
}

/** Disables or enables an operator from the console: at once, or, an active owner disabled or a disabled owner or finance operator enabled, as a request another owner approves. */
export async function setOperatorStatusFromConsole(db: Database, actor: Actor, input: { id: number; active: boolean; reason: string }): Promise<EndpointData<typeof adminSetOperatorStatus>> {
  const grant = input.active ? await prepareOperatorEnable(db, actor, input.id) : await prepareOwnerRemoval(db, actor, { id: input.id, active: false });
  if (!grant) return { ...(await setOperatorStatus(db, actor, input)), request: null };
  const request = await askGrant(db, actor, grant, input.reason);
  return { operator: await findOperatorView(db, actor, input.id), sessions_ended: 0, request };
}

/**
 * A new one-time sign-in link from the console (docs/decisions/2026-11-29-operator-sign-in-links.md):
 * the link takes the account over, so for an owner or finance operator it is a request another owner
 * approves (the link goes to that owner); for the other roles it is issued at once and shown once.
 */
export async function signInLinkFromConsole(db: Database, actor: Actor, input: { id: number; reason: string }): Promise<EndpointData<typeof adminOperatorSignInLink>> {
  const grant = await prepareSignInLinkGrant(db, actor, input.id);
  if (!grant) return { ...(await issueSignInLinkFromConsole(db, actor, input)), request: null };
  const request = await askGrant(db, actor, grant, input.reason);
  return { operator: await findOperatorView(db, actor, input.id), sessions_ended: 0, setup_path: null, expires_at: null, request };
}

/** What approving a grant carries out: the new operator's setup link goes only into the approving owner's answer. */
export const operatorGrantApprovable: Approvable<OperatorGrant> = {
  kind: 'operator.grant',
  permission: 'operators.manage',
  execute: async (tx, actor, grant, request) => {
    const done = await carryOutOperatorGrant(tx, actor, grant, request);
    return done.setupLink ? withShownOnce(done.saved, done.setupLink) : done.saved;
  },
};
