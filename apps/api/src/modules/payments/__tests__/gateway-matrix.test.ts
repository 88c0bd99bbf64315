import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobActor } from '../../../lib/actor.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import { balanceOf, ledgerCheck } from '../../ledger/ledger.service.js';
import { expireOrder } from '../../orders/orders.service.js';
import { insertOperatorRate } from '../../rates/rates.queries.js';
import { expireRecharge } from '../../wallet/recharge.service.js';
import { PAY_PASSWORD, walletMember } from '../../wallet/__tests__/fixtures.js';
import type { Fake2c2p } from '../gateways/2c2p/fake.js';
import { paymentResultClaims, RESP, signPayload, transactionDateTime } from '../gateways/2c2p/protocol.js';
import type { FakeAirwallex } from '../gateways/airwallex/fake.js';
import type { FakeAlipay } from '../gateways/alipay/fake.js';
import type { FakeCtbc } from '../gateways/ctbc/fake.js';
import { resultForm, taipeiStamp } from '../gateways/ctbc/protocol.js';
import { toMajorString, type FakeGateway } from '../gateways/gateway.js';
import type { Notifier } from '../gateways/sandbox-kit.js';
import type { FakeStripe } from '../gateways/stripe/fake.js';
import type { FakeWechat } from '../gateways/wechat/fake.js';
import { rfc3339China } from '../gateways/wechat/protocol.js';
import { expirePayableWithPayments } from '../payable-expiry.js';
import type { PaymentRow } from '../payments.table.js';
import { inquireAndApply } from '../settlement.js';
import { entriesOf, flagsOf, memberWithOrder, paymentRow, TEST_SHOP_URL, useHeldSandboxes, type Delivery } from './payments-helpers.js';

// Every sandbox gateway through the real webhook ingress and its sandbox, one table of gateways
// driving the same test bodies: notifications racing the browser's return, events out of order,
// a success after a failure or after expiry, mismatches reported from the hosted page, mixed
// balance payments whose gateway part ends unpaid, and tampered or stale notifications.
// CTBC takes TWD top-ups only, so its payable is a top-up; every other gateway pays an order.

let t: TestApp;
let sandboxes: ReturnType<typeof useHeldSandboxes>;

beforeAll(async () => {
  t = await buildTestApp();
  sandboxes = useHeldSandboxes(t);
  // TWD has no rate from the feed: an operator's, as a shop taking CTBC top-ups sets one.
  await insertOperatorRate(t.db, { base: 'TWD', quote: 'USD', rate: '0.03125', rate_date: new Date().toISOString().slice(0, 10), set_by: 'test' }).catch(() => undefined);
}, 60_000);
afterAll(async () => {
  await t.close();
});

const fakes = () => sandboxes.fakes as unknown as { stripe: FakeStripe; airwallex: FakeAirwallex; '2c2p': Fake2c2p; wechat: FakeWechat; alipay: FakeAlipay; ctbc: FakeCtbc };
const held = (work: () => Promise<unknown>) => sandboxes.held(work);
const deliver = (d: Delivery) => sandboxes.deliver(d);
const only = (ds: Delivery[]) => {
  expect(ds).toHaveLength(1);
  return ds[0]!;
};
const json = { 'content-type': 'application/json' };
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const webhook = (gateway: string) => `${TEST_SHOP_URL}/webhooks/${gateway}`;
const major = (p: PaymentRow) => Number(toMajorString(p.gateway_minor, p.currency));

/** An Airwallex event about a payment intent, signed now as Airwallex signs it. */
function airwallexEvent(name: string, object: Record<string, unknown>): Delivery {
  const ts = String(Date.now());
  const body = JSON.stringify({ id: `evt_${Math.random().toString(36).slice(2)}`, name, account_id: 'acct_sandbox_h5shop', data: { object }, created_at: new Date().toISOString() });
  return { url: webhook('airwallex'), headers: { ...json, 'x-timestamp': ts, 'x-signature': fakes().airwallex.sign(ts, body) }, body };
}

