import { createOnlinePaymentToken, query2c2pPayment } from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import * as service from './onlinepay.service.js';

/** 2C2P's payment token and the check after its page. */
export function onlinePayRoutes({ handle, deps }: Api): void {
  handle(createOnlinePaymentToken, ({ actor, body }) => service.create2c2pToken(deps, actor, body), { rateLimit: { max: 60, timeWindow: 60_000 } });
  handle(query2c2pPayment, ({ actor, query }) => service.query2c2pOrder(deps, actor, query));
}
