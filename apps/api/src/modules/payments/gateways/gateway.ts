/**
 * One payment gateway behind one interface (MONEY.md).
 *
 * Inside the shop every amount is integer minor units with its ISO 4217 currency; an adapter
 * converts to and from the provider's wire format (Stripe minor units with a lower-case currency,
 * Airwallex and 2C2P decimal major units, WeChat Pay integer fen, Alipay a yuan string) at its edge
 * only, with `toMajorString` / `fromMajorString` below. Nothing outside an adapter sees a wire amount.
 *
 * A gateway is described by a `GatewayDefinition` (its environment settings, how to build the live
 * adapter, and its local sandbox) listed in `registry.ts`. The payments service calls:
 *
 * - `create`   when a member pays: our payment's `reference` is the provider's idempotency key
 *              (`Idempotency-Key`, `request_id`, `invoiceNo`, `out_trade_no`), so a retried create
 *              never makes a second charge. It answers what the browser needs next: a redirect or
 *              hosted page URL, a client secret (Stripe Payment Element), or SDK parameters.
 * - `inquire`  when the browser returns or the reconciliation job finds a payment pending too long:
 *              the provider's own answer, never the browser's, decides.
 * - `refund`   full or partial; `reference` is our refund's id (the provider's idempotency key).
 * - `verifyNotification` on the raw bytes of `POST /webhooks/<name>`, before anything is parsed for
 *              use: signature, timestamp tolerance and merchant. It answers a `GatewayNotification`
 *              naming our payment `reference`, the outcome, and the amount and currency the provider
 *              reports in minor units (the payments service compares them with the payment).
 * - `answerNotification` the exact answer the provider expects (`success`, 204, any 2xx …).
 *
 * Sandbox: `definition.sandbox(ctx)` builds a local fake of the provider (a `FakeGateway`) that
 * speaks the provider's documented protocol, keeps state, honours its idempotency, serves a hosted
 * page where a developer chooses pay / fail / cancel, and sends notifications signed as the provider
 * signs them to `ctx.webhookUrl` (with switches for duplicates, out-of-order, stale and
 * amount-mismatch deliveries). The shop mounts it at `/sandbox/<name>/…` on its own server outside
 * production only; the sandbox adapter is the live adapter pointed at that address with the fake's
 * test secrets. Production refuses to start with a gateway in sandbox mode, and in live mode
 * without its keys (`registry.ts`, `readGatewaySettings`).
 */
import { currencyExponent } from '@shop/contract';
import type { z } from 'zod';
import type { WebhookRejection } from '../../../webhooks/verification.js';

/** The states a provider reports for one payment (our state machine's names). */
export type GatewayPaymentStatus = 'pending' | 'succeeded' | 'failed' | 'canceled' | 'expired';

/** How the member pays at this gateway; a gateway names the methods it supports in `methods`. */
export type GatewayMethod =
  | 'card'
  | 'fpx'
  | 'grabpay'
  | 'tng'
  | 'boost'
  | 'promptpay'
  | 'wechat_h5'
  | 'wechat_jsapi'
  | 'alipay_wap'
  | 'ctbc_card'
  | 'ctbc_installment';

export interface GatewayCreateInput {
  /** Our payment's unique reference (e.g. `P2611231234567890`): the provider's idempotency key and order number. */
  reference: string;
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
  method: GatewayMethod;
  /** Shown to the member at the provider (order number, goods name). */
  description: string;
  /** Where the provider sends the browser back (the shop's pay-finish page); a hint only, never proof. */
  returnUrl: string;
  /** Where the provider posts its notifications: the shop's `/webhooks/<name>`. */
  notifyUrl: string;
  /** The payable's deadline: the provider should stop taking the payment by then. */
  expiresAt: Date;
  /** Extra choices of the method: FPX bank code, instalment months, WeChat openid … */
  options?: Record<string, string | number | undefined>;
  customer?: { memberId: number; email?: string; name?: string; ip?: string; userAgent?: string };
}

export interface GatewayCreateResult {
  /** The provider's id of the payment (PaymentIntent id, trade no …), kept on our payment. */
  providerRef: string;
  /** A page the browser is sent to (hosted page, 2C2P web payment URL, WeChat H5 `h5_url`, Alipay gateway URL). */
  redirectUrl?: string;
  /** Stripe's PaymentIntent client secret for the Payment Element. */
  clientSecret?: string;
  /** Parameters a browser SDK needs (WeChat JSAPI `getBrandWCPayRequest`, Airwallex Drop-in …). */
  sdkParams?: Record<string, string>;
  /** What the provider says at creation; almost always `pending`. */
  status: GatewayPaymentStatus;
}

export interface GatewayInquiry {
  /** The provider's id of the payment in the terms `create` answered it (compared with the payment's); only where the provider names it so. */
  providerRef?: string;
  /** The provider's number of the transaction, where it is not the id `create` answered (see `GatewayNotification`). */
  transactionRef?: string;
  status: GatewayPaymentStatus;
  /** As the provider reports them, converted back to minor units at the edge. */
  amountMinor: number;
  currency: string;
  /** The merchant the provider says the payment belongs to, when it says. */
  merchant?: string;
}

