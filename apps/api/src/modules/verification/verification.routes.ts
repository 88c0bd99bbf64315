import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { ResponseCode, checkCode, sendCode, sendCodeByUserName, sendCodeToAccount, sendCodeToMember, type CodePurpose, type Language } from '@shop/contract';
import { AppError, ValidationError } from '../../lib/errors.js';
import type { Api } from '../../plugins/routes.js';
import { findAccount, primaryDestination } from '../accounts/accounts.service.js';
import { findUserById, findUserByEmail, findUserByMobile } from '../members/members.queries.js';
import { checkedPhone, emailDestination, phoneDestination } from '../accounts/identity.js';
import { rawJsonRoute } from '../accounts/raw-route.js';
import { ensureCaptcha } from '../captcha/captcha.service.js';
import { accountRequestKey, codeSentAnswer, deliverCodeLater, issueCode, reserveCode, settleDeliveries, verifyCode, type Destination } from './verification.service.js';
import { listOutbox } from './verification.queries.js';

/** Codes that prove a new contact (registration, binding): sent whether or not a member already uses it. */
const NEW_CONTACT: readonly CodePurpose[] = ['register', 'bind'];

export function verificationRoutes(api: Api): void {
  const { deps } = api;
  const { db } = deps;
  const messaging = deps.providers;
  // Above the hourly per-address code limit, so that limit answers first with its own message.
  const perClient = { rateLimit: { max: 30, timeWindow: 60_000 } };

  // Codes about existing accounts are delivered after the answer (see deliverCodeLater); the shop waits for them when it stops.
  api.app.addHook('onClose', () => settleDeliveries());
  const logFailure = (e: unknown) => api.app.log.warn({ err: e }, 'a verification code could not be delivered');

  /**
   * A code about an account named by the caller. A known, open account gets its code; an unknown one
   * gets the same limits, the same stored row (a code nobody knows) and the same answer, and nothing is sent.
   */
  async function issueForAccount(req: { purpose: CodePurpose; identifier: string; key: string; to: Destination | undefined; ip: string; lang: Language; lookup: boolean }) {
    const address = req.to?.address ?? req.key;
    const reserved = await reserveCode(deps, { purpose: req.purpose, address, channel: req.to?.channel ?? (address.startsWith('+') ? 'sms' : 'email'), ip: req.ip, lookup: req.lookup });
    if (req.to) deliverCodeLater(deps, messaging, reserved, req.to, req.lang, logFailure);
    return codeSentAnswer(req.identifier);
  }

  function destinationOf(v: { email?: string; mobile_pre?: string; mobile?: string }): Destination {
    if (v.email) return { channel: 'email', address: emailDestination(v.email) };
    if (v.mobile && v.mobile_pre) {
      const p = checkedPhone(v.mobile_pre, v.mobile);
      return { channel: 'sms', address: phoneDestination(p.mobile_pre, p.mobile) };
    }
    throw new ValidationError([{ field: 'email', key: 'account.validation.destination', params: { field: 'email' } }]);
  }

  /** A code to a contact typed in the request: new contacts always get theirs, account contacts only when a member uses them. */
  async function issueToContact(purpose: CodePurpose, to: Destination, ctx: { ip: string; lang: Language }) {
    if (NEW_CONTACT.includes(purpose)) return issueCode(deps, messaging, { purpose, to, ip: ctx.ip, lang: ctx.lang });
    const phone = to.channel === 'sms' ? parsePhoneNumberFromString(to.address) : undefined;
    const owner = phone ? await findUserByMobile(db, phone.countryCallingCode, String(phone.nationalNumber)) : await findUserByEmail(db, to.address);
    const usable = owner && owner.status === 'active' ? to : undefined;
    return issueForAccount({ purpose, identifier: to.address, key: to.address, to: usable, ip: ctx.ip, lang: ctx.lang, lookup: false });
  }

  api.handle(
    sendCode,
    async ({ body, ctx }) => {
      const to = destinationOf(body);
      await ensureCaptcha(db, { ip: ctx.ip, account: body.email ?? body.mobile, token: body.captcha_token });
      return issueToContact(body.type, to, ctx);
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
      return issueToContact(body.type, to, ctx);
    },
    perClient,
  );

  api.handle(
    sendCodeByUserName,
    async ({ body, ctx }) => {
      await ensureCaptcha(db, { ip: ctx.ip, account: body.user_name, token: body.captcha_token });
      const user = await findAccount(db, body.user_name);
      const to = user && user.status === 'active' ? primaryDestination(user) : undefined;
      // The answer names what was typed, masked: the account's own e-mail would tell that it exists.
      return issueForAccount({ purpose: body.type, identifier: body.user_name, key: accountRequestKey(body.user_name), to, ip: ctx.ip, lang: ctx.lang, lookup: true });
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
