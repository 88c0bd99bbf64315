import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { call, freshIp, registerMember, seedDemo } from '../../modules/accounts/__tests__/account-helpers.js';
import { newGoods } from '../../modules/cart/__tests__/fixtures.js';
import { bindAuthenticator, signedInOperator } from '../../modules/operators/__tests__/operator-fixtures.js';
import { pendingWithdrawal } from '../../modules/wallet/__tests__/fixtures.js';

// Four eyes need two people: an owner who created an operator (and so held its setup link), or who
// issued its latest sign-in link, may have set that account up themself. Such an owner never
// approves that operator's requests; another owner does.

let t: TestApp;
let a: Awaited<ReturnType<typeof signedInOperator>>;
let b: Awaited<ReturnType<typeof signedInOperator>>;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t);
  a = await signedInOperator(t, 'owner');
  b = await signedInOperator(t, 'owner');
});
afterAll(() => t.close());

const RUN = Date.now().toString(36);
let keys = 0;
const send = (url: string, body: unknown, as: { token: string }, lang = 'en-us') =>
  t.app
    .inject({ method: 'POST', url, remoteAddress: freshIp(), headers: { authorization: `Bearer ${as.token}`, 'content-type': 'application/json', 'idempotency-key': `eyes-${RUN}-${++keys}`, 'accept-language': lang }, payload: JSON.stringify(body) })
    .then((res) => res.json() as { code: number; msg: string; data: any });
const PASSWORD = 'Harbour-Compass-2026';

/** Sets an operator up with a setup path as the person holding it would: password, first sign-in, authenticator. */
async function setUp(userName: string, setupPath: string) {
  const token = setupPath.split('token=')[1]!;
  expect((await call(t, 'POST', '/admin/api/auth/setup-password', { token, password: PASSWORD }, { ip: freshIp() })).body.code).toBe(200);
  const first = await call(t, 'POST', '/admin/api/auth/sign-in', { user_name: userName, password: PASSWORD }, { ip: freshIp() });
  expect(first.body.code).toBe(200);
  await bindAuthenticator(t, first.body.data.token, first.body.data.totp_setup.secret);
  return { token: first.body.data.token as string, secret: first.body.data.totp_setup.secret as string };
}

/** Takes up a new sign-in link of an operator whose authenticator is bound: a new password, then a sign-in with a code of the next time step. */
async function relink(userName: string, setupPath: string, secret: string) {
  const token = setupPath.split('token=')[1]!;
  expect((await call(t, 'POST', '/admin/api/auth/setup-password', { token, password: `${PASSWORD}!` }, { ip: freshIp() })).body.code).toBe(200);
  const signedIn = await call(t, 'POST', '/admin/api/auth/sign-in', { user_name: userName, password: `${PASSWORD}!`, totp_code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }) }, { ip: freshIp() });
  expect(signedIn.body.code).toBe(200);
  return { token: signedIn.body.data.token as string };
}

/** A $14.45 cable and a group buy of it at 0.01 (below half its price: a request for a second operator). */
async function cheapGroupBuy() {
  const g = await newGoods(t.db, [{ price: 1445, stock: 100 }], { name: `Cable ${Math.random().toString(36).slice(2, 7)}` });
  const body = { goods_id: g.goodsId, sku_id: g.skuIds[0], group_size: 2, fill_hours: 24, starts_at: new Date(Date.now() - 60_000).toISOString(), ends_at: new Date(Date.now() + 48 * 3_600_000).toISOString(), price: 1, quantity: 100, reason: 'clearance' };
  const groupBuys = async () => (await t.db.selectFrom('group_buy_activities').select('id').where('sku_id', '=', g.skuIds[0]!).execute()).length;
  return { body, groupBuys };
}

