import { z } from 'zod';
import type { WebhookRejection } from '../../../../webhooks/provider.js';
import type { GatewayCreateInput, GatewayCreateResult, GatewayDefinition, GatewayInquiry, GatewayPaymentStatus, GatewayRefundInput, GatewayRefundResult, GatewayVerification, PaymentGateway, PlainResponse } from '../gateway.js';
import { GatewayError, httpClient, pem, type HttpAnswer, type HttpClient } from '../sandbox-kit.js';
import { wechatMerchant, wechatPlatform } from '../sandbox-keys.js';
import { FakeWechat } from './fake.js';
import { authorization, decryptResource, fen, jsapiParams, PATHS, readTransaction, rfc3339China, verifySignedHeaders, type TradeState } from './protocol.js';
import { cutText } from '@shop/contract';

// WeChat Pay API v3: H5 (a browser outside WeChat) and JSAPI (WeChat's own browser), query, close
// (a payment the shop ended: the cashier then refuses it), refunds, and TRANSACTION.SUCCESS
// notifications.

const env = z.object({
  WECHATPAY_APP_ID: z.string().optional(),
  WECHATPAY_MCH_ID: z.string().optional(),
  /** Serial number of the merchant's API certificate, and its private key (PEM). */
  WECHATPAY_MCH_SERIAL: z.string().optional(),
  WECHATPAY_MCH_PRIVATE_KEY: z.string().optional(),
  /** The APIv3 key (32 characters) that encrypts notification resources. */
  WECHATPAY_API_V3_KEY: z.string().length(32).optional(),
  /** The platform's (or the WeChat Pay public key's) serial and public key (PEM) that sign answers and notifications. */
  WECHATPAY_PLATFORM_SERIAL: z.string().optional(),
  WECHATPAY_PLATFORM_PUBLIC_KEY: z.string().optional(),
  /** https://api.mch.weixin.qq.com */
  WECHATPAY_API_URL: z.string().url().optional(),
});
type Settings = z.infer<typeof env>;
type Ready = { [K in keyof Settings]-?: string };

const STATUS: Record<TradeState, GatewayPaymentStatus> = { SUCCESS: 'succeeded', REFUND: 'succeeded', NOTPAY: 'pending', USERPAYING: 'pending', CLOSED: 'canceled', REVOKED: 'canceled', PAYERROR: 'failed' };

export class WechatGateway implements PaymentGateway {
  readonly name = 'wechat';
  readonly methods = [
    { method: 'wechat_h5' as const, currencies: ['CNY'] },
    { method: 'wechat_jsapi' as const, currencies: ['CNY'] },
  ];
  readonly merchantId: string;
  private readonly platformKeys: ReadonlyMap<string, string>;

  constructor(
    private readonly s: Ready,
    readonly sandbox: boolean,
    private readonly http: HttpClient = httpClient,
  ) {
    this.merchantId = s.WECHATPAY_MCH_ID;
    this.platformKeys = new Map([[s.WECHATPAY_PLATFORM_SERIAL, pem(s.WECHATPAY_PLATFORM_PUBLIC_KEY)]]);
  }

