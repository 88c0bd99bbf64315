import { createHash, createHmac } from 'node:crypto';
import { currencyExponent } from '@shop/contract';
import type { FakeGateway, FakeNotificationSwitches, FakeRequest, NotificationDelivery, PlainResponse } from '../gateway.js';
import { header, httpDelivery, jsonResponse, notFound, Notifier, randomHex, redirect, registerLocalFake, sandboxPage, shownAmount, splitUrl, switchesFromForm, withParams, type PageSwitches } from '../sandbox-kit.js';

/** Another Stripe account's endpoint secret: its events are signed with it, not with the shop's. */
const OTHER_ACCOUNT_SECRET = 'whsec_another_account_0123456789abcdef';

// A local Stripe for development and tests: the parts of the REST API the adapter uses (PaymentIntents,
// their cancellation, refunds), form-encoded requests with `Authorization: Bearer <secret key>`, the
// `Idempotency-Key` header honoured as Stripe does (same key and body: the saved answer; another
// body: an idempotency error), a hosted page standing in for the card form, FPX bank and GrabPay
// pages, and events signed `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`.

interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  payment_method_types: string[];
  created: number;
  livemode: false;
  last_payment_error: { code: string; message: string } | null;
  cancellation_reason: string | null;
  next_action: { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string } } | null;
  return_url: string | null;
  refunded: number;
}

interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  metadata: Record<string, string>;
  created: number;
}

export interface FakeStripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where the fake is mounted (its hosted page's links). */
  baseUrl: string;
  /** The shop's `/webhooks/stripe`. */
  webhookUrl: string;
  deliver?: NotificationDelivery;
  now?: () => Date;
}

