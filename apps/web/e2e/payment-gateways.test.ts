import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from './browser.js';
import { createMemberSession } from './members.js';
import { chooseGatewayAndPay } from './pay-page.js';
import { baseUrl, databaseUrl } from './shop.js';
import { createDatabase, type Database } from '../../api/src/db/database.js';
import { hashPassword } from '../../api/src/modules/members/identity.js';
import { fund } from '../../api/src/modules/ledger/__tests__/ledger-helpers.js';
import { balanceOf } from '../../api/src/modules/ledger/ledger.service.js';
import { newAddress, newOperatorSession } from '../../api/src/modules/orders/__tests__/fixtures.js';
import { newGoods } from '../../api/src/modules/cart/__tests__/fixtures.js';
import { insertOperatorRate } from '../../api/src/modules/rates/rates.queries.js';

// A member pays an order, a top-up and a charity pledge through each sandbox gateway and the
// wallet, in Chromium at phone size: the method on payNext, the notice, the gateway's own page,
// the sandbox's hosted page and its "Pay", and back to the result or the top-up record, which
// must say what the server says. One member per kind of payable, one server and browser per file.

const PAY_PASSWORD = '864201';
type Kind = 'order' | 'recharge' | 'charity';
type Member = Awaited<ReturnType<typeof createMemberSession>>;

let browser: Browser;
let db: Database;
let causes: Record<'USD' | 'CNY', number>;
const members = new Map<string, Member>();

beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
  db = createDatabase(databaseUrl, 2);
  // TWD has no rate from the feed: an operator's, as a shop taking CTBC top-ups sets one.
  await insertOperatorRate(db, { base: 'TWD', quote: 'USD', rate: '0.03125', rate_date: new Date().toISOString().slice(0, 10), set_by: 'test' }).catch(() => undefined);
  const owner = await newOperatorSession(db, 'owner');
  const cause = async (currency: string) => (await post('/admin/api/charity/causes', { title: { 'en-us': `School books (${currency})` }, currency, min_amount: 500, goal: 1_000_000 }, owner.headers)).id!;
  causes = { USD: await cause('USD'), CNY: await cause('CNY') };
});
afterAll(async () => {
  await browser?.close();
  await db?.destroy();
});

