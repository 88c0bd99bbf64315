import { ResponseCode } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { walletMember } from '../../wallet/__tests__/fixtures.js';
import { withTransaction } from '../../../lib/transaction.js';
import { placeDownline, recheckStar } from '../referral.service.js';
import { memberActor } from '../../orders/__tests__/actors.js';
import { expectValidTree, key, referralKit } from './fixtures.js';
import { runOpsCommand } from '../../../ops/commands.js';
import { jobActor } from '../../../lib/actor.js';
import { runPairingDay } from '../earnings.service.js';
import { opsOperators } from '../../../ops/__tests__/ops-operators.js';

let t: TestApp;
/** How the command line's operator is recorded: as the console records them, `name#id`. */
let olivia = '';
let kit: ReturnType<typeof referralKit>;
let owner: Awaited<ReturnType<typeof newOperatorSession>>;
let second: Awaited<ReturnType<typeof newOperatorSession>>;
let support: Awaited<ReturnType<typeof newOperatorSession>>;
let catalogue: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  // The console operators the commands run as (`--by`, else the default name).
  const ids = await opsOperators(t.db, { olivia: 'owner' });
  olivia = `olivia#${ids.olivia}`;
  kit = referralKit(t);
  owner = await newOperatorSession(t.db, 'owner');
  second = await newOperatorSession(t.db, 'owner');
  support = await newOperatorSession(t.db, 'support');
  catalogue = await newOperatorSession(t.db, 'catalogue');
});
afterAll(() => t.close());

const admin = (op: { headers: Record<string, string> }, url: string, body?: unknown) =>
  body === undefined ? call(t, 'GET', url, { headers: op.headers, lang: 'en-us' }) : call(t, 'POST', url, { headers: { ...op.headers, 'idempotency-key': key() }, body, lang: 'en-us' });
const application = { name: 'Mei Tan', mobile_pre: '60', mobile: '123456789', country: 'MY', address: '1 Jalan Ampang, Kuala Lumpur', note: 'Ten years in retail', shop_name: 'Mei’s corner' };

describe('star progress', () => {
  it('shows the next star’s conditions with current and target values; reaching a star keeps it, records it and shows the popup once', async () => {
    const sponsor = await kit.placedSponsor();
    const first = (await kit.get(sponsor, '/user/info/UserStarProgress')).body.data;
    expect(first).toMatchObject({ star: 0, next_star: 1, popup: false, history: [] });
    // The first star asks for no PV of the smaller leg (its target is 0): not listed.
    expect(first.conditions).toEqual([
      { key: 'personal_pv', current: 0, target: 100, done: false },
      { key: 'direct_members', current: 0, target: 1, done: false },
    ]);
    await kit.invitee(sponsor.userId);
    await t.db.updateTable('referral_stats').set({ personal_pv: 150 }).where('member_id', '=', sponsor.userId).execute();
    expect(await withTransaction(t.db, (tx) => recheckStar(tx, sponsor.userId))).toBe(1);
    const reached = (await kit.get(sponsor, '/user/info/UserStarProgress')).body.data;
    expect(reached).toMatchObject({ star: 1, next_star: 2, popup: true, history: [{ star: 1 }] });
    expect(reached.achieved_at).toEqual(expect.any(String));
    expect((await kit.get(sponsor, '/user/info/UserStarProgress')).body.data.popup).toBe(false);
    // A star once reached is kept (the default setting) when the figures fall.
    await t.db.updateTable('referral_stats').set({ personal_pv: 0 }).where('member_id', '=', sponsor.userId).execute();
    expect(await withTransaction(t.db, (tx) => recheckStar(tx, sponsor.userId))).toBe(1);
  });

  it('a plan that keeps no star: the member lowered shows no "since" for no star, and reaching the star again shows its popup again', async () => {
    const sponsor = await kit.placedSponsor();
    await kit.invitee(sponsor.userId);
    await t.db.updateTable('referral_stats').set({ personal_pv: 150 }).where('member_id', '=', sponsor.userId).execute();
    expect(await withTransaction(t.db, (tx) => recheckStar(tx, sponsor.userId))).toBe(1);
    expect((await kit.get(sponsor, '/user/info/UserStarProgress')).body.data).toMatchObject({ star: 1, popup: true });
    await t.db.updateTable('referral_settings').set({ keep_star: false }).execute();
    try {
      await t.db.updateTable('referral_stats').set({ personal_pv: 0 }).where('member_id', '=', sponsor.userId).execute();
      expect(await withTransaction(t.db, (tx) => recheckStar(tx, sponsor.userId))).toBe(0);
      expect((await kit.get(sponsor, '/user/info/UserStarProgress')).body.data).toMatchObject({ star: 0, achieved_at: null, popup: false, history: [{ star: 1 }] });
      await t.db.updateTable('referral_stats').set({ personal_pv: 150 }).where('member_id', '=', sponsor.userId).execute();
      expect(await withTransaction(t.db, (tx) => recheckStar(tx, sponsor.userId))).toBe(1);
      expect((await kit.get(sponsor, '/user/info/UserStarProgress')).body.data).toMatchObject({ star: 1, popup: true, achieved_at: expect.any(String) });
    } finally {
      await t.db.updateTable('referral_settings').set({ keep_star: true }).execute();
    }
  });
});

