import type { Permission } from '../common/endpoint.js';

export const OPERATOR_ROLES = ['owner', 'finance', 'support', 'catalogue', 'reviewer'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

const ALL: readonly Permission[] = [
  'session', 'operators.manage', 'ledger.read', 'ledger.adjust', 'rates.read', 'rates.set', 'members.read', 'members.ban',
  'realname.review', 'cancellation.review', 'withdrawals.review', 'refunds.decide', 'aftersales.read', 'aftersales.decide', 'catalogue.write', 'reviews.moderate', 'settings.write', 'orders.read', 'orders.fulfil', 'audit.read',
  'messages.broadcast', 'support.feedback', 'support.chat', 'shops.manage',
  'referral.read', 'referral.settings', 'referral.move', 'applications.review',
];

/** What each operator role may do: the one table the API checks on every operator call. */
export const ROLE_PERMISSIONS: Readonly<Record<OperatorRole, readonly Permission[]>> = {
  owner: ALL,
  finance: ['session', 'ledger.read', 'ledger.adjust', 'rates.read', 'rates.set', 'withdrawals.review', 'refunds.decide', 'aftersales.read', 'members.read', 'referral.read'],
  support: ['session', 'ledger.read', 'rates.read', 'members.read', 'members.ban', 'realname.review', 'cancellation.review', 'orders.read', 'orders.fulfil', 'support.feedback', 'support.chat', 'aftersales.read', 'aftersales.decide', 'referral.read', 'applications.review'],
  catalogue: ['session', 'catalogue.write', 'reviews.moderate'],
  reviewer: ['session', 'members.read', 'realname.review', 'reviews.moderate'],
};

/** Whether `role` grants `permission`. */
export const roleAllows = (role: OperatorRole, permission: Permission): boolean => ROLE_PERMISSIONS[role].includes(permission);