const requestState = async (id: number) => (await t.db.selectFrom('approval_requests').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('an operator an owner created', () => {
  it('asks for value; that owner cannot approve it (nothing is created), another owner can', async () => {
    const name = `sock${RUN}`;
    const created = await send('/admin/api/operators/create', { user_name: name, role: 'catalogue', reason: 'new catalogue clerk' }, a);
    expect(created).toMatchObject({ code: 200, data: { setup_path: expect.stringContaining('token='), request: null } });
    const sock = await setUp(name, created.data.setup_path);

    const offer = await cheapGroupBuy();
    const asked = await send('/admin/api/orders/group-buys', offer.body, sock);
    expect(asked).toMatchObject({ code: 200, data: { id: null, request: { kind: 'group_buy.create', status: 'pending', amount: 144_400 } } });
    const id = asked.data.request.id as number;

    const refused = await send('/admin/api/approvals/decide', { id, decision: 'approve' }, a);
    expect(refused).toMatchObject({ code: ResponseCode.fourEyesLinkedOperator, msg: 'A second operator must approve this: you and the operator who asked for it count as one person here (one of you created the other’s account or gave it its latest sign-in link, or one operator received the latest links of you both)' });
    expect((await send('/admin/api/approvals/decide', { id, decision: 'approve' }, a, 'zh-cn')).msg).toBe('此申请须由另一位操作员批准：您与申请人在此视为同一人（其中一人创建了另一人的账号，或发放了其最近的登录链接；或同一位操作员收到了你们两人最近的登录链接）');
    expect(await offer.groupBuys()).toBe(0);
    expect(await requestState(id)).toBe('pending');

    const approved = await send('/admin/api/approvals/decide', { id, decision: 'approve', reason: 'clearance agreed' }, b);
    expect(approved).toMatchObject({ code: 200, data: { status: 'approved' } });
    expect(await offer.groupBuys()).toBe(1);
  });

  it('given a sign-in link by an owner: from then on that owner cannot approve its requests, and its creator still cannot', async () => {
    const name = `clerk${RUN}`;
    const created = await send('/admin/api/operators/create', { user_name: name, role: 'catalogue', reason: 'new clerk' }, a);
    const clerk = await setUp(name, created.data.setup_path);

    // Before the link, owner B approves the clerk's request.
    const before = await cheapGroupBuy();
    const first = (await send('/admin/api/orders/group-buys', before.body, clerk)).data.request.id as number;
    expect((await send('/admin/api/approvals/decide', { id: first, decision: 'approve' }, b)).code).toBe(200);

    const later = await cheapGroupBuy();
    const second = (await send('/admin/api/orders/group-buys', later.body, clerk)).data.request.id as number;
    const link = await send('/admin/api/operators/sign-in-link', { id: created.data.id, reason: 'forgot the password' }, b);
    expect(link).toMatchObject({ code: 200, data: { setup_path: expect.stringContaining('token='), request: null } });

    expect((await send('/admin/api/approvals/decide', { id: second, decision: 'approve' }, b)).code).toBe(ResponseCode.fourEyesLinkedOperator);
    expect((await send('/admin/api/approvals/decide', { id: second, decision: 'approve' }, a)).code).toBe(ResponseCode.fourEyesLinkedOperator);
    expect(await later.groupBuys()).toBe(0);
    expect(await requestState(second)).toBe('pending');

    // A third owner, who never held its way in, approves it.
    const c = await signedInOperator(t, 'owner');
    expect((await send('/admin/api/approvals/decide', { id: second, decision: 'approve' }, c)).code).toBe(200);
    expect(await later.groupBuys()).toBe(1);
  });
});

describe('a finance operator another owner approved', () => {
  it('has its adjustments refused to the approving owner, who received its setup link; the owner who asked for it may approve them', async () => {
    const name = `fin${RUN}`;
    const asked = await send('/admin/api/operators/create', { user_name: name, role: 'finance', reason: 'new accountant' }, b);
    const grant = await send('/admin/api/approvals/decide', { id: asked.data.request.id, decision: 'approve', reason: 'contract seen' }, a);
    expect(grant).toMatchObject({ code: 200, data: { shown_once: { setup_path: expect.stringContaining('token=') } } });
    const finance = await setUp(name, grant.data.shown_once.setup_path);

    const member = await registerMember(t);
    const adjustment = await send('/admin/api/ledger/adjustments', { user_id: member.user.id, asset: 'points', amount: 5000, reason: 'Campaign prize' }, finance);
    expect(adjustment).toMatchObject({ code: 200, data: { status: 'pending' } });
    const id = adjustment.data.id as number;

    const refused = await send('/admin/api/ledger/adjustments/decide', { id, decision: 'approve' }, a);
    expect(refused.code).toBe(ResponseCode.fourEyesLinkedOperator);
    expect((await t.db.selectFrom('ledger_adjustments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('pending');
    expect((await send('/admin/api/ledger/adjustments/decide', { id, decision: 'approve', reason: 'campaign list checked' }, b)).data.status).toBe('posted');
  });

  it('and a second one the same owner approved count as one person: one cannot approve the other’s adjustment; another owner can, and so can the second once another owner gave it a new link', async () => {
    const financeApprovedBy = async (approver: typeof a, label: string) => {
      const name = `${label}${RUN}`;
      const asked = await send('/admin/api/operators/create', { user_name: name, role: 'finance', reason: 'new accountant' }, b);
      const grant = await send('/admin/api/approvals/decide', { id: asked.data.request.id, decision: 'approve', reason: 'contract seen' }, approver);
      return { id: asked.data.request.id as number, name, operatorId: Number((await t.db.selectFrom('operators').select('id').where('user_name', '=', name).executeTakeFirstOrThrow()).id), ...(await setUp(name, grant.data.shown_once.setup_path)) };
    };
    // Owner A received both setup links: A may have set up both accounts.
    const first = await financeApprovedBy(a, 'twina');
    const second = await financeApprovedBy(a, 'twinb');
    const member = await registerMember(t);
    const asked = async () => (await send('/admin/api/ledger/adjustments', { user_id: member.user.id, asset: 'points', amount: 700, reason: 'Campaign prize' }, first)).data.id as number;
    const status = async (id: number) => (await t.db.selectFrom('ledger_adjustments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

    const one = await asked();
    const refused = await send('/admin/api/ledger/adjustments/decide', { id: one, decision: 'approve' }, second);
    expect(refused.code).toBe(ResponseCode.fourEyesLinkedOperator);
    expect(await status(one)).toBe('pending');
    expect((await send('/admin/api/ledger/adjustments/decide', { id: one, decision: 'approve', reason: 'list checked' }, b)).data.status).toBe('posted');

    // Owner B gives the second a new way in (asked by C, approved by B, who receives the link): A now holds only the first's.
    const c = await signedInOperator(t, 'owner');
    const link = await send('/admin/api/operators/sign-in-link', { id: second.operatorId, reason: 'new phone' }, c);
    const shown = await send('/admin/api/approvals/decide', { id: link.data.request.id, decision: 'approve', reason: 'called them' }, b);
    const relinked = await relink(second.name, shown.data.shown_once.setup_path, second.secret);
    const two = await asked();
    expect((await send('/admin/api/ledger/adjustments/decide', { id: two, decision: 'approve', reason: 'list checked' }, relinked)).data.status).toBe('posted');
  });

  it('approves a withdrawal; the owner who received its setup link cannot carry the money out, another owner can', async () => {
    const name = `pay${RUN}`;
    const asked = await send('/admin/api/operators/create', { user_name: name, role: 'finance', reason: 'new cashier' }, b);
    const grant = await send('/admin/api/approvals/decide', { id: asked.data.request.id, decision: 'approve', reason: 'contract seen' }, a);
    const finance = await setUp(name, grant.data.shown_once.setup_path);

    const { w } = await pendingWithdrawal(t);
    expect((await send('/admin/api/wallet/withdrawals/approve', { id: w.id, reason: 'member checked' }, finance)).data).toMatchObject({ status: 'approved' });
    const refused = await send('/admin/api/wallet/withdrawals/paid', { id: w.id, payout_reference: `MBB-${RUN}` }, a);
    expect(refused.code).toBe(ResponseCode.fourEyesLinkedOperator);
    const status = async () => (await t.db.selectFrom('withdrawals').select('status').where('id', '=', w.id).executeTakeFirstOrThrow()).status;
    expect(await status()).toBe('approved');
    expect((await send('/admin/api/wallet/withdrawals/paid', { id: w.id, payout_reference: `MBB-${RUN}` }, b)).data).toMatchObject({ status: 'paid' });
    expect(await status()).toBe('paid');
  });
});
