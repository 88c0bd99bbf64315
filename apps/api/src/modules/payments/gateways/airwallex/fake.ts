import { createHash, createHmac } from 'node:crypto';
import { currencyExponent } from '@shop/contract';
import type { FakeGateway, FakeNotificationSwitches, FakeRequest, NotificationDelivery, PlainResponse } from '../gateway.js';
import { fromMajorString, toMajorString } from '../gateway.js';
import { header, httpDelivery, jsonResponse, notFound, Notifier, randomHex, redirect, registerLocalFake, sandboxPage, shownAmount, splitUrl, switchesFromForm, withParams, type PageSwitches } from '../sandbox-kit.js';

// A local Airwallex for development and tests: the access token (`POST /api/v1/authentication/login`
// with x-client-id and x-api-key, 30 minutes), payment intents (create, retrieve, cancel), refunds,
// amounts as decimal major units in JSON numbers, `request_id` idempotency, a hosted page standing
// in for Airwallex's checkout, and events signed `x-timestamp` (ms) + `x-signature` = hex
// HMAC-SHA256(secret, timestamp + body).

type IntentStatus = 'REQUIRES_PAYMENT_METHOD' | 'REQUIRES_CUSTOMER_ACTION' | 'PENDING' | 'SUCCEEDED' | 'CANCELLED';

interface Intent {
  id: string;
  request_id: string;
  amount: number;
  currency: string;
  merchant_order_id: string;
  status: IntentStatus;
  client_secret: string;
  return_url: string | null;
  metadata: Record<string, string>;
  captured_amount: number;
  created_at: string;
  updated_at: string;
  latest_payment_attempt: { status: string; failure_code?: string } | null;
  /** Minor units refunded so far. */
  refundedMinor: number;
}

export interface FakeAirwallexOptions {
  clientId: string;
  apiKey: string;
  webhookSecret: string;
  accountId: string;
  baseUrl: string;
  webhookUrl: string;
  deliver?: NotificationDelivery;
  now?: () => Date;
}

const pageSwitches = (pi: Intent): PageSwitches => ({ amountMinor: pi.amount, currency: pi.currency });
const error = (status: number, code: string, message: string) => jsonResponse({ code, message }, status);

export class FakeAirwallex implements FakeGateway {
  readonly name = 'airwallex';
  readonly intents = new Map<string, Intent>();
  readonly refunds = new Map<string, { id: string; payment_intent_id: string; amount: number; currency: string; status: string; request_id: string; metadata: Record<string, string> }>();
  private readonly tokens = new Map<string, number>();
  /** request_id → the body's hash and the first answer (Airwallex refuses a reused id with other content). */
  private readonly requests = new Map<string, { hash: string; response: PlainResponse }>();
  /** request_id → the request with it still being worked on: a repeat meanwhile waits for its answer, never does the work twice. */
  private readonly inFlight = new Map<string, Promise<void>>();
  switches: FakeNotificationSwitches = {};
  readonly notifier: Notifier;
  readonly calls: string[] = [];

  constructor(private readonly o: FakeAirwallexOptions) {
    this.notifier = new Notifier(o.deliver ?? httpDelivery);
    registerLocalFake(o.baseUrl, this);
  }

  private now = () => (this.o.now ? this.o.now() : new Date());
  private base = () => this.o.baseUrl.replace(/\/+$/, '');