describe('applications and roles', () => {
  it('needs an approved real name, one pending per kind; approval grants the role, rejection allows reapplying; getAgentInfo shows both', async () => {
    const noName = await walletMember(t, { realName: false });
    expect((await kit.post(noName, '/attractive/user/applyJxs', application)).body).toMatchObject({ code: ResponseCode.realNameRequired, msg: 'Please perform real-name authentication first' });
    expect(await t.db.selectFrom('role_applications').select('id').where('member_id', '=', noName.userId).execute()).toEqual([]);

    const m = await walletMember(t);
    const dealer = await kit.post(m, '/attractive/user/applyJxs', application);
    expect(dealer.body).toMatchObject({ code: 200, data: { kind: 'dealer', status: 'pending' } });
    expect((await kit.post(m, '/attractive/user/applyJxs', application)).body.code).toBe(ResponseCode.referralApplicationPending);
    expect((await kit.post(m, '/attractive/user/applyJxs', { ...application, mobile: 'abc' })).status).toBe(422);
    const centre = (await kit.post(m, '/attractive/user/applyFuwuCenter', application)).body.data;
    const shop = (await kit.post(m, '/attractive/user/applyUser', application)).body.data;
    expect([centre.kind, shop.kind]).toEqual(['service_centre', 'shop_owner']);

    // The queue: support may review; catalogue may not.
    expect((await admin(catalogue, '/admin/api/referral/applications?status=pending')).body.code).toBe(ResponseCode.forbidden);
    const queue = (await admin(support, '/admin/api/referral/applications?status=pending&kind=dealer')).body.data;
    expect(queue.list.find((a: { id: number }) => a.id === dealer.body.data.application_id)).toMatchObject({ member_id: m.userId, fields: { name: 'Mei Tan' } });
    expect((await admin(support, '/admin/api/referral/applications/decide', { id: dealer.body.data.application_id, approve: true, reason: 'Documents in order' })).body).toMatchObject({ code: 200, data: { status: 'approved' } });
    expect((await admin(support, '/admin/api/referral/applications/decide', { id: dealer.body.data.application_id, approve: false, reason: 'again' })).body.code).toBe(ResponseCode.referralApplicationState);
    expect((await admin(support, '/admin/api/referral/applications/decide', { id: centre.application_id, approve: false, reason: 'No premises in the region' })).body.data.status).toBe('rejected');

    expect((await kit.post(m, '/attractive/user/applyJxs', application)).body.code).toBe(ResponseCode.referralRoleHeld);
    const info = (await kit.get(m, '/attractive/agent/getAgentInfo')).body.data;
    expect(info.real_name).toBe(true);
    expect(info.roles).toEqual([expect.objectContaining({ kind: 'dealer', status: 'active', region: 'MY' })]);
    expect(info.applications.map((a: { kind: string; status: string; reason: string }) => [a.kind, a.status, a.reason])).toEqual([
      ['shop_owner', 'pending', ''],
      ['service_centre', 'rejected', 'No premises in the region'],
      ['dealer', 'approved', 'Documents in order'],
    ]);
    // Rejected: the member may apply again.
    expect((await kit.post(m, '/attractive/user/applyFuwuCenter', application)).body.code).toBe(200);
    const audit = await t.db.selectFrom('operator_actions').select(['action', 'reason']).where('target_type', '=', 'role_application').where('target_id', '=', centre.application_id).execute();
    expect(audit).toEqual([{ action: 'application.reject', reason: 'No premises in the region' }]);
  });
});