async function post(url: string, body: unknown, headers: Record<string, string>) {
  const res = await fetch(`${baseUrl}${url}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: JSON.stringify(body) });
  const json = (await res.json()) as { code: number; data: { id?: number; order_id?: number; payment_no?: string } };
  if (json.code !== 200) throw new Error(`${url}: ${JSON.stringify(json)}`);
  return json.data;
}
const bearer = (m: Member) => ({ authorization: `Bearer ${m.token}` });

/** A signed-in member with a pay password; `usd` minor units of cash in the wallet. */
async function newPayer(usd = 0): Promise<Member> {
  const m = await createMemberSession(databaseUrl, 'live');
  await db.updateTable('users').set({ pay_password_hash: await hashPassword(PAY_PASSWORD) }).where('id', '=', m.userId).execute();
  if (usd) await fund(db, m.userId, usd, 'USD');
  return m;
}
/** The one member paying every payable of a kind (orders and pledges also with the wallet's USD). */
async function memberFor(kind: Kind): Promise<Member> {
  if (!members.has(kind)) members.set(kind, await newPayer(kind === 'recharge' ? 0 : 100_000));
  return members.get(kind)!;
}

/** Something to pay, made through the API: an order of one item, a top-up (CTBC's in TWD, in instalments when given), or a pledge to a cause. */
async function payable(m: Member, kind: Kind, currency: string, opts: { ctbc?: boolean; instalments?: number } = {}): Promise<number> {
  if (kind === 'order') {
    const addressId = (await db.selectFrom('addresses').select('id').where('user_id', '=', m.userId).executeTakeFirst())?.id ?? (await newAddress(db, m.userId));
    const g = await newGoods(db, [{ price: 1500, stock: 10 }], { name: 'Gateway teapot', currency });
    return (await post('/shop/buy/createOrder', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1, address_id: addressId, remarks: '' }, bearer(m))).order_id!;
  }
  if (kind === 'recharge') {
    const body = opts.ctbc ? { channel: 'ctbc', amount: '1000', currency: 'TWD', wallet_currency: 'USD', instalments: opts.instalments } : { channel: 'online', amount: '50.00', currency, wallet_currency: currency };
    return (await post('/user/recharge/create', body, bearer(m))).id!;
  }
  return (await post('/attractive/lovers/submitPay', { cause_id: causes[currency as 'USD' | 'CNY'], amount: 2500 }, bearer(m))).id!;
}

/** Opens `hashPath` signed in as the member (in WeChat's browser when told). */
async function openAs(m: Member, hashPath: string, opts: { wechat?: boolean } = {}): Promise<Page> {
  const storage = {
    'shop.session': JSON.stringify({ state: { token: m.token, user: { id: m.userId, user_name: m.userName } }, version: 0 }),
    'shop.session.refreshedAt': String(Date.now()),
  };
  if (!opts.wechat) return browser.open(hashPath, { localStorage: storage });
  const page = await browser.newPage();
  // WeChat's built-in browser names itself in its User-Agent; the app reads it there.
  const cdp = await browser.context.newCDPSession(page);
  await cdp.send('Emulation.setUserAgentOverride', { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323c) NetType/WIFI Language/en' });
  await page.addInitScript((items: Record<string, string>) => {
    if (sessionStorage.getItem('__e2e_seeded')) return;
    sessionStorage.setItem('__e2e_seeded', '1');
    for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
  }, storage);
  await page.goto(`${baseUrl}/h5/#${hashPath}`);
  return page;
}
const payNext = (m: Member, kind: Kind, id: number) => openAs(m, `/pages/goods/payNext?order_id=${id}&order_type=${kind}`);

const TABLES = { order: 'orders', recharge: 'recharge_orders', charity: 'charity_orders' } as const;
async function statusOf(kind: Kind, id: number): Promise<string> {
  return (await db.selectFrom(TABLES[kind]).select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
}
/** The payments of a payable, oldest first: their method and state. */
const paymentsOf = (kind: Kind, id: number) => db.selectFrom('payments').select(['method_code', 'status']).where('payable_type', '=', kind).where('payable_id', '=', id).orderBy('id').execute();

/**
 * Chooses a method (its notice shows on the pay page) and pays: a hosted page is the next screen;
 * a gateway that starts its payment on its own page links to the sandbox from there.
 */
async function toSandbox(page: Page, method: RegExp, gateway: string) {
  await chooseGatewayAndPay(page, method);
  const sandbox = new RegExp(`/sandbox/${gateway}/`);
  const link = page.getByRole('link', { name: 'Go to the payment page' });
  const until = Date.now() + 30_000;
  while (!sandbox.test(page.url())) {
    if (Date.now() > until) throw new Error(`not at the ${gateway} sandbox after 30 s: ${page.url()}`);
    if (await link.isVisible().catch(() => false)) await link.click().catch(() => {});
    await page.waitForTimeout(100);
  }
  await page.waitForLoadState();
}

/** The sandbox's button, then the app's page the gateway sends the browser back to. */
async function choose(page: Page, choice: 'Pay' | 'Fail' | 'Cancel', back: RegExp) {
  await page.getByRole('button', { name: choice, exact: true }).click();
  await page.waitForURL(back);
}

/** One way to pay: the wallet's balance, or a gateway's method through its sandbox. */
interface Way {
  label: string;
  method: RegExp;
  /** The sandbox's name; none for the wallet's balance. */
  gateway?: string;
  /** The payable's currency for an order or a pledge, and for a top-up. */
  currency: string;
  /** Where the gateway returns the browser from an order or a pledge (a top-up returns to its record). */
  back?: RegExp;
  ctbc?: { instalments?: number };
}
const PAY_FINISH = /#\/pages\/goods\/payFinish\?/;
const WALLET: Way = { label: 'wallet balance', method: /^Wallet balance/, currency: 'USD' };
const STRIPE: Way = { label: 'Stripe card', method: /^Card \(Visa/, gateway: 'stripe', currency: 'MYR', back: PAY_FINISH };
const AIRWALLEX: Way = { label: 'Airwallex card', method: /^Visa \/ Mastercard \(Airwallex\)/, gateway: 'airwallex', currency: 'MYR', back: PAY_FINISH };
const TWO_C2P: Way = { label: '2C2P card', method: /^Visa \/ Mastercard \/ JCB \(2C2P\)/, gateway: '2c2p', currency: 'USD', back: /#\/pages\/pay\/2c2pPay\?.*paymentResponse=/ };
const WECHAT: Way = { label: 'WeChat Pay H5', method: /^WeChat Pay/, gateway: 'wechat', currency: 'CNY', back: PAY_FINISH };
const ALIPAY: Way = { label: 'Alipay', method: /^Alipay/, gateway: 'alipay', currency: 'CNY', back: /#\/pages\/goods\/alione\?/ };
const CTBC_ONE: Way = { label: 'CTBC one payment', method: /^CTBC card(?! in)/, gateway: 'ctbc', currency: 'TWD', ctbc: {} };
const CTBC_INSTALMENTS: Way = { label: 'CTBC in 3 instalments', method: /^CTBC card in instalments/, gateway: 'ctbc', currency: 'TWD', ctbc: { instalments: 3 } };
// The wallet's own value cannot pay a top-up of that wallet, by design.
const matrix: Array<{ kind: Kind; way: Way }> = [
  ...[WALLET, STRIPE, AIRWALLEX, TWO_C2P, WECHAT, ALIPAY].map((way) => ({ kind: 'order' as const, way })),
  ...[STRIPE, AIRWALLEX, TWO_C2P, WECHAT, ALIPAY, CTBC_ONE, CTBC_INSTALMENTS].map((way) => ({ kind: 'recharge' as const, way })),
  ...[WALLET, { ...STRIPE, currency: 'USD' }, { ...AIRWALLEX, currency: 'USD' }, TWO_C2P, WECHAT, ALIPAY].map((way) => ({ kind: 'charity' as const, way })),
];

/** Where the browser lands after the gateway: a top-up's record (CTBC's: the top-ups), else the gateway's return page. */
const landing = (kind: Kind, way: Way) => (kind !== 'recharge' ? way.back! : way.ctbc ? /#\/pages\/my\/rechargeList/ : /#\/pages\/my\/rechargeInfo\?id=\d+&payment_no=P\d+/);

describe('a member pays an order, a top-up and a pledge through each sandbox gateway and the wallet', () => {
  it.each(matrix)('$kind × $way.label', async ({ kind, way }) => {
    const m = await memberFor(kind);
    const id = await payable(m, kind, way.currency, { ctbc: Boolean(way.ctbc), instalments: way.ctbc?.instalments });
    const page = await payNext(m, kind, id);
    try {
      if (!way.gateway) {
        await page.getByRole('radio', { name: way.method }).click();
        await page.locator('input[name="pay_password"]').fill(PAY_PASSWORD);
        await page.getByRole('button', { name: /^Pay / }).click();
        await page.waitForURL(PAY_FINISH);
      } else {
        await toSandbox(page, way.method, way.gateway);
        if (way.ctbc?.instalments) await page.getByText(`${way.ctbc.instalments} months`).waitFor();
        expect(await statusOf(kind, id)).toBe('awaiting_payment');
        await choose(page, 'Pay', landing(kind, way));
      }
      // What the page says, then what the server says.
      if (kind === 'recharge') await page.getByText('Credited', { exact: true }).first().waitFor();
      else await page.getByText('Payment successful').waitFor();
      expect(await statusOf(kind, id)).toBe('paid');
      expect((await paymentsOf(kind, id)).map((p) => p.status)).toEqual(['succeeded']);
    } finally {
      await page.close();
    }
  });
});

describe('the pay pages around the gateways', () => {
  it('payFinish1 shows a paid order’s result like payFinish, and leads to the order, to be shipped', async () => {
    const m = await memberFor('order');
    const id = await payable(m, 'order', 'USD');
    const paid = await post('/shop/buy/payOrder', { order_id: id, pay_way: 'balance', pay_password: PAY_PASSWORD }, bearer(m));
    const page = await openAs(m, `/pages/goods/payFinish1?payment_no=${paid.payment_no}`);
    try {
      await page.getByRole('heading', { name: 'Payment result' }).waitFor();
      await page.getByText('Payment successful').waitFor();
      await page.getByRole('button', { name: 'View order' }).click();
      await page.waitForURL(new RegExp(`#/pages/order/orderInfo\\?id=${id}`));
      await page.getByRole('status').getByText('To be shipped').waitFor();
    } finally {
      await page.close();
    }
  });

  it('inside WeChat’s browser an Alipay payment goes to weixinGo: the steps and the address to open in a browser, nothing started; another method is one tap away', async () => {
    const m = await memberFor('order');
    const id = await payable(m, 'order', 'CNY');
    const page = await openAs(m, `/pages/goods/payNext?order_id=${id}&order_type=order`, { wechat: true });
    try {
      // Inside WeChat, WeChat Pay is its own pay sheet (JSAPI), not the H5 page.
      await page.getByRole('radio', { name: /^WeChat Pay \(inside WeChat\)/ }).waitFor();
      await page.getByRole('radio', { name: /^Alipay/ }).click();
      await page.getByRole('button', { name: /^Pay / }).click();
      await page.waitForURL(/#\/pages\/goods\/weixinGo\?order_id=\d+&order_type=order/);
      await page.getByText('WeChat cannot open this payment method').waitFor();
      await page.getByText('Choose "Open in Browser".').waitFor();
      expect(await page.getByLabel('Or copy this address into your browser:').inputValue()).toBe(`${baseUrl}/h5/#/pages/goods/payNext?order_id=${id}&order_type=order`);
      expect(await paymentsOf('order', id)).toEqual([]);
      await page.getByRole('button', { name: 'Choose another payment method' }).click();
      await page.waitForURL(/#\/pages\/goods\/payNext\?order_id=/);
      await page.getByRole('radio', { name: /^Alipay/ }).waitFor();
      expect(await statusOf('order', id)).toBe('awaiting_payment');
    } finally {
      await page.close();
    }
  });

  it('2C2P: a failed card payment comes back to the 2C2P page as "Payment Failed", the order still unpaid', async () => {
    const m = await memberFor('order');
    const id = await payable(m, 'order', 'USD');
    const page = await payNext(m, 'order', id);
    try {
      await toSandbox(page, TWO_C2P.method, '2c2p');
      await choose(page, 'Fail', TWO_C2P.back!);
      await page.getByText('Payment Failed').first().waitFor();
      expect(await page.getByText('Payment successful').count()).toBe(0);
      expect(await statusOf('order', id)).toBe('awaiting_payment');
    } finally {
      await page.close();
    }
  });

  it('Alipay: a payment cancelled on Alipay’s page comes back to the Alipay page as "Payment Failed", with the way to pay again', async () => {
    const m = await memberFor('order');
    const id = await payable(m, 'order', 'CNY');
    const page = await payNext(m, 'order', id);
    try {
      await toSandbox(page, ALIPAY.method, 'alipay');
      await choose(page, 'Cancel', ALIPAY.back!);
      await page.getByText('Payment Failed').first().waitFor();
      await page.getByRole('button', { name: 'Pay again' }).waitFor();
      expect(await statusOf('order', id)).toBe('awaiting_payment');
    } finally {
      await page.close();
    }
  });

  it('Stripe with the wallet balance: the balance part is held, and released when the card part fails', async () => {
    // A balance that covers part of the order only: a member of its own.
    const m = await newPayer(500);
    const id = await payable(m, 'order', 'USD');
    const page = await payNext(m, 'order', id);
    try {
      await page.getByRole('radio', { name: STRIPE.method }).click();
      await page.getByText('Use my wallet balance ($5.00)').click();
      await page.locator('input[name="pay_password"]').fill(PAY_PASSWORD);
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.getByText('$5.00 of your wallet balance is held for this payment').waitFor();
      expect(await balanceOf(db, m.userId, 'cash', 'USD')).toBe(0);
      await page.getByRole('link', { name: 'Go to the payment page' }).click();
      await choose(page, 'Fail', PAY_FINISH);
      await page.getByText('Payment Failed').first().waitFor();
      expect(await statusOf('order', id)).toBe('awaiting_payment');
      expect(await balanceOf(db, m.userId, 'cash', 'USD')).toBe(500);
    } finally {
      await page.close();
    }
  });
});
