import type { FakeGateway, FakeNotificationSwitches, FakeRequest, NotificationDelivery, PlainResponse } from '../gateway.js';
import { httpDelivery, notFound, Notifier, randomHex, redirect, refusedPage, registerLocalFake, sandboxPage, shownAmount, splitUrl, switchesFromForm, withParams, type PageSwitches } from '../sandbox-kit.js';
import { chinaTime, formFields, fromYuan, METHODS, signedAnswer, signNotification, verifyRequest, type TradeStatus } from './protocol.js';

// A local Alipay open API for development and tests: alipay.trade.wap.pay (the hosted page),
// trade query, refund and close at /gateway.do, each request's RSA2 sign checked with the
// application's public key, each answer and notification signed with Alipay's private key.

interface Trade {
  outTradeNo: string;
  tradeNo: string;
  subject: string;
  totalAmount: string;
  notifyUrl: string;
  returnUrl: string;
  status: TradeStatus;
  paidAt?: Date;
  refunded: number;
  refunds: Map<string, number>;
}

// Notifications name no currency (CNY only), and are refused past 26 hours: a stale one is older.
const pageSwitches = (t: Trade): PageSwitches => ({ amountMinor: fromYuan(t.totalAmount) ?? 0, staleSeconds: 27 * 3600 });

export interface FakeAlipayOptions {
  appId: string;
  sellerId: string;
  appPublicKey: string;
  alipayPrivateKey: string;
  baseUrl: string;
  deliver?: NotificationDelivery;
  now?: () => Date;
}

export class FakeAlipay implements FakeGateway {
  readonly name = 'alipay';
  readonly trades = new Map<string, Trade>();
  private readonly byTradeNo = new Map<string, Trade>();
  switches: FakeNotificationSwitches = {};
  readonly notifier: Notifier;

  constructor(private readonly o: FakeAlipayOptions) {
    this.notifier = new Notifier(o.deliver ?? httpDelivery);
    registerLocalFake(o.baseUrl, this);
  }

  private now = () => (this.o.now ? this.o.now() : new Date());
  private base = () => this.o.baseUrl.replace(/\/+$/, '');

  private answer(method: string, node: Record<string, unknown>): PlainResponse {
    return { status: 200, headers: { 'content-type': 'application/json;charset=utf-8' }, body: signedAnswer(method, node, this.o.alipayPrivateKey) };
  }
  private failure(method: string, code: string, msg: string, subCode: string, subMsg: string) {
    return this.answer(method, { code, msg, sub_code: subCode, sub_msg: subMsg });
  }

  async handle(req: FakeRequest): Promise<PlainResponse> {
    const { path, query } = splitUrl(req);
    const page = /^\/pay\/(\w+)$/.exec(path);
    if (page && req.method === 'POST') return this.choose(page[1]!, new URLSearchParams(req.rawBody.toString()));
    if (path !== '/gateway.do') return notFound('API');
    const fields = { ...Object.fromEntries(query), ...(req.method === 'POST' ? formFields(req.rawBody.toString('utf8')) : {}) };
    const method = fields.method ?? '';
    if (fields.app_id !== this.o.appId) return this.failure(method, '40002', 'Invalid Arguments', 'isv.invalid-app-id', 'app_id is not valid');
    if (!verifyRequest(fields, this.o.appPublicKey)) return this.failure(method, '40002', 'Invalid Arguments', 'isv.invalid-signature', 'sign check failed');
    let biz: Record<string, unknown>;
    try {
      biz = JSON.parse(fields.biz_content ?? '') as Record<string, unknown>;
    } catch {
      return this.failure(method, '40002', 'Invalid Arguments', 'isv.invalid-parameter', 'biz_content is not JSON');
    }
    if (method === METHODS.wapPay) return this.wapPay(fields, biz);
    const trade = typeof biz.out_trade_no === 'string' ? this.trades.get(biz.out_trade_no) : typeof biz.trade_no === 'string' ? this.byTradeNo.get(biz.trade_no) : undefined;
    if (!trade) return this.failure(method, '40004', 'Business Failed', 'ACQ.TRADE_NOT_EXIST', 'trade does not exist');
    if (method === METHODS.query) return this.answer(method, { code: '10000', msg: 'Success', ...this.tradeView(trade) });
    if (method === METHODS.close) {
      if (trade.status !== 'WAIT_BUYER_PAY') return this.failure(method, '40004', 'Business Failed', 'ACQ.TRADE_STATUS_ERROR', 'trade status does not allow closing');
      trade.status = 'TRADE_CLOSED';
      return this.answer(method, { code: '10000', msg: 'Success', out_trade_no: trade.outTradeNo, trade_no: trade.tradeNo });
    }
    if (method === METHODS.refund) return this.refund(trade, biz);
    return this.failure(method, '40002', 'Invalid Arguments', 'isv.invalid-method', 'method not supported');
  }

