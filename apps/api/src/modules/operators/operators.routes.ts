import { adminConfirmTotp, adminMe, adminSetupPassword, adminSignIn, adminSignOut } from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import { confirmOperatorTotp, limitSignInsPerName, operatorProfile, recordSignInRateLimited, setupOperatorPassword, signInOperator, signOutOperator } from './operators.service.js';

/** An operator's own session under /admin/api/: setting the password, signing in and out, who is signed in. */
export function operatorRoutes(api: Api): void {
  const { db } = api.deps;
  const strict = { rateLimit: { max: 10, timeWindow: 60_000 } };
  api.handle(adminSetupPassword, ({ actor, body }) => setupOperatorPassword(db, actor, body), strict);
  // The sign-in: 10 a minute per address and name (an office's operators share one address), 60 per
  // address over all names (a spray of names); each limit reached is in the audit log once per window.
  api.handle(
    adminSignIn,
    async ({ actor, body }) => {
      await limitSignInsPerName(api.deps, actor.ip, body.user_name);
      return signInOperator(api.deps, actor, body);
    },
    { rateLimit: { max: 60, timeWindow: 60_000, onLimitReached: (ip) => recordSignInRateLimited(db, ip) } },
  );
  api.handle(adminConfirmTotp, ({ actor, body }) => confirmOperatorTotp(api.deps, actor, body), strict);
  api.handle(adminSignOut, ({ actor }) => signOutOperator(db, actor));
  api.handle(adminMe, ({ actor }) => operatorProfile(db, actor));
}