  /** One signed call; the answer's own signature is checked before its body is used. */
  private async call(method: 'GET' | 'POST', url: string, body?: unknown): Promise<HttpAnswer & { json?: Record<string, unknown> }> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const auth = authorization({ method, url, body: text, mchid: this.merchantId, serial: this.s.WECHATPAY_MCH_SERIAL, privateKey: pem(this.s.WECHATPAY_MCH_PRIVATE_KEY) });
    const res = await this.http({ method, url: `${this.s.WECHATPAY_API_URL}${url}`, headers: { authorization: auth, accept: 'application/json', ...(text ? { 'content-type': 'application/json' } : {}) }, ...(text ? { body: text } : {}) });
    const check = verifySignedHeaders(res.headers, res.body, this.platformKeys, new Date());
    if (!check.ok) throw new GatewayError(this.name, `answer not signed by the platform (${check.reason}, HTTP ${res.status})`);
    let json: Record<string, unknown> | undefined;
    try {
      json = res.body ? (JSON.parse(res.body) as Record<string, unknown>) : undefined;
    } catch {
      throw new GatewayError(this.name, `answer is not JSON (HTTP ${res.status})`);
    }
    return { ...res, json };
  }

  async create(input: GatewayCreateInput): Promise<GatewayCreateResult> {
    const jsapi = input.method === 'wechat_jsapi';
    // JSAPI pays as the member's openid for the official account; the sandbox, having no WeChat
    // sign-in, stands in one of its own when none is given.
    const openid = typeof input.options?.openid === 'string' ? input.options.openid : this.sandbox ? `sandbox-openid-${input.customer?.memberId ?? 0}` : undefined;
    if (jsapi && !openid) throw new GatewayError(this.name, 'JSAPI needs the payer openid');
    const body = {
      appid: this.s.WECHATPAY_APP_ID,
      mchid: this.merchantId,
      description: cutText(input.description, 127, 'utf16'),
      out_trade_no: input.reference,
      time_expire: rfc3339China(input.expiresAt),
      notify_url: input.notifyUrl,
      amount: { total: fen(input.amountMinor, input.currency), currency: 'CNY' },
      ...(jsapi ? { payer: { openid } } : { scene_info: { payer_client_ip: input.customer?.ip ?? '127.0.0.1', h5_info: { type: 'Wap' } } }),
    };
    const res = await this.call('POST', jsapi ? PATHS.jsapi : PATHS.h5, body);
    if (res.status !== 200 || !res.json) throw new GatewayError(this.name, `order refused: ${String(res.json?.message ?? res.status)}`, String(res.json?.code ?? res.status));
    if (jsapi) {
      const prepayId = String(res.json.prepay_id ?? '');
      if (!prepayId) throw new GatewayError(this.name, 'no prepay_id');
      return {
        providerRef: prepayId,
        sdkParams: jsapiParams(this.s.WECHATPAY_APP_ID, prepayId, pem(this.s.WECHATPAY_MCH_PRIVATE_KEY)),
        // Outside WeChat's browser there is no WeixinJSBridge: the sandbox offers its page instead.
        ...(this.sandbox ? { redirectUrl: `${this.s.WECHATPAY_API_URL}/pay/${prepayId}?redirect_url=${encodeURIComponent(input.returnUrl)}` } : {}),
        status: 'pending',
      };
    }
    const h5 = String(res.json.h5_url ?? '');
    if (!/^https?:\/\//.test(h5)) throw new GatewayError(this.name, 'no h5_url');
    // WeChat sends the browser back to redirect_url once the member leaves its page.
    return { providerRef: new URL(h5).searchParams.get('prepay_id') ?? input.reference, redirectUrl: `${h5}${h5.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(input.returnUrl)}`, status: 'pending' };
  }

  async inquire(input: { reference: string; providerRef?: string | null }): Promise<GatewayInquiry> {
    const res = await this.call('GET', PATHS.query(input.reference, this.merchantId));
    if (res.status !== 200) throw new GatewayError(this.name, `query refused: ${String(res.json?.message ?? res.status)}`, String(res.json?.code ?? res.status));
    const t = readTransaction(res.json);
    if (!t || t.out_trade_no !== input.reference) throw new GatewayError(this.name, 'unreadable query answer');
    return { ...(t.transaction_id ? { transactionRef: t.transaction_id } : {}), status: STATUS[t.trade_state], amountMinor: t.amount.total, currency: t.amount.currency, merchant: t.mchid };
  }

  async refund(input: GatewayRefundInput): Promise<GatewayRefundResult> {
    const res = await this.call('POST', PATHS.refund, {
      out_trade_no: input.paymentReference,
      out_refund_no: input.reference,
      ...(input.reason ? { reason: cutText(input.reason, 80, 'utf16') } : {}),
      amount: { refund: fen(input.amountMinor, input.currency), total: fen(input.paymentAmountMinor, input.currency), currency: 'CNY' },
    });
    if (res.status !== 200 || !res.json) {
      // A 5xx or 429 (FREQUENCY_LIMITED) passes; another 4xx is WeChat Pay's documented refusal of the refund.
      if (res.status >= 500 || res.status === 429) throw new GatewayError(this.name, `refund not answered (HTTP ${res.status})`);
      return { refundRef: input.reference, status: 'failed', reason: `HTTP ${res.status}${res.json?.code ? ` ${String(res.json.code)}` : ''}${res.json?.message ? `: ${String(res.json.message)}` : ''}` };
    }
    const status = res.json.status === 'SUCCESS' ? 'succeeded' : res.json.status === 'PROCESSING' ? 'pending' : 'failed';
    return { refundRef: String(res.json.refund_id ?? input.reference), status };
  }

  /**
   * Closes the unpaid order (POST …/out-trade-no/{no}/close with the mchid, answered 204) so its
   * cashier takes nothing more. WeChat answers 204 to a repeated close too, so the order's own state
   * decides: resolves only when it is closed (or revoked). Throws when it was paid (that success
   * still arrives and is owed back), is being paid (USER_PAYING), is unknown, or WeChat is away.
   */
  async cancel(input: { reference: string; providerRef?: string | null }): Promise<void> {
    const res = await this.call('POST', PATHS.close(input.reference), { mchid: this.merchantId });
    if (res.status >= 500 || res.status === 401 || res.status === 429) throw new GatewayError(this.name, `close not answered (HTTP ${res.status})`, String(res.json?.code ?? res.status));
    const now = await this.inquire({ reference: input.reference });
    if (now.status === 'canceled') return;
    throw new GatewayError(this.name, `close: the order is ${now.status === 'succeeded' ? 'paid' : now.status}${res.json?.code ? ` (${String(res.json.code)})` : ''}`, now.status === 'succeeded' ? 'ORDERPAID' : String(res.json?.code ?? res.status));
  }

  verifyNotification(rawBody: Buffer, headers: Record<string, string | string[] | undefined>, now: Date): GatewayVerification {
    const check = verifySignedHeaders(headers, rawBody, this.platformKeys, now);
    if (!check.ok) return check;
    let body: { id?: unknown; event_type?: unknown; resource?: { algorithm?: unknown; ciphertext?: unknown; nonce?: unknown; associated_data?: unknown } };
    try {
      body = JSON.parse(rawBody.toString('utf8')) as typeof body;
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    const r = body.resource;
    if (typeof body.id !== 'string' || !body.id || typeof body.event_type !== 'string' || !r || r.algorithm !== 'AEAD_AES_256_GCM' || typeof r.ciphertext !== 'string' || typeof r.nonce !== 'string') return { ok: false, reason: 'malformed' };
    const plain = decryptResource(r.ciphertext, this.s.WECHATPAY_API_V3_KEY, r.nonce, typeof r.associated_data === 'string' ? r.associated_data : '');
    // A wrong tag: not encrypted with our APIv3 key, or changed on the way.
    if (plain === undefined) return { ok: false, reason: 'bad_signature' };
    let resource: unknown;
    try {
      resource = JSON.parse(plain);
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    if (body.event_type.startsWith('REFUND.')) {
      const rf = resource as { mchid?: unknown; out_trade_no?: unknown; out_refund_no?: unknown; refund_status?: unknown; amount?: { refund?: unknown } };
      if (rf.mchid !== this.merchantId) return { ok: false, reason: 'wrong_merchant' };
      return {
        ok: true,
        notification: { eventId: body.id, type: body.event_type, kind: 'refund', reference: String(rf.out_trade_no ?? ''), refundReference: String(rf.out_refund_no ?? ''), status: rf.refund_status === 'SUCCESS' ? 'succeeded' : 'failed', amountMinor: Number(rf.amount?.refund ?? 0), currency: 'CNY', merchant: this.merchantId, payload: resource },
      };
    }
    const t = readTransaction(resource);
    if (!t) return { ok: false, reason: 'malformed' };
    if (t.mchid !== this.merchantId) return { ok: false, reason: 'wrong_merchant' };
    return {
      ok: true,
      notification: {
        eventId: body.id,
        type: body.event_type,
        kind: 'payment',
        reference: t.out_trade_no,
        ...(t.transaction_id ? { transactionRef: t.transaction_id } : {}),
        status: STATUS[t.trade_state],
        amountMinor: t.amount.total,
        currency: t.amount.currency,
        merchant: t.mchid,
        ...(t.success_time && !Number.isNaN(Date.parse(t.success_time)) ? { occurredAt: new Date(t.success_time) } : {}),
        payload: resource,
      },
    };
  }

  answerNotification(outcome: 'accepted' | 'duplicate' | 'rejected' | 'failed', reason?: WebhookRejection): PlainResponse {
    if (outcome === 'accepted' || outcome === 'duplicate') return { status: 204 };
    // WeChat retries on anything else; its documented failure body is {code, message}.
    return { status: outcome === 'rejected' ? (reason === 'malformed' ? 400 : 401) : 500, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: 'FAIL', message: outcome === 'rejected' ? (reason ?? 'rejected') : 'retry later' }) };
  }
}

