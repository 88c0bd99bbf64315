import { bindGoogleAuthenticator, checkGoogleAuthenticator, createGoogleAuthenticator } from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import { securityNotices } from '../members/security-notice.js';
import * as service from './two-factor.service.js';
import { sealStoredTotpSecrets } from './totp.js';

/** Google Authenticator: a secret with its QR code, binding with one code (after the step-up check), and checking codes. */
export function twoFactorRoutes(api: Api): void {
  const { db, secrets, i18n } = api.deps;
  const strict = { rateLimit: { max: 10, timeWindow: 60_000 } };
  const notices = securityNotices(api.deps.providers, i18n, (err) => api.app.log.warn({ err }, 'a security notice could not be delivered'));
  // Authenticator secrets stored plain (before encryption) or under an older key are sealed anew at start.
  api.app.addHook('onReady', async () => {
    const { resealed, unreadable } = await sealStoredTotpSecrets(db, secrets);
    if (resealed) api.app.log.info(`sealed ${resealed} authenticator secret(s) under the current SECRETS_KEY`);
    if (unreadable) api.app.log.warn(`${unreadable} authenticator secret(s) open with no configured key: add the old key to SECRETS_PREVIOUS_KEYS`);
  });
  api.handle(createGoogleAuthenticator, ({ actor }) => service.createSecret(api.deps, actor));
  api.handle(bindGoogleAuthenticator, ({ actor, body }) => service.bindSecret({ db, secrets, notices }, actor, body), strict);
  api.handle(checkGoogleAuthenticator, ({ actor, body }) => service.checkOwnCode(api.deps, actor, body), strict);
}
