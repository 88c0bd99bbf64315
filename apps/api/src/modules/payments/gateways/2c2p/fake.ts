import { currencyExponent } from '@shop/contract';
import type { FakeGateway, FakeNotificationSwitches, FakeRequest, NotificationDelivery, PlainResponse } from '../gateway.js';
import { httpDelivery, jsonResponse, notFound, Notifier, randomHex, redirect, registerLocalFake, sandboxPage, shownAmount, splitUrl, switchesFromForm, withParams, type PageSwitches } from '../sandbox-kit.js';
import { amountFromWire, fromXml, MAINTENANCE, openMaintenance, PATHS, paymentResultClaims, readSignedBody, RESP, sealMaintenance, signPayload, toXml, transactionDateTime, wireAmount, type PaymentResult } from './protocol.js';

// A local 2C2P PGW 4.3 for development and tests: payment token, hosted page, backend notification,
// payment inquiry (JWT HS256 with the merchant's secret both ways) and refunds through the Payment
// Maintenance API (JWS PS256 + JWE RSA-OAEP), with state kept per invoice.

interface Invoice {
  invoiceNo: string;
  description: string;
  amountMinor: number;
  currency: string;
  token: string;
  frontendReturnUrl: string;
  backendReturnUrl: string;
  respCode: string;
  respDesc: string;
  tranRef: string;
  decidedAt?: Date;
  refundedMinor: number;
  refunds: Map<string, number>;
}

const pageSwitches = (inv: Invoice): PageSwitches => ({ amountMinor: inv.amountMinor, currency: inv.currency });

export interface Fake2c2pOptions {
  merchantId: string;
  secretKey: string;
  /** The merchant's public key (verifies maintenance requests) and the gateway's own private key (signs answers). */
  merchantPublicKey: string;
  gatewayPrivateKey: string;
  /** Where the fake is mounted (its hosted page's links). */
  baseUrl: string;
  deliver?: NotificationDelivery;
  now?: () => Date;
}

export class Fake2c2p implements FakeGateway {
  readonly name = '2c2p';
  readonly invoices = new Map<string, Invoice>();
  private readonly byToken = new Map<string, Invoice>();
  switches: FakeNotificationSwitches = {};
  readonly notifier: Notifier;

  constructor(private readonly o: Fake2c2pOptions) {
    this.notifier = new Notifier(o.deliver ?? httpDelivery);
    registerLocalFake(o.baseUrl, this);
  }

  private now = () => (this.o.now ? this.o.now() : new Date());
  private base = () => this.o.baseUrl.replace(/\/+$/, '');

  async handle(req: FakeRequest): Promise<PlainResponse> {
    const { path } = splitUrl(req);
    const raw = req.rawBody.toString('utf8');
    if (req.method === 'POST' && path === PATHS.paymentToken) return this.paymentToken(raw);
    if (req.method === 'POST' && path === PATHS.paymentInquiry) return this.inquiry(raw);
    if (req.method === 'POST' && path === PATHS.maintenance) return this.maintenance(raw);
    const page = /^\/pay\/([\w-]+)$/.exec(path);
    if (req.method === 'GET' && page) return this.page(page[1]!);
    if (req.method === 'POST' && page) return this.choose(page[1]!, new URLSearchParams(raw));
    return jsonResponse({ respCode: '9999', respDesc: 'Not found' }, 404);
  }

  /** A request's claims once its JWT is proven, or the unsigned error 2C2P answers. */
  private async verified(raw: string): Promise<{ claims: Record<string, unknown> } | { error: PlainResponse }> {
    const v = await readSignedBody(raw, this.o.secretKey);
    if (!v.ok) return { error: jsonResponse({ respCode: RESP.badSignature, respDesc: 'Invalid signature' }) };
    if (v.claims.merchantID !== this.o.merchantId) return { error: jsonResponse({ respCode: RESP.invalidMerchant, respDesc: 'Invalid merchant' }) };
    return { claims: v.claims };
  }

  private async signed(claims: Record<string, unknown>): Promise<PlainResponse> {
    return jsonResponse({ payload: await signPayload(claims, this.o.secretKey) });
  }

