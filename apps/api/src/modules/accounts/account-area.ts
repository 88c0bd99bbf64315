import type { Api } from '../../plugins/routes.js';
import { cancellationRoutes } from '../cancellation/cancellation.routes.js';
import { captchaRoutes } from '../captcha/captcha.routes.js';
import { certificationRoutes } from '../certification/certification.routes.js';
import { twoFactorRoutes } from '../two-factor/two-factor.routes.js';
import { sealStoredTotpSecrets } from '../two-factor/totp.js';
import { uploadsRoutes } from '../uploads/uploads.routes.js';
import { verificationRoutes } from '../verification/verification.routes.js';
import { accountsRoutes } from './accounts.routes.js';

/** Every module of the account area. */
export function accountAreaRoutes(api: Api): void {
  accountsRoutes(api);
  verificationRoutes(api);
  captchaRoutes(api);
  twoFactorRoutes(api);
  certificationRoutes(api);
  cancellationRoutes(api);
  uploadsRoutes(api);

  // Authenticator secrets stored plain (before encryption) or under an older key are sealed anew at start.
  api.app.addHook('onReady', async () => {
    const { resealed, unreadable } = await sealStoredTotpSecrets(api.deps.db, api.deps.secrets);
    if (resealed) api.app.log.info(`sealed ${resealed} authenticator secret(s) under the current SECRETS_KEY`);
    if (unreadable) api.app.log.warn(`${unreadable} authenticator secret(s) open with no configured key: add the old key to SECRETS_PREVIOUS_KEYS`);
  });
  // Housekeeping (purgeStaleRows) runs hourly as a durable job: see jobs/crontab.ts.
}