  private tradeView(t: Trade, over: { totalAmount?: string } = {}) {
    return { trade_no: t.tradeNo, out_trade_no: t.outTradeNo, buyer_logon_id: 'san***@sandbox.test', trade_status: t.status, total_amount: over.totalAmount ?? t.totalAmount, ...(t.paidAt ? { send_pay_date: chinaTime(t.paidAt) } : {}) };
  }

  /** The hosted page: alipay.trade.wap.pay opens the trade (once per out_trade_no) and shows it. */
  private wapPay(fields: Record<string, string>, biz: Record<string, unknown>): PlainResponse {
    const outTradeNo = typeof biz.out_trade_no === 'string' && /^[\w-]{1,64}$/.test(biz.out_trade_no) ? biz.out_trade_no : '';
    const amount = fromYuan(biz.total_amount);
    if (!outTradeNo || amount === undefined || amount <= 0 || typeof biz.subject !== 'string' || biz.product_code !== 'QUICK_WAP_WAY') return { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'ACQ.INVALID_PARAMETER' };
    let trade = this.trades.get(outTradeNo);
    if (trade && trade.totalAmount !== biz.total_amount) return { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'ACQ.CONTEXT_INCONSISTENT: out_trade_no used with another amount' };
    // A trade Alipay no longer takes (closed by the merchant, or paid) opens no cashier again.
    if (trade && trade.status !== 'WAIT_BUYER_PAY') return this.refused(trade, fields.return_url);
    if (!trade) {
      trade = { outTradeNo, tradeNo: `2026${Date.now()}${randomHex(6)}`, subject: biz.subject, totalAmount: biz.total_amount as string, notifyUrl: fields.notify_url ?? '', returnUrl: fields.return_url ?? '', status: 'WAIT_BUYER_PAY', refunded: 0, refunds: new Map() };
      this.trades.set(outTradeNo, trade);
      this.byTradeNo.set(trade.tradeNo, trade);
    }
    return sandboxPage({
      gateway: 'Alipay',
      action: `${this.base()}/pay/${trade.tradeNo}`,
      hidden: {},
      facts: [
        ['Seller', this.o.sellerId],
        ['Order', trade.outTradeNo],
        ['Amount', shownAmount(amount, 'CNY', 2)],
        ['State', trade.status],
      ],
      switches: pageSwitches(trade),
    });
  }

  private async choose(tradeNo: string, form: URLSearchParams): Promise<PlainResponse> {
    const choice = form.get('choice');
    if (choice !== 'pay' && choice !== 'fail' && choice !== 'cancel') return { status: 400, body: 'Choose pay, fail or cancel' };
    const t = this.byTradeNo.get(tradeNo);
    if (!t) return notFound('Trade');
    // A cashier left open while the merchant closed the trade: Alipay refuses it and takes nothing.
    if (t.status !== 'WAIT_BUYER_PAY') return this.refused(t);
    const switches = switchesFromForm(form, this.switches, pageSwitches(t));
    await this.settle(t, choice, switches);
    if (switches.outOfOrder) await this.notifier.flush(switches);
    if (!t.returnUrl) return { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: t.status };
    // The synchronous return: signed, but the shop still asks the query or waits for the notification.
    const back = signNotification({ app_id: this.o.appId, method: 'alipay.trade.wap.pay.return', charset: 'utf-8', timestamp: chinaTime(this.now()), version: '1.0', out_trade_no: t.outTradeNo, trade_no: t.tradeNo, total_amount: t.totalAmount, seller_id: this.o.sellerId }, this.o.alipayPrivateKey);
    return redirect(withParams(t.returnUrl, back));
  }