/** A 2C2P backend notification (JWT HS256 with the merchant's secret) saying `respCode` about the payment. */
async function twoC2pResult(p: PaymentRow, respCode: string, respDesc: string): Promise<Delivery> {
  const tranRef = fakes()['2c2p'].invoices.get(p.reference)?.tranRef || '7000000001';
  const ok = respCode === RESP.success;
  const claims = paymentResultClaims({ merchantId: 'JT04', invoiceNo: p.reference, amountMinor: p.gateway_minor, currency: p.currency, respCode, respDesc, tranRef, referenceNo: `REF${tranRef}`, transactionDateTime: transactionDateTime(new Date()), channelCode: ok ? 'VI' : '', approvalCode: ok ? tranRef.slice(-6) : '' });
  return { url: webhook('2c2p'), headers: json, body: JSON.stringify({ payload: await signPayload(claims, 'SANDBOX-2C2P-0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF') }) };
}

/** CTBC's result for the authorisation (approved or declined), encrypted and MACed with the merchant key. */
function ctbcResult(p: PaymentRow, approved: boolean): Delivery {
  const a = fakes().ctbc.auths.get(p.reference)!;
  const fields = resultForm(
    { status: approved ? '0' : '1', errcode: approved ? '00' : '05', authCode: approved ? a.authCode : '', authAmt: approved ? String(p.gateway_minor / 100) : '0', lidm: p.reference, xid: a.xid, merID: '9001', Last4digitPAN: approved ? '4242' : '', errDesc: approved ? '' : 'Declined', Option: a.req.txType === '1' ? a.req.Option : '', authTime: taipeiStamp(new Date()) },
    'SandboxCtbcKey0123456789',
  );
  return { url: webhook('ctbc'), headers: form, body: new URLSearchParams(fields).toString() };
}

interface GatewayCase {
  name: 'stripe' | 'airwallex' | '2c2p' | 'wechat' | 'alipay' | 'ctbc';
  payWay: string;
  currency: string;
  payable: 'order' | 'recharge';
  /** The app's call that starts a payment with this gateway. */
  startPath: string;
  /** The app's call the page the gateway returns the browser to reads (it makes the shop ask the gateway). */
  returnPath: string;
  /** The HTTP status the gateway expects for a notification taken. */
  accepted: number;
  /** Whether its notification names a currency (Alipay and CTBC take one currency only and name none). */
  currencyOnWire: boolean;
  /** A success the gateway sends about the payment, signed as it signs (not delivered). */
  success(p: PaymentRow): Promise<Delivery>;
  /** Events of earlier states and failures the gateway may still deliver after a success. */
  late?(p: PaymentRow): Promise<Delivery[]>;
}

