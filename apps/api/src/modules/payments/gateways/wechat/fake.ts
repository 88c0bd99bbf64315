import { createPublicKey } from 'node:crypto';
import type { FakeGateway, FakeNotificationSwitches, FakeRequest, NotificationDelivery, PlainResponse } from '../gateway.js';
import { header, httpDelivery, notFound, Notifier, randomHex, redirect, refusedPage, registerLocalFake, sandboxPage, shownAmount, splitUrl, switchesFromForm, type PageSwitches } from '../sandbox-kit.js';
import { encryptResource, nonce, parseAuthorization, PATHS, rfc3339China, rsaVerify, signedHeaders, TOLERANCE_SECONDS, unixNow, type Transaction, type TradeState } from './protocol.js';

// A local WeChat Pay API v3 for development and tests: H5 and JSAPI orders, query, close and
// refunds, each request's Authorization checked against the merchant's key, each answer and
// notification signed with the platform key, resources encrypted with the APIv3 key.

interface Order {
  appid: string;
  description: string;
  outTradeNo: string;
  total: number;
  currency: string;
  notifyUrl: string;
  tradeType: 'MWEB' | 'JSAPI';
  prepayId: string;
  state: TradeState;
  transactionId?: string;
  successTime?: string;
  refunded: number;
  refunds: Map<string, { refund_id: string; amount: number }>;
  /** The request body that created it: the same out_trade_no with another body is refused. */
  fingerprint: string;
}

const pageSwitches = (o: Order): PageSwitches => ({ amountMinor: o.total, currency: o.currency });

/** An order WeChat Pay still takes a payment for. */
const open = (o: Order) => o.state === 'NOTPAY' || o.state === 'USERPAYING';

/** WeChat Pay's words for an order it no longer takes (ORDER_CLOSED, ORDERPAID …). */
function refused(o: Order, back?: string): PlainResponse {
  const paid = o.state === 'SUCCESS' || o.state === 'REFUND';
  return refusedPage({ gateway: 'WeChat Pay', code: paid ? 'ORDERPAID' : o.state === 'CLOSED' ? 'ORDER_CLOSED' : o.state, message: paid ? 'the order has been paid' : o.state === 'CLOSED' ? 'the order has been closed' : o.state === 'REVOKED' ? 'the order has been revoked' : 'the payment failed', ...(back ? { back } : {}) });
}

export interface FakeWechatOptions {
  mchid: string;
  apiV3Key: string;
  merchantSerial: string;
  merchantPublicKey: string;
  platformSerial: string;
  platformPrivateKey: string;
  baseUrl: string;
  deliver?: NotificationDelivery;
  now?: () => Date;
}

export class FakeWechat implements FakeGateway {
  readonly name = 'wechat';
  readonly orders = new Map<string, Order>();
  private readonly byPrepay = new Map<string, Order>();
  switches: FakeNotificationSwitches = {};
  readonly notifier: Notifier;

  constructor(private readonly o: FakeWechatOptions) {
    this.notifier = new Notifier(o.deliver ?? httpDelivery);
    // A key that does not parse is a configuration mistake found at start.
    createPublicKey(o.merchantPublicKey);
    registerLocalFake(o.baseUrl, this);
  }

  private now = () => (this.o.now ? this.o.now() : new Date());
  private base = () => this.o.baseUrl.replace(/\/+$/, '');

  /** An answer signed with the platform key, as every API v3 answer is. */
  private answer(status: number, body?: unknown): PlainResponse {
    const text = body === undefined ? '' : JSON.stringify(body);
    return { status, headers: { ...(text ? { 'content-type': 'application/json' } : {}), 'request-id': randomHex(8), ...signedHeaders(text, this.o.platformPrivateKey, this.o.platformSerial, unixNow(this.now())) }, body: text };
  }
  private error = (status: number, code: string, message: string) => this.answer(status, { code, message });