  /** Alipay's words for a trade it no longer takes: ACQ.TRADE_HAS_CLOSE or ACQ.TRADE_HAS_SUCCESS. */
  private refused(t: Trade, back = t.returnUrl): PlainResponse {
    const paid = t.status === 'TRADE_SUCCESS' || t.status === 'TRADE_FINISHED' || t.paidAt !== undefined;
    return refusedPage({ gateway: 'Alipay', code: paid ? 'ACQ.TRADE_HAS_SUCCESS' : 'ACQ.TRADE_HAS_CLOSE', message: paid ? 'the trade has been paid' : 'the trade has been closed', back });
  }

  async decide(ref: string, outcome: 'pay' | 'fail' | 'cancel'): Promise<void> {
    const t = this.trades.get(ref) ?? this.byTradeNo.get(ref);
    if (t) await this.settle(t, outcome, this.switches);
  }

  /** Pay → TRADE_SUCCESS; fail or cancel → TRADE_CLOSED (Alipay has no failed trade, an unpaid one is closed). Both are notified. */
  private async settle(t: Trade, outcome: 'pay' | 'fail' | 'cancel', switches: FakeNotificationSwitches): Promise<void> {
    if (t.status === 'WAIT_BUYER_PAY') {
      if (outcome === 'pay') {
        t.status = 'TRADE_SUCCESS';
        t.paidAt = this.now();
      } else t.status = 'TRADE_CLOSED';
    }
    if (t.notifyUrl) await this.notifier.send(this.notification(t, switches), switches);
  }

  notification(t: Trade, switches: FakeNotificationSwitches = {}, status: TradeStatus = t.status) {
    const at = new Date(this.now().getTime() - (switches.staleSeconds ?? 0) * 1000);
    const total = switches.amountMinor !== undefined ? (switches.amountMinor / 100).toFixed(2) : t.totalAmount;
    const fields = signNotification(
      {
        notify_time: chinaTime(at),
        notify_type: 'trade_status_sync',
        notify_id: `${randomHex(16)}`,
        // Another merchant's notification is signed by Alipay just the same: only its ids differ.
        app_id: switches.otherMerchant ? '2021000000009999' : this.o.appId,
        charset: 'utf-8',
        version: '1.0',
        trade_no: t.tradeNo,
        out_trade_no: t.outTradeNo,
        trade_status: status,
        total_amount: total,
        receipt_amount: status === 'TRADE_SUCCESS' ? total : '0.00',
        seller_id: switches.otherMerchant ? '2088000000009999' : this.o.sellerId,
        subject: t.subject,
        gmt_create: chinaTime(at),
        ...(t.paidAt ? { gmt_payment: chinaTime(t.paidAt) } : {}),
      },
      this.o.alipayPrivateKey,
    );
    return { url: t.notifyUrl, headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body: new URLSearchParams(fields).toString() };
  }

  async flush(): Promise<void> {
    await this.notifier.flush(this.switches);
  }

  private refund(t: Trade, biz: Record<string, unknown>): PlainResponse {
    const m = METHODS.refund;
    const amount = fromYuan(biz.refund_amount);
    const requestNo = typeof biz.out_request_no === 'string' && biz.out_request_no ? biz.out_request_no : t.outTradeNo;
    if (amount === undefined || amount <= 0) return this.failure(m, '40004', 'Business Failed', 'ACQ.INVALID_PARAMETER', 'refund_amount invalid');
    const done = t.refunds.get(requestNo);
    const ok = () => this.answer(m, { code: '10000', msg: 'Success', trade_no: t.tradeNo, out_trade_no: t.outTradeNo, fund_change: done === undefined ? 'Y' : 'N', refund_fee: (t.refunded / 100).toFixed(2), out_request_no: requestNo });
    // out_request_no is the refund's idempotency key: the same again changes no funds.
    if (done !== undefined) return done === amount ? ok() : this.failure(m, '40004', 'Business Failed', 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', 'out_request_no used with another amount');
    if (t.status !== 'TRADE_SUCCESS') return this.failure(m, '40004', 'Business Failed', 'ACQ.TRADE_STATUS_ERROR', 'trade not paid');
    const total = fromYuan(t.totalAmount)!;
    if (t.refunded + amount > total) return this.failure(m, '40004', 'Business Failed', 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', 'refund exceeds the amount paid');
    t.refunded += amount;
    const answer = ok();
    t.refunds.set(requestNo, amount);
    if (t.refunded === total) t.status = 'TRADE_CLOSED';
    return answer;
  }
}
