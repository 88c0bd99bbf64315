import Stripe from 'stripe';
import { z } from 'zod';
import type { WebhookRejection } from '../../../../webhooks/provider.js';
import type {
  GatewayContext,
  GatewayCreateInput,
  GatewayCreateResult,
  GatewayDefinition,
  GatewayInquiry,
  GatewayNotification,
  GatewayPaymentStatus,
  GatewayRefundInput,
  GatewayRefundResult,
  GatewayVerification,
  PaymentGateway,
  PlainResponse,
} from '../gateway.js';
import { GatewayError, httpClient } from '../sandbox-kit.js';
import { FakeStripe } from './fake.js';

// Stripe through its official SDK: PaymentIntents for cards (the Payment Element, Apple Pay and the
// card brands it shows), FPX (Malaysian online banking, MYR) and GrabPay (MYR, SGD); refunds; events
// verified with the SDK's `Stripe-Signature` check (HMAC-SHA256 of "t.body", 300 s tolerance, any of
// several v1 during a secret rotation). Stripe's amounts are the currency's minor units, as ours are
// (JPY has none in both), with a lower-case currency code.

/** Stripe's own tolerance for a notification's timestamp. */
export const STRIPE_TOLERANCE_SECONDS = 300;

const env = z.object({
  /** `sk_live_…` (or `sk_test_…` against Stripe's test mode). */
  STRIPE_SECRET_KEY: z.string().optional(),
  /** `pk_live_…`: handed to the Stripe page for the Payment Element. */
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  /** The endpoint's signing secret `whsec_…` (Dashboard → Webhooks → /webhooks/stripe). */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Only to point the SDK elsewhere (the sandbox); Stripe's own address by default. */
  STRIPE_API_BASE: z.string().url().optional(),
  /** The shop's name on each PaymentIntent (`metadata.shop`), checked on every notification. */
  STRIPE_MERCHANT: z.string().min(1).max(60).optional(),
});
type Settings = z.infer<typeof env>;

/** FPX banks Stripe lists (codes as Stripe spells them). */
export const FPX_BANKS = [
  'affin_bank', 'agrobank', 'alliance_bank', 'ambank', 'bank_islam', 'bank_muamalat', 'bank_of_china', 'bank_rakyat', 'bsn', 'cimb', 'deutsche_bank', 'hong_leong_bank', 'hsbc', 'kfh',
  'maybank2e', 'maybank2u', 'ocbc', 'pb_enterprise', 'public_bank', 'rhb', 'standard_chartered', 'uob',
] as const;

const STATUS_OF_EVENT: Record<string, GatewayPaymentStatus> = {
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.payment_failed': 'failed',
  'payment_intent.canceled': 'canceled',
  'payment_intent.processing': 'pending',
  'payment_intent.requires_action': 'pending',
  'payment_intent.created': 'pending',
};

/** A `fetch` that reaches a sandbox mounted in this process directly (no socket), else the network. */
const sandboxFetch = (prefix: string): typeof fetch =>
  (async (input: string | URL | Request, init?: RequestInit) => {
    const u = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const url = `${u.origin}${prefix}${u.pathname}${u.search}`;
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const res = await httpClient({ method: (init?.method ?? 'GET') as 'GET' | 'POST', url, headers, body: typeof init?.body === 'string' ? init.body : undefined });
    return new Response(res.body, { status: res.status, headers: res.headers });
  }) as typeof fetch;

