import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { WebhookRejection } from '../../../../webhooks/provider.js';
import {
  fromMajorString,
  toMajorString,
  type GatewayContext,
  type GatewayCreateInput,
  type GatewayCreateResult,
  type GatewayDefinition,
  type GatewayInquiry,
  type GatewayNotification,
  type GatewayPaymentStatus,
  type GatewayRefundInput,
  type GatewayRefundResult,
  type GatewayRefundStatusInput,
  type GatewayVerification,
  type PaymentGateway,
  type PlainResponse,
} from '../gateway.js';
import { GatewayError, httpClient, type HttpClient } from '../sandbox-kit.js';
import { FakeAirwallex } from './fake.js';
import { cutText } from '@shop/contract';

// Airwallex over plain HTTP: an access token from the client id and API key, payment intents with
// decimal major units (`9.99`) and `request_id` idempotency, refunds; the member pays on Airwallex's
// hosted checkout (cards, and the Malaysian e-wallets Touch 'n Go, Boost and GrabPay). Notifications
// are signed `x-signature` = hex HMAC-SHA256(webhook secret, x-timestamp + body), timestamp in ms,
// refused past 5 minutes, and must name our account.

/** How old (or early) a notification's timestamp may be. */
export const AIRWALLEX_TOLERANCE_MS = 5 * 60_000;

const env = z.object({
  AIRWALLEX_CLIENT_ID: z.string().optional(),
  AIRWALLEX_API_KEY: z.string().optional(),
  /** The webhook's secret (Airwallex web app → Developer → Webhooks). */
  AIRWALLEX_WEBHOOK_SECRET: z.string().optional(),
  /** The account id every notification must name (`account_id`). */
  AIRWALLEX_ACCOUNT_ID: z.string().optional(),
  /** https://api.airwallex.com (or https://api-demo.airwallex.com for Airwallex's demo). */
  AIRWALLEX_API_URL: z.string().url().optional(),
  /** The checkout's environment for the browser SDK: prod or demo. */
  AIRWALLEX_ENV: z.enum(['prod', 'demo']).optional(),
});
type Settings = z.infer<typeof env>;

const STATUS: Record<string, GatewayPaymentStatus> = {
  SUCCEEDED: 'succeeded',
  CANCELLED: 'canceled',
  REQUIRES_PAYMENT_METHOD: 'pending',
  REQUIRES_CUSTOMER_ACTION: 'pending',
  REQUIRES_CAPTURE: 'pending',
  PENDING: 'pending',
};

const EVENT_STATUS: Record<string, GatewayPaymentStatus> = {
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.cancelled': 'canceled',
  'payment_intent.pending': 'pending',
  'payment_intent.requires_customer_action': 'pending',
  'payment_attempt.failed': 'failed',
  'payment_attempt.expired': 'failed',
};

/** A refund's status (RECEIVED, ACCEPTED, SETTLED, FAILED) in the shop's terms. */
/** Airwallex's error codes that refuse a refund for good (the intent unknown or not refundable, the amount past what is left, a malformed request). */
const REFUND_REFUSALS = ['resource_not_found', 'invalid_status_for_operation', 'refund_amount_exceeded', 'validation_error'];
const refundStatusOf = (status: string): GatewayRefundResult['status'] => (status === 'SETTLED' ? 'succeeded' : status === 'FAILED' ? 'failed' : 'pending');

type Intent = { id: string; status: string; amount: number; currency: string; client_secret?: string; merchant_order_id?: string; latest_payment_attempt?: { status?: string } | null };

export class AirwallexGateway implements PaymentGateway {
  readonly name = 'airwallex';
  readonly methods = [
    { method: 'card' as const, currencies: ['USD', 'MYR', 'SGD', 'CNY', 'HKD', 'JPY', 'THB', 'IDR'] },
    { method: 'tng' as const, currencies: ['MYR'] },
    { method: 'boost' as const, currencies: ['MYR'] },
    { method: 'grabpay' as const, currencies: ['MYR', 'SGD'] },
  ];
  readonly merchantId: string;
  private token?: { value: string; until: number };
  private readonly api: string;

