import { z } from 'zod';
import type { GatewayContext, GatewayCreateInput, GatewayCreateResult, GatewayDefinition, GatewayInquiry, GatewayPaymentStatus, GatewayRefundInput, GatewayRefundResult, GatewayVerification, PaymentGateway, PlainResponse } from '../gateway.js';
import { GatewayError, httpClient, pem, type HttpClient } from '../sandbox-kit.js';
import { c2p2Gateway, c2p2Merchant } from '../sandbox-keys.js';
import type { WebhookRejection } from '../../../../webhooks/provider.js';
import { Fake2c2p } from './fake.js';
import { fromXml, MAINTENANCE, openMaintenance, PATHS, paymentTokenClaims, readPaymentResult, readSignedBody, refundRequestXml, RESP, sealMaintenance, signPayload, stateOf } from './protocol.js';

// 2C2P PGW 4.3: payment token → redirect to 2C2P's page → backend notification (JWT HS256) and
// payment inquiry; refunds through the Payment Maintenance API.
// No `cancel`: 2C2P documents no way to stop an unpaid payment. Its Cancel Transaction API is marked
// "not working anymore, do not use", and the maintenance API's void (processType V) reverses an
// approved card transaction, i.e. money already taken, which the shop gives back as a refund. So a
// payment the shop ended can still be paid on a page left open until its paymentExpiry: that
// success is owed back, flagged and refunded (decision record 2026-11-23-payments).

const env = z.object({
  PAY2C2P_MERCHANT_ID: z.string().optional(),
  /** The merchant's secret key (HS256 of every request, answer and notification). */
  PAY2C2P_SECRET_KEY: z.string().optional(),
  /** PGW's address: https://sandbox-pgw.2c2p.com (2C2P's sandbox) or https://pgw.2c2p.com. */
  PAY2C2P_API_URL: z.string().url().optional(),
  /** The Payment Maintenance API's address (refunds). */
  PAY2C2P_MAINTENANCE_URL: z.string().url().optional(),
  /** PEM: the merchant's private key (signs maintenance requests) and 2C2P's public key (encrypts them, verifies answers). */
  PAY2C2P_MERCHANT_PRIVATE_KEY: z.string().optional(),
  PAY2C2P_PUBLIC_KEY: z.string().optional(),
});
type Settings = z.infer<typeof env>;


const STATUS: Record<ReturnType<typeof stateOf>, GatewayPaymentStatus> = { succeeded: 'succeeded', pending: 'pending', canceled: 'canceled', failed: 'failed', not_found: 'pending' };

/** 2C2P's paymentExpiry: "yyyy-MM-dd HH:mm:ss" (UTC here, as the merchant's account is set). */
const expiry = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);

export class TwoC2pGateway implements PaymentGateway {
  readonly name = '2c2p';
  readonly methods = [
    { method: 'card' as const, currencies: ['MYR', 'THB', 'SGD', 'USD', 'IDR', 'HKD', 'TWD', 'JPY', 'CNY'] },
    { method: 'promptpay' as const, currencies: ['THB'] },
  ];
  readonly merchantId: string;

  constructor(
    private readonly s: Required<Pick<Settings, 'PAY2C2P_MERCHANT_ID' | 'PAY2C2P_SECRET_KEY' | 'PAY2C2P_API_URL' | 'PAY2C2P_MAINTENANCE_URL'>> & Settings,
    readonly sandbox: boolean,
    private readonly http: HttpClient = httpClient,
  ) {
    this.merchantId = s.PAY2C2P_MERCHANT_ID;
  }

