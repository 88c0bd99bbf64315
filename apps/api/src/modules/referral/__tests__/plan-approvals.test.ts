import { ResponseCode } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { key } from './fixtures.js';

// Four eyes on the referral plan: the approver reads what a request changes from the plan as it is,
// approving never undoes a change made since the request's form was loaded, and a second,
// different request while one waits is refused instead of being dropped behind a success.

let t: TestApp;
let a: Awaited<ReturnType<typeof newOperatorSession>>;
let b: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  a = await newOperatorSession(t.db, 'owner');
  b = await newOperatorSession(t.db, 'owner');
});
afterAll(() => t.close());

type Op = { headers: Record<string, string> };
const get = (op: Op, url: string, lang = 'en-us') => call(t, 'GET', url, { headers: op.headers, lang });
const post = (op: Op, url: string, body: unknown, lang = 'en-us') => call(t, 'POST', url, { headers: { ...op.headers, 'idempotency-key': key() }, body, lang });

/** The plan as the console's form loads it: the settings, and the `updated_at` it was loaded at as the request's base. */
async function loadForm(op: Op) {
  const { updated_at, updated_by: _by, ...plan } = (await get(op, '/admin/api/referral/plan')).body.data;
  return { ...plan, base_updated_at: updated_at as string };
}
const ask = (op: Op, body: unknown, lang?: string) => post(op, '/admin/api/referral/plan', body, lang);
const decide = (op: Op, id: number, decision: 'approve' | 'reject', reason?: string, lang?: string) => post(op, '/admin/api/approvals/decide', { id, decision, reason }, lang);
const waitingPlanRequests = async () => (await t.db.selectFrom('approval_requests').select('id').where('kind', '=', 'referral.plan').where('status', '=', 'pending').execute()).map((r) => r.id);

