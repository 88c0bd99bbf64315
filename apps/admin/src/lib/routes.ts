import { routeOf } from '@shop/contract/common';
import type { FieldValues, Resolver } from 'react-hook-form';
import type {
  adminAuditLog, adminBanMember, adminDashboard, adminDecideCancellation, adminDecideRealName, adminEndMemberSessions, adminListCancellations, adminListRealNames, adminMe,
  adminMemberOrders, adminMemberProfile, adminSearchMembers, adminConfirmTotp, adminSetupPassword, adminSignIn, adminSignOut,
} from '@shop/contract/admin';
import type { adminAddTrackingEvent, adminCancelOrder, adminGetOrder, adminListOrders, adminShipOrder } from '@shop/contract/orders';
import type { adminApproveWithdrawal, adminConfirmRecharge, adminListRecharges, adminListWithdrawals, adminMarkWithdrawalPaid, adminRejectRecharge, adminRejectWithdrawal } from '@shop/contract/wallet';

// The console's calls as the contract declares them (types checked against the entries), without
// their zod schemas: the pages load no schema code; forms load the contract's schemas when they validate.
const op = { auth: 'operator', area: 'admin' } as const;
export const signInRoute = routeOf<typeof adminSignIn>({ method: 'POST', path: '/admin/api/auth/sign-in', auth: 'none', area: 'admin' });
export const setupPasswordRoute = routeOf<typeof adminSetupPassword>({ method: 'POST', path: '/admin/api/auth/setup-password', auth: 'none', area: 'admin' });
export const confirmTotpRoute = routeOf<typeof adminConfirmTotp>({ method: 'POST', path: '/admin/api/auth/totp/confirm', ...op });
export const signOutRoute = routeOf<typeof adminSignOut>({ method: 'POST', path: '/admin/api/auth/sign-out', ...op });
export const meRoute = routeOf<typeof adminMe>({ method: 'GET', path: '/admin/api/auth/me', ...op });
export const dashboardRoute = routeOf<typeof adminDashboard>({ method: 'GET', path: '/admin/api/dashboard', ...op });
export const realNamesRoute = routeOf<typeof adminListRealNames>({ method: 'GET', path: '/admin/api/reviews/realname', ...op });
export const decideRealNameRoute = routeOf<typeof adminDecideRealName>({ method: 'POST', path: '/admin/api/reviews/realname/decide', ...op });
export const cancellationsRoute = routeOf<typeof adminListCancellations>({ method: 'GET', path: '/admin/api/reviews/cancellation', ...op });
export const decideCancellationRoute = routeOf<typeof adminDecideCancellation>({ method: 'POST', path: '/admin/api/reviews/cancellation/decide', ...op });
export const membersRoute = routeOf<typeof adminSearchMembers>({ method: 'GET', path: '/admin/api/members/search', ...op });
export const memberRoute = routeOf<typeof adminMemberProfile>({ method: 'GET', path: '/admin/api/members/info', ...op });
export const memberOrdersRoute = routeOf<typeof adminMemberOrders>({ method: 'GET', path: '/admin/api/members/orders', ...op });
export const banRoute = routeOf<typeof adminBanMember>({ method: 'POST', path: '/admin/api/members/ban', ...op });
export const endSessionsRoute = routeOf<typeof adminEndMemberSessions>({ method: 'POST', path: '/admin/api/members/end-sessions', ...op });
export const auditRoute = routeOf<typeof adminAuditLog>({ method: 'GET', path: '/admin/api/audit', ...op });
export const ordersRoute = routeOf<typeof adminListOrders>({ method: 'GET', path: '/admin/api/orders/list', ...op });
export const orderRoute = routeOf<typeof adminGetOrder>({ method: 'GET', path: '/admin/api/orders/info', ...op });
export const shipRoute = routeOf<typeof adminShipOrder>({ method: 'POST', path: '/admin/api/orders/ship', ...op });
export const cancelOrderRoute = routeOf<typeof adminCancelOrder>({ method: 'POST', path: '/admin/api/orders/cancel', ...op });
export const trackingEventRoute = routeOf<typeof adminAddTrackingEvent>({ method: 'POST', path: '/admin/api/orders/tracking-event', ...op });
export const rechargesRoute = routeOf<typeof adminListRecharges>({ method: 'GET', path: '/admin/api/wallet/recharges', ...op });
export const confirmRechargeRoute = routeOf<typeof adminConfirmRecharge>({ method: 'POST', path: '/admin/api/wallet/recharges/confirm', ...op });
export const rejectRechargeRoute = routeOf<typeof adminRejectRecharge>({ method: 'POST', path: '/admin/api/wallet/recharges/reject', ...op });
export const withdrawalsRoute = routeOf<typeof adminListWithdrawals>({ method: 'GET', path: '/admin/api/wallet/withdrawals', ...op });
export const approveWithdrawalRoute = routeOf<typeof adminApproveWithdrawal>({ method: 'POST', path: '/admin/api/wallet/withdrawals/approve', ...op });
export const paidWithdrawalRoute = routeOf<typeof adminMarkWithdrawalPaid>({ method: 'POST', path: '/admin/api/wallet/withdrawals/paid', ...op });
export const rejectWithdrawalRoute = routeOf<typeof adminRejectWithdrawal>({ method: 'POST', path: '/admin/api/wallet/withdrawals/reject', ...op });

/** A react-hook-form resolver of a contract schema, loaded when the form first validates (not with the page). */
export function lazyZodResolver<T extends FieldValues>(load: () => Promise<unknown>): Resolver<T> {
  return async (values, context, options) => {
    const [{ zodResolver }, schema] = await Promise.all([import('@hookform/resolvers/zod'), load()]);
    return (zodResolver(schema as never) as unknown as Resolver<T>)(values, context, options);
  };
}