  async handle(req: FakeRequest): Promise<PlainResponse> {
    const { path } = splitUrl(req);
    const raw = req.rawBody.toString('utf8');
    const page = /^\/pay\/(int_\w+)$/.exec(path);
    if (page && req.method === 'GET') return this.page(page[1]!);
    if (page && req.method === 'POST') return this.choose(page[1]!, new URLSearchParams(raw));
    if (!path.startsWith('/api/v1/')) return notFound('page');
    this.calls.push(`${req.method} ${path}`);
    if (req.method === 'POST' && path === '/api/v1/authentication/login') {
      if (header(req.headers, 'x-client-id') !== this.o.clientId || header(req.headers, 'x-api-key') !== this.o.apiKey) return error(401, 'credentials_invalid', 'The client id or api key is invalid');
      const token = randomHex(24);
      const expires = this.now().getTime() + 30 * 60_000;
      this.tokens.set(token, expires);
      return jsonResponse({ token, expires_at: new Date(expires).toISOString() }, 201);
    }
    const auth = /^Bearer (\w+)$/.exec(header(req.headers, 'authorization') ?? '');
    if (!auth || (this.tokens.get(auth[1]!) ?? 0) < this.now().getTime()) return error(401, 'unauthorized', 'Access denied, authentication failed');
    let body: Record<string, unknown> = {};
    if (req.method === 'POST') {
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return error(400, 'validation_error', 'Malformed JSON');
      }
    }
    // request_id: the same id with the same content answers the first result; with other content it is refused.
    if (req.method === 'POST' && typeof body.request_id === 'string') {
      const id = body.request_id;
      const hash = createHash('sha256').update(`${path}\n${raw}`).digest('hex');
      // A repeat sent while the first is still being worked on (its notifications are on their way) waits for it.
      while (this.inFlight.has(id)) await this.inFlight.get(id);
      const seen = this.requests.get(id);
      if (seen && seen.hash !== hash) return error(400, 'duplicate_request', `The request_id ${id} was used with other content`);
      if (seen) return seen.response;
      let done!: () => void;
      this.inFlight.set(id, new Promise<void>((resolve) => (done = resolve)));
      try {
        const response = await this.route(req.method, path, body);
        if (response.status < 500) this.requests.set(id, { hash, response });
        return response;
      } finally {
        this.inFlight.delete(id);
        done();
      }
    }
    if (req.method === 'POST') return error(400, 'validation_error', 'request_id is required');
    return this.route(req.method, path, body, splitUrl(req).query);
  }

  private view(pi: Intent) {
    const { refundedMinor: _r, ...rest } = pi;
    return { ...rest, amount: Number(toMajorString(pi.amount, pi.currency)), captured_amount: Number(toMajorString(pi.captured_amount, pi.currency)) };
  }

  private async route(method: string, path: string, body: Record<string, unknown>, query = new URLSearchParams()): Promise<PlainResponse> {
    if (method === 'POST' && path === '/api/v1/pa/payment_intents/create') return this.create(body);
    const one = /^\/api\/v1\/pa\/payment_intents\/(int_\w+)(\/cancel)?$/.exec(path);
    if (one) {
      const pi = this.intents.get(one[1]!);
      if (!pi) return error(404, 'resource_not_found', 'The requested resource was not found');
      if (method === 'GET' && !one[2]) return jsonResponse(this.view(pi));
      if (method === 'POST' && one[2]) {
        if (pi.status === 'SUCCEEDED' || pi.status === 'CANCELLED') return error(400, 'invalid_status_for_operation', `The PaymentIntent is ${pi.status}`);
        this.setStatus(pi, 'CANCELLED');
        await this.emit('payment_intent.cancelled', pi);
        return jsonResponse(this.view(pi));
      }
    }
    if (method === 'POST' && path === '/api/v1/pa/refunds/create') return this.refund(body);
    if (method === 'GET') {
      const refund = /^\/api\/v1\/pa\/refunds\/(rfd_\w+)$/.exec(path);
      if (refund) {
        const r = this.refunds.get(refund[1]!);
        return r ? jsonResponse(this.refundView(r)) : error(404, 'resource_not_found', 'The requested resource was not found');
      }
      if (path === '/api/v1/pa/refunds') {
        const intent = query.get('payment_intent_id');
        const size = Math.min(Math.max(Number(query.get('page_size') ?? 10) || 10, 1), 1000);
        const page = Math.max(Number(query.get('page_num') ?? 0) || 0, 0);
        const all = [...this.refunds.values()].filter((r) => !intent || r.payment_intent_id === intent);
        return jsonResponse({ items: all.slice(page * size, (page + 1) * size).map((r) => this.refundView(r)), has_more: all.length > (page + 1) * size });
      }
    }
    return error(404, 'resource_not_found', 'The requested resource was not found');
  }

  private create(body: Record<string, unknown>): PlainResponse {
    const currency = String(body.currency ?? '');
    if (!/^[A-Z]{3}$/.test(currency)) return error(400, 'validation_error', 'currency must be an ISO 4217 code');
    let amount: number;
    try {
      if (typeof body.amount !== 'number') throw new Error('amount');
      amount = fromMajorString(body.amount, currency);
    } catch {
      return error(400, 'validation_error', `amount must be a positive number with at most ${currencyExponent(currency)} decimals`);
    }
    if (amount <= 0) return error(400, 'validation_error', 'amount must be greater than 0');
    if (typeof body.merchant_order_id !== 'string' || !body.merchant_order_id) return error(400, 'validation_error', 'merchant_order_id is required');
    const at = this.now().toISOString();
    const id = `int_${randomHex(12)}`;
    const pi: Intent = {
      id,
      request_id: String(body.request_id),
      amount,
      currency,
      merchant_order_id: body.merchant_order_id,
      status: 'REQUIRES_PAYMENT_METHOD',
      client_secret: randomHex(32),
      return_url: typeof body.return_url === 'string' ? body.return_url : null,
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      captured_amount: 0,
      created_at: at,
      updated_at: at,
      latest_payment_attempt: null,
      refundedMinor: 0,
    };
    this.intents.set(id, pi);
    return jsonResponse(this.view(pi), 201);
  }

  private async refund(body: Record<string, unknown>): Promise<PlainResponse> {
    const pi = this.intents.get(String(body.payment_intent_id ?? ''));
    if (!pi) return error(404, 'resource_not_found', 'The payment intent was not found');
    if (pi.status !== 'SUCCEEDED') return error(400, 'invalid_status_for_operation', 'Only a succeeded payment can be refunded');
    let amount: number;
    try {
      amount = body.amount === undefined ? pi.captured_amount - pi.refundedMinor : fromMajorString(body.amount as number, pi.currency);
    } catch {
      return error(400, 'validation_error', 'amount is invalid');
    }
    if (amount <= 0 || amount > pi.captured_amount - pi.refundedMinor) return error(400, 'refund_amount_exceeded', 'The refund amount exceeds the amount left to refund');
    pi.refundedMinor += amount;
    const refund = { id: `rfd_${randomHex(12)}`, payment_intent_id: pi.id, amount, currency: pi.currency, status: 'RECEIVED', request_id: String(body.request_id), metadata: (body.metadata as Record<string, string> | undefined) ?? {} };
    this.refunds.set(refund.id, refund);
    // Airwallex accepts at once and settles later: both events follow.
    refund.status = 'SETTLED';
    await this.emitRefund('refund.settled', refund);
    return jsonResponse({ ...refund, status: 'RECEIVED', amount: Number(toMajorString(amount, pi.currency)) }, 201);
  }

  private page(id: string): PlainResponse {
    const pi = this.intents.get(id);
    if (!pi) return notFound('payment');
    return sandboxPage({
      gateway: 'Airwallex',
      action: `${this.base()}/pay/${id}`,
      hidden: {},
      facts: [
        ['Payment intent', pi.id],
        ['Order', pi.merchant_order_id],
        ['Amount', shownAmount(pi.amount, pi.currency, currencyExponent(pi.currency))],
        ['Method', pi.metadata.method ?? 'card'],
        ['Status', pi.status],
      ],
      switches: pageSwitches(pi),
    });
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
    return pi.return_url ? redirect(withParams(pi.return_url, { id: pi.id })) : jsonResponse({ status: pi.status });
  }

  private setStatus(pi: Intent, status: IntentStatus) {
    pi.status = status;
    pi.updated_at = this.now().toISOString();
  }

  /** Ends a payment as the hosted page's buttons do and sends its events. */
  async decide(idOrOrder: string, outcome: 'pay' | 'fail' | 'cancel'): Promise<void> {
    const pi = this.intents.get(idOrOrder) ?? [...this.intents.values()].find((x) => x.merchant_order_id === idOrOrder);
    if (!pi) throw new Error(`no payment intent ${idOrOrder}`);
    if (pi.status === 'SUCCEEDED' || pi.status === 'CANCELLED') return;
    if (outcome === 'pay') {
      this.setStatus(pi, 'PENDING');
      await this.emit('payment_intent.pending', pi);
      this.setStatus(pi, 'SUCCEEDED');
      pi.captured_amount = pi.amount;
      pi.latest_payment_attempt = { status: 'SETTLED' };
      await this.emit('payment_intent.succeeded', pi);
    } else if (outcome === 'fail') {
      pi.latest_payment_attempt = { status: 'FAILED', failure_code: 'issuer_declined' };
      this.setStatus(pi, 'REQUIRES_PAYMENT_METHOD');
      await this.emit('payment_attempt.failed', pi);
    } else {
      this.setStatus(pi, 'CANCELLED');
      await this.emit('payment_intent.cancelled', pi);
    }
  }

  private async emit(name: string, pi: Intent): Promise<void> {
    const obj: Record<string, unknown> = this.view(pi);
    const minor = this.switches.amountMinor;
    const currency = this.switches.currency ?? pi.currency;
    if (minor !== undefined) Object.assign(obj, { amount: Number(toMajorString(minor, currency)), captured_amount: pi.captured_amount ? Number(toMajorString(minor, currency)) : 0 });
    if (this.switches.currency) obj.currency = this.switches.currency;
    // A payment attempt's event carries the attempt, naming its intent.
    const data = name.startsWith('payment_attempt.') ? { ...(pi.latest_payment_attempt ?? {}), id: `att_${randomHex(8)}`, payment_intent_id: pi.id, merchant_order_id: pi.merchant_order_id, amount: obj.amount, currency: obj.currency } : obj;
    await this.send(name, data);
  }

  /** A refund as the API shows it: amounts in decimal major units. */
  private refundView(r: { amount: number; currency: string }) {
    return { ...r, amount: Number(toMajorString(r.amount, r.currency)) };
  }

  private async emitRefund(name: string, r: { id: string; payment_intent_id: string; amount: number; currency: string; status: string; request_id: string; metadata: Record<string, string> }) {
    await this.send(name, { ...r, amount: Number(toMajorString(r.amount, r.currency)) });
  }

  private async send(name: string, object: unknown): Promise<void> {
    const ts = String(this.now().getTime() - (this.switches.staleSeconds ?? 0) * 1000);
    const body = JSON.stringify({ id: `evt_${randomHex(12)}`, name, account_id: this.switches.otherMerchant ? 'acct_another_merchant' : this.o.accountId, data: { object }, created_at: this.now().toISOString() });
    await this.notifier.send({ url: this.o.webhookUrl, headers: { 'content-type': 'application/json', 'x-timestamp': ts, 'x-signature': this.sign(ts, body) }, body }, this.switches);
  }

  /** `x-signature` for `body` sent at `timestamp` (ms, as text). */
  sign(timestamp: string, body: string): string {
    return createHmac('sha256', this.o.webhookSecret).update(timestamp + body).digest('hex');
  }

  async flush(): Promise<void> {
    await this.notifier.flush(this.switches);
  }
}
