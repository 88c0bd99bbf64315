import { z } from 'zod';
import type { WebhookRejection } from '../../../../webhooks/provider.js';
import type { GatewayCreateInput, GatewayCreateResult, GatewayDefinition, GatewayInquiry, GatewayPaymentStatus, GatewayRefundInput, GatewayRefundResult, GatewayVerification, PaymentGateway, PlainResponse } from '../gateway.js';
import { GatewayError, httpClient, pem, type HttpClient } from '../sandbox-kit.js';
import { alipayApp, alipayPlatform } from '../sandbox-keys.js';
import { FakeAlipay } from './fake.js';
import { chinaTime, formFields, fromYuan, METHODS, NOTIFY_TOLERANCE_SECONDS, parseChinaTime, requestFields, signRequest, TRADE_STATUSES, verifyAnswer, verifyNotificationSign, yuan, type TradeStatus } from './protocol.js';
import { cutText } from '@shop/contract';

// Alipay: alipay.trade.wap.pay for mobile web (the browser goes to Alipay with signed fields),
// trade query, refund and close (a payment the shop ended: the cashier then refuses it), and
// trade_status_sync notifications answered `success`.

const env = z.object({
  ALIPAY_APP_ID: z.string().optional(),
  /** The application's private key (PEM, RSA2) and Alipay's public key (PEM). */
  ALIPAY_APP_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  /** The merchant's partner id (2088…): notifications must name it as seller. */
  ALIPAY_SELLER_ID: z.string().optional(),
  /** https://openapi.alipay.com/gateway.do */
  ALIPAY_GATEWAY_URL: z.string().url().optional(),
});
type Settings = z.infer<typeof env>;
type Ready = { [K in keyof Settings]-?: string };

/** A closed trade that was paid has been refunded in full: it stays a success for the payment. */
function statusOf(s: TradeStatus, paid: boolean): GatewayPaymentStatus {
  if (s === 'TRADE_SUCCESS' || s === 'TRADE_FINISHED') return 'succeeded';
  if (s === 'WAIT_BUYER_PAY') return 'pending';
  return paid ? 'succeeded' : 'canceled';
}

export class AlipayGateway implements PaymentGateway {
  readonly name = 'alipay';
  readonly methods = [{ method: 'alipay_wap' as const, currencies: ['CNY'] }];
  readonly merchantId: string;

  constructor(
    private readonly s: Ready,
    readonly sandbox: boolean,
    private readonly http: HttpClient = httpClient,
  ) {
    this.merchantId = s.ALIPAY_SELLER_ID;
  }