export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe';
  readonly methods = [
    { method: 'card' as const, currencies: ['USD', 'MYR', 'SGD', 'CNY', 'JPY', 'HKD', 'THB', 'IDR', 'TWD', 'HUF'] },
    { method: 'fpx' as const, currencies: ['MYR'] },
    { method: 'grabpay' as const, currencies: ['MYR', 'SGD'] },
  ];
  readonly merchantId: string;
  private readonly stripe: Stripe;

  constructor(
    private readonly s: Required<Pick<Settings, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET'>> & Settings,
    readonly sandbox: boolean,
  ) {
    this.merchantId = s.STRIPE_MERCHANT ?? 'h5-shop';
    const base = s.STRIPE_API_BASE ? new URL(s.STRIPE_API_BASE) : undefined;
    const prefix = base ? base.pathname.replace(/\/+$/, '') : '';
    this.stripe = new Stripe(s.STRIPE_SECRET_KEY, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(base
        ? {
            host: base.hostname,
            port: Number(base.port || (base.protocol === 'http:' ? 80 : 443)),
            protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
            // The SDK has no base path: the sandbox's mount point is put in front of each request's path.
            httpClient: Stripe.createFetchHttpClient(sandboxFetch(prefix)),
          }
        : {}),
    });
  }

  async create(input: GatewayCreateInput): Promise<GatewayCreateResult> {
    const type = input.method === 'fpx' ? 'fpx' : input.method === 'grabpay' ? 'grabpay' : 'card';
    const bank = typeof input.options?.bank === 'string' ? input.options.bank : undefined;
    if (type === 'fpx' && bank && !(FPX_BANKS as readonly string[]).includes(bank)) throw new GatewayError(this.name, `unknown FPX bank ${bank}`);
    const params: Stripe.PaymentIntentCreateParams = {
      amount: input.amountMinor,
      currency: input.currency.toLowerCase(),
      description: input.description,
      metadata: { reference: input.reference, shop: this.merchantId, return_url: input.returnUrl, ...(bank ? { bank } : {}) },
      ...(type !== 'card'
        ? {
            // Bank and wallet methods are confirmed at once and answer the page to send the browser to.
            confirm: true,
            return_url: input.returnUrl,
            payment_method_data: type === 'fpx' ? { type: 'fpx', fpx: { bank: (bank ?? 'maybank2u') as Stripe.PaymentIntentCreateParams.PaymentMethodData.Fpx.Bank } } : { type: 'grabpay' },
          }
        : // Cards (and Apple Pay) in the Payment Element; redirect methods have their own entries.
          { automatic_payment_methods: { enabled: true, allow_redirects: 'never' as const } }),
    };
    const pi = await this.stripe.paymentIntents.create(params, { idempotencyKey: `create-${input.reference}` });
    const redirect = pi.next_action?.redirect_to_url?.url ?? (this.sandbox ? `${this.s.STRIPE_API_BASE!.replace(/\/+$/, '')}/pay/${pi.id}` : undefined);
    return {
      providerRef: pi.id,
      ...(redirect ? { redirectUrl: redirect } : {}),
      ...(pi.client_secret ? { clientSecret: pi.client_secret } : {}),
      ...(this.s.STRIPE_PUBLISHABLE_KEY ? { sdkParams: { publishable_key: this.s.STRIPE_PUBLISHABLE_KEY } } : {}),
      status: statusOf(pi),
    };
  }

  async inquire(input: { reference: string; providerRef?: string | null }): Promise<GatewayInquiry> {
    if (!input.providerRef) throw new GatewayError(this.name, `payment ${input.reference} has no PaymentIntent`);
    const pi = await this.stripe.paymentIntents.retrieve(input.providerRef);
    return { providerRef: pi.id, status: statusOf(pi), amountMinor: pi.status === 'succeeded' ? pi.amount_received : pi.amount, currency: pi.currency.toUpperCase(), merchant: pi.metadata?.shop ?? '' };
  }

  async refund(input: GatewayRefundInput): Promise<GatewayRefundResult> {
    let r: Stripe.Refund;
    try {
      r = await this.stripe.refunds.create(
        { payment_intent: input.providerRef, amount: input.amountMinor, metadata: { reference: input.reference, payment: input.paymentReference } },
        { idempotencyKey: `refund-${input.reference}` },
      );
    } catch (e) {
      // Stripe's invalid_request_error (resource_missing, charge_already_refunded, amount_too_large …)
      // is its final word on this refund; anything else (network, 5xx, 429, a key still in flight) passes.
      if (e instanceof Stripe.errors.StripeInvalidRequestError) return { refundRef: '', status: 'failed', reason: `${e.code ?? 'invalid_request_error'}: ${e.message}` };
      throw e;
    }
    return { refundRef: r.id, status: r.status === 'succeeded' ? 'succeeded' : r.status === 'failed' || r.status === 'canceled' ? 'failed' : 'pending', ...(r.status === 'failed' && r.failure_reason ? { reason: r.failure_reason } : {}) };
  }

  async cancel(input: { reference: string; providerRef?: string | null }): Promise<void> {
    if (input.providerRef) await this.stripe.paymentIntents.cancel(input.providerRef, { cancellation_reason: 'abandoned' }, { idempotencyKey: `cancel-${input.reference}` });
  }

  verifyNotification(rawBody: Buffer, headers: Record<string, string | string[] | undefined>, now: Date): GatewayVerification {
    const sig = headers['stripe-signature'];
    if (typeof sig !== 'string' || !sig) return { ok: false, reason: 'missing_signature' };
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, sig, this.s.STRIPE_WEBHOOK_SECRET, STRIPE_TOLERANCE_SECONDS, undefined, Math.floor(now.getTime() / 1000));
    } catch (e) {
      // The SDK checks the signature before it parses: only a body that passed it and is not JSON is malformed
      // (the signature error's own text speaks of "JSON formatting", so its words cannot tell the two apart).
      const message = e instanceof Error ? e.message : '';
      const reason: WebhookRejection = e instanceof SyntaxError ? 'malformed' : /tolerance/i.test(message) ? 'stale' : /Unable to extract|No signatures found with expected scheme/i.test(message) ? 'missing_signature' : 'bad_signature';
      return { ok: false, reason };
    }
    // The SDK checked the timestamp against our clock: a signature from the future is as stale as one from the past.
    const t = Number(/(?:^|,)t=(\d+)/.exec(sig)?.[1]);
    if (Math.abs(now.getTime() / 1000 - t) > STRIPE_TOLERANCE_SECONDS) return { ok: false, reason: 'stale' };
    if (typeof event.id !== 'string' || typeof event.type !== 'string') return { ok: false, reason: 'malformed' };
    return { ok: true, notification: notificationOf(event) };
  }

  answerNotification(outcome: 'accepted' | 'duplicate' | 'rejected' | 'failed', reason?: WebhookRejection): PlainResponse {
    if (outcome === 'rejected') return { status: reason === 'malformed' ? 400 : 401, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ error: reason }) };
    if (outcome === 'failed') return { status: 500, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ error: 'retry later' }) };
    return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ received: true }) };
  }
}