  async handle(req: FakeRequest): Promise<PlainResponse> {
    const { path, query } = splitUrl(req);
    const page = /^\/pay\/([\w-]+)$/.exec(path);
    if (page && req.method === 'GET') return this.page(page[1]!, query.get('redirect_url') ?? '');
    if (page && req.method === 'POST') return this.choose(page[1]!, new URLSearchParams(req.rawBody.toString()));
    // Every API call proves the merchant: Authorization over method, path with query, timestamp, nonce and body.
    const auth = parseAuthorization(header(req.headers, 'authorization'));
    const body = req.rawBody.toString('utf8');
    if (!auth || auth.mchid !== this.o.mchid || auth.serial !== this.o.merchantSerial || !rsaVerify(`${req.method}\n${req.url}\n${auth.timestamp}\n${auth.nonce}\n${body}\n`, auth.signature, this.o.merchantPublicKey)) return this.error(401, 'SIGN_ERROR', 'signature verification failed');
    if (Math.abs(this.now().getTime() / 1000 - Number(auth.timestamp)) > TOLERANCE_SECONDS) return this.error(401, 'SIGN_ERROR', 'timestamp expired');
    if (req.method === 'POST' && (path === PATHS.h5 || path === PATHS.jsapi)) return this.place(path === PATHS.h5 ? 'MWEB' : 'JSAPI', body);
    const q = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && q) {
      const order = this.orders.get(decodeURIComponent(q[1]!));
      if (!order || query.get('mchid') !== this.o.mchid) return this.error(404, 'ORDER_NOT_EXIST', 'order does not exist');
      return this.answer(200, this.transaction(order));
    }
    const close = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(path);
    if (req.method === 'POST' && close) {
      // The body names the merchant ({"mchid": "…"}), as API v3 asks; the answer is 204 with no body.
      let mchid: unknown;
      try {
        mchid = (JSON.parse(body) as { mchid?: unknown }).mchid;
      } catch {
        return this.error(400, 'PARAM_ERROR', 'body is not JSON');
      }
      if (typeof mchid !== 'string' || !mchid) return this.error(400, 'PARAM_ERROR', 'mchid required');
      if (mchid !== this.o.mchid) return this.error(400, 'MCH_NOT_EXISTS', 'mchid does not match');
      const order = this.orders.get(decodeURIComponent(close[1]!));
      if (!order) return this.error(404, 'ORDER_NOT_EXIST', 'order does not exist');
      if (order.state === 'SUCCESS' || order.state === 'REFUND') return this.error(400, 'ORDERPAID', 'order paid');
      order.state = 'CLOSED';
      return this.answer(204);
    }
    if (req.method === 'POST' && path === PATHS.refund) return this.refund(body);
    return this.error(404, 'NOT_FOUND', 'no such API');
  }

  private place(tradeType: 'MWEB' | 'JSAPI', body: string): PlainResponse {
    let b: { appid?: unknown; mchid?: unknown; description?: unknown; out_trade_no?: unknown; notify_url?: unknown; amount?: { total?: unknown; currency?: unknown }; payer?: { openid?: unknown }; scene_info?: { payer_client_ip?: unknown } };
    try {
      b = JSON.parse(body) as typeof b;
    } catch {
      return this.error(400, 'PARAM_ERROR', 'body is not JSON');
    }
    const total = b.amount?.total;
    if (b.mchid !== this.o.mchid) return this.error(400, 'MCH_NOT_EXISTS', 'mchid does not match');
    if (typeof b.appid !== 'string' || typeof b.description !== 'string' || typeof b.out_trade_no !== 'string' || !/^[\w*|-]{6,32}$/.test(b.out_trade_no) || typeof b.notify_url !== 'string' || !/^https?:\/\//.test(b.notify_url)) return this.error(400, 'PARAM_ERROR', 'missing or invalid parameter');
    if (typeof total !== 'number' || !Number.isSafeInteger(total) || total <= 0) return this.error(400, 'PARAM_ERROR', 'amount.total must be a positive integer (fen)');
    if (tradeType === 'JSAPI' && typeof b.payer?.openid !== 'string') return this.error(400, 'PARAM_ERROR', 'payer.openid required');
    if (tradeType === 'MWEB' && typeof b.scene_info?.payer_client_ip !== 'string') return this.error(400, 'PARAM_ERROR', 'scene_info.payer_client_ip required');
    const fingerprint = JSON.stringify([tradeType, b.appid, b.description, total, b.amount?.currency ?? 'CNY', b.notify_url]);
    const existing = this.orders.get(b.out_trade_no);
    if (existing) {
      // out_trade_no is the idempotency key: the same order again gets the same prepay, another is refused.
      if (existing.state === 'SUCCESS' || existing.state === 'REFUND') return this.error(400, 'ORDERPAID', 'order paid');
      if (existing.fingerprint !== fingerprint || existing.state !== 'NOTPAY') return this.error(400, 'INVALID_REQUEST', 'out_trade_no used with other parameters');
      return this.answer(200, this.placed(existing));
    }
    const order: Order = { appid: b.appid, description: b.description, outTradeNo: b.out_trade_no, total, currency: typeof b.amount?.currency === 'string' ? b.amount.currency : 'CNY', notifyUrl: b.notify_url, tradeType, prepayId: `wx${randomHex(14)}`, state: 'NOTPAY', refunded: 0, refunds: new Map(), fingerprint };
    this.orders.set(order.outTradeNo, order);
    this.byPrepay.set(order.prepayId, order);
    return this.answer(200, this.placed(order));
  }

  private placed(o: Order) {
    return o.tradeType === 'MWEB' ? { h5_url: `${this.base()}/pay/${o.prepayId}?prepay_id=${o.prepayId}` } : { prepay_id: o.prepayId };
  }

  transaction(o: Order, over: { total?: number; currency?: string; mchid?: string } = {}): Transaction {
    const paid = o.state === 'SUCCESS' || o.state === 'REFUND';
    return {
      appid: o.appid,
      mchid: over.mchid ?? this.o.mchid,
      out_trade_no: o.outTradeNo,
      ...(o.transactionId ? { transaction_id: o.transactionId } : {}),
      trade_type: o.tradeType,
      trade_state: o.state,
      trade_state_desc: { SUCCESS: '支付成功', REFUND: '转入退款', NOTPAY: '未支付', CLOSED: '已关闭', REVOKED: '已撤销', USERPAYING: '用户支付中', PAYERROR: '支付失败' }[o.state],
      ...(o.successTime ? { success_time: o.successTime } : {}),
      amount: { total: over.total ?? o.total, currency: over.currency ?? o.currency, ...(paid ? { payer_total: over.total ?? o.total, payer_currency: over.currency ?? o.currency } : {}) },
    };
  }

  private page(prepayId: string, redirectUrl: string): PlainResponse {
    const o = this.byPrepay.get(prepayId);
    if (!o) return notFound('Payment');
    if (!open(o)) return refused(o, redirectUrl);
    return sandboxPage({
      gateway: 'WeChat Pay',
      action: `${this.base()}/pay/${prepayId}`,
      hidden: { redirect_url: redirectUrl },
      facts: [
        ['Merchant', this.o.mchid],
        ['Order', o.outTradeNo],
        ['Amount', shownAmount(o.total, o.currency, 2)],
        ['Kind', o.tradeType === 'MWEB' ? 'H5' : 'JSAPI'],
        ['State', o.state],
      ],
      switches: pageSwitches(o),
    });
  }

  private async choose(prepayId: string, form: URLSearchParams): Promise<PlainResponse> {
    const choice = form.get('choice');
    if (choice !== 'pay' && choice !== 'fail' && choice !== 'cancel') return { status: 400, body: 'Choose pay, fail or cancel' };
    const o = this.byPrepay.get(prepayId);
    if (!o) return notFound('Payment');
    // A cashier left open while the merchant closed the order: WeChat Pay refuses it and takes nothing.
    if (!open(o)) return refused(o, form.get('redirect_url') ?? undefined);
    const switches = switchesFromForm(form, this.switches, pageSwitches(o));
    await this.settle(o, choice, switches);
    if (switches.outOfOrder) await this.notifier.flush(switches);
    const back = form.get('redirect_url');
    return back && /^https?:\/\//.test(back) ? redirect(back) : { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: `Payment ${o.state}` };
  }

  async decide(ref: string, outcome: 'pay' | 'fail' | 'cancel'): Promise<void> {
    const o = this.orders.get(ref) ?? this.byPrepay.get(ref);
    if (o) await this.settle(o, outcome, this.switches);
  }

  /**
   * WeChat notifies successes only (TRANSACTION.SUCCESS); a failed or abandoned payment is learnt by
   * query (PAYERROR, CLOSED).
   */
  private async settle(o: Order, outcome: 'pay' | 'fail' | 'cancel', switches: FakeNotificationSwitches): Promise<void> {
    if (o.state === 'NOTPAY' || o.state === 'USERPAYING') {
      if (outcome === 'pay') {
        o.state = 'SUCCESS';
        o.transactionId = `4200${Date.now()}${randomHex(4)}`;
        o.successTime = rfc3339China(this.now());
      } else o.state = outcome === 'fail' ? 'PAYERROR' : 'CLOSED';
    }
    if (o.state !== 'SUCCESS') return;
    await this.notifier.send(this.notification(o, switches), switches);
  }

  /** A TRANSACTION.SUCCESS notification for the order, as WeChat sends it. */
  notification(o: Order, switches: FakeNotificationSwitches = {}) {
    const resourceNonce = randomHex(6);
    const plaintext = JSON.stringify(this.transaction(o, { ...(switches.amountMinor !== undefined ? { total: switches.amountMinor } : {}), ...(switches.currency ? { currency: switches.currency } : {}), ...(switches.otherMerchant ? { mchid: '1900009999' } : {}) }));
    const body = JSON.stringify({
      id: crypto.randomUUID(),
      create_time: rfc3339China(this.now()),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext: encryptResource(plaintext, this.o.apiV3Key, resourceNonce, 'transaction'), associated_data: 'transaction', nonce: resourceNonce },
    });
    const ts = unixNow(new Date(this.now().getTime() - (switches.staleSeconds ?? 0) * 1000));
    return { url: o.notifyUrl, headers: { 'content-type': 'application/json', ...signedHeaders(body, this.o.platformPrivateKey, this.o.platformSerial, ts, nonce()) }, body };
  }

  async flush(): Promise<void> {
    await this.notifier.flush(this.switches);
  }

  private refund(body: string): PlainResponse {
    let b: { out_trade_no?: unknown; out_refund_no?: unknown; amount?: { refund?: unknown; total?: unknown; currency?: unknown } };
    try {
      b = JSON.parse(body) as typeof b;
    } catch {
      return this.error(400, 'PARAM_ERROR', 'body is not JSON');
    }
    const o = typeof b.out_trade_no === 'string' ? this.orders.get(b.out_trade_no) : undefined;
    const amount = b.amount?.refund;
    if (!o) return this.error(404, 'RESOURCE_NOT_EXISTS', 'order does not exist');
    if (typeof b.out_refund_no !== 'string' || !b.out_refund_no || typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0 || b.amount?.total !== o.total) return this.error(400, 'PARAM_ERROR', 'invalid refund');
    const done = o.refunds.get(b.out_refund_no);
    const view = (r: { refund_id: string; amount: number }) => ({ refund_id: r.refund_id, out_refund_no: b.out_refund_no, transaction_id: o.transactionId, out_trade_no: o.outTradeNo, channel: 'ORIGINAL', status: 'SUCCESS', create_time: rfc3339China(this.now()), amount: { total: o.total, refund: r.amount, payer_total: o.total, payer_refund: r.amount, currency: o.currency } });
    // out_refund_no is the refund's idempotency key.
    if (done) return done.amount === amount ? this.answer(200, view(done)) : this.error(400, 'INVALID_REQUEST', 'out_refund_no used with another amount');
    if (o.state !== 'SUCCESS' && o.state !== 'REFUND') return this.error(400, 'INVALID_REQUEST', 'order not paid');
    if (o.refunded + amount > o.total) return this.error(400, 'NOT_ENOUGH', 'refund exceeds the amount paid');
    const r = { refund_id: `5030${Date.now()}${randomHex(4)}`, amount };
    o.refunds.set(b.out_refund_no, r);
    o.refunded += amount;
    o.state = 'REFUND';
    return this.answer(200, view(r));
  }
}
