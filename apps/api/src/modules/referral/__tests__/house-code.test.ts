import { ResponseCode } from '@shop/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobActor } from '../../../lib/actor.js';
import { runOpsCommand } from '../../../ops/commands.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, freshIp, latestCode, registerMember } from '../../accounts/__tests__/account-helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { placeOverdueInvitees } from '../referral.service.js';
import { key } from './fixtures.js';

// The shop's own invitation code (the house code): a shop started without demo data gets its first
// members with it, each with no sponsor; operators see it and change it, and no member's code is ever it.

let t: TestApp;
let owner: Awaited<ReturnType<typeof newOperatorSession>>;
let support: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  // No demo data: the shop starts with no member at all.
  t = await buildTestApp();
  owner = await newOperatorSession(t.db, 'owner');
  support = await newOperatorSession(t.db, 'support');
});
afterAll(() => t.close());

const admin = (op: { headers: Record<string, string> }, url: string, body?: unknown) =>
  t.app
    .inject({
      method: body === undefined ? 'GET' : 'POST',
      url,
      remoteAddress: '10.0.0.1',
      headers: { ...op.headers, 'think-lang': 'en-us', ...(body === undefined ? {} : { 'content-type': 'application/json', 'idempotency-key': key() }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    })
    .then((r) => r.json() as { code: number; msg: string; data: any });
const houseCode = async () => (await admin(support, '/admin/api/referral/house-code')).data.house_code as string;
const operatorName = async (op: { operatorId: number }) => (await t.db.selectFrom('operators').select('user_name').where('id', '=', op.operatorId).executeTakeFirstOrThrow()).user_name;
/** How the operators' log names an operator: their name and id. */
const loggedAs = async (op: { operatorId: number }) => `${await operatorName(op)}#${op.operatorId}`;

/** A registration with `invite_code`, answered as the envelope (not thrown). */
async function tryRegister(inviteCode: string) {
  const n = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `try${n}@example.com`;
  const ip = freshIp();
  await call(t, 'POST', '/user/send_code', { type: 'register', email }, { ip });
  const code = await latestCode(t, email);
  return (await call(t, 'POST', '/user/no_auth/register', { user_name: `try${n}`.slice(0, 20), nickname: 'Try', password: 'Lantern-Orbit-42', email, invite_code: inviteCode, code }, { ip })).body;
}

describe('the house code', () => {
  it('lets the first members of an empty shop register with no sponsor: the first is the root, the next are placed under it, and their team calls work', async () => {
    expect(await t.db.selectFrom('users').select('id').execute()).toEqual([]);
    const code = await houseCode();
    // A fresh shop has a readable code with no setup.
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    // A wrong code is still refused.
    expect((await tryRegister('NOPE2345')).code).toBe(ResponseCode.inviteCodeInvalid);
    // The registration form's inviter lookup takes it, with no member to show.
    expect((await call(t, 'POST', '/user/no_auth/get_user', { invite_code: code.toLowerCase() })).body).toMatchObject({ code: 200, data: { nickname: '', user_name: '' } });

    // Typed in small letters, as members' codes may be.
    const first = await registerMember(t, { invite_code: code.toLowerCase() });
    const row = await t.db.selectFrom('users').select(['referrer_id', 'invite_code']).where('id', '=', first.user.id).executeTakeFirstOrThrow();
    expect(row.referrer_id).toBeNull();
    expect(row.invite_code).not.toBe(code);
    // Nobody above them: no upline to earn commissions on their orders.
    expect((await sql<{ n: number }>`select count(*)::int as n from sponsor_paths where descendant_id = ${first.user.id}`.execute(t.db)).rows[0]!.n).toBe(0);
    const tree = (await call(t, 'GET', '/attractive/user/anzhiTree', undefined, { token: first.token })).body;
    expect(tree).toMatchObject({ code: 200, data: { self_id: first.user.id, up_id: null, tree: { id: first.user.id, depth: 0 } } });
    expect((await call(t, 'GET', '/attractive/user/userDepInfo', undefined, { token: first.token })).body).toMatchObject({ code: 200, data: { placed: true, parent_id: null, depth: 0 } });
    expect((await call(t, 'GET', '/user/spread/total', undefined, { token: first.token })).body).toMatchObject({ code: 200, data: { direct_count: 0, team_count: 0 } });

    // A second member with the house code has no sponsor either: the job places them under the root at their deadline.
    const second = await registerMember(t, { invite_code: code });
    expect((await t.db.selectFrom('users').select('referrer_id').where('id', '=', second.user.id).executeTakeFirstOrThrow()).referrer_id).toBeNull();
    expect((await call(t, 'GET', '/attractive/user/sonUserList', undefined, { token: second.token })).body).toMatchObject({ code: 200, data: { self_placed: false } });
    await t.db.updateTable('users').set({ created_at: new Date(Date.now() - 30 * 86_400_000) }).where('id', '=', second.user.id).execute();
    expect(await placeOverdueInvitees(t.deps, jobActor('test', 'house'))).toBe(1);
    expect(await t.db.selectFrom('placements').select(['parent_id', 'side']).where('member_id', '=', second.user.id).executeTakeFirstOrThrow()).toEqual({ parent_id: first.user.id, side: 'L' });
    expect((await call(t, 'GET', '/attractive/user/anzhiTree', undefined, { token: second.token })).body).toMatchObject({ code: 200, data: { self_id: second.user.id, tree: { id: second.user.id } } });

    // Their own invitees join under them as usual, and their team lists them.
    const invitee = await registerMember(t, { invite_code: row.invite_code });
    expect((await t.db.selectFrom('users').select('referrer_id').where('id', '=', invitee.user.id).executeTakeFirstOrThrow()).referrer_id).toBe(first.user.id);
    const team = (await call(t, 'GET', '/user/spread/teamList', undefined, { token: first.token })).body;
    expect(team.code).toBe(200);
    expect(team.data.list.map((m: { id: number }) => m.id)).toEqual([invitee.user.id]);
  }, 60_000);

  it('is changed by an owner with a reason (recorded), never to a member’s code; the old code stops working and the plan waiting for approval is not made stale', async () => {
    const before = await houseCode();
    const plan = (await admin(owner, '/admin/api/referral/plan')).data;
    // Support reads the code but may not change it.
    expect((await admin(support, '/admin/api/referral/house-code', { house_code: 'SUPPORT1', reason: 'try' })).code).toBe(ResponseCode.forbidden);
    const member = await registerMember(t, { invite_code: before });
    const memberCode = (await t.db.selectFrom('users').select('invite_code').where('id', '=', member.user.id).executeTakeFirstOrThrow()).invite_code!;
    const refused = await admin(owner, '/admin/api/referral/house-code', { house_code: memberCode.toLowerCase(), reason: 'clash' });
    expect(refused).toMatchObject({ code: ResponseCode.settingInvalid, msg: 'A member already has this invitation code: choose another house code' });
    expect((await admin(owner, '/admin/api/referral/house-code', { house_code: 'no!', reason: 'bad' })).code).toBe(ResponseCode.validation);

    expect(await admin(owner, '/admin/api/referral/house-code', { house_code: 'welcome26', reason: 'launch campaign' })).toMatchObject({ code: 200, data: { house_code: 'WELCOME26' } });
    expect(await houseCode()).toBe('WELCOME26');
    const log = await t.db.selectFrom('operator_actions').selectAll().where('action', 'like', 'referral.house_code%').orderBy('id', 'desc').executeTakeFirstOrThrow();
    // The codes as facts the console shows, the reason as typed.
    expect(log).toMatchObject({ operator: await loggedAs(owner), action: 'referral.house_code', reason: 'launch campaign', facts: { key: 'house_code', from: before, to: 'WELCOME26' } });
    expect((await admin(owner, '/admin/api/referral/plan')).data.updated_at).toBe(plan.updated_at);

    expect((await tryRegister(before)).code).toBe(ResponseCode.inviteCodeInvalid);
    expect((await tryRegister('Welcome26')).code).toBe(200);
  }, 60_000);

  it('is printed and set by `npm run ops -- referral house-code`, dry run first', async () => {
    const by = await operatorName(owner);
    const ops = (...args: string[]) => runOpsCommand(t.db, ['referral', 'house-code', ...args, '--by', by], 'nobody');
    const current = await houseCode();
    expect(await ops()).toBe(`the house code is ${current}`);
    expect(await ops('fresh2027', '--reason', 'new season')).toBe(`would change the house code from ${current} to FRESH2027; add --apply`);
    expect(await houseCode()).toBe(current);
    await expect(ops('fresh2027', '--apply')).rejects.toThrow('give a --reason');
    expect(await ops('fresh2027', '--reason', 'new season', '--apply')).toBe('the house code is now FRESH2027');
    expect(await houseCode()).toBe('FRESH2027');
    expect(await t.db.selectFrom('operator_actions').select(['operator', 'reason', 'facts']).where('action', '=', 'referral.house_code').orderBy('id', 'desc').executeTakeFirstOrThrow()).toEqual({
      operator: await loggedAs(owner),
      reason: 'new season',
      facts: { key: 'house_code', from: current, to: 'FRESH2027' },
    });
  }, 60_000);

  it('is never a member’s invitation code, in any case, whichever is written second', async () => {
    const house = await houseCode();
    const member = await registerMember(t, { invite_code: house });
    // A member's code set to the house code (as the share page sets a missing one) is refused by the database.
    await expect(t.db.updateTable('users').set({ invite_code: house.toLowerCase() }).where('id', '=', member.user.id).execute()).rejects.toMatchObject({ code: '23505', constraint: 'users_invite_code_house' });
    // And the house code set to a member's code.
    const memberCode = (await t.db.selectFrom('users').select('invite_code').where('id', '=', member.user.id).executeTakeFirstOrThrow()).invite_code!;
    await expect(t.db.updateTable('referral_settings').set({ house_code: memberCode.toUpperCase() }).execute()).rejects.toMatchObject({ code: '23505', constraint: 'referral_settings_house_code_member' });
  }, 60_000);
});
