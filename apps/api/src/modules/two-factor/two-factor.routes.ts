import { bindGoogleAuthenticator, checkGoogleAuthenticator, createGoogleAuthenticator } from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import { bindSecret, checkBoundCode, createSecret } from './two-factor.service.js';

/** Google Authenticator: a secret with its QR code, binding with one code, and checking codes. */
export function twoFactorRoutes(api: Api): void {
  const { db } = api.deps;
  const strict = { rateLimit: { max: 10, timeWindow: 60_000 } };
  api.handle(createGoogleAuthenticator, ({ member }) => createSecret(db, member!.userId));
  api.handle(bindGoogleAuthenticator, ({ member, body }) => bindSecret(db, member!.userId, body.code), strict);
  api.handle(
    checkGoogleAuthenticator,
    async ({ member, body }) => {
      await checkBoundCode(db, member!.userId, body.code);
      return { ok: true as const };
    },
    strict,
  );
}
