import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { runOpsCommand } from '../../../ops/commands.js';
import { opsOperators } from '../../../ops/__tests__/ops-operators.js';
import { jobActor } from '../../../lib/actor.js';
import { call as accountCall, freshIp, latestCode, registerMember, seedDemo } from '../../accounts/__tests__/account-helpers.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import { balanceOf, ledgerCheck } from '../../ledger/ledger.service.js';
import { newAddress, newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { settleOrder } from '../../orders/order-settlement.js';
import { afterSalesKit, type AfterSalesKit } from '../../after-sales/__tests__/fixtures.js';
import { shopKit } from '../../user-shop/__tests__/fixtures.js';
import { PAY_PASSWORD, walletMember } from '../../wallet/__tests__/fixtures.js';

// Money never lands in a closed account: what is still on its way keeps the account open, and every
// path that credits a member refuses one who closed, also when the closing happens at the same time.

let t: TestApp;
let kit: AfterSalesKit;
let owner: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t);
  await opsOperators(t.db, { ops: 'owner', dave: 'support' });
  kit = await afterSalesKit(t);
  owner = await newOperatorSession(t.db, 'owner');
}, 60_000);
afterAll(() => t.close());

type Registered = Awaited<ReturnType<typeof registerMember>>;
type Headers = Record<string, string>;

const infoOf = async (headers: Headers) => (await call(t, 'GET', '/user/cancel_account/info', { headers, lang: 'en-us' })).body.data;
const applyAs = (headers: Headers) => call(t, 'POST', '/user/cancel_account/apply', { headers, body: { agree: true }, lang: 'en-us' });

/** The member applied, an operator approved, and the e-mailed code is in hand: the code that closes the account. */
async function approvedClosing(m: Registered): Promise<string> {
  const applied = await accountCall(t, 'POST', '/user/cancel_account/apply', { agree: true }, { token: m.token, ip: freshIp() });
  expect(applied.body.code, applied.body.msg).toBe(200);
  await runOpsCommand(t.db, ['cancel', 'approve', String(applied.body.data.request.id), '--by', 'dave'], 'ops');
  expect((await accountCall(t, 'POST', '/user/send_code_with_token', { type: 'cancel' }, { token: m.token, ip: freshIp() })).body.code).toBe(200);
  return latestCode(t, m.email);
}
const confirmClosing = (m: Registered, code: string) => accountCall(t, 'POST', '/user/cancel_account/confirm', { code }, { token: m.token, ip: freshIp() });
/** Closes the member's account the way the member does. */
async function closed(m: Registered) {
  const res = await confirmClosing(m, await approvedClosing(m));
  expect(res.body.code, res.body.msg).toBe(200);
}
const statusOf = async (id: number) => (await t.db.selectFrom('users').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
/** Everything in the member's ledger accounts that is money (not points). */
const moneyIn = async (id: number) =>
  (await t.db.selectFrom('ledger_accounts').select(['asset', 'balance']).where('member_id', '=', id).where('asset', 'in', ['cash', 'gift_card', 'rewards']).execute()).reduce((sum, a) => sum + Number(a.balance), 0);
const sendCash = (from: Awaited<ReturnType<typeof walletMember>>, account: string, amount = '1') =>
  call(t, 'POST', '/user/transfer/create', { headers: from.keyed(), body: { account, amount, currency: 'USD', pay_password: PAY_PASSWORD }, lang: 'en-us' });

describe('money on its way keeps the account open', () => {
  it('an open after-sales case (its refund would come to the wallet) refuses closing, told why; once it ends, closing goes ahead', async () => {
    const m = await kit.shopper();
    const order = await kit.boughtOrder(m);
    const opened = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: order.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: order.lines[0]!.id, qty: 1 }] });
    expect(opened.body.code, opened.body.msg).toBe(200);
    const caseId = opened.body.data.case_id as number;

    expect(await infoOf(m.headers)).toMatchObject({ blocked: true, open_orders: false, open_after_sales: true, open_shop: false, money: [] });
    const refused = await applyAs(m.headers);
    expect(refused.body).toMatchObject({ code: ResponseCode.afterSalesOpen, msg: 'An after-sales case of yours is still open: wait for it to finish first' });
    expect((await call(t, 'POST', '/user/cancel_account/apply', { headers: m.headers, body: { agree: true }, lang: 'zh-cn' })).body.msg).toBe('您还有未结束的售后申请，请待其完成后再注销');
    // Approved and waiting for the goods: still open.
    expect((await kit.admin('/admin/api/after-sales/approve', { id: caseId })).body.code).toBe(200);
    expect((await applyAs(m.headers)).body.code).toBe(ResponseCode.afterSalesOpen);
    expect(await t.db.selectFrom('account_cancellations').select('id').where('user_id', '=', m.userId).execute()).toEqual([]);

    expect((await kit.post(m, '/attractive/AfterSales/cancel', { case_id: caseId })).body.code).toBe(200);
    expect(await infoOf(m.headers)).toMatchObject({ blocked: false, open_after_sales: false });
    expect((await applyAs(m.headers)).body.data).toMatchObject({ request: { status: 'pending' } });
  });

  it('a member shop not closed (it earns into its owner’s account at settlement) refuses closing, told why', async () => {
    const shops = shopKit(t);
    const o = await shops.owner();
    expect(await infoOf(o.headers)).toMatchObject({ blocked: true, open_shop: true, open_after_sales: false });
    expect((await applyAs(o.headers)).body).toMatchObject({ code: ResponseCode.memberShopOpen, msg: 'Your member shop is still open or has orders not yet settled: close it first' });
    const closedShop = await call(t, 'POST', '/admin/api/shops/status', { headers: { ...owner.headers, 'idempotency-key': `shop-close-${o.shopId}` }, body: { id: o.shopId, status: 'closed', reason: 'owner leaves' } });
    expect(closedShop.body.code, closedShop.body.msg).toBe(200);
    expect(await infoOf(o.headers)).toMatchObject({ blocked: false, open_shop: false });
    expect((await applyAs(o.headers)).body.code).toBe(200);
  });
});

