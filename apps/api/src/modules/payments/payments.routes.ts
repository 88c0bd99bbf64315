import * as c from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import * as service from './payments.service.js';
import { paymentsConsoleRoutes } from './console.routes.js';
import { sandboxRoutes } from './sandbox.routes.js';

// Money-moving calls are limited per client beyond the app's default.
const moneyLimit = { rateLimit: { max: 60, timeWindow: 60_000 } };

/** Paying orders, charity pledges and top-ups: methods and fees, the notice, payments and their state; the console's payments calls; the gateways' sandboxes outside production. */
export function paymentRoutes(api: Api): void {
  const { handle, deps } = api;
  handle(c.payOrder, ({ actor, body }) => service.startPayment(deps, actor, body), moneyLimit);
  handle(c.payInternationalOrder, ({ actor, body }) => service.startPayment(deps, actor, { ...body, order_type: 'order' }), moneyLimit);
  handle(c.createAirwallexPaymentIntent, ({ actor, body }) => service.startPayment(deps, actor, { ...body, use_balance: false, only_gateway: 'airwallex' }), moneyLimit);
  handle(c.getCheckoutPayment, ({ actor, query }) => service.paymentState(deps, actor, query));
  handle(c.getOnlinePaymentState, ({ actor, query }) => service.paymentState(deps, actor, query));
  handle(c.choosePaymentMethod, ({ actor, body }) => service.choosePayWay(deps, actor, body));
  handle(c.getPaymentMethodFee, ({ actor, query }) => service.payableMethodCost(deps, actor, query));
  handle(c.getPaymentMethodTotal, ({ actor, body }) => service.payableMethods(deps, actor, body));
  handle(c.listReferralPaymentMethods, ({ actor, query }) => service.memberPayMethods(deps, actor, query));
  handle(c.acknowledgePaymentNotice, ({ actor, body }) => service.paymentNotice(deps, actor, body));
  paymentsConsoleRoutes(api);
  sandboxRoutes(api);
}