const gateways: GatewayCase[] = [
  {
    name: 'stripe',
    payWay: 'stripe_card',
    currency: 'MYR',
    payable: 'order',
    startPath: '/shop/buy/payOrder',
    returnPath: '/shop/buy/payInfo',
    accepted: 200,
    currencyOnWire: true,
    success: async (p) => {
      const pi = fakes().stripe.intents.get(p.provider_ref!)!;
      return only(await held(() => fakes().stripe.emit('payment_intent.succeeded', { ...pi, status: 'succeeded', amount_received: pi.amount })));
    },
    late: async (p) => {
      const pi = fakes().stripe.intents.get(p.provider_ref!)!;
      return held(async () => {
        await fakes().stripe.emit('payment_intent.processing', { ...pi, status: 'processing', amount_received: 0 });
        await fakes().stripe.emit('payment_intent.payment_failed', { ...pi, status: 'requires_payment_method', amount_received: 0, last_payment_error: { code: 'card_declined', message: 'Your card was declined.' } });
        await fakes().stripe.emit('payment_intent.canceled', { ...pi, status: 'canceled', amount_received: 0 });
      });
    },
  },
  {
    name: 'airwallex',
    payWay: 'airwallex_card',
    currency: 'MYR',
    payable: 'order',
    startPath: '/airwallex/index/createPaymentIntent',
    returnPath: '/oms/onlinepay/order/getPayStateInfo',
    accepted: 200,
    currencyOnWire: true,
    success: async (p) => {
      const i = fakes().airwallex.intents.get(p.provider_ref!)!;
      return airwallexEvent('payment_intent.succeeded', { id: i.id, merchant_order_id: i.merchant_order_id, status: 'SUCCEEDED', amount: major(p), captured_amount: major(p), currency: i.currency });
    },
    late: async (p) => {
      const i = fakes().airwallex.intents.get(p.provider_ref!)!;
      const intent = { id: i.id, merchant_order_id: i.merchant_order_id, amount: major(p), captured_amount: 0, currency: i.currency };
      return [
        airwallexEvent('payment_intent.pending', { ...intent, status: 'PENDING' }),
        airwallexEvent('payment_attempt.failed', { id: 'att_earlier', payment_intent_id: i.id, merchant_order_id: i.merchant_order_id, status: 'FAILED', failure_code: 'issuer_declined', amount: major(p), currency: i.currency }),
        airwallexEvent('payment_intent.cancelled', { ...intent, status: 'CANCELLED' }),
      ];
    },
  },
  {
    name: '2c2p',
    payWay: '2c2p_card',
    currency: 'MYR',
    payable: 'order',
    startPath: '/oms/onlinepay/order/createToken',
    returnPath: '/shop/order/queryOrder2c2p',
    accepted: 200,
    currencyOnWire: true,
    success: (p) => twoC2pResult(p, RESP.success, 'Success'),
    late: async (p) => [await twoC2pResult(p, RESP.pending, 'Transaction is pending'), await twoC2pResult(p, RESP.failed, 'Transaction failed'), await twoC2pResult(p, RESP.canceled, 'Transaction is cancelled')],
  },
  {
    name: 'wechat',
    payWay: 'wechat_h5',
    currency: 'CNY',
    payable: 'order',
    startPath: '/shop/buy/payOrder',
    returnPath: '/shop/buy/payInfo',
    accepted: 204,
    currencyOnWire: true,
    success: async (p) => fakes().wechat.notification({ ...fakes().wechat.orders.get(p.reference)!, state: 'SUCCESS', transactionId: `4200${Date.now()}`, successTime: rfc3339China(new Date()) }),
    // WeChat Pay notifies successes only (TRANSACTION.SUCCESS): no earlier state or failure can
    // arrive after one, so its out-of-order case is the success after a failure (below).
  },
  {
    name: 'alipay',
    payWay: 'alipay_wap',
    currency: 'CNY',
    payable: 'order',
    startPath: '/shop/buy/payOrder',
    returnPath: '/shop/buy/payInfo',
    accepted: 200,
    currencyOnWire: false,
    success: async (p) => fakes().alipay.notification({ ...fakes().alipay.trades.get(p.reference)!, status: 'TRADE_SUCCESS', paidAt: new Date() }),
    late: async (p) => {
      const { paidAt: _paid, ...unpaid } = fakes().alipay.trades.get(p.reference)!;
      return [fakes().alipay.notification(unpaid, {}, 'WAIT_BUYER_PAY'), fakes().alipay.notification(unpaid, {}, 'TRADE_CLOSED')];
    },
  },
  {
    name: 'ctbc',
    payWay: 'ctbc_card',
    currency: 'TWD',
    payable: 'recharge',
    startPath: '/shop/buy/payOrder',
    returnPath: '/shop/buy/payInfo',
    // The result comes through the member's browser too: taken, it sends the browser on to the top-ups.
    accepted: 303,
    currencyOnWire: false,
    success: async (p) => ctbcResult(p, true),
    late: async (p) => [ctbcResult(p, false)],
  },
];
const orderGateways = gateways.filter((g) => g.payable === 'order');
const fakeOf = (g: GatewayCase): FakeGateway & { notifier: Notifier } => fakes()[g.name] as unknown as FakeGateway & { notifier: Notifier };

type Payer = Awaited<ReturnType<typeof walletMember>> & { type: 'order' | 'recharge'; id: number; no: string };

/** A member with something to pay through the gateway: an order in its currency, or (CTBC) a TWD top-up. */
async function payer(g: GatewayCase, amount = 5000): Promise<Payer> {
  if (g.payable === 'order') {
    const m = await memberWithOrder(t, { currency: g.currency, price: amount });
    return { ...m, type: 'order', id: m.order.id, no: m.order.order_no };
  }
  const m = await walletMember(t);
  const created = await call(t, 'POST', '/user/recharge/create', { headers: m.keyed(), body: { channel: 'ctbc', amount: String(Math.round(amount / 100) * 32), currency: 'TWD' } });
  expect(created.body.code, created.body.msg).toBe(200);
  return { ...m, type: 'recharge', id: created.body.data.id, no: created.body.data.order_no };
}