describe('a referral plan request', () => {
  it('shows the approver every field it changes from the plan as it is now, old → new, and says so when nothing differs', async () => {
    const form = await loadForm(a);
    const same = await ask(a, { ...form, reason: 'Nothing really' });
    expect(same.body.code).toBe(200);
    const listed = async (id: number) => (await get(b, '/admin/api/approvals?status=pending&kind=referral.plan')).body.data.list.find((r: { id: number }) => r.id === id);
    expect(await listed(same.body.data.request_id)).toMatchObject({ changes: [], summary: 'plan: no change' });
    await post(a, '/admin/api/approvals/cancel', { id: same.body.data.request_id });

    const star1 = form.stars.find((s: { star: number }) => s.star === 1);
    const asked = await ask(a, {
      ...form,
      pv_value_minor: form.pv_value_minor * 10,
      time_zone: 'Asia/Tokyo',
      stars: form.stars.map((s: { star: number }) => (s.star === 1 ? { ...s, daily_cap: 500_000 } : s)),
      reason: 'New season',
    });
    expect(asked.body).toMatchObject({ code: 200, data: { status: 'pending' } });
    const request = await listed(asked.body.data.request_id);
    expect(request.changes).toEqual([
      { field: 'pv_value_minor', star: null, from: form.pv_value_minor, to: form.pv_value_minor * 10 },
      { field: 'time_zone', star: null, from: form.time_zone, to: 'Asia/Tokyo' },
      { field: 'daily_cap', star: 1, from: star1.daily_cap, to: 500_000 },
    ]);
    expect(request.summary).toBe(`plan: pv_value_minor ${form.pv_value_minor} → ${form.pv_value_minor * 10}; time_zone ${form.time_zone} → Asia/Tokyo; star 1 daily_cap ${star1.daily_cap} → 500000`);
    // A star removed lists what goes with it.
    await post(a, '/admin/api/approvals/cancel', { id: asked.body.data.request_id });
    const shorter = await ask(a, { ...form, stars: form.stars.filter((s: { star: number }) => s.star !== 5), reason: 'Four stars are enough' });
    const star5 = form.stars.find((s: { star: number }) => s.star === 5);
    expect((await listed(shorter.body.data.request_id)).changes).toContainEqual({ field: 'daily_cap', star: 5, from: star5.daily_cap, to: null });
    await post(a, '/admin/api/approvals/cancel', { id: shorter.body.data.request_id });
  });

  it('made from a form loaded before another change was approved, is refused and never undoes that change', async () => {
    // Both owners load the plan; A asks for level 1 = 6 %, B approves it.
    const formA = await loadForm(a);
    const formB = await loadForm(b);
    const first = await ask(a, { ...formA, level1_rate_bp: 600, reason: 'Market allows 6 %' });
    expect((await decide(b, first.body.data.request_id, 'approve')).body.code).toBe(200);
    // B, from the old form, asks for another pair rate: it would bring level 1 back.
    const stale = await ask(b, { ...formB, pair_rate_bp: 1200, reason: 'Pairs pay 12 %' }, 'zh-cn');
    expect(stale.body).toMatchObject({ code: ResponseCode.referralPlanChanged, msg: '您打开方案后它已被修改：请重新加载方案后再申请' });
    expect(await waitingPlanRequests()).toEqual([]);
    expect((await get(a, '/admin/api/referral/plan')).body.data).toMatchObject({ level1_rate_bp: 600, pair_rate_bp: formA.pair_rate_bp });
  });

  it('whose plan changed before it was approved, is refused at approval, changes nothing, and can be rejected', async () => {
    const form = await loadForm(a);
    const asked = await ask(a, { ...form, pair_rate_bp: 1300, reason: 'Pairs pay 13 %' });
    const id = asked.body.data.request_id as number;
    // The plan changes after the request was checked (a change committed between its check and its
    // insert, or by a process outside the console): its base is no longer the plan.
    await t.db.updateTable('referral_settings').set({ level2_rate_bp: 250, updated_at: new Date(Date.parse(form.base_updated_at) + 5_000) }).execute();
    const before = (await get(a, '/admin/api/referral/plan')).body.data;
    const refused = await decide(b, id, 'approve');
    expect(refused.body).toMatchObject({ code: ResponseCode.referralPlanChanged, msg: 'The plan changed since this request was made: approving it would undo that change. Reject it and ask again from the plan as it is now' });
    expect((await get(a, '/admin/api/referral/plan')).body.data).toEqual(before);
    expect(await waitingPlanRequests()).toEqual([id]);
    expect((await decide(b, id, 'reject', 'Asked from an older plan')).body.data).toMatchObject({ status: 'rejected' });
    expect((await get(a, '/admin/api/referral/plan')).body.data).toEqual(before);
  });

  it('asked again the same is the waiting request; a different one while it waits is refused, naming it', async () => {
    const form = await loadForm(a);
    const body = { ...form, level2_rate_bp: 300, reason: 'Level 2 at 3 %' };
    const first = await ask(a, body);
    const id = first.body.data.request_id as number;
    // A double tap (a new idempotency key, the same body): the same request.
    expect((await ask(a, body)).body).toMatchObject({ code: 200, data: { request_id: id, status: 'pending' } });
    const other = await ask(a, { ...form, pv_value_minor: form.pv_value_minor * 10, reason: 'Money per PV × 10' });
    expect(other.body).toMatchObject({ code: ResponseCode.approvalAlreadyWaiting, msg: `Request #${id} about this already waits for a second operator: approve, reject or withdraw it before asking for something different` });
    expect(await waitingPlanRequests()).toEqual([id]);
    // What waits is still the first change, and approving it carries out that change only.
    expect((await decide(b, id, 'approve')).body.code).toBe(200);
    expect((await get(a, '/admin/api/referral/plan')).body.data).toMatchObject({ level2_rate_bp: 300, pv_value_minor: form.pv_value_minor });
  });
});