/** A PaymentIntent's status in our terms: a declined attempt is a failure of this payment. */
function statusOf(pi: Stripe.PaymentIntent): GatewayPaymentStatus {
  if (pi.status === 'succeeded') return 'succeeded';
  if (pi.status === 'canceled') return 'canceled';
  if (pi.status === 'requires_payment_method' && pi.last_payment_error) return 'failed';
  return 'pending';
}

function notificationOf(event: Stripe.Event): GatewayNotification {
  const obj = event.data.object as unknown as Record<string, unknown> & { metadata?: Record<string, string> };
  const base = { eventId: event.id, type: event.type, occurredAt: new Date(event.created * 1000), payload: event };
  if (event.type.startsWith('payment_intent.') && STATUS_OF_EVENT[event.type]) {
    const succeeded = event.type === 'payment_intent.succeeded';
    return {
      ...base,
      kind: 'payment',
      reference: obj.metadata?.reference,
      providerRef: String(obj.id),
      status: STATUS_OF_EVENT[event.type],
      amountMinor: Number(succeeded ? obj.amount_received : obj.amount),
      currency: String(obj.currency ?? '').toUpperCase(),
      // A PaymentIntent without our shop's mark is not one this shop made (another system on the same
      // account): it names no merchant of ours, and is flagged like one naming another shop.
      merchant: obj.metadata?.shop ?? '',
    };
  }
  if (event.type.startsWith('refund.') || event.type === 'charge.refund.updated') {
    const st = String(obj.status ?? '');
    return {
      ...base,
      kind: 'refund',
      refundReference: obj.metadata?.reference,
      providerRef: String(obj.id),
      status: st === 'succeeded' ? 'succeeded' : st === 'failed' || st === 'canceled' ? 'failed' : 'pending',
      amountMinor: Number(obj.amount),
      currency: String(obj.currency ?? '').toUpperCase(),
    };
  }
  return { ...base, kind: 'other' };
}

export const stripeDefinition: GatewayDefinition<Settings> = {
  name: 'stripe',
  envPrefix: 'STRIPE',
  env,
  requiredLive: ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'],
  create(s, mode) {
    return new StripeGateway({ ...s, STRIPE_SECRET_KEY: s.STRIPE_SECRET_KEY!, STRIPE_WEBHOOK_SECRET: s.STRIPE_WEBHOOK_SECRET! }, mode === 'sandbox');
  },
  sandbox(s, ctx: GatewayContext) {
    return new FakeStripe({ secretKey: s.STRIPE_SECRET_KEY!, webhookSecret: s.STRIPE_WEBHOOK_SECRET!, baseUrl: ctx.sandboxUrl, webhookUrl: ctx.webhookUrl, ...(ctx.deliver ? { deliver: ctx.deliver } : {}) });
  },
  sandboxDefaults(ctx) {
    return {
      STRIPE_SECRET_KEY: 'sk_test_sandbox_0123456789abcdefSANDBOX',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_sandbox_0123456789abcdefSANDBOX',
      STRIPE_WEBHOOK_SECRET: 'whsec_sandbox_0123456789abcdef0123456789abcdef',
      STRIPE_API_BASE: ctx.sandboxUrl,
      STRIPE_MERCHANT: 'h5-shop',
    };
  },
};