  private async paymentToken(raw: string): Promise<PlainResponse> {
    const v = await this.verified(raw);
    if ('error' in v) return v.error;
    const c = v.claims;
    const str = (x: unknown) => (typeof x === 'string' ? x : '');
    const currency = /^[A-Z]{3}$/.test(str(c.currencyCode)) ? str(c.currencyCode) : '';
    const amountMinor = currency ? amountFromWire(c.amount, currency) : undefined;
    const invoiceNo = /^[A-Za-z0-9]{1,50}$/.test(str(c.invoiceNo)) ? str(c.invoiceNo) : '';
    if (!invoiceNo || amountMinor === undefined || amountMinor <= 0 || !str(c.backendReturnUrl) || !str(c.frontendReturnUrl)) return this.signed({ respCode: '9005', respDesc: 'Invalid request' });
    const existing = this.invoices.get(invoiceNo);
    if (existing) {
      // invoiceNo is the idempotency key: the same request gets the same token, another one is refused.
      if (existing.amountMinor !== amountMinor || existing.currency !== currency || existing.respCode !== RESP.pending) return this.signed({ respCode: RESP.duplicateInvoice, respDesc: 'Duplicate invoice number' });
      return this.signed({ webPaymentUrl: `${this.base()}/pay/${existing.token}`, paymentToken: existing.token, respCode: RESP.success, respDesc: 'Success' });
    }
    const inv: Invoice = {
      invoiceNo,
      description: str(c.description),
      amountMinor,
      currency,
      token: `kSAo${randomHex(24)}`,
      frontendReturnUrl: str(c.frontendReturnUrl),
      backendReturnUrl: str(c.backendReturnUrl),
      respCode: RESP.pending,
      respDesc: 'Transaction is pending',
      tranRef: '',
      refundedMinor: 0,
      refunds: new Map(),
    };
    this.invoices.set(invoiceNo, inv);
    this.byToken.set(inv.token, inv);
    return this.signed({ webPaymentUrl: `${this.base()}/pay/${inv.token}`, paymentToken: inv.token, respCode: RESP.success, respDesc: 'Success' });
  }

  private page(token: string): PlainResponse {
    const inv = this.byToken.get(token);
    if (!inv) return notFound('Payment token');
    return sandboxPage({
      gateway: '2C2P',
      action: `${this.base()}/pay/${token}`,
      hidden: {},
      facts: [
        ['Merchant', this.o.merchantId],
        ['Invoice', inv.invoiceNo],
        ['Amount', shownAmount(inv.amountMinor, inv.currency, currencyExponent(inv.currency))],
        ['State', inv.respDesc],
      ],
      switches: pageSwitches(inv),
    });
  }

  private result(inv: Invoice, over: Partial<PaymentResult> = {}): PaymentResult {
    const ok = inv.respCode === RESP.success;
    return {
      merchantId: this.o.merchantId,
      invoiceNo: inv.invoiceNo,
      amountMinor: inv.amountMinor,
      currency: inv.currency,
      respCode: inv.respCode,
      respDesc: inv.respDesc,
      tranRef: inv.tranRef,
      referenceNo: inv.tranRef ? `REF${inv.tranRef}` : '',
      transactionDateTime: transactionDateTime(inv.decidedAt ?? this.now()),
      channelCode: ok ? 'VI' : '',
      approvalCode: ok ? inv.tranRef.slice(-6) : '',
      ...over,
    };
  }

  /** Ends a payment (by invoice number or token) as the hosted page's buttons do, and notifies the shop. */
  async decide(ref: string, outcome: 'pay' | 'fail' | 'cancel', switches: FakeNotificationSwitches = this.switches): Promise<void> {
    await this.settle(ref, outcome, switches);
  }

