import { adminApprovalLimits, adminCancelApproval, adminDecideApproval, adminListApprovals, adminSetApprovalLimit } from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import * as service from './approvals.service.js';

/** A decision's idempotency keys belong to the operator who sent it. */
const operatorCaller = (input: { actor: { operatorId?: number } }) => (input.actor.operatorId ? { kind: 'operator' as const, id: input.actor.operatorId } : undefined);

/** Requests waiting for a second operator, their decisions, and the owner's thresholds and daily limits. */
export function approvalsRoutes({ handle, deps }: Api): void {
  const { db } = deps;
  handle(adminListApprovals, ({ actor, operator, query }) => service.listApprovals(db, actor, operator.role, query));
  handle(adminDecideApproval, ({ actor, operator, body }) => service.decideApproval(db, actor, operator.role, body), { idempotencyCaller: operatorCaller });
  handle(adminCancelApproval, ({ actor, operator, body }) => service.cancelApproval(db, actor, operator.role, body), { idempotencyCaller: operatorCaller });
  handle(adminApprovalLimits, ({ actor }) => service.approvalLimits(db, actor));
  handle(adminSetApprovalLimit, ({ actor, body }) => service.setApprovalLimit(db, actor, body), { idempotencyCaller: operatorCaller });
}