export interface GatewayRefundInput {
  /** Our payment's reference and the provider's id of it. */
  paymentReference: string;
  providerRef: string;
  /** Our refund's unique reference: the provider's idempotency key. */
  reference: string;
  amountMinor: number;
  currency: string;
  /** The payment's full amount (some providers want it with a partial refund). */
  paymentAmountMinor: number;
  reason?: string;
}

export interface GatewayRefundStatusInput {
  /** Our payment's reference and the provider's id of it. */
  paymentReference: string;
  providerRef: string;
  /** Our refund's reference (the idempotency key it was sent under). */
  reference: string;
  /** The provider's id of the refund, when an answer gave it. */
  refundRef?: string | null;
}

/**
 * What a provider answered about a refund. `failed` only for a refusal the provider states as final
 * (its documented error answers for the refund), with its reason; an adapter throws on a passing
 * fault (network, timeout, 5xx, rate limit), which the payments service asks again later.
 */
export interface GatewayRefundResult {
  refundRef: string;
  status: 'pending' | 'succeeded' | 'failed';
  /** The provider's reason for a failed refund (its code and message). */
  reason?: string;
}

/** A notification proven authentic, in the shop's terms. */
export interface GatewayNotification {
  /** The provider's event id (stored once per provider); when it has none, a stable id built from its fields. */
  eventId: string;
  /** The provider's event type, kept for the record (`payment_intent.succeeded` …). */
  type: string;
  kind: 'payment' | 'refund' | 'other';
  /** Our payment reference the event is about (the provider's merchant order number). */
  reference?: string;
  /**
   * For `payment`: the provider's id of the payment in the terms `create` answered it (Stripe's and
   * Airwallex's payment intent id). Set only when the event names that id: one naming another id than
   * the payment's is about another of the provider's payments and never settles ours. For `refund`:
   * the provider's id of the refund.
   */
  providerRef?: string;
  /**
   * The provider's number of the transaction that took the money where it is not the id `create`
   * answered (WeChat Pay `transaction_id`, Alipay `trade_no`, 2C2P `tranRef`, CTBC `xid`): kept with
   * the report. Those providers bind it to our reference, their unique merchant order number.
   */
  transactionRef?: string;
  /** For `payment`: the outcome it reports. For `refund`: the refund's outcome. */
  status?: GatewayPaymentStatus;
  /** For `refund`: our refund reference. */
  refundReference?: string;
  amountMinor?: number;
  currency?: string;
  merchant?: string;
  /** When the provider says the event happened (orders events; missing means now). */
  occurredAt?: Date;
  /** The provider's payload, kept in the event store. */
  payload: unknown;
}

export type GatewayVerification = { ok: true; notification: GatewayNotification } | { ok: false; reason: WebhookRejection };

