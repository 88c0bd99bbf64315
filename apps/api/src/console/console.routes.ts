import {
  adminAuditLog, adminBanMember, adminDashboard, adminDecideCancellation, adminDecideRealName, adminEndMemberSessions, adminExportAuditLog, adminExportCancellations,
  adminExportMembers, adminExportOrders, adminExportRealNames, adminExportRecharges, adminExportWithdrawals, adminListCancellations, adminListRealNames,
  adminMemberOrders, adminMemberProfile, adminSearchMembers, adminSettings, adminSetCaptcha, adminSetOrderTimes, adminSaveShippingFee, adminDeleteShippingFee, adminSavePointsSettings, adminSaveOperatingFee, adminSaveInternationalFreight, adminSetCurrency,
  adminLanguageTexts, adminExportLanguageTexts, adminSetLanguageText, adminListCharityCauses, adminUpdateCharityCause, adminListCharityPledges, adminExportCharityPledges, adminListOperators, adminCreateOperator, adminSetOperatorStatus, adminSetOperatorRole, adminResetOperatorTotp, adminOperatorSignInLink, adminResetMemberTotp, adminLinkOperatorMember,
} from '@shop/contract';
import { sendFile } from '../plugins/file-reply.js';
import type { Api } from '../plugins/routes.js';
import * as charity from '../modules/charity/charity-admin.service.js';
import * as operators from '../modules/operators/operators-admin.service.js';
import { securityNotices } from '../modules/members/security-notice.js';
import * as grants from './operator-grants.js';
import * as settings from './settings.js';
import * as service from './console.service.js';
import { exportList } from '../modules/operator-actions/operator-actions.service.js';
import * as lists from './list-exports.js';

/** A decision's idempotency keys belong to the operator who sent it. */
const operatorCaller = (input: { actor: { operatorId?: number } }) => (input.actor.operatorId ? { kind: 'operator' as const, id: input.actor.operatorId } : undefined);

