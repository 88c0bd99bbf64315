import { applyForCancellation, confirmCancellation, getCancellation } from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import * as service from './cancellation.service.js';

/** Closing an account by review: apply or withdraw, read the state, confirm with the e-mailed code. */
export function cancellationRoutes(api: Api): void {
  const { db } = api.deps;
  api.handle(applyForCancellation, ({ member, body }) => service.applyOrWithdraw(db, member!.userId, body));
  api.handle(getCancellation, ({ member }) => service.cancellationInfo(db, member!.userId));
  api.handle(confirmCancellation, ({ member, body }) => service.confirmCancellation(db, member!.userId, body.code), { rateLimit: { max: 10, timeWindow: 60_000 } });
}