export const wechatDefinition: GatewayDefinition<Settings> = {
  name: 'wechat',
  envPrefix: 'WECHATPAY',
  env,
  requiredLive: ['WECHATPAY_APP_ID', 'WECHATPAY_MCH_ID', 'WECHATPAY_MCH_SERIAL', 'WECHATPAY_MCH_PRIVATE_KEY', 'WECHATPAY_API_V3_KEY', 'WECHATPAY_PLATFORM_SERIAL', 'WECHATPAY_PLATFORM_PUBLIC_KEY', 'WECHATPAY_API_URL'],
  create(s, mode) {
    return new WechatGateway({ ...(s as Ready), WECHATPAY_API_URL: s.WECHATPAY_API_URL!.replace(/\/+$/, '') }, mode === 'sandbox');
  },
  sandbox(s, ctx) {
    return new FakeWechat({
      mchid: s.WECHATPAY_MCH_ID!,
      apiV3Key: s.WECHATPAY_API_V3_KEY!,
      merchantSerial: s.WECHATPAY_MCH_SERIAL!,
      merchantPublicKey: wechatMerchant.publicKey,
      platformSerial: s.WECHATPAY_PLATFORM_SERIAL!,
      platformPrivateKey: wechatPlatform.privateKey,
      baseUrl: ctx.sandboxUrl,
      ...(ctx.deliver ? { deliver: ctx.deliver } : {}),
    });
  },
  sandboxDefaults(ctx) {
    return {
      WECHATPAY_APP_ID: 'wxd0000000sandbox',
      WECHATPAY_MCH_ID: '1900000109',
      WECHATPAY_MCH_SERIAL: '5157F09EFDC096DE15EBE81A47057A72SANDBOX',
      WECHATPAY_MCH_PRIVATE_KEY: wechatMerchant.privateKey,
      WECHATPAY_API_V3_KEY: 'SandboxApiV3Key0123456789abcdefX',
      WECHATPAY_PLATFORM_SERIAL: 'PUB_KEY_ID_0000000000SANDBOX',
      WECHATPAY_PLATFORM_PUBLIC_KEY: wechatPlatform.publicKey,
      WECHATPAY_API_URL: ctx.sandboxUrl,
    };
  },
};
