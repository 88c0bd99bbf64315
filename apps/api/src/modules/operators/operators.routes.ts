import { adminConfirmTotp, adminMe, adminSetupPassword, adminSignIn, adminSignOut } from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import { confirmOperatorTotp, operatorProfile, recordSignInRateLimited, setupOperatorPassword, signInOperator, signOutOperator } from './operators.service.js';

/** An operator's own session under /admin/api/: setting the password, signing in and out, who is signed in. */
export function operatorRoutes(api: Api): void {
  const { db } = api.deps;
  const strict = { rateLimit: { max: 10, timeWindow: 60_000 } };
  api.handle(adminSetupPassword, ({ actor, body }) => setupOperatorPassword(db, actor, body), strict);
  // The sign-in's limit reached is in the audit log, once per address and window.
  api.handle(adminSignIn, ({ actor, body }) => signInOperator(api.deps, actor, body), { rateLimit: { ...strict.rateLimit, onLimitReached: (ip) => recordSignInRateLimited(db, ip) } });
  api.handle(adminConfirmTotp, ({ actor, body }) => confirmOperatorTotp(api.deps, actor, body), strict);
  api.handle(adminSignOut, ({ actor }) => signOutOperator(db, actor));
  api.handle(adminMe, ({ actor }) => operatorProfile(db, actor));
}