describe('an application’s country', () => {
  it('is refused with a localized 422 when the shop does not know it, and nothing is filed; a known one in lower case is filed as its code', async () => {
    const m = await walletMember(t);
    for (const [url, lang, msg] of [
      ['/attractive/user/applyUser', 'en-us', 'Please choose a country or region from the list'],
      ['/attractive/user/applyJxs', 'hu', 'Válasszon országot vagy régiót a listából'],
      ['/attractive/user/applyFuwuCenter', 'zh-cn', '请从列表中选择国家/地区'],
    ] as const) {
      const res = await call(t, 'POST', url, { headers: { ...m.headers, 'idempotency-key': key() }, body: { ...application, country: 'ZZ' }, lang });
      expect(res.status, url).toBe(422);
      expect(res.body).toMatchObject({ code: ResponseCode.validation, msg });
    }
    expect(await t.db.selectFrom('role_applications').select('id').where('member_id', '=', m.userId).execute()).toEqual([]);

    const filed = await kit.post(m, '/attractive/user/applyUser', { ...application, country: 'my' });
    expect(filed.body).toMatchObject({ code: 200, data: { kind: 'shop_owner', status: 'pending' } });
    const row = await t.db.selectFrom('role_applications').select('fields').where('id', '=', filed.body.data.application_id).executeTakeFirstOrThrow();
    expect(row.fields).toMatchObject({ country: 'MY' });
  });
});

describe('the console', () => {
  it('browses the tree from the root or a name, shows a member’s figures, and moves a subtree with a reason (recorded); moves under itself are refused', async () => {
    const sponsor = await kit.placedSponsor('Sponsor Sam');
    const a = await kit.invitee(sponsor.userId, { nickname: 'Anna Lee' });
    const b = await kit.invitee(sponsor.userId);
    await placeDownline(t.deps, memberActor(sponsor.userId), { user_id: a.userId, parent_id: sponsor.userId, side: 'L' });
    await placeDownline(t.deps, memberActor(sponsor.userId), { user_id: b.userId, parent_id: a.userId, side: 'L' });

    expect((await admin(catalogue, '/admin/api/referral/tree')).body.code).toBe(ResponseCode.forbidden);
    const found = (await admin(support, '/admin/api/referral/tree?q=Anna%20Lee&levels=2')).body.data;
    expect(found.tree).toMatchObject({ id: a.userId, children: { L: { id: b.userId } } });
    const profile = (await admin(support, `/admin/api/referral/member?member_id=${b.userId}`)).body.data;
    expect(profile.sponsors[0]).toMatchObject({ id: sponsor.userId, level: 1 });
    expect(profile.placement).toMatchObject({ parent_id: a.userId, side: 'L', how: 'member' });

    // Support reads; moving needs referral.move (owners).
    expect((await admin(support, '/admin/api/referral/move', { member_id: a.userId, parent_id: sponsor.userId, side: 'R', reason: 'Wrong leg', confirm: true })).body.code).toBe(ResponseCode.forbidden);
    expect((await admin(owner, '/admin/api/referral/move', { member_id: a.userId, parent_id: b.userId, side: 'R', reason: 'Loop', confirm: true })).body.code).toBe(ResponseCode.referralMoveInvalid);
    expect((await admin(owner, '/admin/api/referral/move', { member_id: a.userId, parent_id: sponsor.userId, side: 'R', reason: 'Wrong leg' })).status).toBe(422);
    const moved = await admin(owner, '/admin/api/referral/move', { member_id: a.userId, parent_id: sponsor.userId, side: 'R', reason: 'Placed on the wrong leg by mistake', confirm: true });
    expect(moved.body).toMatchObject({ code: 200, data: { moved: 2 } });
    expect((await kit.get(sponsor, '/attractive/user/userDepInfo')).body.data).toMatchObject({ left: { members: 0 }, right: { members: 2 } });
    await expectValidTree(t.db);
    expect(await t.db.selectFrom('operator_actions').select('reason').where('target_type', '=', 'placement').where('target_id', '=', a.userId).execute()).toEqual([{ reason: 'Placed on the wrong leg by mistake' }]);
  });

  it('changes the plan only with a second operator’s approval; commissions and pair runs are listed', async () => {
    const plan = (await admin(owner, '/admin/api/referral/plan')).body.data;
    expect(plan).toMatchObject({ pair_unit_pv: 100, pair_rate_bp: 1000, pv_value_minor: 100, default_daily_cap_minor: 30000, placement_deadline_days: 7, commission_levels: 2, level1_rate_bp: 500, level2_rate_bp: 200 });
    expect(plan.stars).toHaveLength(5);
    const { updated_at, updated_by: _b, ...settings } = plan;
    const body = { ...settings, base_updated_at: updated_at };
    const asked = await admin(owner, '/admin/api/referral/plan', { ...body, level1_rate_bp: 600, reason: 'Market rules allow 6 %' });
    expect(asked.body).toMatchObject({ code: 200, data: { status: 'pending' } });
    expect((await admin(owner, '/admin/api/referral/plan')).body.data.level1_rate_bp).toBe(500);
    expect((await admin(owner, '/admin/api/approvals/decide', { id: asked.body.data.request_id, decision: 'approve' })).body.code).toBe(ResponseCode.approvalOwnRequest);
    expect((await admin(second, '/admin/api/approvals/decide', { id: asked.body.data.request_id, decision: 'approve' })).body.code).toBe(200);
    expect((await admin(owner, '/admin/api/referral/plan')).body.data).toMatchObject({ level1_rate_bp: 600 });
    expect((await admin(owner, '/admin/api/referral/plan', { ...body, time_zone: 'Mars/Olympus', reason: 'x' })).body.code).toBe(ResponseCode.settingInvalid);

    expect((await admin(support, '/admin/api/referral/commissions?status=settled')).body).toMatchObject({ code: 200, data: { page: 1 } });
    expect((await admin(support, '/admin/api/referral/pair-runs')).body).toMatchObject({ code: 200, data: { list: [] } });
    expect((await admin(owner, '/admin/api/referral/pair-runs/run', { day: '2999-01-01', reason: 'too early' })).body.code).toBe(ResponseCode.referralDayNotDue);
  });
});