describe('the commissions a plan pays together', () => {
  it('above 30 % of the base (three levels at 50 %) is refused under the last level paid, in the operator’s language, and nothing is requested', async () => {
    const form = await loadForm(a);
    const before = (await get(a, '/admin/api/referral/plan')).body.data;
    const overpaying = { ...form, commission_levels: 3, level1_rate_bp: 5000, level2_rate_bp: 5000, level3_rate_bp: 5000, reason: 'Pay everyone' };
    const refused = await ask(a, overpaying);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: ResponseCode.validation, msg: 'The commission levels paid add up to 150 % of the order: at most 30 % in total' });
    expect(refused.body.data.errors).toEqual([{ field: 'level3_rate_bp', msg: 'The commission levels paid add up to 150 % of the order: at most 30 % in total' }]);
    const inChinese = await ask(a, { ...overpaying, commission_levels: 2, level1_rate_bp: 2000, level2_rate_bp: 1500 }, 'zh-cn');
    expect(inChinese.body.data.errors).toEqual([{ field: 'level2_rate_bp', msg: '各层佣金比例合计为订单的 35%，合计不得超过 30%' }]);
    expect(await waitingPlanRequests()).toEqual([]);
    expect((await get(a, '/admin/api/referral/plan')).body.data).toEqual(before);
  });

  it('at the ceiling is asked and approved; a level not paid counts for nothing', async () => {
    const form = await loadForm(a);
    const atCeiling = await ask(a, { ...form, commission_levels: 3, level1_rate_bp: 1500, level2_rate_bp: 1000, level3_rate_bp: 500, reason: 'Three levels, 30 % in all' });
    expect(atCeiling.body).toMatchObject({ code: 200, data: { status: 'pending' } });
    expect((await decide(b, atCeiling.body.data.request_id, 'approve')).body.code).toBe(200);
    expect((await get(a, '/admin/api/referral/plan')).body.data).toMatchObject({ commission_levels: 3, level1_rate_bp: 1500, level2_rate_bp: 1000, level3_rate_bp: 500 });

    // Two levels paid: the third level's rate is kept but pays nothing, so it is not counted.
    const twoLevels = await ask(a, { ...(await loadForm(a)), commission_levels: 2, level1_rate_bp: 500, level2_rate_bp: 200, level3_rate_bp: 5000, reason: 'Back to two levels' });
    expect(twoLevels.body).toMatchObject({ code: 200, data: { status: 'pending' } });
    expect((await decide(b, twoLevels.body.data.request_id, 'approve')).body.code).toBe(200);
    expect((await get(a, '/admin/api/referral/plan')).body.data).toMatchObject({ commission_levels: 2, level1_rate_bp: 500, level2_rate_bp: 200, level3_rate_bp: 5000 });
  });

  it('above the ceiling in a request filed before the rule cannot be approved, changes nothing, and can be rejected', async () => {
    const form = await loadForm(a);
    const asked = await ask(a, { ...form, pair_rate_bp: 1100, reason: 'Pairs pay 11 %' });
    const id = asked.body.data.request_id as number;
    // What a request asked before the ceiling holds: three levels at 50 % each.
    const { reason: _reason, ...payload } = { ...form, pair_rate_bp: 1100, commission_levels: 3, level1_rate_bp: 5000, level2_rate_bp: 5000, level3_rate_bp: 5000, reason: '' };
    await t.db.updateTable('approval_requests').set({ payload: JSON.stringify(payload) }).where('id', '=', id).execute();
    const before = (await get(a, '/admin/api/referral/plan')).body.data;
    const refused = await decide(b, id, 'approve', undefined, 'th');
    expect(refused.body).toMatchObject({ code: ResponseCode.referralCommissionTotal, msg: 'อัตราค่าคอมมิชชันของแผนนี้รวมกันเป็น 150% เกิน 30% ที่อนุญาต จึงอนุมัติไม่ได้ โปรดปฏิเสธคำขอนี้และยื่นใหม่ด้วยอัตราที่ต่ำลง' });
    expect((await get(a, '/admin/api/referral/plan')).body.data).toEqual(before);
    expect(await waitingPlanRequests()).toEqual([id]);
    expect((await decide(b, id, 'reject', 'Pays more than the goods')).body.data).toMatchObject({ status: 'rejected' });
    expect((await get(a, '/admin/api/referral/plan')).body.data).toEqual(before);
  });
});