let clients = 0;
/** Starts a payment through the app's own call for the gateway and opens the gateway's hosted page, as the member's browser does. */
async function start(g: GatewayCase, m: Payer, extra: Record<string, unknown> = {}, path = g.startPath) {
  // Each payment starts from a client address of its own: the matrix starts more payments in a minute than one client may.
  const started = await t.app.inject({ method: 'POST', url: path, headers: m.keyed(), payload: { order_id: m.id, order_type: m.type, pay_way: g.payWay, ...extra }, remoteAddress: `10.9.${Math.floor(++clients / 250)}.${(clients % 250) + 1}` });
  const res = { body: started.json() as { code: number; msg: string; data: any } };
  expect(res.body.code, res.body.msg).toBe(200);
  const info = res.body.data as { payment_no: string; redirect_url: string; balance_part: number };
  const page = await t.app.inject({ method: 'GET', url: info.redirect_url.replace(TEST_SHOP_URL, '') });
  expect(page.statusCode).toBe(200);
  return { info, page: page.body, row: await paymentRow(t, info.payment_no) };
}

const entity = (s: string) => s.replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)));
/** Submits the hosted page's form as the member would: a button, with switches ticked. */
async function choose(page: string, choice: 'pay' | 'fail' | 'cancel', ticked: Record<string, string> = {}) {
  const action = entity(/<form method="post" action="([^"]+)"/.exec(page)![1]!);
  const hidden = Object.fromEntries([...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((x) => [entity(x[1]!), entity(x[2]!)]));
  const res = await t.app.inject({ method: 'POST', url: action.replace(TEST_SHOP_URL, ''), headers: form, payload: new URLSearchParams({ ...hidden, choice, ...ticked }).toString() });
  expect(res.statusCode).toBeLessThan(400);
  return res;
}

/** The page the gateway returns to reads the payment (the shop asks the gateway while it is open). */
const back = (g: GatewayCase, m: Payer, paymentNo: string) => call(t, 'GET', `${g.returnPath}?payment_no=${paymentNo}&order_type=${m.type}`, { headers: m.headers });

const payableStatus = async (m: Payer) =>
  m.type === 'order'
    ? (await t.db.selectFrom('orders').select('status').where('id', '=', m.id).executeTakeFirstOrThrow()).status
    : (await t.db.selectFrom('recharge_orders').select('status').where('id', '=', m.id).executeTakeFirstOrThrow()).status;
const transitions = async (p: PaymentRow) => (await t.db.selectFrom('payment_events').select('to_status').where('payment_id', '=', p.id).where('kind', '=', 'transition').orderBy('id').execute()).map((e) => e.to_status);
const storedEvents = async (provider: string) => Number((await t.db.selectFrom('webhook_events').select((e) => e.fn.countAll().as('n')).where('provider', '=', provider).executeTakeFirstOrThrow()).n);
const payableUnpaid = async (m: Payer) => expect(await payableStatus(m)).toBe('awaiting_payment');

/** The payable is paid once: one capture entry, the payment's (a top-up: one credit of the wallet, nothing else), one "paid". */
async function paidOnce(m: Payer, paymentNo: string) {
  expect(await payableStatus(m)).toBe('paid');
  if (m.type === 'order') {
    const entries = await entriesOf(t, paymentNo);
    expect(entries.map((e) => e.kind)).toEqual(['payment.capture']);
    expect((await paymentRow(t, paymentNo)).entry_id).toBe(entries[0]!.id);
    expect(await t.db.selectFrom('order_events').select('id').where('order_id', '=', m.id).where('kind', '=', 'paid').execute()).toHaveLength(1);
  } else {
    expect(await entriesOf(t, paymentNo)).toEqual([]);
    expect((await entriesOf(t, m.no)).map((e) => e.kind)).toEqual(['recharge']);
    const r = await t.db.selectFrom('recharge_orders').select(['credit_amount', 'wallet_currency']).where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(await balanceOf(t.db, m.userId, 'cash', r.wallet_currency)).toBe(r.credit_amount);
  }
}

/** A different letter or digit at the middle of the bytes: the notification a man in the middle changed. */
function changedByte(d: Delivery): Delivery {
  const b = d.body;
  for (let i = Math.floor(b.length / 2); i < b.length; i++) {
    const c = b[i]!;
    const other = /\d/.test(c) ? (c === '0' ? '1' : '0') : /[a-z]/.test(c) ? (c === 'a' ? 'b' : 'a') : /[A-Z]/.test(c) ? (c === 'A' ? 'B' : 'A') : undefined;
    if (other) return { ...d, body: `${b.slice(0, i)}${other}${b.slice(i + 1)}` };
  }
  throw new Error('nothing to change');
}

