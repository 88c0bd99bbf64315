import { z } from 'zod';
import { checkCode, sendCode, sendCodeByUserName, sendCodeToAccount, sendCodeToMember } from '@shop/contract';
import { rawJsonRoute } from '../../plugins/raw-route.js';
import type { Api } from '../../plugins/routes.js';
import * as service from './verification.service.js';

/** The code calls, and the development outbox. */
export function verificationRoutes(api: Api): void {
  const { db } = api.deps;
  const deps: service.CodeDeps = { ...api.deps, onDeliveryError: (err) => api.app.log.warn({ err }, 'a verification code could not be delivered') };
  // Above the hourly per-address code limit, so that limit answers first with its own message.
  const perClient = { rateLimit: { max: 30, timeWindow: 60_000 } };

  // Codes about existing accounts are delivered after the answer (see deliverCodeLater); the shop waits for them when it stops.
  api.app.addHook('onClose', () => service.settleDeliveries());

  api.handle(sendCode, ({ actor, body }) => service.sendCodeToContact(deps, actor, body), perClient);
  api.handle(sendCodeToAccount, ({ actor, body }) => service.sendCodeToAccountContact(deps, actor, body), perClient);
  api.handle(sendCodeByUserName, ({ actor, body }) => service.sendCodeToUserName(deps, actor, body), perClient);
  api.handle(sendCodeToMember, ({ actor, body }) => service.sendCodeToOwnContact(deps, actor, body), perClient);
  api.handle(checkCode, ({ actor, body }) => service.checkCodeOnly(db, actor, body), perClient);

  // What the development providers "sent", for the developer and the browser tests: never in production,
  // and in every other mode only to this machine (it lists every member's codes).
  if (api.deps.config.NODE_ENV !== 'production') {
    const input = z.object({ to: z.string().trim().max(254).optional(), limit: z.coerce.number().min(1).max(100).int().default(20) });
    rawJsonRoute(api, { method: 'GET', url: '/dev/outbox', localOnly: true, input }, (query) => service.outboxMessages(db, query));
  }
}
