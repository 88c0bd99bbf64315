import { captchaVerifyBody, getCaptchaConfig, isCaptchaRequired } from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import { rawJsonRoute } from '../../plugins/raw-route.js';
import { CAPTCHA_CHALLENGE_PATH, CAPTCHA_VERIFY_PATH, captchaConfig, captchaRequiredFor, createChallenge, verifyChallenge } from './captcha.service.js';

export { CAPTCHA_CHALLENGE_PATH, CAPTCHA_VERIFY_PATH };

/** The slider captcha: whether it is needed, its configuration, and its own challenge/answer calls. */
export function captchaRoutes(api: Api): void {
  const { db } = api.deps;
  api.handle(isCaptchaRequired, ({ actor, query }) => captchaRequiredFor(db, actor, query));
  api.handle(getCaptchaConfig, () => captchaConfig(db));
  rawJsonRoute(api, { method: 'GET', url: CAPTCHA_CHALLENGE_PATH, rateLimit: { max: 30, timeWindow: 60_000 } }, (_input, request) => createChallenge(db, request.ctx.ip));
  rawJsonRoute(api, { method: 'POST', url: CAPTCHA_VERIFY_PATH, input: captchaVerifyBody, rateLimit: { max: 30, timeWindow: 60_000 } }, (input) => verifyChallenge(db, input));
}