/** Reads Stripe's form encoding (`metadata[reference]=…`, `payment_method_types[0]=card`) into nested values. */
export function parseStripeForm(raw: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> = out;
    parts.forEach((p, i) => {
      if (i === parts.length - 1) node[p] = value;
      else node = (node[p] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

const pageSwitches = (pi: Intent): PageSwitches => ({ amountMinor: pi.amount, currency: pi.currency.toUpperCase() });
const list = (v: unknown): string[] => (v && typeof v === 'object' ? Object.values(v as Record<string, string>) : typeof v === 'string' ? [v] : []);
const error = (status: number, type: string, message: string, extra: Record<string, unknown> = {}) => jsonResponse({ error: { type, message, ...extra } }, status);

export class FakeStripe implements FakeGateway {
  readonly name = 'stripe';
  readonly intents = new Map<string, Intent>();
  readonly refunds = new Map<string, Refund>();
  private readonly idempotency = new Map<string, { hash: string; response: PlainResponse }>();
  /** Keys of requests still being worked on (their events are on their way). */
  private readonly inFlight = new Set<string>();
  switches: FakeNotificationSwitches = {};
  readonly notifier: Notifier;
  /** Every request the adapter made, for tests (method and path). */
  readonly calls: string[] = [];
  /** While true, the API answers as Stripe does in an outage: HTTP 500 `api_error` (a passing fault, never stored under an idempotency key). */
  outage = false;

  constructor(private readonly o: FakeStripeOptions) {
    this.notifier = new Notifier(o.deliver ?? httpDelivery);
    registerLocalFake(o.baseUrl, this);
  }

  private now = () => (this.o.now ? this.o.now() : new Date());
  private unix = () => Math.floor(this.now().getTime() / 1000);
  private base = () => this.o.baseUrl.replace(/\/+$/, '');

  async handle(req: FakeRequest): Promise<PlainResponse> {
    const { path } = splitUrl(req);
    const raw = req.rawBody.toString('utf8');
    const page = /^\/pay\/(pi_\w+)$/.exec(path);
    if (page && req.method === 'GET') return this.page(page[1]!);
    if (page && req.method === 'POST') return this.choose(page[1]!, new URLSearchParams(raw));
    if (!path.startsWith('/v1/')) return notFound('page');
    this.calls.push(`${req.method} ${path}`);
    if (this.outage) return error(500, 'api_error', 'An unknown error occurred on our servers.');
    if (header(req.headers, 'authorization') !== `Bearer ${this.o.secretKey}`) {
      return error(401, 'invalid_request_error', 'Invalid API Key provided.');
    }
    // Stripe keeps the first answer of a key for 24 hours and compares the parameters of a repeat.
    const key = req.method === 'POST' ? header(req.headers, 'idempotency-key') : undefined;
    const hash = createHash('sha256').update(`${path}\n${raw}`).digest('hex');
    if (key) {
      const seen = this.idempotency.get(key);
      if (seen && seen.hash !== hash) return error(400, 'idempotency_error', 'Keys for idempotent requests can only be used with the same parameters they were first used with.');
      if (seen) return { ...seen.response, headers: { ...seen.response.headers, 'idempotent-replayed': 'true' } };
      // As Stripe does: a repeat while the first request is still being worked on is refused (409), never worked twice.
      if (this.inFlight.has(key)) return error(409, 'idempotency_error', 'There is currently another in-progress request using this Idempotent Key. Please try again later.');
      this.inFlight.add(key);
    }
    try {
      const response = await this.route(req.method, path, parseStripeForm(raw));
      if (key && response.status < 500) this.idempotency.set(key, { hash, response });
      return response;
    } finally {
      if (key) this.inFlight.delete(key);
    }
  }

  private async route(method: string, path: string, body: Record<string, unknown>): Promise<PlainResponse> {
    if (method === 'POST' && path === '/v1/payment_intents') return this.createIntent(body);
    const one = /^\/v1\/payment_intents\/(pi_\w+)(\/cancel)?$/.exec(path);
    if (one) {
      const pi = this.intents.get(one[1]!);
      if (!pi) return error(404, 'invalid_request_error', `No such payment_intent: '${one[1]}'`, { code: 'resource_missing' });
      if (method === 'GET' && !one[2]) return jsonResponse(pi);
      if (method === 'POST' && one[2]) {
        if (pi.status === 'succeeded' || pi.status === 'canceled') return error(400, 'invalid_request_error', `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`, { code: 'payment_intent_unexpected_state' });
        pi.status = 'canceled';
        pi.cancellation_reason = String(body.cancellation_reason ?? 'requested_by_customer');
        await this.emit('payment_intent.canceled', pi);
        return jsonResponse(pi);
      }
    }
    if (method === 'POST' && path === '/v1/refunds') return this.createRefund(body);
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  private createIntent(body: Record<string, unknown>): PlainResponse {
    const amount = Number(body.amount);
    const currency = String(body.currency ?? '');
    if (!/^\d+$/.test(String(body.amount ?? '')) || amount < 1) return error(400, 'invalid_request_error', 'Invalid integer: amount', { param: 'amount' });
    if (!/^[a-z]{3}$/.test(currency)) return error(400, 'invalid_request_error', 'Invalid currency', { param: 'currency' });
    // The methods: named, or given with the confirmation's payment method data, or the Payment Element's cards.
    const types = list(body.payment_method_types);
    const data = body.payment_method_data as { type?: string; fpx?: { bank?: string } } | undefined;
    const methods = types.length ? types : data?.type ? [data.type] : ['card'];
    const metadata = { ...((body.metadata as Record<string, string> | undefined) ?? {}) };
    if (data?.type === 'fpx' && data.fpx?.bank) metadata.bank ??= data.fpx.bank;
    if (methods.includes('fpx') && currency !== 'myr') return error(400, 'invalid_request_error', 'The currency provided (' + currency + ') is invalid. Payments with fpx support the following currencies: myr.');
    const id = `pi_${randomHex(12)}`;
    const pi: Intent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomHex(12)}`,
      description: typeof body.description === 'string' ? body.description : null,
      metadata,
      payment_method_types: methods,
      created: this.unix(),
      livemode: false,
      last_payment_error: null,
      cancellation_reason: null,
      next_action: null,
      return_url: typeof body.return_url === 'string' ? body.return_url : null,
      refunded: 0,
    };
    // Bank and wallet methods confirmed at creation go to their page; cards wait for the Payment Element.
    if (body.confirm === 'true' && pi.return_url) {
      pi.status = 'requires_action';
      pi.next_action = { type: 'redirect_to_url', redirect_to_url: { url: `${this.base()}/pay/${id}`, return_url: pi.return_url } };
    }
    this.intents.set(id, pi);
    return jsonResponse(pi);
  }

  private async createRefund(body: Record<string, unknown>): Promise<PlainResponse> {
    const pi = this.intents.get(String(body.payment_intent ?? ''));
    if (!pi) return error(404, 'invalid_request_error', `No such payment_intent: '${String(body.payment_intent)}'`, { code: 'resource_missing' });
    if (pi.status !== 'succeeded') return error(400, 'invalid_request_error', `This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, { code: 'charge_not_refundable' });
    if (pi.refunded >= pi.amount_received) return error(400, 'invalid_request_error', `Charge for PaymentIntent ${pi.id} has already been refunded.`, { code: 'charge_already_refunded' });
    const amount = body.amount === undefined ? pi.amount_received - pi.refunded : Number(body.amount);
    if (!Number.isSafeInteger(amount) || amount < 1 || amount > pi.amount_received - pi.refunded) {
      return error(400, 'invalid_request_error', `Refund amount (${amount}) is greater than unrefunded amount on charge.`, { code: 'amount_too_large' });
    }
    pi.refunded += amount;
    const refund: Refund = { id: `re_${randomHex(12)}`, object: 'refund', amount, currency: pi.currency, payment_intent: pi.id, status: 'succeeded', metadata: (body.metadata as Record<string, string> | undefined) ?? {}, created: this.unix() };
    this.refunds.set(refund.id, refund);
    await this.emit('refund.created', refund);
    return jsonResponse(refund);
  }

  private page(id: string): PlainResponse {
    const pi = this.intents.get(id);
    if (!pi) return notFound('payment');
    const facts: [string, string][] = [
      ['PaymentIntent', pi.id],
      ['Amount', shownAmount(pi.amount, pi.currency.toUpperCase(), currencyExponent(pi.currency))],
      ['Method', pi.payment_method_types.join(', ')],
      ['Status', pi.status],
    ];
    if (pi.metadata.bank) facts.push(['Bank', pi.metadata.bank]);
    return sandboxPage({ gateway: 'Stripe', action: `${this.base()}/pay/${id}`, hidden: {}, facts, switches: pageSwitches(pi) });
  }

  private async choose(id: string, form: URLSearchParams): Promise<PlainResponse> {
    const pi = this.intents.get(id);
    if (!pi) return notFound('payment');
    const choice = form.get('choice');
    if (choice !== 'pay' && choice !== 'fail' && choice !== 'cancel') return notFound('choice');
    const saved = this.switches;
    this.switches = switchesFromForm(form, saved, pageSwitches(pi));
    try {
      await this.decide(id, choice);
    } finally {
      this.switches = saved;
    }
    const back = pi.return_url ?? pi.metadata.return_url;
    const status = choice === 'pay' ? 'succeeded' : 'failed';
    return back ? redirect(withParams(back, { payment_intent: pi.id, payment_intent_client_secret: pi.client_secret, redirect_status: status })) : jsonResponse({ status });
  }

  /** Ends a payment as the hosted page's buttons do and sends its events. */
  async decide(idOrReference: string, outcome: 'pay' | 'fail' | 'cancel'): Promise<void> {
    const pi = this.intents.get(idOrReference) ?? [...this.intents.values()].find((x) => x.metadata.reference === idOrReference);
    if (!pi) throw new Error(`no PaymentIntent ${idOrReference}`);
    if (pi.status === 'succeeded' || pi.status === 'canceled') return;
    if (outcome === 'pay') {
      pi.status = 'processing';
      await this.emit('payment_intent.processing', pi);
      pi.status = 'succeeded';
      pi.amount_received = pi.amount;
      pi.next_action = null;
      await this.emit('payment_intent.succeeded', pi);
    } else if (outcome === 'fail') {
      pi.status = 'requires_payment_method';
      pi.last_payment_error = { code: 'card_declined', message: 'Your card was declined.' };
      await this.emit('payment_intent.payment_failed', pi);
    } else {
      pi.status = 'canceled';
      pi.cancellation_reason = 'abandoned';
      await this.emit('payment_intent.canceled', pi);
    }
  }

  /** Sends an event about `object` as Stripe does, under the switches (amount or currency changed, stale, duplicated, held). */
  async emit(type: string, object: Intent | Refund): Promise<void> {
    const snapshot: Record<string, unknown> = { ...object };
    if (object.object === 'payment_intent') {
      if (this.switches.amountMinor !== undefined) Object.assign(snapshot, { amount: this.switches.amountMinor, amount_received: object.amount_received ? this.switches.amountMinor : 0 });
      if (this.switches.currency) snapshot.currency = this.switches.currency.toLowerCase();
    }
    const created = this.unix();
    const body = JSON.stringify({ id: `evt_${randomHex(12)}`, object: 'event', api_version: '2025-01-27.acacia', created, type, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object: snapshot } });
    await this.notifier.send({ url: this.o.webhookUrl, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': this.sign(body, created - (this.switches.staleSeconds ?? 0), this.switches.otherMerchant ? OTHER_ACCOUNT_SECRET : undefined) }, body }, this.switches);
  }

  /** `Stripe-Signature` for `body` at unix time `t`. */
  sign(body: string, t: number, secret = this.o.webhookSecret): string {
    return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
  }

  async flush(): Promise<void> {
    await this.notifier.flush(this.switches);
  }
}
