import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { jobActor } from '../../../lib/actor.js';
import { runDueJobs } from '../../../jobs/worker.js';
import { runOpsCommand } from '../../../ops/commands.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newGoods, stockOf } from '../../cart/__tests__/fixtures.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import { balanceOf, ledgerCheck } from '../../ledger/ledger.service.js';
import { reconcilePayments } from '../../payments/reconcile.js';
import { PAY_PASSWORD, walletMember } from '../../wallet/__tests__/fixtures.js';
import { newAddress, orderRow } from './fixtures.js';
import { opsAuthenticators, opsOperators } from '../../../ops/__tests__/ops-operators.js';

// `npm run ops -- order …`: the operator commands call the console's services, refuse what the
// console refuses, and record each decision with who and why.

let t: TestApp;
let ids: Record<string, number> = {};
/** `--code` and the current code of the operator's authenticator (cancelling a paid order or ending a group buy refunds: it needs one). */
let code: (name: string) => Promise<string[]>;
/** How a command-line operator's decisions are recorded: as the console records them, `name#id`. */
const recordedAs = (name: string) => `${name}#${ids[name]}`;
beforeAll(async () => {
  t = await buildTestApp();
  // The console operators the commands run as (`--by`, else the default name).
  ids = await opsOperators(t.db, { olivia: 'owner', bruno: 'owner' });
  code = await opsAuthenticators(t.db, ['olivia', 'bruno']);
});
afterAll(() => t.close());

const ops = (...args: string[]) => runOpsCommand(t.db, args, 'olivia');
type Member = Awaited<ReturnType<typeof shopper>>;
const get = (m: Member, url: string) => call(t, 'GET', url, { headers: m.headers, lang: 'en-us' });
const post = (m: Member, url: string, body: unknown) => call(t, 'POST', url, { headers: m.keyed(), body, lang: 'en-us' });

async function shopper(countryCode = 'MY') {
  const m = await walletMember(t);
  return { ...m, addressId: await newAddress(t.db, m.userId, { countryCode }) };
}

const decisions = (targetType: string, targetId: number) =>
  t.db.selectFrom('operator_actions').select(['operator', 'action', 'reason']).where('target_type', '=', targetType as never).where('target_id', '=', targetId).orderBy('id').execute();

