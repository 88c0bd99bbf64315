import { bindGoogleAuthenticator, checkGoogleAuthenticator, createGoogleAuthenticator } from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import { securityNotices } from '../members/security-notice.js';
import { bindSecret, checkBoundCode, createSecret } from './two-factor.service.js';

/** Google Authenticator: a secret with its QR code, binding with one code (after the step-up check), and checking codes. */
export function twoFactorRoutes(api: Api): void {
  const { db, secrets, i18n } = api.deps;
  const strict = { rateLimit: { max: 10, timeWindow: 60_000 } };
  const notices = securityNotices(api.deps.providers, i18n, (err) => api.app.log.warn({ err }, 'a security notice could not be delivered'));
  api.handle(createGoogleAuthenticator, ({ member }) => createSecret(db, secrets, member!.userId));
  api.handle(bindGoogleAuthenticator, ({ member, body, ctx }) => bindSecret({ db, secrets, notices }, { userId: member!.userId, ip: ctx.ip, lang: ctx.lang }, body), strict);
  api.handle(
    checkGoogleAuthenticator,
    async ({ member, body }) => {
      await checkBoundCode(db, secrets, member!.userId, body.code);
      return { ok: true as const };
    },
    strict,
  );
}
