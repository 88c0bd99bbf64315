import { captchaVerifyBody, getCaptchaConfig, isCaptchaRequired } from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import { rawJsonRoute } from '../../plugins/raw-route.js';
import { loginFailureKey } from './lockout.js';
import { captchaBypassAllowed, captchaMode, createChallenge, isCaptchaRequired as needsCaptcha, verifyChallenge } from './captcha.service.js';

export const CAPTCHA_CHALLENGE_PATH = '/captcha/challenge';
export const CAPTCHA_VERIFY_PATH = '/captcha/verify';

/** The slider captcha: whether it is needed, its configuration, and its own challenge/answer calls. */
export function captchaRoutes(api: Api): void {
  const { db } = api.deps;
  // Counted like the login counts: against the account the identifier names.
  api.handle(isCaptchaRequired, async ({ query, ctx }) => ((await needsCaptcha(db, { ip: ctx.ip, account: query.account ? await loginFailureKey(db, query.account) : undefined })) ? 1 : 0));
  api.handle(getCaptchaConfig, async () => ({
    mode: await captchaMode(db),
    bypass_allowed: await captchaBypassAllowed(db),
    timeout_ms: 10_000,
    challenge_path: CAPTCHA_CHALLENGE_PATH,
    verify_path: CAPTCHA_VERIFY_PATH,
  }));
  rawJsonRoute(api, { method: 'GET', url: CAPTCHA_CHALLENGE_PATH, rateLimit: { max: 30, timeWindow: 60_000 } }, async (_input, request, reply) => {
    reply.header('cache-control', 'no-store');
    return createChallenge(db, request.ctx.ip);
  });
  rawJsonRoute(api, { method: 'POST', url: CAPTCHA_VERIFY_PATH, input: captchaVerifyBody, rateLimit: { max: 30, timeWindow: 60_000 } }, (input) =>
    verifyChallenge(db, input),
  );
}
