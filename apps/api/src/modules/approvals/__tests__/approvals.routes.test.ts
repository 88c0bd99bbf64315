import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { orderFor } from '../../payments/__tests__/payments-helpers.js';
import { checkLedgerAfterEach } from '../../wallet/__tests__/ledger-guard.js';
import { operatorCliActor } from '../../../lib/actor.js';
import { cancelApproval, decideApproval } from '../approvals.service.js';
import { PAY_PASSWORD, bankCardOf, usdOf, walletMember } from '../../wallet/__tests__/fixtures.js';
import { shopKit } from '../../user-shop/__tests__/fixtures.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';

// Four eyes on value: one operator asks (with a reason), another approves, and only then does
// anything move; an operator decides nothing about the member account the same person holds.

let t: TestApp;
let asker: Awaited<ReturnType<typeof newOperatorSession>>;
let approver: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  asker = await newOperatorSession(t.db, 'owner');
  approver = await newOperatorSession(t.db, 'owner');
});
afterAll(() => t.close());
checkLedgerAfterEach(() => t);

type Headers = Record<string, string>;
const post = (url: string, body: unknown, headers: Headers) => call(t, 'POST', url, { headers, body });
/** A kind's limits in a currency set as the console's form sets them: naming the version of the pair in the table it read (none for a new pair). */
const setLimit = async (body: { kind: string; currency: string } & Record<string, unknown>, headers: Headers) => {
  const listed = (await call(t, 'GET', '/admin/api/approvals/limits', { headers })).body.data?.list as Array<{ kind: string; currency: string; updated_at: string }> | undefined;
  return post('/admin/api/approvals/limits/set', { ...body, base_updated_at: listed?.find((l) => l.kind === body.kind && l.currency === body.currency)?.updated_at }, headers);
};
const get = (url: string, headers: Headers) => call(t, 'GET', url, { headers });
const points = async (m: { headers: Headers }) => (await get('/user/wallet/pointsInfo', m.headers)).body.data.points as number;
const soon = new Date(Date.now() + 30 * 86_400_000).toISOString();