describe('notifications racing the browser\'s return', () => {
  it.each(gateways)('$name: 50 identical notifications at once and the return (an inquiry): one payment, one transition, one ledger entry, paid once — 3 rounds', async (g) => {
    for (let round = 0; round < 3; round++) {
      const m = await payer(g, 5000 + round * 100);
      const { info, row } = await start(g, m);
      // The member pays; the gateway's notifications are held back, then the last (the success)
      // arrives 50 times at once while the browser's return makes the shop ask the gateway.
      const sent = await held(() => fakeOf(g).decide(info.payment_no, 'pay'));
      const success = sent.at(-1)!;
      const [returned, ...answers] = await Promise.all([back(g, m, info.payment_no), ...Array.from({ length: 50 }, () => deliver(success))]);
      expect(returned.body.code).toBe(200);
      expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 50 }, () => g.accepted));
      expect((await paymentRow(t, info.payment_no)).status).toBe('succeeded');
      expect(await transitions(row)).toEqual(['pending', 'succeeded']);
      await paidOnce(m, info.payment_no);
      expect(await t.db.selectFrom('payments').select('id').where('payable_type', '=', m.type).where('payable_id', '=', m.id).execute()).toHaveLength(1);
    }
    expect(await ledgerCheck(t.db)).toEqual([]);
  }, 60_000);
});

