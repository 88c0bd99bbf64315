import {
  adminAuditLog, adminBanMember, adminDashboard, adminDecideCancellation, adminDecideRealName, adminEndMemberSessions, adminListCancellations, adminListRealNames,
  adminMemberProfile, adminSearchMembers,
} from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import * as service from './console.service.js';

/** A decision's idempotency keys belong to the operator who sent it. */
const operatorCaller = (input: { actor: { operatorId?: number } }) => (input.actor.operatorId ? { kind: 'operator' as const, id: input.actor.operatorId } : undefined);

/** The operator console's calls: dashboard, real-name and cancellation queues, members, audit log. */
export function consoleRoutes(api: Api): void {
  const { db } = api.deps;
  api.handle(adminDashboard, ({ actor }) => service.dashboard(db, actor));
  api.handle(adminListRealNames, ({ actor, query }) => service.realNameQueue(db, actor, query));
  api.handle(adminDecideRealName, ({ actor, body }) => service.decideRealName(db, actor, body), { idempotencyCaller: operatorCaller });
  api.handle(adminListCancellations, ({ actor, query }) => service.cancellationQueue(db, actor, query));
  api.handle(adminDecideCancellation, ({ actor, body }) => service.decideCancellation(db, actor, body), { idempotencyCaller: operatorCaller });
  api.handle(adminSearchMembers, ({ actor, query }) => service.findMembers(db, actor, query));
  api.handle(adminMemberProfile, ({ actor, query }) => service.memberInfo(db, actor, query));
  api.handle(adminBanMember, ({ actor, body }) => service.banMember(db, actor, body), { idempotencyCaller: operatorCaller });
  api.handle(adminEndMemberSessions, ({ actor, body }) => service.endMemberSessions(db, actor, body), { idempotencyCaller: operatorCaller });
  api.handle(adminAuditLog, ({ actor, query }) => service.auditLog(db, actor, query));
}