  private async call(url: string, claims: Record<string, unknown>): Promise<Record<string, unknown>> {
    const res = await this.http({ method: 'POST', url, headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ payload: await signPayload(claims, this.s.PAY2C2P_SECRET_KEY) }) });
    if (res.status !== 200) throw new GatewayError(this.name, `HTTP ${res.status}`);
    const v = await readSignedBody(res.body, this.s.PAY2C2P_SECRET_KEY);
    if (v.ok) return v.claims;
    // Errors raised before the merchant is known come back unsigned: their code is all we take from them.
    let unsigned: { respCode?: unknown; respDesc?: unknown } = {};
    try {
      unsigned = JSON.parse(res.body) as typeof unsigned;
    } catch {
      /* neither signed nor JSON */
    }
    throw new GatewayError(this.name, `refused: ${String(unsigned.respDesc ?? 'unsigned answer')}`, typeof unsigned.respCode === 'string' ? unsigned.respCode : undefined);
  }

  async create(input: GatewayCreateInput): Promise<GatewayCreateResult> {
    const claims = {
      ...paymentTokenClaims({
        merchantId: this.merchantId,
        invoiceNo: input.reference,
        description: input.description,
        amountMinor: input.amountMinor,
        currency: input.currency,
        frontendReturnUrl: input.returnUrl,
        backendReturnUrl: input.notifyUrl,
        paymentChannel: input.method === 'promptpay' ? ['QR'] : ['CC'],
      }),
      paymentExpiry: expiry(input.expiresAt),
    };
    const r = await this.call(`${this.s.PAY2C2P_API_URL}${PATHS.paymentToken}`, claims);
    if (r.respCode !== RESP.success || typeof r.webPaymentUrl !== 'string' || typeof r.paymentToken !== 'string') throw new GatewayError(this.name, `payment token refused: ${String(r.respDesc)}`, String(r.respCode));
    return { providerRef: r.paymentToken, redirectUrl: r.webPaymentUrl, status: 'pending' };
  }

  async inquire(input: { reference: string; providerRef?: string | null }): Promise<GatewayInquiry> {
    const r = await this.call(`${this.s.PAY2C2P_API_URL}${PATHS.paymentInquiry}`, { merchantID: this.merchantId, invoiceNo: input.reference, locale: 'en' });
    if (r.respCode === RESP.notFound) throw new GatewayError(this.name, 'payment not found', RESP.notFound);
    const result = readPaymentResult(r);
    if (!result || result.invoiceNo !== input.reference) throw new GatewayError(this.name, 'unreadable inquiry answer');
    return { ...(result.tranRef ? { transactionRef: result.tranRef } : {}), status: STATUS[stateOf(result.respCode)], amountMinor: result.amountMinor, currency: result.currency, merchant: result.merchantId };
  }

  async refund(input: GatewayRefundInput): Promise<GatewayRefundResult> {
    if (!this.s.PAY2C2P_MERCHANT_PRIVATE_KEY || !this.s.PAY2C2P_PUBLIC_KEY) throw new GatewayError(this.name, 'refunds need PAY2C2P_MERCHANT_PRIVATE_KEY and PAY2C2P_PUBLIC_KEY');
    const privateKey = pem(this.s.PAY2C2P_MERCHANT_PRIVATE_KEY);
    const publicKey = pem(this.s.PAY2C2P_PUBLIC_KEY);
    const xml = refundRequestXml({ merchantId: this.merchantId, invoiceNo: input.paymentReference, amountMinor: input.amountMinor, currency: input.currency, refundReference: input.reference });
    const res = await this.http({ method: 'POST', url: this.s.PAY2C2P_MAINTENANCE_URL, headers: { 'content-type': 'text/plain', accept: 'text/plain' }, body: await sealMaintenance(xml, privateKey, publicKey) });
    const opened = res.status === 200 ? await openMaintenance(res.body, privateKey, publicKey) : undefined;
    const r = opened === undefined ? undefined : fromXml('PaymentProcessResponse', opened);
    if (!r) throw new GatewayError(this.name, `refund answer unreadable (HTTP ${res.status})`);
    if (r.respCode !== MAINTENANCE.ok) return { refundRef: input.reference, status: 'failed', reason: `respCode ${r.respCode}` };
    return { refundRef: r.referenceNo || input.reference, status: r.status === 'RS' ? 'succeeded' : 'pending' };
  }

  async verifyNotification(rawBody: Buffer): Promise<GatewayVerification> {
    const v = await readSignedBody(rawBody, this.s.PAY2C2P_SECRET_KEY);
    if (!v.ok) return { ok: false, reason: v.reason };
    const r = readPaymentResult(v.claims);
    if (!r) return { ok: false, reason: 'malformed' };
    if (r.merchantId !== this.merchantId) return { ok: false, reason: 'wrong_merchant' };
    const at = /^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/.exec(r.transactionDateTime);
    return {
      ok: true,
      notification: {
        // One event per state a payment reaches: a redelivery of the same state is the same event.
        eventId: `${r.invoiceNo}:${r.respCode}:${r.tranRef}`,
        type: `payment.${r.respCode}`,
        kind: 'payment',
        reference: r.invoiceNo,
        ...(r.tranRef ? { transactionRef: r.tranRef } : {}),
        status: STATUS[stateOf(r.respCode)],
        amountMinor: r.amountMinor,
        currency: r.currency,
        merchant: r.merchantId,
        ...(at ? { occurredAt: new Date(`${at[1]}-${at[2]}-${at[3]}T${at[4]}:${at[5]}:${at[6]}Z`) } : {}),
        payload: v.claims,
      },
    };
  }

  answerNotification(outcome: 'accepted' | 'duplicate' | 'rejected' | 'failed', reason?: WebhookRejection): PlainResponse {
    if (outcome === 'rejected') return { status: reason === 'malformed' ? 400 : 401, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ error: reason }) };
    if (outcome === 'failed') return { status: 500, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ error: 'retry later' }) };
    return { status: 200, headers: { 'content-type': 'application/json' }, body: '{}' };
  }
}

