import { adminConfirmTotp, adminMe, adminSetupPassword, adminSignIn, adminSignOut } from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import { confirmOperatorTotp, operatorProfile, setupOperatorPassword, signInOperator, signOutOperator } from './operators.service.js';

/** An operator's own session under /admin/api/: setting the password, signing in and out, who is signed in. */
export function operatorRoutes(api: Api): void {
  const { db } = api.deps;
  const strict = { rateLimit: { max: 10, timeWindow: 60_000 } };
  api.handle(adminSetupPassword, ({ body }) => setupOperatorPassword(db, body), strict);
  api.handle(adminSignIn, ({ actor, body }) => signInOperator(api.deps, actor, body), strict);
  api.handle(adminConfirmTotp, ({ actor, body }) => confirmOperatorTotp(api.deps, actor, body), strict);
  api.handle(adminSignOut, ({ actor }) => signOutOperator(db, actor));
  api.handle(adminMe, ({ actor }) => operatorProfile(db, actor));
}