  constructor(
    private readonly s: Required<Pick<Settings, 'AIRWALLEX_CLIENT_ID' | 'AIRWALLEX_API_KEY' | 'AIRWALLEX_WEBHOOK_SECRET' | 'AIRWALLEX_ACCOUNT_ID'>> & Settings,
    readonly sandbox: boolean,
    private readonly http: HttpClient = httpClient,
  ) {
    this.merchantId = s.AIRWALLEX_ACCOUNT_ID;
    this.api = (s.AIRWALLEX_API_URL ?? 'https://api.airwallex.com').replace(/\/+$/, '');
  }

  /** A bearer token, renewed a minute before it expires (Airwallex's last 30 minutes). */
  private async bearer(): Promise<string> {
    if (this.token && this.token.until > Date.now() + 60_000) return this.token.value;
    const res = await this.http({ method: 'POST', url: `${this.api}/api/v1/authentication/login`, headers: { 'content-type': 'application/json', 'x-client-id': this.s.AIRWALLEX_CLIENT_ID, 'x-api-key': this.s.AIRWALLEX_API_KEY }, body: '' });
    if (res.status !== 201 && res.status !== 200) throw new GatewayError(this.name, `login refused (HTTP ${res.status})`);
    const body = JSON.parse(res.body) as { token: string; expires_at: string };
    this.token = { value: body.token, until: new Date(body.expires_at).getTime() };
    return body.token;
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<T> {
    const res = await this.http({ method, url: `${this.api}${path}`, headers: { 'content-type': 'application/json', authorization: `Bearer ${await this.bearer()}` }, ...(body ? { body: JSON.stringify(body) } : {}) });
    if (res.status === 401) this.token = undefined;
    if (res.status >= 300) {
      let code: string | undefined;
      try {
        code = (JSON.parse(res.body) as { code?: string }).code;
      } catch {
        /* not JSON */
      }
      throw new GatewayError(this.name, `${method} ${path}: HTTP ${res.status}${code ? ` ${code}` : ''}`, code);
    }
    return JSON.parse(res.body) as T;
  }

  async create(input: GatewayCreateInput): Promise<GatewayCreateResult> {
    const pi = await this.call<Intent>('POST', '/api/v1/pa/payment_intents/create', {
      request_id: `create-${input.reference}`,
      // Decimal major units, as a JSON number: the conversion happens here and nowhere else.
      amount: Number(toMajorString(input.amountMinor, input.currency)),
      currency: input.currency,
      merchant_order_id: input.reference,
      descriptor: cutText(input.description, 32, 'utf16'),
      return_url: input.returnUrl,
      metadata: { reference: input.reference, method: input.method },
    });
    const env = this.s.AIRWALLEX_ENV ?? (this.sandbox ? 'demo' : 'prod');
    return {
      providerRef: pi.id,
      ...(this.sandbox ? { redirectUrl: `${this.api}/pay/${pi.id}` } : {}),
      ...(pi.client_secret ? { clientSecret: pi.client_secret } : {}),
      // The airPay page opens Airwallex's hosted checkout with these (redirectToCheckout).
      sdkParams: { intent_id: pi.id, currency: input.currency, env, methods: input.method === 'card' ? 'card' : input.method },
      status: STATUS[pi.status] ?? 'pending',
    };
  }

  async inquire(input: { reference: string; providerRef?: string | null }): Promise<GatewayInquiry> {
    if (!input.providerRef) throw new GatewayError(this.name, `payment ${input.reference} has no payment intent`);
    const pi = await this.call<Intent>('GET', `/api/v1/pa/payment_intents/${encodeURIComponent(input.providerRef)}`);
    let status = STATUS[pi.status] ?? 'pending';
    if (status === 'pending' && pi.latest_payment_attempt?.status === 'FAILED') status = 'failed';
    return { providerRef: pi.id, status, amountMinor: fromMajorString(pi.amount, pi.currency), currency: pi.currency, merchant: this.merchantId };
  }

  async refund(input: GatewayRefundInput): Promise<GatewayRefundResult> {
    let r: { id: string; status: string };
    try {
      r = await this.call<{ id: string; status: string }>('POST', '/api/v1/pa/refunds/create', {
        request_id: `refund-${input.reference}`,
        payment_intent_id: input.providerRef,
        amount: Number(toMajorString(input.amountMinor, input.currency)),
        reason: input.reason || 'requested by the shop',
        metadata: { reference: input.reference, payment: input.paymentReference },
      });
    } catch (e) {
      // Airwallex's documented refusals of a refund are final; others (5xx, 401, 429) pass.
      if (e instanceof GatewayError && e.code && REFUND_REFUSALS.includes(e.code)) return { refundRef: '', status: 'failed', reason: e.message };
      throw e;
    }
    return { refundRef: r.id, status: refundStatusOf(r.status) };
  }

  /** A refund's state: retrieved by its id, or found among the payment intent's refunds by the `request_id` it was sent under. */
  async refundStatus(input: GatewayRefundStatusInput): Promise<GatewayRefundResult | undefined> {
    type Refund = { id: string; status: string; request_id?: string; metadata?: Record<string, string> };
    let found: Refund | undefined;
    if (input.refundRef) found = await this.call<Refund>('GET', `/api/v1/pa/refunds/${encodeURIComponent(input.refundRef)}`);
    else if (input.providerRef) {
      for (let page = 0; !found; page++) {
        const list = await this.call<{ items: Refund[]; has_more: boolean }>('GET', `/api/v1/pa/refunds?payment_intent_id=${encodeURIComponent(input.providerRef)}&page_num=${page}&page_size=100`);
        found = list.items.find((r) => r.request_id === `refund-${input.reference}` || r.metadata?.reference === input.reference);
        if (!list.has_more || page >= 20) break;
      }
    }
    return found ? { refundRef: found.id, status: refundStatusOf(found.status) } : undefined;
  }

  async cancel(input: { reference: string; providerRef?: string | null }): Promise<void> {
    if (input.providerRef) await this.call('POST', `/api/v1/pa/payment_intents/${encodeURIComponent(input.providerRef)}/cancel`, { request_id: `cancel-${input.reference}`, cancellation_reason: 'Payment ended by the shop' });
  }

  verifyNotification(rawBody: Buffer, headers: Record<string, string | string[] | undefined>, now: Date): GatewayVerification {
    const ts = headers['x-timestamp'];
    const sig = headers['x-signature'];
    if (typeof ts !== 'string' || typeof sig !== 'string' || !/^\d{1,16}$/.test(ts) || !/^[0-9a-f]{64}$/i.test(sig)) return { ok: false, reason: 'missing_signature' };
    const expected = createHmac('sha256', this.s.AIRWALLEX_WEBHOOK_SECRET).update(ts).update(rawBody).digest();
    // The signature first: an unsigned body is never looked at further.
    if (!timingSafeEqual(expected, Buffer.from(sig, 'hex'))) return { ok: false, reason: 'bad_signature' };
    if (Math.abs(now.getTime() - Number(ts)) > AIRWALLEX_TOLERANCE_MS) return { ok: false, reason: 'stale' };
    let event: { id?: unknown; name?: unknown; account_id?: unknown; data?: { object?: Record<string, unknown> } };
    try {
      event = JSON.parse(rawBody.toString('utf8')) as typeof event;
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    if (typeof event.id !== 'string' || !event.id || event.id.length > 200 || typeof event.name !== 'string') return { ok: false, reason: 'malformed' };
    if (event.account_id !== this.merchantId) return { ok: false, reason: 'wrong_merchant' };
    return { ok: true, notification: notificationOf(event as { id: string; name: string; data?: { object?: Record<string, unknown> } }) };
  }

  answerNotification(outcome: 'accepted' | 'duplicate' | 'rejected' | 'failed', reason?: WebhookRejection): PlainResponse {
    if (outcome === 'rejected') return { status: reason === 'malformed' ? 400 : 401, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ error: reason }) };
    // Anything but 200 is delivered again (for three days).
    if (outcome === 'failed') return { status: 500, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ error: 'retry later' }) };
    return { status: 200, headers: { 'content-type': 'application/json' }, body: '{}' };
  }
}