describe('a request for value', () => {
  it('moves nothing until a second operator approves it; the asker cannot approve it; ten approvals at once are one effect', async () => {
    const m = await walletMember(t);
    const asked = await post('/admin/api/wallet/points/grant', { user_id: m.userId, kind: 'points', amount: 1_000_000_000, reason: 'contest prize' }, asker.headers);
    expect(asked.body.data).toMatchObject({ request: { kind: 'points.grant', status: 'pending', amount: 1_000_000_000, member_id: m.userId, reason: 'contest prize' }, result: null });
    expect(await points(m)).toBe(0);
    const id = asked.body.data.request.id as number;
    expect((await post('/admin/api/approvals/decide', { id, decision: 'approve' }, asker.headers)).body.code).toBe(ResponseCode.approvalOwnRequest);
    expect((await get('/admin/api/approvals?status=pending', approver.headers)).body.data.list.map((r: { id: number }) => r.id)).toContain(id);

    const tries = await Promise.all(Array.from({ length: 10 }, (_, i) => post('/admin/api/approvals/decide', { id, decision: 'approve', reason: `tap ${i}` }, approver.headers)));
    expect(tries.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(tries.filter((r) => r.body.code !== 200).every((r) => r.body.code === ResponseCode.requestNotPending)).toBe(true);
    expect(await points(m)).toBe(1_000_000_000);
    const decided = (await get(`/admin/api/approvals?status=approved&member_id=${m.userId}`, approver.headers)).body.data.list[0];
    expect(decided).toMatchObject({ id, status: 'approved', decided_by: expect.stringContaining(`#${approver.operatorId}`), requested_by: expect.stringContaining(`#${asker.operatorId}`), result: { balance: 1_000_000_000 } });
  });

  it('ten approvals of one request at once, over twenty requests: each carried out exactly once', async () => {
    const m = await walletMember(t);
    for (let round = 1; round <= 20; round++) {
      const id = (await post('/admin/api/wallet/points/grant', { user_id: m.userId, kind: 'points', amount: 7, reason: `round ${round}` }, asker.headers)).body.data.request.id;
      const tries = await Promise.all(Array.from({ length: 10 }, (_, i) => post('/admin/api/approvals/decide', { id, decision: 'approve', reason: `tap ${i}` }, approver.headers)));
      expect(tries.filter((r) => r.body.code === 200), `round ${round}`).toHaveLength(1);
      expect(await points(m), `round ${round}`).toBe(7 * round);
    }
  });

  it('gift cards of any value need a reason and a second operator: none exist before, the batch after', async () => {
    const m = await walletMember(t);
    const body = { user_id: m.userId, currency: 'USD', value: 100_000_000, count: 5, expires_at: soon };
    expect((await post('/admin/api/wallet/gift-cards/issue', body, asker.headers)).body.code).toBe(ResponseCode.validation);
    const asked = await post('/admin/api/wallet/gift-cards/issue', { ...body, reason: 'partner campaign' }, asker.headers);
    expect((await get('/user/gift_card/list', m.headers)).body.data.list).toHaveLength(0);
    const approved = await post('/admin/api/approvals/decide', { id: asked.body.data.request.id, decision: 'approve' }, approver.headers);
    expect(approved.body.data.result.card_ids).toHaveLength(5);
    expect((await get('/user/gift_card/list', m.headers)).body.data.list).toHaveLength(5);
    // The journal's entry says why, as a points grant's does: the request's reason.
    const journal = (await get(`/admin/api/ledger/journal?member_id=${m.userId}&kind=gift_card.issue`, approver.headers)).body.data.list;
    expect(journal).toEqual([expect.objectContaining({ kind: 'gift_card.issue', reference_type: 'gift_card_batch', memo: 'partner campaign' })]);
  });

  it('is withdrawn by its asker only; a rejection needs a reason; neither moves anything', async () => {
    const m = await walletMember(t);
    const ask = async (reason: string) => (await post('/admin/api/wallet/points/grant', { user_id: m.userId, kind: 'points', amount: 50, reason }, asker.headers)).body.data.request.id as number;
    const first = await ask('survey');
    expect((await post('/admin/api/approvals/cancel', { id: first }, approver.headers)).body.code).toBe(ResponseCode.approvalNotYours);
    expect((await post('/admin/api/approvals/cancel', { id: first, reason: 'wrong member' }, asker.headers)).body.data.status).toBe('cancelled');
    expect((await post('/admin/api/approvals/decide', { id: first, decision: 'approve' }, approver.headers)).body.code).toBe(ResponseCode.requestNotPending);
    const second = await ask('survey again');
    expect((await post('/admin/api/approvals/decide', { id: second, decision: 'reject' }, approver.headers)).body.code).toBe(ResponseCode.reasonRequired);
    expect((await post('/admin/api/approvals/decide', { id: second, decision: 'reject', reason: 'not a campaign of ours' }, approver.headers)).body.data).toMatchObject({ status: 'rejected', decision_reason: 'not a campaign of ours' });
    expect(await points(m)).toBe(0);
  });

  it('is done at once under the threshold an owner set, and refused past the operator’s daily limit', async () => {
    const m = await walletMember(t);
    expect((await setLimit({ kind: 'points.grant', currency: 'XXX', auto_up_to: 100, daily_limit: 250, reason: 'small goodwill' }, asker.headers)).body.code).toBe(200);
    // An operator who asked for nothing today.
    const fresh = await newOperatorSession(t.db, 'owner');
    try {
      const small = await post('/admin/api/wallet/points/grant', { user_id: m.userId, kind: 'points', amount: 100, reason: 'late parcel' }, fresh.headers);
      expect(small.body.data).toMatchObject({ request: { status: 'approved', automatic: true }, result: { balance: 100 } });
      const big = await post('/admin/api/wallet/points/grant', { user_id: m.userId, kind: 'points', amount: 101, reason: 'late parcel too' }, fresh.headers);
      expect(big.body.data.request.status).toBe('pending');
      // 100 + 101 asked today: 50 more would pass 250.
      expect((await post('/admin/api/wallet/points/grant', { user_id: m.userId, kind: 'points', amount: 50, reason: 'one more' }, { ...fresh.headers, 'Accept-Language': 'en-us' })).body).toMatchObject({
        code: ResponseCode.approvalDailyLimit,
        msg: 'This would pass your daily limit for this kind of request (250 points)',
      });
      // Ten at once under the limit: never more than it in all.
      const other = await newOperatorSession(t.db, 'owner');
      const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => post('/admin/api/wallet/points/grant', { user_id: m.userId, kind: 'points', amount: 40, reason: `burst ${i}` }, other.headers)));
      expect(burst.filter((r) => r.body.code === 200)).toHaveLength(6);
      expect(await points(m)).toBe(100 + 6 * 40);
    } finally {
      await setLimit({ kind: 'points.grant', currency: 'XXX', auto_up_to: null, daily_limit: null, reason: 'back to always' }, asker.headers);
    }
  });

  it('is decided only with the kind’s permission: a support operator neither sees nor approves a grant', async () => {
    const m = await walletMember(t);
    const support = await newOperatorSession(t.db, 'support');
    const id = (await post('/admin/api/wallet/points/grant', { user_id: m.userId, kind: 'points', amount: 10, reason: 'thanks' }, asker.headers)).body.data.request.id;
    expect((await get('/admin/api/approvals', support.headers)).body.data.list.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await post('/admin/api/approvals/decide', { id, decision: 'approve' }, support.headers)).body.code).toBe(ResponseCode.notFound);
    expect((await setLimit({ kind: 'points.grant', currency: 'XXX', auto_up_to: 1_000_000, daily_limit: null, reason: 'me' }, support.headers)).status).toBe(403);
  });

  it('knows its asker named without the id the request records (`olivia` asked as `olivia#1`): approving is refused, withdrawing allowed', async () => {
    const m = await walletMember(t);
    const id = (await post('/admin/api/wallet/points/grant', { user_id: m.userId, kind: 'points', amount: 5, reason: 'thanks' }, asker.headers)).body.data.request.id as number;
    const { user_name } = await t.db.selectFrom('operators').select('user_name').where('id', '=', asker.operatorId).executeTakeFirstOrThrow();
    await expect(decideApproval(t.db, operatorCliActor(user_name.toUpperCase()), 'owner', { id, decision: 'approve' })).rejects.toMatchObject({ code: ResponseCode.approvalOwnRequest });
    expect(await points(m)).toBe(0);
    expect((await cancelApproval(t.db, operatorCliActor(user_name), 'owner', { id })).status).toBe('cancelled');
  });

  it('a coupon asked by the one owner is seen and approved by a finance operator, who cannot ask for one', async () => {
    const finance = await newOperatorSession(t.db, 'finance');
    const code = `FIN${Date.now().toString(36)}`.toUpperCase();
    const body = { code, kind: 'amount', amount: 500, currency: 'USD', starts_at: new Date().toISOString(), ends_at: soon, reason: 'spring campaign' };
    expect((await post('/admin/api/orders/coupons', { ...body, code: `${code}X` }, finance.headers)).status).toBe(403);
    const id = (await post('/admin/api/orders/coupons', body, asker.headers)).body.data.request.id as number;
    expect((await post('/admin/api/approvals/decide', { id, decision: 'approve' }, asker.headers)).body.code).toBe(ResponseCode.approvalOwnRequest);
    expect((await get('/admin/api/approvals?kind=coupon.create', finance.headers)).body.data.list.map((r: { id: number }) => r.id)).toContain(id);
    expect((await post('/admin/api/approvals/decide', { id, decision: 'approve' }, finance.headers)).body.data).toMatchObject({ status: 'approved', decided_by: expect.stringContaining(`#${finance.operatorId}`) });
    expect(await t.db.selectFrom('coupons').select('id').where('code', '=', code).executeTakeFirst()).toBeDefined();
  });
});