describe('npm run ops -- referral', () => {
  it('shows what it would do first, then places, moves and pairs with --apply (recorded)', async () => {
    const sponsor = await kit.placedSponsor();
    const a = await kit.invitee(sponsor.userId);
    const b = await kit.invitee(sponsor.userId);
    const ops = (...args: string[]) => runOpsCommand(t.db, ['referral', ...args], 'olivia');
    expect(await ops('place', String(a.userId))).toBe(`would place member ${a.userId} under #${sponsor.userId} on side L (in the team of #${sponsor.userId}); add --apply`);
    expect(await t.db.selectFrom('placements').select('member_id').where('member_id', '=', a.userId).execute()).toEqual([]);
    expect(await ops('place', String(a.userId), '--apply')).toBe(`member ${a.userId} placed under #${sponsor.userId} on side L`);
    await ops('place', String(b.userId), '--apply');
    expect(await ops('move', String(a.userId), String(b.userId), 'L', '--reason', 'test')).toBe(`would move 1 member(s) from under #${sponsor.userId} (L) to under #${b.userId} (L); add --apply`);
    expect(await ops('move', String(a.userId), String(b.userId), 'L', '--reason', 'Sponsor asked', '--apply')).toBe(`moved 1 member(s) under #${b.userId} (L)`);
    await expectValidTree(t.db);
    expect(await t.db.selectFrom('operator_actions').select(['operator', 'reason']).where('target_type', '=', 'placement').where('target_id', '=', a.userId).execute()).toEqual([{ operator: olivia, reason: 'Sponsor asked' }]);
    expect(await ops('pair', '2020-01-01')).toBe('2020-01-01: 0 member(s) with PV, L 0 / R 0 in all; add --apply');
    await expect(ops('move', String(sponsor.userId), String(a.userId), 'R', '--reason', 'loop')).rejects.toMatchObject({ code: ResponseCode.referralMoveInvalid });
  });
});

describe('who ran a pair-bonus run', () => {
  it('an operator is named as approvals and the audit log name them (`name#id`), the nightly job as `job`; runs stored before with `operator:<id>` or the job’s name read the same', async () => {
    const ownerName = (await t.db.selectFrom('operators').select('user_name').where('id', '=', owner.operatorId).executeTakeFirstOrThrow()).user_name;
    expect((await admin(owner, '/admin/api/referral/pair-runs/run', { day: '2001-01-04', reason: 'the night job missed it' })).body.code).toBe(200);
    await runPairingDay(t.deps, jobActor('pair_due_days', 7), '2001-01-03');
    // As runs were stored before they named their operator.
    await t.db
      .insertInto('pair_runs')
      .values([
        { day: '2001-01-02', currency: 'USD', ran_by: `operator:${owner.operatorId}` },
        { day: '2001-01-01', currency: 'USD', ran_by: 'pair_due_days' },
      ] as never)
      .execute();
    const runs = (await admin(support, '/admin/api/referral/pair-runs')).body.data.list as Array<{ day: string; ran_by: string }>;
    expect(runs.filter((r) => r.day.startsWith('2001-')).map((r) => [r.day, r.ran_by])).toEqual([
      ['2001-01-04', `${ownerName}#${owner.operatorId}`],
      ['2001-01-03', 'job'],
      ['2001-01-02', `${ownerName}#${owner.operatorId}`],
      ['2001-01-01', 'job'],
    ]);
    // The run and its audit row name the operator alike.
    expect(await t.db.selectFrom('operator_actions').select('operator').where('target_type', '=', 'pair_run').where('target_id', '=', 20010104).execute()).toEqual([{ operator: `${ownerName}#${owner.operatorId}` }]);
  });
});