describe('a member who closed receives nothing', () => {
  it('a transfer to a member who closed is refused as an unknown receiver; nothing moves', async () => {
    const b = await registerMember(t);
    await closed(b);
    const a = await walletMember(t, { usd: 1_000 });
    expect((await sendCash(a, b.user.user_name)).body.code).toBe(ResponseCode.receiverNotFound);
    expect(await moneyIn(b.user.id)).toBe(0);
    expect(await balanceOf(t.db, a.userId, 'cash', 'USD')).toBe(1_000);
  });

  it('closing and an incoming transfer at once (20 rounds): either the transfer is refused or the closing is, never a closed account with money', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 20; round++) {
      const b = await registerMember(t);
      const code = await approvedClosing(b);
      const a = await walletMember(t, { usd: 1_000 });
      const [closing, sent] = await Promise.all([confirmClosing(b, code), sendCash(a, b.user.user_name)]);
      const status = await statusOf(b.user.id);
      const money = await moneyIn(b.user.id);
      if (status === 'closed') {
        expect(closing.body.code, `round ${round}`).toBe(200);
        expect(sent.body.code, `round ${round}`).toBe(ResponseCode.receiverNotFound);
        expect(money, `round ${round}`).toBe(0);
        outcomes.add('closed');
      } else {
        expect(closing.body.code, `round ${round}`).toBe(ResponseCode.moneyLeft);
        expect(sent.body.code, `round ${round}`).toBe(200);
        expect(money, `round ${round}`).toBe(100);
        outcomes.add('open');
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
    expect(await ledgerCheck(t.db)).toEqual([]);
  }, 120_000);

  it('an operator’s points grant approved after the member closed is refused and grants nothing; a new one is refused when asked', async () => {
    const m = await registerMember(t);
    const asker = await newOperatorSession(t.db, 'owner');
    const asked = await call(t, 'POST', '/admin/api/wallet/points/grant', { headers: asker.headers, body: { user_id: m.user.id, kind: 'points', amount: 1_000_000_000, reason: 'contest prize' } });
    expect(asked.body.data).toMatchObject({ request: { status: 'pending' }, result: null });
    // A balance credit over the approval limit waits for a second operator too.
    const adjust = (body: Record<string, unknown>, headers: Headers, key: string) => call(t, 'POST', '/admin/api/ledger/adjustments', { headers: { ...headers, 'idempotency-key': key }, body, lang: 'en-us' });
    const waiting = await adjust({ user_id: m.user.id, asset: 'points', amount: 900_000_000, reason: 'contest prize' }, asker.headers, `adjustment-wait-${m.user.id}`);
    expect(waiting.body.data, waiting.body.msg).toMatchObject({ status: 'pending' });
    await closed(m);
    const decided = await call(t, 'POST', '/admin/api/ledger/adjustments/decide', { headers: { ...owner.headers, 'idempotency-key': `adjustment-decide-${m.user.id}` }, body: { id: waiting.body.data.id, decision: 'approve' }, lang: 'en-us' });
    expect(decided.body.code, decided.body.msg).toBe(ResponseCode.memberClosed);
    const approved = await call(t, 'POST', '/admin/api/approvals/decide', { headers: owner.headers, body: { id: asked.body.data.request.id, decision: 'approve' }, lang: 'en-us' });
    expect(approved.body).toMatchObject({ code: ResponseCode.memberClosed, msg: 'This member has closed the account' });
    expect(await balanceOf(t.db, m.user.id, 'points', 'XXX')).toBe(0);
    const again = await call(t, 'POST', '/admin/api/wallet/points/grant', { headers: asker.headers, body: { user_id: m.user.id, kind: 'points', amount: 5, reason: 'late parcel' } });
    expect(again.body.code).toBe(ResponseCode.memberClosed);
    // A balance credit is refused too, asked or carried out.
    const credit = await adjust({ user_id: m.user.id, asset: 'cash', currency: 'USD', amount: 500, reason: 'goodwill' }, asker.headers, `adjustment-credit-${m.user.id}`);
    expect(credit.body.code, credit.body.msg).toBe(ResponseCode.memberClosed);
    expect(await moneyIn(m.user.id)).toBe(0);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('a pending commission of an upline who closed is void at settlement (reason "member closed"), nothing posted', async () => {
    const upline = await registerMember(t);
    const buyer = await walletMember(t);
    await t.db.updateTable('users').set({ referrer_id: upline.user.id } as never).where('id', '=', buyer.userId).execute();
    const addressId = await newAddress(t.db, buyer.userId);
    const g = await newGoods(t.db, [{ price: 2000, stock: 9 }]);
    const created = await call(t, 'POST', '/shop/buy/createOrder', { headers: buyer.keyed(), body: { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1, address_id: addressId, remarks: '' } });
    expect(created.body.code, created.body.msg).toBe(200);
    const orderId = created.body.data.order_id as number;
    await fund(t.db, buyer.userId, created.body.data.total, created.body.data.currency);
    expect((await call(t, 'POST', '/shop/buy/payOrder', { headers: buyer.keyed(), body: { order_id: orderId, pay_way: 'balance', pay_password: PAY_PASSWORD } })).body.data).toMatchObject({ state: 'success' });
    const commissionsOf = () => t.db.selectFrom('commissions').select(['beneficiary_id', 'status', 'reason', 'entry_id']).where('order_id', '=', orderId).where('beneficiary_id', '=', upline.user.id).execute();
    expect(await commissionsOf()).toEqual([expect.objectContaining({ beneficiary_id: upline.user.id, status: 'pending' })]);

    await closed(upline);
    expect((await kit.admin('/admin/api/orders/ship', { order_id: orderId, carrier: 'DHL', tracking_number: `CL0000${orderId}` })).body.code).toBe(200);
    expect((await call(t, 'POST', '/shop/order/confirmReceipt', { headers: buyer.keyed(), body: { id: orderId } })).body.code).toBe(200);
    await t.db.updateTable('orders').set({ completed_at: new Date(Date.now() - 400 * 86_400_000) }).where('id', '=', orderId).execute();
    expect(await settleOrder(t.deps, jobActor('settle_order', 1), orderId)).toBe(true);

    expect(await commissionsOf()).toEqual([{ beneficiary_id: upline.user.id, status: 'void', reason: 'member closed', entry_id: null }]);
    expect(await moneyIn(upline.user.id)).toBe(0);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});