  private async call(method: string, biz: Record<string, unknown>): Promise<Record<string, unknown>> {
    const fields = signRequest(requestFields({ appId: this.s.ALIPAY_APP_ID, method, biz }), pem(this.s.ALIPAY_APP_PRIVATE_KEY));
    const res = await this.http({ method: 'POST', url: this.s.ALIPAY_GATEWAY_URL, headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' }, body: new URLSearchParams(fields).toString() });
    const node = res.status === 200 ? verifyAnswer(res.body, method, pem(this.s.ALIPAY_PUBLIC_KEY)) : undefined;
    if (!node) throw new GatewayError(this.name, `${method}: answer missing or not signed by Alipay (HTTP ${res.status})`);
    return node;
  }

  async create(input: GatewayCreateInput): Promise<GatewayCreateResult> {
    const biz = {
      out_trade_no: input.reference,
      total_amount: yuan(input.amountMinor, input.currency),
      subject: cutText(input.description, 256, 'utf16'),
      product_code: 'QUICK_WAP_WAY',
      quit_url: input.returnUrl,
      time_expire: chinaTime(input.expiresAt),
    };
    const fields = signRequest(requestFields({ appId: this.s.ALIPAY_APP_ID, method: METHODS.wapPay, biz, notifyUrl: input.notifyUrl, returnUrl: input.returnUrl }), pem(this.s.ALIPAY_APP_PRIVATE_KEY));
    // A page call: nothing is sent from the server, the browser takes the signed fields to Alipay.
    return { providerRef: input.reference, redirectUrl: `${this.s.ALIPAY_GATEWAY_URL}?${new URLSearchParams(fields).toString()}`, status: 'pending' };
  }

  async inquire(input: { reference: string; providerRef?: string | null }): Promise<GatewayInquiry> {
    const r = await this.call(METHODS.query, { out_trade_no: input.reference });
    if (r.code !== '10000') throw new GatewayError(this.name, `query: ${String(r.sub_code ?? r.code)}`, String(r.sub_code ?? r.code));
    const status = TRADE_STATUSES.find((s) => s === r.trade_status);
    const amount = fromYuan(r.total_amount);
    if (!status || amount === undefined || r.out_trade_no !== input.reference) throw new GatewayError(this.name, 'unreadable query answer');
    return { ...(typeof r.trade_no === 'string' && r.trade_no ? { transactionRef: r.trade_no } : {}), status: statusOf(status, typeof r.send_pay_date === 'string' && r.send_pay_date !== ''), amountMinor: amount, currency: 'CNY' };
  }

  async refund(input: GatewayRefundInput): Promise<GatewayRefundResult> {
    const r = await this.call(METHODS.refund, { out_trade_no: input.paymentReference, refund_amount: yuan(input.amountMinor, input.currency), out_request_no: input.reference, ...(input.reason ? { refund_reason: cutText(input.reason, 256, 'utf16') } : {}) });
    if (r.code === '10000') return { refundRef: input.reference, status: 'succeeded' };
    if (r.code === '20000') throw new GatewayError(this.name, 'refund: service unavailable, ask again', '20000');
    return { refundRef: input.reference, status: 'failed', reason: `${String(r.sub_code ?? r.code)}${r.sub_msg ? `: ${String(r.sub_msg)}` : ''}` };
  }

  /**
   * Closes the unpaid trade (alipay.trade.close) so its cashier takes nothing more. Resolves only
   * when Alipay closed it, or it was closed unpaid already. Throws when it was paid (that success
   * still arrives and is owed back), when Alipay has no trade under the reference yet (wap.pay opens
   * it only once the member reaches Alipay's cashier, so the signed page could still open it until
   * its time_expire), and on any other answer.
   */
  async cancel(input: { reference: string; providerRef?: string | null }): Promise<void> {
    const r = await this.call(METHODS.close, { out_trade_no: input.reference });
    if (r.code === '10000') return;
    const sub = String(r.sub_code ?? r.code);
    if (sub === 'ACQ.TRADE_STATUS_ERROR') {
      // Not waiting for the buyer any more: closed before, or paid. The trade's own state tells which.
      const now = await this.inquire({ reference: input.reference });
      if (now.status === 'canceled') return;
      throw new GatewayError(this.name, `close: the trade is ${now.status === 'succeeded' ? 'paid' : now.status}`, now.status === 'succeeded' ? 'TRADE_PAID' : sub);
    }
    throw new GatewayError(this.name, `close: ${sub}${r.sub_msg ? ` (${String(r.sub_msg)})` : ''}`, sub);
  }

  verifyNotification(rawBody: Buffer, _headers: Record<string, string | string[] | undefined>, now: Date): GatewayVerification {
    const f = formFields(rawBody.toString('utf8'));
    if (!f.sign) return { ok: false, reason: 'missing_signature' };
    if (!verifyNotificationSign(f, pem(this.s.ALIPAY_PUBLIC_KEY))) return { ok: false, reason: 'bad_signature' };
    const sentAt = parseChinaTime(f.notify_time ?? '');
    if (!sentAt) return { ok: false, reason: 'malformed' };
    if (Math.abs(now.getTime() - sentAt.getTime()) > NOTIFY_TOLERANCE_SECONDS * 1000) return { ok: false, reason: 'stale' };
    const status = TRADE_STATUSES.find((s) => s === f.trade_status);
    const amount = fromYuan(f.total_amount);
    if (!f.notify_id || !f.out_trade_no || !status || amount === undefined) return { ok: false, reason: 'malformed' };
    if (f.app_id !== this.s.ALIPAY_APP_ID || (f.seller_id && f.seller_id !== this.s.ALIPAY_SELLER_ID)) return { ok: false, reason: 'wrong_merchant' };
    const paid = Boolean(f.gmt_payment);
    // A close after a payment is a full refund, not an outcome of the payment.
    const kind = status === 'TRADE_CLOSED' && paid ? 'other' : 'payment';
    const at = parseChinaTime(f.gmt_payment ?? '') ?? sentAt;
    return {
      ok: true,
      notification: { eventId: f.notify_id, type: `trade_status_sync.${status}`, kind, reference: f.out_trade_no, ...(f.trade_no ? { transactionRef: f.trade_no } : {}), status: statusOf(status, paid), amountMinor: amount, currency: 'CNY', merchant: f.seller_id ?? this.s.ALIPAY_SELLER_ID, occurredAt: at, payload: f },
    };
  }

  answerNotification(outcome: 'accepted' | 'duplicate' | 'rejected' | 'failed', reason?: WebhookRejection): PlainResponse {
    // Exactly `success` stops Alipay's retries; anything else is delivered again later.
    if (outcome === 'accepted' || outcome === 'duplicate') return { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'success' };
    return { status: outcome === 'rejected' ? (reason === 'malformed' ? 400 : 401) : 500, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'fail' };
  }
}

export const alipayDefinition: GatewayDefinition<Settings> = {
  name: 'alipay',
  envPrefix: 'ALIPAY',
  env,
  requiredLive: ['ALIPAY_APP_ID', 'ALIPAY_APP_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY', 'ALIPAY_SELLER_ID', 'ALIPAY_GATEWAY_URL'],
  create(s, mode) {
    return new AlipayGateway(s as Ready, mode === 'sandbox');
  },
  sandbox(s, ctx) {
    return new FakeAlipay({ appId: s.ALIPAY_APP_ID!, sellerId: s.ALIPAY_SELLER_ID!, appPublicKey: alipayApp.publicKey, alipayPrivateKey: alipayPlatform.privateKey, baseUrl: ctx.sandboxUrl, ...(ctx.deliver ? { deliver: ctx.deliver } : {}) });
  },
  sandboxDefaults(ctx) {
    return { ALIPAY_APP_ID: '9021000100000000', ALIPAY_APP_PRIVATE_KEY: alipayApp.privateKey, ALIPAY_PUBLIC_KEY: alipayPlatform.publicKey, ALIPAY_SELLER_ID: '2088000000000000', ALIPAY_GATEWAY_URL: `${ctx.sandboxUrl}/gateway.do` };
  },
};