function amountOf(obj: Record<string, unknown>, key: string): number | undefined {
  try {
    return typeof obj[key] === 'number' && typeof obj.currency === 'string' ? fromMajorString(obj[key], obj.currency) : undefined;
  } catch {
    return undefined;
  }
}

function notificationOf(event: { id: string; name: string; data?: { object?: Record<string, unknown> } }): GatewayNotification {
  const obj = event.data?.object ?? {};
  const base = { eventId: event.id, type: event.name, payload: event };
  if (event.name in EVENT_STATUS) {
    const attempt = event.name.startsWith('payment_attempt.');
    const succeeded = event.name === 'payment_intent.succeeded';
    return {
      ...base,
      kind: 'payment',
      reference: typeof obj.merchant_order_id === 'string' ? obj.merchant_order_id : undefined,
      providerRef: String(attempt ? obj.payment_intent_id : obj.id),
      status: EVENT_STATUS[event.name],
      amountMinor: amountOf(obj, succeeded ? 'captured_amount' : 'amount'),
      currency: typeof obj.currency === 'string' ? obj.currency : undefined,
    };
  }
  if (event.name.startsWith('refund.')) {
    const meta = (obj.metadata ?? {}) as Record<string, string>;
    return {
      ...base,
      kind: 'refund',
      refundReference: meta.reference,
      providerRef: String(obj.id),
      status: event.name === 'refund.settled' ? 'succeeded' : event.name === 'refund.failed' ? 'failed' : 'pending',
      amountMinor: amountOf(obj, 'amount'),
      currency: typeof obj.currency === 'string' ? obj.currency : undefined,
    };
  }
  return { ...base, kind: 'other' };
}