describe('who knows of a request', () => {
  /** A catalogue operator raises an SKU's PV in the goods editor: a `sku.pv` request waits for those who approve value. */
  async function pvRaise(by: { headers: Headers }) {
    const g = await newGoods(t.db, [{ price: 3699, stock: 9 }]);
    const info = (await get(`/admin/api/catalogue/goods/info?id=${g.goodsId}`, by.headers)).body.data;
    const skus = info.skus.map((s: { id: number; spec_value_ids: number[]; price: number; market_price: number; weight_g: number; image: string }) => ({ id: s.id, spec_value_ids: s.spec_value_ids, price: s.price, market_price: s.market_price, pv: 500, weight_g: s.weight_g, image: s.image }));
    const body = { id: g.goodsId, base_updated_at: info.updated_at, category_id: info.category_id, name: info.name, subtitle: info.subtitle, description: info.description, images: info.images.length ? info.images : ['/media/demo/goods-1-1.png'], currency: info.currency, market_price: info.market_price, status: info.status, specs: info.specs, skus, reason: 'supplier price' };
    const saved = await post('/admin/api/catalogue/goods/save', body, { ...by.headers, 'idempotency-key': `pv-raise-${g.goodsId}` });
    expect(saved.body.code, saved.body.msg).toBe(200);
    return saved.body.data.pv_asked[0] as number;
  }

  it('to an operator who neither asked it nor may decide its kind, a request is the same as none: listed, decided and withdrawn alike', async () => {
    const cat1 = await newOperatorSession(t.db, 'catalogue');
    const id = await pvRaise(cat1);
    const missing = 2_147_483_000;
    const en = (o: { headers: Headers }) => ({ ...o.headers, 'Accept-Language': 'en-us' });
    for (const role of ['catalogue', 'reviewer', 'support'] as const) {
      const other = await newOperatorSession(t.db, role);
      expect((await get('/admin/api/approvals?status=pending', other.headers)).body.data.list.map((r: { id: number }) => r.id), role).not.toContain(id);
      const withdrawn = await post('/admin/api/approvals/cancel', { id }, en(other));
      const none = await post('/admin/api/approvals/cancel', { id: missing }, en(other));
      expect(none.body.code, role).toBe(ResponseCode.notFound);
      expect({ status: withdrawn.status, code: withdrawn.body.code, msg: withdrawn.body.msg }, role).toEqual({ status: none.status, code: none.body.code, msg: none.body.msg });
      const decided = await post('/admin/api/approvals/decide', { id, decision: 'reject', reason: 'probe' }, en(other));
      expect({ code: decided.body.code, msg: decided.body.msg }, role).toEqual({ code: none.body.code, msg: none.body.msg });
    }
    // Still waiting: nobody above touched it.
    expect((await t.db.selectFrom('approval_requests').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('pending');
    // An operator who may decide it and did not ask it is told it is not theirs to withdraw.
    expect((await post('/admin/api/approvals/cancel', { id }, approver.headers)).body.code).toBe(ResponseCode.approvalNotYours);
  });

  it('the operator who asked sees it in their list, even of a kind their role does not decide, and withdraws it', async () => {
    const cat1 = await newOperatorSession(t.db, 'catalogue');
    const id = await pvRaise(cat1);
    const listed = (await get('/admin/api/approvals?status=pending', cat1.headers)).body.data;
    expect(listed.list.map((r: { id: number }) => r.id)).toContain(id);
    expect(listed.list.find((r: { id: number }) => r.id === id)).toMatchObject({ kind: 'sku.pv', status: 'pending', reason: 'supplier price', requested_by: expect.stringContaining(`#${cat1.operatorId}`) });
    expect((await get('/admin/api/approvals?status=pending&kind=sku.pv', cat1.headers)).body.data.list.map((r: { id: number }) => r.id)).toContain(id);
    // Theirs only: another catalogue operator's request is not in it.
    const other = await pvRaise(await newOperatorSession(t.db, 'catalogue'));
    expect(listed.list.map((r: { id: number }) => r.id)).not.toContain(other);
    // Seeing it is no right to decide it.
    expect((await post('/admin/api/approvals/decide', { id, decision: 'approve' }, cat1.headers)).body.code).not.toBe(200);
    expect((await post('/admin/api/approvals/cancel', { id, reason: 'wrong SKU' }, cat1.headers)).body.data).toMatchObject({ id, status: 'cancelled' });
    expect((await get('/admin/api/approvals?status=cancelled', cat1.headers)).body.data.list.map((r: { id: number }) => r.id)).toContain(id);
    expect((await get('/admin/api/approvals?status=pending', cat1.headers)).body.data.list.map((r: { id: number }) => r.id)).not.toContain(id);
  });
});

describe('what a request does, for the console to say in the operator’s language', () => {
  const whatOf = async (id: number) => (await get('/admin/api/approvals?status=pending', approver.headers)).body.data.list.find((r: { id: number }) => r.id === id)?.what;

  it('carries each kind’s values: gift cards, points, coupons new and changed, a rate and shop stock; its summary stays the English of the audit log', async () => {
    const m = await walletMember(t);
    const cards = (await post('/admin/api/wallet/gift-cards/issue', { user_id: m.userId, currency: 'USD', value: 10_000, count: 5, expires_at: soon, reason: 'partner campaign' }, asker.headers)).body.data.request;
    expect(cards.summary).toBe('5 × 100.00 USD gift cards');
    expect(await whatOf(cards.id)).toEqual({ key: 'gift_cards', count: 5, value: 10_000, currency: 'USD' });
    const granted = (await post('/admin/api/wallet/points/grant', { user_id: m.userId, kind: 'shopping_points', amount: 120, reason: 'survey' }, asker.headers)).body.data.request.id;
    expect(await whatOf(granted)).toEqual({ key: 'shopping_points', amount: 120 });

    const code = `WHAT${Date.now().toString(36)}`.toUpperCase();
    const coupon = (await post('/admin/api/orders/coupons', { code: code.toLowerCase(), kind: 'percent', percent_bp: 1_250, currency: 'USD', starts_at: new Date().toISOString(), ends_at: soon, reason: 'spring' }, asker.headers)).body.data.request.id;
    expect(await whatOf(coupon)).toEqual({ key: 'coupon', code, currency: 'USD', amount: null, percent_bp: 1_250 });
    await post('/admin/api/approvals/decide', { id: coupon, decision: 'approve' }, approver.headers);
    const couponId = (await t.db.selectFrom('coupons').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
    const change = { id: couponId, percent_bp: 1_500, min_spend: 2_000, starts_at: '2030-01-01T00:00:00.000Z', ends_at: '2030-02-01T00:00:00.000Z', per_member_limit: 2, total_limit: 100, reason: 'bigger' };
    const changed = (await post('/admin/api/catalogue/coupons/update', change, asker.headers)).body.data.request.id;
    expect(await whatOf(changed)).toEqual({ key: 'coupon_change', code, currency: 'USD', amount: null, percent_bp: 1_500, min_spend: 2_000, starts_at: change.starts_at, ends_at: change.ends_at, per_member_limit: 2, total_limit: 100 });

    const rate = (await post('/admin/api/rates/set', { base: 'USD', quote: 'MYR', rate: '4.2', date: '2030-11-01', reason: 'bank board rate' }, asker.headers)).body.data.request.id;
    expect(await whatOf(rate)).toEqual({ key: 'rate', base: 'USD', quote: 'MYR', rate: '4.2', date: '2030-11-01' });

    const shops = shopKit(t);
    const o = await shops.owner('Ah Seng Corner');
    const g = await shops.offered(o, { stock: 2 });
    const stock = (await post('/admin/api/shops/stock', { shop_id: o.shopId, sku_id: g.skuId, delta: 5, reason: 'delivered' }, asker.headers)).body.data.approval_id;
    expect(await whatOf(stock)).toEqual({ key: 'shop_stock', delta: 5, sku_id: g.skuId, shop: 'Ah Seng Corner' });
  });

  it('a coupon change carries exactly the fields it changes, old → new from the coupon as it is, and says so when nothing differs', async () => {
    const code = `CHG${Date.now().toString(36)}`.toUpperCase();
    const terms = { amount: 500, min_spend: 2_000, starts_at: '2030-01-01T00:00:00.000Z', ends_at: '2030-02-01T00:00:00.000Z', per_member_limit: 1, total_limit: 100 };
    const created = (await post('/admin/api/orders/coupons', { ...terms, code, kind: 'amount', currency: 'USD', reason: 'spring' }, asker.headers)).body.data.request.id;
    await post('/admin/api/approvals/decide', { id: created, decision: 'approve' }, approver.headers);
    const couponId = (await t.db.selectFrom('coupons').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
    const update = (change: Record<string, unknown>) => post('/admin/api/catalogue/coupons/update', { id: couponId, ...terms, ...change, reason: 'bigger' }, asker.headers);

    // A percentage sent for an amount coupon changes nothing of it: not listed.
    const asked = (await update({ amount: 800, percent_bp: 1_000, ends_at: '2030-03-01T00:00:00+08:00', total_limit: null })).body.data.request;
    const changes = [
      { field: 'amount', star: null, from: 500, to: 800 },
      { field: 'ends_at', star: null, from: '2030-02-01T00:00:00.000Z', to: '2030-02-28T16:00:00.000Z' },
      { field: 'total_limit', star: null, from: 100, to: null },
    ];
    expect(asked.changes).toEqual(changes);
    expect((await get('/admin/api/approvals?status=pending', approver.headers)).body.data.list.find((r: { id: number }) => r.id === asked.id).changes).toEqual(changes);
    expect(asked.summary).toBe(`coupon ${code}: amount: 500 → 800, ends_at: 2030-02-01T00:00:00.000Z → 2030-02-28T16:00:00.000Z, total_limit: 100 → null`);

    await post('/admin/api/approvals/cancel', { id: asked.id }, asker.headers);
    const same = (await update({})).body.data.request;
    expect(same.changes).toEqual([]);
    expect(same.summary).toBe(`coupon ${code}: no change`);
  });

  it('is null where the stored payload cannot be read, and the summary is shown instead', async () => {
    const m = await walletMember(t);
    const id = (await post('/admin/api/wallet/points/grant', { user_id: m.userId, kind: 'points', amount: 5, reason: 'thanks' }, asker.headers)).body.data.request.id as number;
    await t.db.updateTable('approval_requests').set({ payload: JSON.stringify({ amount: 'five' }) }).where('id', '=', id).execute();
    expect(await whatOf(id)).toBeNull();
  });
});

describe('one request waiting per subject', () => {
  it('asked again the same answers the waiting request; a different one is refused naming it, and nothing is dropped', async () => {
    const en = { ...asker.headers, 'Accept-Language': 'en-us' };
    const body = { base: 'USD', quote: 'THB', rate: '35.5', reason: 'bank board rate' };
    const first = await post('/admin/api/rates/set', body, en);
    const id = first.body.data.request.id as number;
    expect((await post('/admin/api/rates/set', body, en)).body.data).toMatchObject({ request: { id, status: 'pending' }, result: null });
    expect((await post('/admin/api/rates/set', { ...body, rate: '36.1' }, en)).body).toMatchObject({
      code: ResponseCode.approvalAlreadyWaiting,
      msg: `Request #${id} about this already waits for a second operator: approve, reject or withdraw it before asking for something different`,
    });
    const waiting = await t.db.selectFrom('approval_requests').select(['id', 'payload']).where('kind', '=', 'rate.set').where('status', '=', 'pending').where('subject', '=', 'rate:USD:THB:today').execute();
    expect(waiting).toEqual([{ id, payload: body }]);
    // Decided, the subject is free again: the different rate is a new request.
    expect((await post('/admin/api/approvals/decide', { id, decision: 'reject', reason: 'wrong day' }, approver.headers)).body.data.status).toBe('rejected');
    const next = (await post('/admin/api/rates/set', { ...body, rate: '36.1' }, en)).body.data.request;
    expect(next.status).toBe('pending');
    expect(next.id).not.toBe(id);
  });
});

describe('what one operator lets through alone', () => {
  it('stays small: no owner sets a threshold or limit past the ceiling, and what one did alone today counts against it', async () => {
    const m = await walletMember(t);
    const owner = await newOperatorSession(t.db, 'owner');
    const en = { ...owner.headers, 'Accept-Language': 'en-us' };
    try {
      // Raising the no-second-operator limit of adjustments, or a kind's threshold, past the ceiling: refused, said plainly.
      const mint = await post('/admin/api/ledger/adjustment-limits', { currency: 'USD', amount: 1_000_000_000_000, reason: 'probe' }, en);
      expect(mint.body).toMatchObject({ code: ResponseCode.approvalThresholdTooHigh, msg: 'One operator may let through at most 100.00 USD a day without a second operator: choose a lower amount' });
      const auto = await setLimit({ kind: 'points.grant', currency: 'XXX', auto_up_to: 1_000_000_000_000, daily_limit: null, reason: 'probe' }, en);
      expect(auto.body.code).toBe(ResponseCode.approvalThresholdTooHigh);
      expect(auto.body.msg).not.toMatch(/\{/);
      expect((await setLimit({ kind: 'gift_cards.issue', currency: 'USD', auto_up_to: 1_000_000, daily_limit: null, reason: 'probe' }, en)).body.code).toBe(ResponseCode.approvalThresholdTooHigh);
      expect((await get('/admin/api/ledger/adjustment-limits', en)).body.data.list.find((l: { currency: string }) => l.currency === 'USD')).toBeUndefined();

      // At the ceiling: one adjustment of 100.00 USD posts at once; the next cent of the day waits for a second operator.
      expect((await post('/admin/api/ledger/adjustment-limits', { currency: 'USD', amount: 10_000, reason: 'desk' }, en)).body.code).toBe(200);
      expect((await post('/admin/api/ledger/adjustments', { user_id: m.userId, asset: 'cash', currency: 'USD', amount: 10_000, reason: 'goodwill' }, en)).body.data.status).toBe('posted');
      expect((await post('/admin/api/ledger/adjustments', { user_id: m.userId, asset: 'cash', currency: 'USD', amount: 1, reason: 'one more cent' }, en)).body.data.status).toBe('pending');
      expect(await usdOf(t, m)).toMatchObject({ available: 10_000 });

      // The same for requests: under the threshold, but past what one did alone today, it waits.
      expect((await setLimit({ kind: 'points.grant', currency: 'XXX', auto_up_to: 10_000, daily_limit: null, reason: 'desk' }, en)).body.code).toBe(200);
      expect((await post('/admin/api/wallet/points/grant', { user_id: m.userId, kind: 'points', amount: 6_000, reason: 'late parcel' }, en)).body.data.request).toMatchObject({ status: 'approved', automatic: true });
      expect((await post('/admin/api/wallet/points/grant', { user_id: m.userId, kind: 'points', amount: 6_000, reason: 'late parcel again' }, en)).body.data.request.status).toBe('pending');
      expect(await points(m)).toBe(6_000);

      // A daily limit in money is shown in its currency's units (not minor units, not a raw placeholder).
      expect((await setLimit({ kind: 'ledger.adjust', currency: 'MYR', auto_up_to: null, daily_limit: 500, reason: 'desk' }, en)).body.code).toBe(200);
      expect((await post('/admin/api/ledger/adjustments', { user_id: m.userId, asset: 'cash', currency: 'MYR', amount: 600, reason: 'goodwill' }, en)).body).toMatchObject({
        code: ResponseCode.approvalDailyLimit,
        msg: 'This would pass your daily limit for this kind of request (5.00 MYR)',
      });
    } finally {
      await setLimit({ kind: 'ledger.adjust', currency: 'MYR', auto_up_to: null, daily_limit: null, reason: 'back' }, owner.headers);
      await setLimit({ kind: 'points.grant', currency: 'XXX', auto_up_to: null, daily_limit: null, reason: 'back to always' }, owner.headers);
      await post('/admin/api/ledger/adjustment-limits', { currency: 'USD', amount: 0, reason: 'back to always' }, owner.headers);
    }
  });
});

describe('an operator who is also a member', () => {
  it('decides nothing about their own member account, in every call that touches it', async () => {
    const self = await walletMember(t, { usd: 50_000 });
    const op = await newOperatorSession(t.db, 'owner');
    expect((await post('/admin/api/operators/member', { operator_id: op.operatorId, member: self.userName, reason: 'Dana is also a member' }, asker.headers)).body.data).toEqual({ operator_id: op.operatorId, member_id: self.userId });
    // One member account, one operator.
    expect((await post('/admin/api/operators/member', { operator_id: approver.operatorId, member: String(self.userId), reason: 'mistake' }, asker.headers)).body.code).toBe(ResponseCode.operatorMemberTaken);

    const withdrawal = (await post('/user/withdraw/create', { bank_card_id: await bankCardOf(t, self), amount: '20', currency: 'USD', pay_password: PAY_PASSWORD }, self.keyed())).body.data;
    const order = await orderFor(t, self.userId);
    const asked = (await post('/admin/api/wallet/points/grant', { user_id: self.userId, kind: 'points', amount: 10, reason: 'for a colleague' }, asker.headers)).body.data.request.id;
    const own: Array<[string, unknown]> = [
      ['/admin/api/wallet/points/grant', { user_id: self.userId, kind: 'points', amount: 10, reason: 'me' }],
      ['/admin/api/wallet/gift-cards/issue', { user_id: self.userId, currency: 'USD', value: 100, count: 1, expires_at: soon, reason: 'me' }],
      ['/admin/api/ledger/adjustments', { user_id: self.userId, asset: 'cash', currency: 'USD', amount: 100, reason: 'me' }],
      ['/admin/api/approvals/decide', { id: asked, decision: 'approve' }],
      ['/admin/api/wallet/withdrawals/approve', { id: withdrawal.id, reason: 'me' }],
      ['/admin/api/wallet/withdrawals/reject', { id: withdrawal.id, reason: 'me' }],
      ['/admin/api/members/ban', { id: self.userId, banned: true, reason: 'me' }],
      ['/admin/api/members/end-sessions', { id: self.userId, reason: 'me' }],
      ['/admin/api/members/reset-2fa', { id: self.userId, reason: 'me' }],
      ['/admin/api/orders/cancel', { id: order.id, reason: 'me' }],
    ];
    for (const [url, body] of own) expect((await post(url, body, op.headers)).body.code, url).toBe(ResponseCode.ownMemberAccount);
    // Nothing moved; another operator may decide about the same member.
    expect(await usdOf(t, self)).toEqual({ currency: 'USD', available: 50_000 - 2_120, frozen: 2_120 });
    expect((await post('/admin/api/wallet/withdrawals/approve', { id: withdrawal.id, reason: 'checked' }, approver.headers)).body.data.status).toBe('approved');
  });
});