export const twoC2pDefinition: GatewayDefinition<Settings> = {
  name: '2c2p',
  envPrefix: 'PAY2C2P',
  env,
  requiredLive: ['PAY2C2P_MERCHANT_ID', 'PAY2C2P_SECRET_KEY', 'PAY2C2P_API_URL', 'PAY2C2P_MAINTENANCE_URL', 'PAY2C2P_MERCHANT_PRIVATE_KEY', 'PAY2C2P_PUBLIC_KEY'],
  create(s, mode) {
    return new TwoC2pGateway(
      { ...s, PAY2C2P_MERCHANT_ID: s.PAY2C2P_MERCHANT_ID!, PAY2C2P_SECRET_KEY: s.PAY2C2P_SECRET_KEY!, PAY2C2P_API_URL: s.PAY2C2P_API_URL!.replace(/\/+$/, ''), PAY2C2P_MAINTENANCE_URL: s.PAY2C2P_MAINTENANCE_URL! },
      mode === 'sandbox',
    );
  },
  sandbox(s, ctx: GatewayContext) {
    return new Fake2c2p({
      merchantId: s.PAY2C2P_MERCHANT_ID!,
      secretKey: s.PAY2C2P_SECRET_KEY!,
      merchantPublicKey: c2p2Merchant.publicKey,
      gatewayPrivateKey: c2p2Gateway.privateKey,
      baseUrl: ctx.sandboxUrl,
      ...(ctx.deliver ? { deliver: ctx.deliver } : {}),
    });
  },
  sandboxDefaults(ctx) {
    return {
      PAY2C2P_MERCHANT_ID: 'JT04',
      PAY2C2P_SECRET_KEY: 'SANDBOX-2C2P-0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF',
      PAY2C2P_API_URL: ctx.sandboxUrl,
      PAY2C2P_MAINTENANCE_URL: `${ctx.sandboxUrl}${PATHS.maintenance}`,
      PAY2C2P_MERCHANT_PRIVATE_KEY: c2p2Merchant.privateKey,
      PAY2C2P_PUBLIC_KEY: c2p2Gateway.publicKey,
    };
  },
};