export const airwallexDefinition: GatewayDefinition<Settings> = {
  name: 'airwallex',
  envPrefix: 'AIRWALLEX',
  env,
  requiredLive: ['AIRWALLEX_CLIENT_ID', 'AIRWALLEX_API_KEY', 'AIRWALLEX_WEBHOOK_SECRET', 'AIRWALLEX_ACCOUNT_ID'],
  create(s, mode) {
    return new AirwallexGateway({ ...s, AIRWALLEX_CLIENT_ID: s.AIRWALLEX_CLIENT_ID!, AIRWALLEX_API_KEY: s.AIRWALLEX_API_KEY!, AIRWALLEX_WEBHOOK_SECRET: s.AIRWALLEX_WEBHOOK_SECRET!, AIRWALLEX_ACCOUNT_ID: s.AIRWALLEX_ACCOUNT_ID! }, mode === 'sandbox');
  },
  sandbox(s, ctx: GatewayContext) {
    return new FakeAirwallex({
      clientId: s.AIRWALLEX_CLIENT_ID!,
      apiKey: s.AIRWALLEX_API_KEY!,
      webhookSecret: s.AIRWALLEX_WEBHOOK_SECRET!,
      accountId: s.AIRWALLEX_ACCOUNT_ID!,
      baseUrl: ctx.sandboxUrl,
      webhookUrl: ctx.webhookUrl,
      ...(ctx.deliver ? { deliver: ctx.deliver } : {}),
    });
  },
  sandboxDefaults(ctx) {
    return {
      AIRWALLEX_CLIENT_ID: 'sandbox_client_0123456789',
      AIRWALLEX_API_KEY: 'sandbox_api_key_0123456789abcdef0123456789abcdef',
      AIRWALLEX_WEBHOOK_SECRET: 'whsec_airwallex_sandbox_0123456789abcdef',
      AIRWALLEX_ACCOUNT_ID: 'acct_sandbox_h5shop',
      AIRWALLEX_API_URL: ctx.sandboxUrl,
      AIRWALLEX_ENV: 'demo',
    };
  },
};