/** An HTTP answer without a web framework: used for webhook answers and by the fakes. */
export interface PlainResponse {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** One gateway's adapter: the only code that knows the provider's wire format. */
export interface PaymentGateway {
  /** The name in configuration, `/webhooks/<name>`, `/sandbox/<name>` and the ledger's clearing account. */
  readonly name: string;
  /** True when pointed at the local fake. */
  readonly sandbox: boolean;
  /** The methods it takes, per currency (an operator still enables them per currency and country). */
  readonly methods: ReadonlyArray<{ method: GatewayMethod; currencies: readonly string[] }>;
  /** The merchant id notifications and inquiries must name (checked by the payments service too). */
  readonly merchantId: string;
  create(input: GatewayCreateInput): Promise<GatewayCreateResult>;
  inquire(input: { reference: string; providerRef?: string | null }): Promise<GatewayInquiry>;
  refund(input: GatewayRefundInput): Promise<GatewayRefundResult>;
  /**
   * Optional: where a refund sent before stands, asked of the provider (by its id when known, else
   * found by our `reference`); undefined when the provider has no refund under it (never received).
   * A refund left pending (its notification lost, its answer cut off) is finished by asking this.
   */
  refundStatus?(input: GatewayRefundStatusInput): Promise<GatewayRefundResult | undefined>;
  /**
   * Optional: stops the provider taking a payment the shop has ended (expired, replaced by another
   * method), best effort after the commit; a success that still arrives is owed back and flagged.
   */
  cancel?(input: { reference: string; providerRef?: string | null }): Promise<void>;
  verifyNotification(rawBody: Buffer, headers: Record<string, string | string[] | undefined>, now: Date): GatewayVerification | Promise<GatewayVerification>;
  /** `outcome` as the webhook ingress names it (`accepted`, `duplicate`, `rejected`, `failed`). */
  answerNotification(outcome: 'accepted' | 'duplicate' | 'rejected' | 'failed', reason?: WebhookRejection): PlainResponse;
}

/** A request as the fakes see it (the shop's Fastify scope or a standalone test server). */
export interface FakeRequest {
  method: string;
  /** Path after the fake's mount point, with the query string (`/v1/payment_intents?limit=1`). */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
}

/** Switches a developer or a test sets on a fake's next notifications. */
export interface FakeNotificationSwitches {
  /** Send every notification this many times (default 1). */
  duplicates?: number;
  /** Hold notifications and send them in reverse order at `flush()`. */
  outOfOrder?: boolean;
  /** Sign with a timestamp this many seconds in the past. */
  staleSeconds?: number;
  /** Report this amount (minor units) instead of the real one. */
  amountMinor?: number;
  /** Report this currency instead of the real one. */
  currency?: string;
  /** Do not send notifications at all (the inquiry path must settle). */
  silent?: boolean;
  /** Send them as about another merchant's account (signed as the gateway signs for that merchant). */
  otherMerchant?: boolean;
}

/**
 * A local stand-in of one provider: its API (as the adapter calls it), its hosted page
 * (`GET /pay/<id>` with pay / fail / cancel), and its signed notifications. Never built in production.
 */
export interface FakeGateway {
  readonly name: string;
  handle(req: FakeRequest): Promise<PlainResponse>;
  /** Settles a payment as the hosted page's buttons do, and notifies (tests call it directly). */
  decide(providerRefOrReference: string, outcome: 'pay' | 'fail' | 'cancel'): Promise<void>;
  switches: FakeNotificationSwitches;
  /** Sends notifications held by `outOfOrder` (newest first). */
  flush(): Promise<void>;
}

/** How a fake delivers a notification: by default an HTTP POST to the shop's webhook URL. */
export type NotificationDelivery = (url: string, headers: Record<string, string>, body: string) => Promise<number>;

/** What the registry hands a gateway when it builds its adapter or its fake. */
export interface GatewayContext {
  /** Where the shop is reached (PUBLIC_URL, or http://127.0.0.1:PORT): base of return and webhook URLs. */
  publicUrl: string;
  /** `<publicUrl>/sandbox/<name>`: where the fake is mounted, the sandbox adapter's API base. */
  sandboxUrl: string;
  /** `<publicUrl>/webhooks/<name>`. */
  webhookUrl: string;
  /** Overrides how fakes post notifications (tests deliver through `app.inject`). */
  deliver?: NotificationDelivery;
}

export type GatewayMode = 'off' | 'sandbox' | 'live';

/**
 * One gateway as the registry knows it. `env` is a zod object of its environment variables (all
 * optional strings, e.g. `STRIPE_SECRET_KEY`); `<NAME>_MODE` (off | sandbox | live) is read by the
 * registry: sandbox by default outside production, off in production.
 */
export interface GatewayDefinition<S extends Record<string, string | undefined> = Record<string, string | undefined>> {
  readonly name: string;
  /** The mode variable's prefix, e.g. `STRIPE` for `STRIPE_MODE`. */
  readonly envPrefix: string;
  readonly env: z.ZodType<S>;
  /** Variables live mode cannot do without (start refuses naming them). */
  readonly requiredLive: ReadonlyArray<keyof S & string>;
  /** Builds the adapter; in sandbox mode `settings` holds the fake's test secrets and API base. */
  create(settings: S, mode: Exclude<GatewayMode, 'off'>, ctx: GatewayContext): PaymentGateway;
  /** Builds the fake with the same secrets the sandbox adapter uses. */
  sandbox(settings: S, ctx: GatewayContext): FakeGateway;
  /** The settings the sandbox mode uses where the environment gives none (fixed test secrets, the fake's URL). */
  sandboxDefaults(ctx: GatewayContext): S;
}

/** `1234, 'MYR'` → `'12.34'`; `1234, 'JPY'` → `'1234'`. For providers that want decimal major units. */
export function toMajorString(amountMinor: number, currency: string): string {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) throw new Error(`not an amount in minor units: ${amountMinor}`);
  const exp = currencyExponent(currency);
  if (exp === 0) return String(amountMinor);
  const s = String(amountMinor).padStart(exp + 1, '0');
  return `${s.slice(0, -exp)}.${s.slice(-exp)}`;
}

/**
 * `'12.34'` or `12.34` (a provider's decimal major units) → `1234` for MYR. Refuses more decimals
 * than the currency has (no silent rounding), a negative or a non-number; parses the decimal text
 * exactly, never through floating point arithmetic on the value.
 */
export function fromMajorString(amount: string | number, currency: string): number {
  const text = typeof amount === 'number' ? amountNumberText(amount) : amount.trim();
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) throw new Error(`not a decimal amount: ${text}`);
  const exp = currencyExponent(currency);
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (frac.length > exp) throw new Error(`too many decimals for ${currency}: ${text}`);
  const minor = Number(m[1]) * 10 ** exp + Number(frac.padEnd(exp, '0') || '0');
  if (!Number.isSafeInteger(minor)) throw new Error(`amount out of range: ${text}`);
  return minor;
}

// A JSON number such as 9.99 prints as its shortest decimal text, which is what the provider sent.
const amountNumberText = (n: number) => (Number.isFinite(n) ? String(n) : 'NaN');
