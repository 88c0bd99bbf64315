import { z } from 'zod';
import { ResponseCode, checkCode, maskContact, sendCode, sendCodeByUserName, sendCodeToAccount, sendCodeToMember, type CodePurpose } from '@shop/contract';
import { AppError, ValidationError } from '../../lib/errors.js';
import type { Api } from '../../plugins/routes.js';
import { createMessaging } from '../../providers/messaging.js';
import { findAccount, primaryDestination } from '../accounts/accounts.service.js';
import { findUserById, findUserByEmail, findUserByMobile } from '../accounts/accounts.queries.js';
import { checkedPhone, emailDestination, phoneDestination } from '../accounts/identity.js';
import { rawJsonRoute } from '../accounts/raw-route.js';
import { ensureCaptcha } from '../captcha/captcha.service.js';
import { RESEND_AFTER_MS, CODE_TTL_MS, issueCode, verifyCode, type Destination } from './verification.service.js';
import { listOutbox } from './verification.queries.js';

/** Codes for a new contact must not go to one another open account already uses. */
const NEEDS_FREE_CONTACT: readonly CodePurpose[] = ['register', 'bind'];

export function verificationRoutes(api: Api): void {
  const { deps } = api;
  const { db } = deps;
  const messaging = createMessaging(deps, (line) => api.app.log.info(line));
  // Above the hourly per-address code limit, so that limit answers first with its own message.
  const perClient = { rateLimit: { max: 30, timeWindow: 60_000 } };

  function destinationOf(v: { email?: string; mobile_pre?: string; mobile?: string }): Destination {
    if (v.email) return { channel: 'email', address: emailDestination(v.email) };
    if (v.mobile && v.mobile_pre) {
      const p = checkedPhone(v.mobile_pre, v.mobile);
      return { channel: 'sms', address: phoneDestination(p.mobile_pre, p.mobile) };
    }
    throw new ValidationError([{ field: 'email', key: 'account.validation.destination', params: { field: 'email' } }]);
  }

  async function mustBeFree(purpose: CodePurpose, v: { email?: string; mobile_pre?: string; mobile?: string }) {
    if (!NEEDS_FREE_CONTACT.includes(purpose)) return;
    if (v.email && (await findUserByEmail(db, v.email))) throw new AppError(ResponseCode.emailTaken);
    if (!v.email && v.mobile && v.mobile_pre) {
      const p = checkedPhone(v.mobile_pre, v.mobile);
      if (await findUserByMobile(db, p.mobile_pre, p.mobile)) throw new AppError(ResponseCode.mobileTaken);
    }
  }

  api.handle(
    sendCode,
    async ({ body, ctx }) => {
      const to = destinationOf(body);
      await ensureCaptcha(db, { ip: ctx.ip, account: body.email ?? body.mobile, token: body.captcha_token });
      await mustBeFree(body.type, body);
      return issueCode(deps, messaging, { purpose: body.type, to, ip: ctx.ip, lang: ctx.lang });
    },
    perClient,
  );

  api.handle(
    sendCodeToAccount,
    async ({ body, ctx }) => {
      const contact = body.account.includes('@') ? { email: body.account } : { mobile_pre: body.mobile_pre, mobile: body.account };
      if (!contact.email && !body.mobile_pre) throw new ValidationError([{ field: 'mobile_pre', key: 'validation.required', params: { field: 'mobile_pre' } }]);
      const to = destinationOf(contact);
      await ensureCaptcha(db, { ip: ctx.ip, account: body.account, token: body.captcha_token });
      await mustBeFree(body.type, contact);
      return issueCode(deps, messaging, { purpose: body.type, to, ip: ctx.ip, lang: ctx.lang });
    },
    perClient,
  );

  api.handle(
    sendCodeByUserName,
    async ({ body, ctx }) => {
      await ensureCaptcha(db, { ip: ctx.ip, account: body.user_name, token: body.captcha_token });
      const user = await findAccount(db, body.user_name);
      const to = user && user.status === 'active' ? primaryDestination(user) : undefined;
      // The same answer whether or not the account exists, so the form does not reveal who is a member.
      if (!to) return { to: maskContact(body.user_name), resend_in: RESEND_AFTER_MS / 1000, expires_in: CODE_TTL_MS / 1000 };
      return issueCode(deps, messaging, { purpose: body.type, to, ip: ctx.ip, lang: ctx.lang });
    },
    perClient,
  );

  api.handle(
    sendCodeToMember,
    async ({ body, member, ctx }) => {
      const user = await findUserById(db, member!.userId);
      const to: Destination | undefined =
        body.channel === 'email'
          ? user?.email ? { channel: 'email', address: emailDestination(user.email) } : undefined
          : user?.mobile && user.mobile_pre ? { channel: 'sms', address: phoneDestination(user.mobile_pre, user.mobile) } : undefined;
      if (!to) throw new AppError(ResponseCode.noContact);
      return issueCode(deps, messaging, { purpose: body.type, to, ip: ctx.ip, lang: ctx.lang });
    },
    perClient,
  );

  api.handle(
    checkCode,
    async ({ body }) => {
      await verifyCode(db, { purpose: body.type, destination: destinationOf(body).address, code: body.code, consume: false });
      return { ok: true as const };
    },
    perClient,
  );

  // What the development providers "sent", for the developer and the browser tests; never in production,
  // and in development only to this machine: it lists every member's codes.
  if (deps.config.NODE_ENV !== 'production') {
    rawJsonRoute(api, { method: 'GET', url: '/dev/outbox', localOnly: deps.config.NODE_ENV === 'development', input: z.object({ to: z.string().trim().max(254).optional(), limit: z.coerce.number().int().min(1).max(100).default(20) }) }, async (input) => {
      const recipient = input.to ? (input.to.includes('@') ? input.to.toLowerCase() : input.to.startsWith('+') ? input.to : `+${input.to}`) : undefined;
      const rows = await listOutbox(db, recipient, input.limit);
      return rows.map((r) => ({
        id: r.id,
        channel: r.channel,
        to: r.recipient,
        subject: r.subject,
        body: r.body,
        code: /\b(\d{6})\b/.exec(r.body)?.[1] ?? null,
        created_at: new Date(r.created_at).toISOString(),
      }));
    });
  }
}