describe('events out of order never move a payment backwards', () => {
  it.each(gateways.filter((g) => g.late))('$name: its events delivered newest first (the sandbox\'s switch), then earlier states and failures: still paid, once', async (g) => {
    const m = await payer(g, 2100);
    const { info, row } = await start(g, m);
    const fake = fakeOf(g);
    fake.switches = { outOfOrder: true };
    try {
      await fake.decide(info.payment_no, 'pay');
    } finally {
      fake.switches = {};
    }
    await fake.flush();
    expect((await paymentRow(t, info.payment_no)).status).toBe('succeeded');
    for (const d of await g.late!(row)) expect((await deliver(d)).statusCode).toBe(g.accepted);
    expect((await paymentRow(t, info.payment_no)).status).toBe('succeeded');
    expect(await transitions(row)).toEqual(['pending', 'succeeded']);
    await paidOnce(m, info.payment_no);
    expect(await flagsOf(t, row.id)).toEqual([]);
  });

  it.each(gateways)('$name: a success after the payment failed at the gateway never reopens it: owed back and flagged for refund, the payable unpaid', async (g) => {
    const m = await payer(g, 2200);
    const { info, row, page } = await start(g, m);
    await choose(page, 'fail');
    expect((await back(g, m, info.payment_no)).body.data.state).toBe('failed');
    const ended = (await paymentRow(t, info.payment_no)).status;
    expect(['failed', 'canceled']).toContain(ended);
    expect((await deliver(await g.success(row))).statusCode).toBe(g.accepted);
    expect((await paymentRow(t, info.payment_no)).status).toBe(ended);
    expect(await t.db.selectFrom('payment_flags').select(['kind', 'refund_needed']).where('payment_id', '=', row.id).execute()).toEqual([{ kind: 'paid_after_cancel', refund_needed: true }]);
    expect((await entriesOf(t, info.payment_no)).map((e) => e.kind)).toEqual(['payment.owed_back']);
    await payableUnpaid(m);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});

describe('a mismatch reported from the sandbox\'s hosted page', () => {
  it.each(gateways)('$name: "report another amount": not paid, flagged amount_mismatch, nothing booked', async (g) => {
    const m = await payer(g, 3000);
    const { info, row, page } = await start(g, m);
    expect(page).toContain('name="amountMismatch"');
    await choose(page, 'pay', { amountMismatch: 'on' });
    expect((await paymentRow(t, info.payment_no)).status).toBe('pending');
    expect(await flagsOf(t, row.id)).toEqual(['amount_mismatch']);
    expect(await entriesOf(t, info.payment_no)).toEqual([]);
    await payableUnpaid(m);
  });

  it.each(gateways.filter((g) => g.currencyOnWire))('$name: "report another currency": not paid, flagged currency_mismatch', async (g) => {
    const m = await payer(g, 3100);
    const { info, row, page } = await start(g, m);
    await choose(page, 'pay', { currencyMismatch: 'on' });
    expect((await paymentRow(t, info.payment_no)).status).toBe('pending');
    expect(await flagsOf(t, row.id)).toEqual(['currency_mismatch']);
    expect(await entriesOf(t, info.payment_no)).toEqual([]);
    await payableUnpaid(m);
  });

  it('Alipay and CTBC name no currency in their notifications (one currency each): their page offers no currency switch', async () => {
    for (const g of gateways.filter((x) => !x.currencyOnWire)) {
      const { page } = await start(g, await payer(g, 3200));
      expect(page).toContain('name="amountMismatch"');
      expect(page).not.toContain('name="currencyMismatch"');
    }
  });
});

describe('a success after the payable expired', () => {
  let run = 0;
  it.each(gateways)('$name: the payment expired with its payable; the late success is recorded, owed back and flagged for refund; the payable never reopens', async (g) => {
    const m = await payer(g, 3300);
    const { info, row } = await start(g, m);
    const past = new Date(Date.now() - 1000);
    await t.db.updateTable('payments').set({ expires_at: past }).where('id', '=', row.id).execute();
    if (m.type === 'order') {
      // The order's expiry job closes it; the reconciliation job then finds the payment past its
      // deadline while the gateway still calls it pending, and expires it.
      await t.db.updateTable('orders').set({ expires_at: past }).where('id', '=', m.id).execute();
      expect(await expireOrder(t.deps, jobActor('expire_order', ++run), m.id)).toBe(true);
      expect(await inquireAndApply(t.deps, jobActor('reconcile_payments', ++run), await paymentRow(t, info.payment_no), 'job')).toBe('expired');
    } else {
      // The top-up's expiry job ends it with its open payment.
      await t.db.updateTable('recharge_orders').set({ expires_at: past }).where('id', '=', m.id).execute();
      expect((await expirePayableWithPayments(t.deps, jobActor('expire_recharge', ++run), { type: 'recharge', id: m.id }, (tx) => expireRecharge(tx, m.id))).closed).toBe(true);
    }
    const closed = await payableStatus(m);
    expect(['closed', 'expired']).toContain(closed);
    expect((await paymentRow(t, info.payment_no)).status).toBe('expired');
    // The member had paid at the gateway just before: that success still arrives.
    expect((await deliver(await g.success(row))).statusCode).toBe(g.accepted);
    expect((await paymentRow(t, info.payment_no)).status).toBe('expired');
    expect(await t.db.selectFrom('payment_flags').select(['kind', 'refund_needed']).where('payment_id', '=', row.id).execute()).toEqual([{ kind: 'paid_after_expiry', refund_needed: true }]);
    expect((await entriesOf(t, info.payment_no)).map((e) => e.kind)).toEqual(['payment.owed_back']);
    expect(await payableStatus(m)).toBe(closed);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});

describe('balance and a gateway: the held balance comes back when the gateway part ends unpaid', () => {
  let run = 0;
  const cases = orderGateways.flatMap((g) => (['fails', 'expires'] as const).map((end) => ({ ...g, end })));
  it.each(cases)('$name: the gateway part $end', async (g) => {
    const m = await payer(g, 5000);
    await fund(t.db, m.userId, 2000, g.currency);
    const { info, page } = await start(g, m, { use_balance: true, pay_password: PAY_PASSWORD }, '/shop/buy/payOrder');
    expect(info.balance_part).toBe(2000);
    expect(await balanceOf(t.db, m.userId, 'cash', g.currency)).toBe(0);
    if (g.end === 'fails') {
      await choose(page, 'fail');
      expect((await back(g, m, info.payment_no)).body.data.state).toBe('failed');
    } else {
      await t.db.updateTable('payments').set({ expires_at: new Date(Date.now() - 1000) }).where('reference', '=', info.payment_no).execute();
      expect(await inquireAndApply(t.deps, jobActor('reconcile_payments', ++run), await paymentRow(t, info.payment_no), 'job')).toBe('expired');
    }
    expect(await balanceOf(t.db, m.userId, 'cash', g.currency)).toBe(2000);
    const hold = (await paymentRow(t, info.payment_no)).hold_id!;
    expect((await t.db.selectFrom('holds').select('status').where('id', '=', hold).executeTakeFirstOrThrow()).status).toBe('released');
    expect((await entriesOf(t, info.payment_no)).map((e) => e.kind)).toEqual(['hold.reserve']);
    await payableUnpaid(m);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});

describe('tampered and stale notifications: 4xx and nothing changed', () => {
  it.each(gateways)('$name: one byte changed is refused and changes nothing; the untouched notification is taken', async (g) => {
    const m = await payer(g, 3400);
    const { info, row } = await start(g, m);
    const real = await g.success(row);
    const before = await storedEvents(g.name);
    const res = await deliver(changedByte(real));
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await storedEvents(g.name)).toBe(before);
    expect((await paymentRow(t, info.payment_no)).status).toBe('pending');
    expect(await entriesOf(t, info.payment_no)).toEqual([]);
    await payableUnpaid(m);
    expect((await deliver(real)).statusCode).toBe(g.accepted);
    await paidOnce(m, info.payment_no);
  });

  it.each(gateways.filter((g) => g.name !== '2c2p'))('$name: the hosted page\'s "stale timestamp" sends a notification past the gateway\'s tolerance: refused, nothing changed', async (g) => {
    const m = await payer(g, 3500);
    const { info, page } = await start(g, m);
    const before = await storedEvents(g.name);
    const answered = fakeOf(g).notifier.answers.length;
    await choose(page, 'pay', { stale: 'on' });
    const answers = fakeOf(g).notifier.answers.slice(answered);
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((s) => s === 401)).toBe(true);
    expect(await storedEvents(g.name)).toBe(before);
    expect((await paymentRow(t, info.payment_no)).status).toBe('pending');
    expect(await entriesOf(t, info.payment_no)).toEqual([]);
    await payableUnpaid(m);
  });

  it.each(gateways)('$name: the hosted page\'s "another merchant" sends a notification about another merchant\'s account, signed as the gateway signs for it: refused, nothing changed', async (g) => {
    const m = await payer(g, 3550);
    const { info, row, page } = await start(g, m);
    const before = await storedEvents(g.name);
    const answered = fakeOf(g).notifier.answers.length;
    await choose(page, 'pay', { otherMerchant: 'on' });
    const answers = fakeOf(g).notifier.answers.slice(answered);
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((s) => s >= 400 && s < 500)).toBe(true);
    expect(await storedEvents(g.name)).toBe(before);
    expect((await paymentRow(t, info.payment_no)).status).toBe('pending');
    expect(await entriesOf(t, info.payment_no)).toEqual([]);
    expect(await transitions(row)).toEqual(['pending']);
    await payableUnpaid(m);
  });

  it('2C2P: its notification carries no time of sending to bound (transactionDateTime is when the payment happened), so a replay, however late, is the same event: answered, applied once', async () => {
    const g = gateways.find((x) => x.name === '2c2p')!;
    const m = await payer(g, 3600);
    const { info } = await start(g, m);
    const sent = only(await held(() => fakeOf(g).decide(info.payment_no, 'pay')));
    expect((await deliver(sent)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await deliver(sent)).statusCode).toBe(200);
    const stored = await t.db.selectFrom('webhook_events').select('deliveries').where('provider', '=', '2c2p').where('event_id', 'like', `${info.payment_no}:%`).execute();
    expect(stored).toEqual([{ deliveries: 4 }]);
    await paidOnce(m, info.payment_no);
  });

  it('Alipay: a signed notify of one payment replayed with another\'s out_trade_no is refused; that payment stays unpaid', async () => {
    const g = gateways.find((x) => x.name === 'alipay')!;
    const a = await payer(g, 3700);
    const b = await payer(g, 3700);
    const paidA = await start(g, a);
    const openB = await start(g, b);
    const real = await g.success(paidA.row);
    const replayed = { ...real, body: real.body.replace(`out_trade_no=${paidA.info.payment_no}`, `out_trade_no=${openB.info.payment_no}`) };
    expect(replayed.body).not.toBe(real.body);
    const before = await storedEvents('alipay');
    const res = await deliver(replayed);
    expect(res.statusCode).toBe(401);
    expect(res.body).toBe('fail');
    expect(await storedEvents('alipay')).toBe(before);
    expect((await paymentRow(t, openB.info.payment_no)).status).toBe('pending');
    await payableUnpaid(b);
  });
});