/** An order of two SKUs (2 and 1 units) paid from the member's wallet balance. */
async function paidOrder(m: Member) {
  const g = await newGoods(t.db, [{ price: 700, stock: 9 }, { price: 300, stock: 9 }]);
  await post(m, '/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 2 });
  await post(m, '/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[1], num: 1 });
  const order = (await post(m, '/shop/buy/createOrder', { address_id: m.addressId })).body.data;
  await fund(t.db, m.userId, order.total, order.currency);
  const paid = await post(m, '/shop/buy/payOrder', { order_id: order.order_id, pay_way: 'balance', pay_password: PAY_PASSWORD });
  expect(paid.body.data).toMatchObject({ state: 'success' });
  const lines = await t.db.selectFrom('order_lines').select(['id', 'sku_id', 'quantity']).where('order_id', '=', order.order_id).orderBy('id').execute();
  return { orderId: order.order_id as number, total: order.total as number, currency: order.currency as string, goods: g, lines };
}

describe('order commands', () => {
  it('ship --lines sends part of an order as one package; the rest ships in a second; order show lists lines and packages', async () => {
    const m = await shopper();
    const { orderId, lines } = await paidOrder(m);
    const shown = await ops('order', 'show', String(orderId));
    expect(shown).toContain(`line ${lines[0]!.id}: `);
    expect(shown).toContain(`line ${lines[1]!.id}: `);

    const first = await ops('order', 'ship', String(orderId), '--carrier', 'DHL', '--number', `PART${orderId}A`, '--lines', `${lines[0]!.id}:1,${lines[1]!.id}:1`);
    expect(first).toMatch(/package \d+ shipped; the order is paid$/);
    const packages = (await get(m, `/shop/order/packageList?order_id=${orderId}`)).body.data.list;
    expect(packages).toHaveLength(1);
    expect(packages[0].lines.map((l: { order_line_id: number; num: number }) => [l.order_line_id, l.num])).toEqual([
      [lines[0]!.id, 1],
      [lines[1]!.id, 1],
    ]);
    // More than is left of a line, or a line of no order of this one: refused, nothing shipped.
    await expect(ops('order', 'ship', String(orderId), '--carrier', 'DHL', '--number', `PART${orderId}X`, '--lines', `${lines[1]!.id}:1`)).rejects.toMatchObject({ code: ResponseCode.packageLinesInvalid });
    await expect(ops('order', 'ship', String(orderId), '--carrier', 'DHL', '--number', `PART${orderId}Y`, '--lines', 'two of them')).rejects.toThrow('--lines: "two of them" is not <line id>:<quantity>');
    expect((await get(m, `/shop/order/packageList?order_id=${orderId}`)).body.data.list).toHaveLength(1);

    const second = await ops('order', 'ship', String(orderId), '--carrier', 'SF Express', '--number', `PART${orderId}B`);
    expect(second).toMatch(/package \d+ shipped; the order is shipped$/);
    expect((await get(m, `/shop/order/packageList?order_id=${orderId}`)).body.data.list[1].lines).toMatchObject([{ order_line_id: lines[0]!.id, num: 1 }]);
    expect(await ops('order', 'show', String(orderId))).toMatch(new RegExp(`package \\d+: SF Express PART${orderId}B in_transit  line ${lines[0]!.id} × 1`));
  });

  it('cancel refunds a paid order in full through the ledger, puts its goods back and records the reason; it needs a reason', async () => {
    const m = await shopper();
    const { orderId, total, currency, goods } = await paidOrder(m);
    expect(await balanceOf(t.db, m.userId, 'cash', currency)).toBe(0);
    await expect(ops('order', 'cancel', String(orderId), ...(await code('olivia')))).rejects.toThrow('give the reason');
    expect((await orderRow(t.db, orderId)).status).toBe('paid');

    const said = await ops('order', 'cancel', String(orderId), '--reason', 'Out of stock at the warehouse', ...(await code('olivia')));
    expect(said).toBe(`order #${orderId} is cancelled and refunding: its payment is refunded in full by the payments job (within a minute); its goods are back on sale`);
    expect(await stockOf(t.db, goods.skuIds[0]!)).toBe(9);
    expect(await stockOf(t.db, goods.skuIds[1]!)).toBe(9);
    await reconcilePayments(t.deps, jobActor('reconcile_payments', 1));
    expect((await orderRow(t.db, orderId)).status).toBe('refunded');
    expect(await balanceOf(t.db, m.userId, 'cash', currency)).toBe(total);
    await reconcilePayments(t.deps, jobActor('reconcile_payments', 2));
    expect(await balanceOf(t.db, m.userId, 'cash', currency)).toBe(total);
    expect(await ledgerCheck(t.db)).toEqual([]);
    expect(await decisions('order', orderId)).toEqual([{ operator: recordedAs('olivia'), action: 'order.cancel.refunding', reason: 'Out of stock at the warehouse' }]);
    await expect(ops('order', 'cancel', String(orderId), '--reason', 'again', ...(await code('olivia')))).rejects.toMatchObject({ code: ResponseCode.orderState });
  });

  it('expiry and auto-confirm out of their range are refused with the range; the settings stay as they were', async () => {
    const before = await ops('order', 'auto-confirm', '10');
    await expect(ops('order', 'auto-confirm', '0')).rejects.toThrow(/^invalid: auto_confirm_days must be a whole number from 1 to 90$/);
    await expect(ops('order', 'auto-confirm', '91')).rejects.toThrow(/^invalid: auto_confirm_days must be a whole number from 1 to 90$/);
    await expect(ops('order', 'expiry', '0')).rejects.toThrow(/^invalid: expiry_minutes must be a whole number from 1 to 10080$/);
    await expect(ops('order', 'settle-after', '366')).rejects.toThrow(/^invalid: settle_after_days must be a whole number from 0 to 365$/);
    expect(await ops('order', 'auto-confirm', '10')).toBe(before);
  });

  it('settle-after sets the days before a completed order settles, and says so', async () => {
    try {
      expect(await ops('order', 'settle-after', '12')).toMatch(/settle 12 days after completion, not before their after-sales window closes/);
      expect((await t.db.selectFrom('order_settings').select('settle_after_days').executeTakeFirstOrThrow()).settle_after_days).toBe(12);
    } finally {
      await t.db.updateTable('order_settings').set({ settle_after_days: 7 }).execute();
    }
  });

  it('says one minute and one day in the singular when it sets them', async () => {
    const before = await t.db.selectFrom('order_settings').select(['expiry_minutes', 'auto_confirm_days', 'settle_after_days']).executeTakeFirstOrThrow();
    try {
      await ops('order', 'auto-confirm', '1');
      await ops('order', 'settle-after', '1');
      const said = await ops('order', 'expiry', '1');
      expect(said).toMatch(/^orders stay unpaid at most 1 minute; unconfirmed orders complete 1 day after delivery and settle 1 day after completion,/);
      expect(await ops('order', 'expiry', '2')).toMatch(/^orders stay unpaid at most 2 minutes;/);
    } finally {
      await t.db.updateTable('order_settings').set(before).execute();
    }
  });

  it('reminders lists the paid orders whose members asked for them to be shipped', async () => {
    const m = await shopper();
    const { orderId } = await paidOrder(m);
    expect(await ops('order', 'reminders')).not.toContain(`#${orderId} `);
    expect((await post(m, '/shop/order/remindSend', { id: orderId })).body.code).toBe(200);
    expect(await ops('order', 'reminders')).toMatch(new RegExp(`#${orderId}  \\d{16}  member ${m.userId}  reminded `));
  });
});

describe('coupon commands', () => {
  it('create, list and end: checkout takes the coupon until it is ended, recorded with the reason', async () => {
    const asked = await ops('order', 'coupon', 'create', 'opsfive', '--amount', '500', '--currency', 'USD', '--days', '7', '--total', '10', '--min-spend', '1000', '--reason', 'spring campaign');
    expect(asked).toMatch(/^request #\d+ \(coupon\.create: coupon OPSFIVE: 5\.00 USD off\) waits for a second operator/);
    const requestId = /request #(\d+)/.exec(asked)![1]!;
    expect(await ops('approvals', 'approve', requestId, '--by', 'bruno', ...(await code('bruno')))).toContain('approved (by bruno)');
    const couponId = Number((await t.db.selectFrom('coupons').select('id').where('code', '=', 'OPSFIVE').executeTakeFirstOrThrow()).id);
    expect(await ops('order', 'coupon', 'list')).toMatch(new RegExp(`#${couponId}  OPSFIVE  5\\.00 USD off from 10\\.00 USD  .*  used 0 of 10  \\(by ${recordedAs('bruno')}\\)`));
    // The contract's checks: a code already taken, a percentage without a value, no end.
    await expect(ops('order', 'coupon', 'create', 'OPSFIVE', '--amount', '500', '--currency', 'USD', '--days', '7', '--reason', 'again')).rejects.toMatchObject({ code: ResponseCode.settingInvalid });
    await expect(ops('order', 'coupon', 'create', 'OPSNONE', '--currency', 'USD', '--days', '7', '--reason', 'x')).rejects.toThrow('invalid: amount');
    await expect(ops('order', 'coupon', 'create', 'OPSNOEND', '--amount', '100', '--currency', 'USD', '--reason', 'x')).rejects.toThrow('invalid: ends_at');
    await expect(ops('order', 'coupon', 'create', 'OPSNOWHY', '--amount', '100', '--currency', 'USD', '--days', '7')).rejects.toThrow('invalid: reason');
    // Plain sentences naming the rule, not the validator's words.
    await expect(ops('order', 'coupon', 'create', 'BIG', '--amount', '100', '--currency', 'USD', '--days', '7', '--reason', 'x')).rejects.toThrow(/^invalid: code must be 4 to 40 characters long$/);
    await expect(ops('order', 'coupon', 'create', 'BIG_ONE', '--amount', '100', '--currency', 'USD', '--days', '7', '--reason', 'x')).rejects.toThrow(/^invalid: code may hold only letters, digits and "-"$/);

    const m = await shopper();
    const g = await newGoods(t.db, [{ price: 2000, stock: 10 }]);
    const body = { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1, address_id: m.addressId, coupon_code: 'OPSFIVE' };
    expect((await get(m, `/shop/buy/cartGoods?goods_id=${g.goodsId}&sku_id=${g.skuIds[0]}&num=1&coupon_code=opsfive`)).body.data.coupon_discount).toBe(500);

    await expect(ops('order', 'coupon', 'end', String(couponId))).rejects.toThrow('give the reason');
    expect(await ops('order', 'coupon', 'end', String(couponId), '--reason', 'Campaign withdrawn')).toMatch(new RegExp(`^coupon #${couponId} ended at .*: no order can use it any more$`));
    const refused = await post(m, '/shop/buy/createOrder', body);
    expect(refused.body).toMatchObject({ code: ResponseCode.couponInvalid, msg: `This coupon expired on ${new Date().toISOString().slice(0, 10)}` });
    expect(await stockOf(t.db, g.skuIds[0]!)).toBe(10);
    await expect(ops('order', 'coupon', 'end', String(couponId), '--reason', 'twice')).rejects.toMatchObject({ code: ResponseCode.couponInvalid });
    await expect(ops('order', 'coupon', 'end', '999999', '--reason', 'none')).rejects.toMatchObject({ code: ResponseCode.notFound });
    expect(await decisions('coupon', couponId)).toEqual([
      { operator: recordedAs('bruno'), action: 'coupon.create OPSFIVE', reason: 'spring campaign' },
      { operator: recordedAs('olivia'), action: 'coupon.end OPSFIVE', reason: 'Campaign withdrawn' },
    ]);
  });
});

describe('group-buy commands', () => {
  it('create sets units aside, list shows them, end gives back what is left and stops new orders; an order that ends later returns its units to the SKU', async () => {
    const g = await newGoods(t.db, [{ price: 3000, stock: 30 }]);
    const created = await ops('order', 'group-buy', 'create', String(g.goodsId), String(g.skuIds[0]), '--price', '1990', '--size', '2', '--quantity', '10', '--days', '3', '--per-order', '2', '--per-member', '2');
    expect(created).toMatch(new RegExp(`^group buy #\\d+: groups of 2 at 1990 \\(minor units\\), 10 units set aside from SKU ${g.skuIds[0]}, `));
    const activityId = Number(/#(\d+)/.exec(created)![1]);
    expect(await stockOf(t.db, g.skuIds[0]!)).toBe(20);
    expect(await ops('order', 'group-buy', 'list')).toMatch(new RegExp(`#${activityId}  ${g.name} \\(Colour 1\\)  groups of 2 at 19\\.90 USD  10 of 10 left  0 open group\\(s\\)`));
    await expect(ops('order', 'group-buy', 'create', String(g.goodsId), String(g.skuIds[0]), '--price', '1990', '--size', '2', '--quantity', '100', '--days', '3')).rejects.toMatchObject({ code: ResponseCode.stockShortage });

    const m = await shopper();
    const bought = await post(m, '/shop/pintuan/buy', { activity_id: activityId, num: 2, address_id: m.addressId });
    expect(bought.body.code).toBe(200);

    await expect(ops('order', 'group-buy', 'end', String(activityId), ...(await code('olivia')))).rejects.toThrow('give the reason');
    const ended = await ops('order', 'group-buy', 'end', String(activityId), '--reason', 'Supplier delay', ...(await code('olivia')));
    // Its group can get no one new: it fails at once and the unpaid order in it is cancelled, its units back in the SKU, not in the closed pool.
    expect(ended).toMatch(new RegExp(`^group buy #${activityId} ended at .*: 10 unit\\(s\\) back in the SKU's stock; 1 open group\\(s\\) failed: 0 paid order\\(s\\) refunded in full, 1 unpaid order\\(s\\) cancelled; 0 group\\(s\\) filled virtually$`));
    expect(await stockOf(t.db, g.skuIds[0]!)).toBe(30);
    const other = await shopper();
    expect((await post(other, '/shop/pintuan/buy', { activity_id: activityId, num: 1, address_id: other.addressId })).body.code).toBe(ResponseCode.groupBuyNotActive);
    expect((await get(m, `/shop/order/info?id=${bought.body.data.order_id}`)).body.data.status).toBe('cancelled');
    expect((await t.db.selectFrom('group_buy_activities').select('remaining').where('id', '=', activityId).executeTakeFirstOrThrow()).remaining).toBe(0);
    await expect(ops('order', 'group-buy', 'end', String(activityId), '--reason', 'twice', ...(await code('olivia')))).rejects.toMatchObject({ code: ResponseCode.groupBuyNotActive });
    expect(await decisions('group_buy', activityId)).toEqual([
      { operator: recordedAs('olivia'), action: 'group_buy.create', reason: null },
      { operator: recordedAs('olivia'), action: 'group_buy.end returned=10 failed=1 filled=0 refunded=0 cancelled=1', reason: 'Supplier delay' },
    ]);
  });

  it('at its end date an activity gives the units it still holds back to the SKU, once', async () => {
    const g = await newGoods(t.db, [{ price: 3000, stock: 12 }]);
    const created = await ops('order', 'group-buy', 'create', String(g.goodsId), String(g.skuIds[0]), '--price', '2500', '--size', '3', '--quantity', '5', '--days', '1');
    const activityId = Number(/#(\d+)/.exec(created)![1]);
    expect(await stockOf(t.db, g.skuIds[0]!)).toBe(7);
    await runDueJobs(t.deps);
    expect(await stockOf(t.db, g.skuIds[0]!)).toBe(7);
    // Its day passes.
    await t.db.updateTable('group_buy_activities').set({ starts_at: new Date(Date.now() - 2 * 86_400_000), ends_at: new Date(Date.now() - 1000) }).where('id', '=', activityId).execute();
    const { sql } = await import('kysely');
    await sql`update graphile_worker._private_jobs set run_at = now() - interval '1 second' where key = ${`group-buy-close:${activityId}`}`.execute(t.db);
    expect((await runDueJobs(t.deps)).succeeded).toContain('close_group_buy');
    expect(await stockOf(t.db, g.skuIds[0]!)).toBe(12);
    await runDueJobs(t.deps);
    expect(await stockOf(t.db, g.skuIds[0]!)).toBe(12);
  });
});

describe('fee commands', () => {
  it('shipping-fee, operating-fee and freight change what checkout charges, each recorded with its reason; fees lists them', async () => {
    await expect(ops('order', 'shipping-fee', 'TH', 'USD', '650')).rejects.toThrow('give the reason');
    await expect(ops('order', 'shipping-fee', 'Thailand', 'USD', '650', '--reason', 'x')).rejects.toThrow('invalid: country_code');
    expect(await ops('order', 'shipping-fee', 'TH', 'USD', '650', '--free-over', '20000', '--reason', 'New courier rates')).toBe('freight to TH: 6.50 USD, free from 200.00 USD');
    expect(await ops('order', 'operating-fee', 'TH', '300', '--reason', 'Platform fee for Thailand')).toBe('operating fee of TH: 3 % of the subtotal');
    expect(await ops('order', 'freight', 'TH', 'express', '0', '2000', '1800', 'USD', '--reason', 'Express lane')).toBe('international freight to TH by express, 0–2000 g: 18.00 USD');
    await expect(ops('order', 'freight', 'TH', 'express', '2000', '1000', '1800', 'USD', '--reason', 'backwards')).rejects.toMatchObject({ code: ResponseCode.settingInvalid });

    const fees = await ops('order', 'fees');
    expect(fees).toContain(`  TH 6.50 USD, free from 200.00 USD  (by ${recordedAs('olivia')})`);
    expect(fees).toContain(`  TH 3 %  (by ${recordedAs('olivia')})`);
    expect(fees).toContain('  TH express 0–2000 g  18.00 USD');

    const m = await shopper('TH');
    const g = await newGoods(t.db, [{ price: 2000, stock: 5 }]);
    const preview = await get(m, `/shop/buy/cartGoods?goods_id=${g.goodsId}&sku_id=${g.skuIds[0]}&num=1`);
    expect(preview.body.data).toMatchObject({ subtotal: 2000, freight: 650, operating_fee: 60, total: 2710 });
    const recorded = await t.db.selectFrom('operator_actions').select(['action', 'reason', 'facts']).where('operator', '=', recordedAs('olivia')).where('target_type', '=', 'setting').orderBy('id').execute();
    expect(recorded).toEqual(
      expect.arrayContaining([
        { action: 'setting.shipping_fee', reason: 'New courier rates', facts: { key: 'shipping_fee', country: 'TH', currency: 'USD', fee: 650, free_over: 20000, removed: false } },
        { action: 'setting.operating_fee', reason: 'Platform fee for Thailand', facts: { key: 'operating_fee', country: 'TH', rate_bp: 300 } },
        { action: 'setting.international_freight', reason: 'Express lane', facts: { key: 'international_freight', country: 'TH', method: 'express', weight_from_g: 0, weight_to_g: 2000, fee: 1800, currency: 'USD' } },
      ]),
    );
  });
});

describe('charity commands', () => {
  it('create, list and edit causes: members pledge to an open cause; closing it stops pledges; each decision recorded', async () => {
    const created = await ops('order', 'charity', 'create', '--title', 'Clean water for Sabah', '--title-zh-cn', '沙巴清洁用水', '--currency', 'MYR', '--min', '500', '--goal', '1000000');
    expect(created).toMatch(/^cause #\d+ "Clean water for Sabah" takes pledges from 5\.00 MYR, goal 10000\.00 MYR$/);
    const causeId = Number(/#(\d+)/.exec(created)![1]);
    await expect(ops('order', 'charity', 'create', '--currency', 'MYR')).rejects.toThrow('invalid: title');
    await expect(ops('order', 'charity', 'create', '--title', 'x', '--title-fr', 'y', '--currency', 'MYR')).rejects.toThrow('--title-fr: unknown language');

    const m = await shopper();
    const centre = await call(t, 'GET', '/attractive/lovers/userCenter', { headers: m.headers, lang: 'zh-cn' });
    expect(centre.body.data.causes.find((k: { id: number }) => k.id === causeId)).toMatchObject({ title: '沙巴清洁用水', min_amount: 500 });
    expect((await post(m, '/attractive/lovers/submitPay', { cause_id: causeId, amount: 800 })).body.code).toBe(200);
    expect(await ops('order', 'charity', 'list')).toMatch(new RegExp(`#${causeId}  Clean water for Sabah  open  raised 0\\.00 MYR of 10000\\.00 MYR from 0 member\\(s\\), 1 pledge\\(s\\)  from 5\\.00 MYR`));

    await expect(ops('order', 'charity', 'edit', String(causeId), '--close')).rejects.toThrow('give the reason');
    const edited = await ops('order', 'charity', 'edit', String(causeId), '--title', 'Clean water for Sabah villages', '--min', '1000', '--goal', 'none', '--close', '--reason', 'Goal met by a sponsor');
    expect(edited).toBe(`cause #${causeId} "Clean water for Sabah villages": closed, from 10.00 MYR`);
    // Other languages' titles are kept.
    const row = await t.db.selectFrom('charity_causes').select(['title', 'status', 'goal_minor']).where('id', '=', causeId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: { 'en-us': 'Clean water for Sabah villages', 'zh-cn': '沙巴清洁用水' }, status: 'closed', goal_minor: null });
    expect((await post(m, '/attractive/lovers/submitPay', { cause_id: causeId, amount: 1500 })).body.code).toBe(ResponseCode.charityCauseClosed);
    // The command line records the same facts as the console (the currency, the status), worded in each operator's language.
    expect(await t.db.selectFrom('operator_actions').select(['operator', 'action', 'reason', 'facts']).where('target_type', '=', 'charity_cause').where('target_id', '=', causeId).orderBy('id').execute()).toEqual([
      { operator: recordedAs('olivia'), action: 'charity.cause', reason: null, facts: { key: 'charity_cause_created', currency: 'MYR' } },
      { operator: recordedAs('olivia'), action: 'charity.cause', reason: 'Goal met by a sponsor', facts: { key: 'charity_cause', status: 'closed' } },
    ]);
    await expect(ops('order', 'charity', 'edit', '999999', '--reason', 'x')).rejects.toThrow('no cause #999999');
  });
});