/** The operator console's calls: dashboard, real-name and cancellation queues, members, audit log, the lists as CSV files, settings and operators. */
export function consoleRoutes(api: Api): void {
  const { db } = api.deps;
  api.handle(adminDashboard, ({ actor, operator }) => service.dashboard(db, actor, operator.role));
  api.handle(adminListRealNames, ({ actor, query }) => service.realNameQueue(db, actor, query));
  api.handle(adminDecideRealName, ({ actor, body }) => service.decideRealName(db, actor, body), { idempotencyCaller: operatorCaller });
  api.handle(adminListCancellations, ({ actor, query }) => service.cancellationQueue(db, actor, query));
  api.handle(adminDecideCancellation, ({ actor, body }) => service.decideCancellation(db, actor, body), { idempotencyCaller: operatorCaller });
  api.handle(adminSearchMembers, ({ actor, query }) => service.findMembers(db, actor, query));
  api.handle(adminMemberProfile, ({ actor, query }) => service.memberInfo(db, actor, query));
  api.handle(adminMemberOrders, ({ actor, query }) => service.memberOrders(db, actor, query));
  api.handle(adminBanMember, ({ actor, body }) => service.banMember(db, actor, body), { idempotencyCaller: operatorCaller });
  api.handle(adminEndMemberSessions, ({ actor, body }) => service.endMemberSessions(db, actor, body), { idempotencyCaller: operatorCaller });
  api.handle(adminAuditLog, ({ actor, query }) => service.auditLog(db, actor, query));

  // Every console list as a CSV file, under the list's own permission.
  const { deps } = api;
  api.handle(adminExportRealNames, async ({ actor, query, reply }) => sendFile(reply, await exportList(deps, actor, lists.realNameExport, query)));
  api.handle(adminExportCancellations, async ({ actor, query, reply }) => sendFile(reply, await exportList(deps, actor, lists.cancellationExport, query)));
  api.handle(adminExportMembers, async ({ actor, query, reply }) => sendFile(reply, await exportList(deps, actor, lists.memberExport, query)));
  api.handle(adminExportAuditLog, async ({ actor, query, reply }) => sendFile(reply, await exportList(deps, actor, lists.auditExport, query)));
  api.handle(adminExportOrders, async ({ actor, query, reply }) => sendFile(reply, await exportList(deps, actor, lists.orderExport, query)));
  api.handle(adminExportWithdrawals, async ({ actor, query, reply }) => sendFile(reply, await exportList(deps, actor, lists.withdrawalExport, query)));
  api.handle(adminExportRecharges, async ({ actor, query, reply }) => sendFile(reply, await exportList(deps, actor, lists.rechargeExport, query)));

  // Settings: each change through its area's service, with the reason in the audit log.
  api.handle(adminSettings, ({ actor }) => settings.settingsSnapshot(db, actor));
  api.handle(adminSetCaptcha, ({ actor, body }) => settings.setCaptcha(db, actor, body));
  api.handle(adminSetOrderTimes, ({ actor, body }) => settings.setOrderTimes(db, actor, body));
  api.handle(adminSaveShippingFee, ({ actor, body }) => settings.saveShippingFee(db, actor, body));
  api.handle(adminDeleteShippingFee, ({ actor, body }) => settings.deleteShippingFee(db, actor, body));
  api.handle(adminSavePointsSettings, ({ actor, body }) => settings.savePointsSettings(db, actor, body));
  api.handle(adminSaveOperatingFee, ({ actor, body }) => settings.saveOperatingFee(db, actor, body));
  api.handle(adminSaveInternationalFreight, ({ actor, body }) => settings.saveInternationalFreight(db, actor, body));
  api.handle(adminSetCurrency, ({ actor, body }) => settings.setCurrency(db, actor, body));
  api.handle(adminLanguageTexts, ({ actor, query }) => settings.languageTexts(db, actor, query));
  api.handle(adminExportLanguageTexts, async ({ actor, query, reply }) => sendFile(reply, await exportList(deps, actor, settings.languageTextsExport, query)));
  api.handle(adminSetLanguageText, ({ actor, body }) => settings.setLanguageText(deps, actor, body));

  // Operators and members' authenticators (owner only).
  api.handle(adminListOperators, ({ actor }) => operators.listOperators(db, actor));
  api.handle(adminCreateOperator, ({ actor, body }) => grants.createOperatorFromConsole(db, actor, body));
  api.handle(adminSetOperatorStatus, ({ actor, body }) => grants.setOperatorStatusFromConsole(db, actor, body));
  api.handle(adminSetOperatorRole, ({ actor, body }) => grants.setOperatorRoleFromConsole(db, actor, body));
  api.handle(adminResetOperatorTotp, ({ actor, body }) => operators.resetOperatorTotp(db, actor, body));
  api.handle(adminOperatorSignInLink, ({ actor, body }) => grants.signInLinkFromConsole(db, actor, body));
  const notices = securityNotices(api.deps.providers, api.deps.i18n, (err) => api.app.log.warn({ err }, 'a security notice could not be delivered'));
  api.handle(adminResetMemberTotp, ({ actor, body }) => operators.resetMemberTotp({ db, notices }, actor, body));
  api.handle(adminLinkOperatorMember, ({ actor, body }) => operators.linkOperatorMember(db, actor, body));

  // Charity causes and pledges (the orders page).
  api.handle(adminListCharityCauses, ({ actor }) => charity.causesForOperator(db, actor));
  api.handle(adminUpdateCharityCause, ({ actor, body }) => charity.updateCauseFromConsole(api.deps, actor, body));
  api.handle(adminListCharityPledges, ({ actor, query }) => charity.pledgesForOperator(db, actor, query));
  api.handle(adminExportCharityPledges, async ({ actor, query, reply }) => sendFile(reply, await exportList(deps, actor, charity.pledgeExport, query)));
}
