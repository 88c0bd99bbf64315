import { ResponseCode, type EndpointBody, type EndpointData, type EndpointQuery, type createOnlinePaymentToken, type query2c2pPayment } from '@shop/contract';
import { memberIdOf, type Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import { readFrontendReturn } from './gateways/2c2p/protocol.js';
import { findMemberPaymentByReference } from './payments.queries.js';
import { paymentState, startPayment } from './payments.service.js';
import type { PaymentsDeps } from './settlement.js';

// 2C2P's two calls of the app: the payment token that opens 2C2P's page, and the check when the
// browser comes back. Both go through the payments service like every other method.

type Deps = PaymentsDeps & { i18n?: unknown };

/** `/oms/onlinepay/order/createToken`: a 2C2P payment of the payable (the open one again while it lasts). */
export async function create2c2pToken(deps: Deps, actor: Actor, input: EndpointBody<typeof createOnlinePaymentToken>): Promise<EndpointData<typeof createOnlinePaymentToken>> {
  const info = await startPayment(deps, actor, { ...input, use_balance: false, only_gateway: '2c2p' });
  const open = info.state === 'in_progress';
  const row = open ? await findMemberPaymentByReference(deps.db, memberIdOf(actor), info.payment_no) : undefined;
  return { ...info, payment_token: row?.provider_ref ?? null, web_payment_url: open ? info.redirect_url : null };
}

/**
 * `/shop/order/queryOrder2c2p`: the browser's return names an invoice (unsigned, so nothing more is
 * read from it); the payment is then answered as `getPayStateInfo` does, asking 2C2P while it is open.
 */
export async function query2c2pOrder(deps: Deps, actor: Actor, input: EndpointQuery<typeof query2c2pPayment>): Promise<EndpointData<typeof query2c2pPayment>> {
  const hint = input.paymentResponse ? readFrontendReturn(input.paymentResponse) : undefined;
  if (input.paymentResponse && !hint) throw new AppError(ResponseCode.paymentNotFound);
  if (hint && input.payment_no && hint.invoiceNo !== input.payment_no) throw new AppError(ResponseCode.paymentNotFound);
  const paymentNo = hint?.invoiceNo ?? input.payment_no;
  if (!paymentNo && !input.order_id) throw new AppError(ResponseCode.paymentNotFound);
  const info = await paymentState(deps, actor, { payment_no: paymentNo, order_id: paymentNo ? undefined : input.order_id, order_type: input.order_type });
  if (info.gateway !== '2c2p') throw new AppError(ResponseCode.paymentNotFound);
  return info;
}
