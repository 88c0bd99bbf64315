import { applyForCancellation, confirmCancellation, getCancellation } from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import * as service from './cancellation.service.js';

/** Closing an account by review: apply or withdraw, read the state, confirm with the e-mailed code. */
export function cancellationRoutes(api: Api): void {
  const { db } = api.deps;
  api.handle(applyForCancellation, ({ actor, body }) => service.applyOrWithdraw(api.deps, actor, body));
  api.handle(getCancellation, ({ actor }) => service.cancellationInfo(db, actor));
  api.handle(confirmCancellation, ({ actor, body }) => service.confirmCancellation(api.deps, actor, body), { rateLimit: { max: 10, timeWindow: 60_000 } });
}