  private async settle(ref: string, outcome: 'pay' | 'fail' | 'cancel', switches: FakeNotificationSwitches): Promise<Invoice | undefined> {
    const inv = this.invoices.get(ref) ?? this.byToken.get(ref);
    if (!inv) return undefined;
    if (inv.respCode === RESP.pending) {
      inv.decidedAt = this.now();
      inv.tranRef = String(1_000_000_000 + Math.floor(Math.random() * 8_999_999_999));
      [inv.respCode, inv.respDesc] = outcome === 'pay' ? [RESP.success, 'Success'] : outcome === 'cancel' ? [RESP.canceled, 'Transaction is cancelled'] : [RESP.failed, 'Transaction failed'];
    }
    const result = this.result(inv, {
      ...(switches.amountMinor !== undefined ? { amountMinor: switches.amountMinor } : {}),
      ...(switches.currency ? { currency: switches.currency } : {}),
      ...(switches.otherMerchant ? { merchantId: 'JT99' } : {}),
      ...(switches.staleSeconds ? { transactionDateTime: transactionDateTime(new Date(this.now().getTime() - switches.staleSeconds * 1000)) } : {}),
    });
    // The backend notification: the result's claims as a JWT HS256 in {"payload": …}.
    await this.notifier.send({ url: inv.backendReturnUrl, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ payload: await signPayload(paymentResultClaims(result), this.o.secretKey) }) }, switches);
    return inv;
  }

  async flush(): Promise<void> {
    await this.notifier.flush(this.switches);
  }

  /** Sends a notification saying the payment is still pending (what an out-of-order delivery looks like). */
  async notifyPending(invoiceNo: string): Promise<void> {
    const inv = this.invoices.get(invoiceNo);
    if (!inv) return;
    const claims = paymentResultClaims(this.result(inv, { respCode: RESP.pending, respDesc: 'Transaction is pending', channelCode: '', approvalCode: '' }));
    await this.notifier.send({ url: inv.backendReturnUrl, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ payload: await signPayload(claims, this.o.secretKey) }) }, { ...this.switches, outOfOrder: false });
  }

  private async choose(token: string, form: URLSearchParams): Promise<PlainResponse> {
    const choice = form.get('choice');
    if (choice !== 'pay' && choice !== 'fail' && choice !== 'cancel') return { status: 400, body: 'Choose pay, fail or cancel' };
    const known = this.byToken.get(token);
    if (!known) return notFound('Payment token');
    const switches = switchesFromForm(form, this.switches, pageSwitches(known));
    const inv = (await this.settle(token, choice, switches))!;
    if (switches.outOfOrder) await this.notifier.flush(switches);
    // The browser's return: base64 JSON, unsigned, a hint only.
    const paymentResponse = Buffer.from(JSON.stringify({ invoiceNo: inv.invoiceNo, channelCode: inv.respCode === RESP.success ? 'VI' : '', respCode: inv.respCode === RESP.success ? '2000' : inv.respCode, respDesc: inv.respDesc })).toString('base64');
    return redirect(withParams(inv.frontendReturnUrl, { paymentResponse }));
  }

  private async inquiry(raw: string): Promise<PlainResponse> {
    const v = await this.verified(raw);
    if ('error' in v) return v.error;
    const c = v.claims;
    const inv = this.invoices.get(String(c.invoiceNo));
    if (!inv) return this.signed({ merchantID: this.o.merchantId, invoiceNo: c.invoiceNo, respCode: RESP.notFound, respDesc: 'Transaction not found' });
    return this.signed(paymentResultClaims(this.result(inv)));
  }

  private async maintenance(raw: string): Promise<PlainResponse> {
    const answer = async (fields: Record<string, string>) => ({ status: 200, headers: { 'content-type': 'text/plain' }, body: await sealMaintenance(toXml('PaymentProcessResponse', { version: '4.3', timeStamp: transactionDateTime(this.now()), ...fields }), this.o.gatewayPrivateKey, this.o.merchantPublicKey) });
    const xml = await openMaintenance(raw, this.o.gatewayPrivateKey, this.o.merchantPublicKey);
    const r = xml === undefined ? undefined : fromXml('PaymentProcessRequest', xml);
    if (!r) return { status: 400, headers: { 'content-type': 'text/plain' }, body: 'Invalid request' };
    if (r.merchantID !== this.o.merchantId) return answer({ respCode: MAINTENANCE.refused, respDesc: 'Invalid merchant' });
    const inv = this.invoices.get(r.invoiceNo ?? '');
    if (!inv) return answer({ respCode: MAINTENANCE.notFound, respDesc: 'Transaction not found', invoiceNo: r.invoiceNo ?? '' });
    if (r.processType !== 'R' || !r.idempotencyID) return answer({ respCode: MAINTENANCE.refused, respDesc: 'Unsupported process type', invoiceNo: inv.invoiceNo });
    const amount = amountFromWire(r.actionAmount, inv.currency);
    const done = inv.refunds.get(r.idempotencyID);
    const ok = (a: number) => answer({ respCode: MAINTENANCE.ok, respDesc: 'Success', processType: 'R', invoiceNo: inv.invoiceNo, amount: wireAmount(a, inv.currency), status: 'RS', referenceNo: r.idempotencyID! });
    // The idempotency id: the same refund again is answered as done, another amount under it refused.
    if (done !== undefined) return done === amount ? ok(done) : answer({ respCode: MAINTENANCE.refused, respDesc: 'Duplicate idempotency id', invoiceNo: inv.invoiceNo });
    if (inv.respCode !== RESP.success || amount === undefined || amount <= 0 || inv.refundedMinor + amount > inv.amountMinor) return answer({ respCode: MAINTENANCE.refused, respDesc: 'Refund not allowed', invoiceNo: inv.invoiceNo });
    inv.refunds.set(r.idempotencyID, amount);
    inv.refundedMinor += amount;
    return ok(amount);
  }
}
