import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, freshIp, registerMember, seedDemo } from '../../accounts/__tests__/account-helpers.js';
import { operatorCliActor } from '../../../lib/actor.js';
import { createOperator } from '../../operators/operators.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t);
});
afterAll(() => t.close());

const PASSWORD = 'Console-Compass-2026';
let n = 0;
type Role = 'owner' | 'finance' | 'support' | 'catalogue' | 'reviewer';

/** An operator of `role`, password set and signed in (the first sign-in gives a session and the TOTP secret). */
async function operator(role: Role) {
  const userName = `con${role}${++n}${Date.now().toString(36)}`;
  const { id, setupToken } = await createOperator(t.db, operatorCliActor('olivia'), { userName, role });
  await call(t, 'POST', '/admin/api/auth/setup-password', { token: setupToken, password: PASSWORD }, { ip: freshIp() });
  const first = await call(t, 'POST', '/admin/api/auth/sign-in', { user_name: userName, password: PASSWORD }, { ip: freshIp() });
  expect(first.body.code).toBe(200);
  return { id, userName, token: first.body.data.token as string, secret: first.body.data.totp_setup.secret as string };
}

const RUN = Date.now().toString(36);
/** A POST with an Idempotency-Key, as the console sends its decisions. */
async function decide(url: string, body: unknown, token: string, name: string) {
  const key = `console-${name}-${RUN}`;
  const res = await t.app.inject({ method: 'POST', url, remoteAddress: '10.0.0.1', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key }, payload: JSON.stringify(body) });
  return { status: res.statusCode, body: res.json() as { code: number; data: any }, headers: res.headers };
}

const mainland = { document_type: 'id_card', document_number: '11010519491231002X', surname: '张', given_name: '三', title: 'mr', birthday: '1949-12-31', referral_code: 'DEMO2026' };

async function pendingRealName() {
  const m = await registerMember(t);
  const sent = await call(t, 'POST', '/user/certification/auth', mainland, { token: m.token });
  expect(sent.body.code).toBe(200);
  const row = await t.db.selectFrom('certifications').select('id').where('user_id', '=', m.user.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
  return { member: m, id: row.id };
}

async function expireSession(token: string, operatorId: number) {
  await t.db.updateTable('operator_sessions').set({ last_seen_at: new Date(Date.now() - 31 * 60_000) }).where('operator_id', '=', operatorId).execute();
  return token;
}

/** Every call the console added: who is refused, who is let in. */
const calls: Array<{ method: 'GET' | 'POST'; url: string; body?: unknown; allowed: Role; refused: Role }> = [
  { method: 'GET', url: '/admin/api/dashboard', allowed: 'catalogue', refused: 'catalogue' },
  { method: 'GET', url: '/admin/api/reviews/realname', allowed: 'reviewer', refused: 'finance' },
  { method: 'POST', url: '/admin/api/reviews/realname/decide', body: { id: 2147483000, decision: 'approve' }, allowed: 'reviewer', refused: 'finance' },
  { method: 'GET', url: '/admin/api/reviews/cancellation', allowed: 'support', refused: 'reviewer' },
  { method: 'POST', url: '/admin/api/reviews/cancellation/decide', body: { id: 2147483000, decision: 'approve' }, allowed: 'support', refused: 'reviewer' },
  { method: 'GET', url: '/admin/api/members/search?q=demo', allowed: 'reviewer', refused: 'catalogue' },
  { method: 'GET', url: '/admin/api/members/info?id=1', allowed: 'finance', refused: 'catalogue' },
  { method: 'POST', url: '/admin/api/members/ban', body: { id: 2147483000, banned: true, reason: 'spam' }, allowed: 'support', refused: 'reviewer' },
  { method: 'POST', url: '/admin/api/members/end-sessions', body: { id: 2147483000, reason: 'lost phone' }, allowed: 'support', refused: 'finance' },
  { method: 'GET', url: '/admin/api/audit', allowed: 'owner', refused: 'finance' },
];

describe('operator console calls', () => {
  it('each refuses no token, a member token, an operator without the permission, and an ended operator session', async () => {
    const member = await registerMember(t);
    const ops = new Map<Role, Awaited<ReturnType<typeof operator>>>();
    for (const r of ['owner', 'finance', 'support', 'catalogue', 'reviewer'] as Role[]) ops.set(r, await operator(r));
    for (const c of calls) {
      expect((await call(t, c.method, c.url, c.body)).body.code, c.url).toBe(ResponseCode.loginRequired);
      expect((await call(t, c.method, c.url, c.body, { token: member.token })).body.code, c.url).toBe(ResponseCode.tokenInvalid);
      if (c.url !== '/admin/api/dashboard') {
        const refused = await call(t, c.method, c.url, c.body, { token: ops.get(c.refused)!.token });
        expect(refused.status, c.url).toBe(403);
        expect(refused.body.code, c.url).toBe(ResponseCode.forbidden);
      }
      const allowed = await call(t, c.method, c.url, c.body, { token: ops.get(c.allowed)!.token });
      // Let in: an answer of the call itself (the unknown ids of the decisions are "not found").
      expect([200, ResponseCode.notFound], c.url).toContain(allowed.body.code);
    }
    const ended = await operator('owner');
    await expireSession(ended.token, ended.id);
    for (const c of calls) expect((await call(t, c.method, c.url, c.body, { token: ended.token })).body.code, c.url).toBe(ResponseCode.tokenInvalid);
  });

  it('the dashboard counts today’s new members and what waits in each queue', async () => {
    const owner = await operator('owner');
    const before = (await call(t, 'GET', '/admin/api/dashboard', undefined, { token: owner.token })).body.data;
    await pendingRealName();
    const after = (await call(t, 'GET', '/admin/api/dashboard', undefined, { token: owner.token })).body.data;
    expect(after.date).toBe(new Date().toISOString().slice(0, 10));
    expect(after.new_members).toBe(before.new_members + 1);
    expect(after.queues.realname).toBe(before.queues.realname + 1);
    const waiting = await t.db.selectFrom('certifications').select((eb) => eb.fn.countAll<string>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow();
    expect(after.queues.realname).toBe(Number(waiting.n));
  });

  it('a real-name approval double-clicked is one decision, in the audit log with who; a rejection needs a reason', async () => {
    const reviewer = await operator('reviewer');
    const { member, id } = await pendingRealName();
    const queue = await call(t, 'GET', '/admin/api/reviews/realname?status=pending&limit=100', undefined, { token: reviewer.token });
    expect(queue.body.data.list.find((r: { id: number }) => r.id === id)).toMatchObject({ user_name: member.user.user_name, document_number: mainland.document_number, status: 'pending' });

    const key = `realname-${id}`;
    const [a, b] = await Promise.all([
      decide('/admin/api/reviews/realname/decide', { id, decision: 'approve' }, reviewer.token, key),
      decide('/admin/api/reviews/realname/decide', { id, decision: 'approve' }, reviewer.token, key),
    ]);
    const codes = [a.body.code, b.body.code];
    expect(codes).toContain(200);
    // The second is the first's answer replayed, or told that the first is still running: never a second decision.
    for (const c of codes) expect([200, ResponseCode.requestInProgress]).toContain(c);
    const again = await decide('/admin/api/reviews/realname/decide', { id, decision: 'approve' }, reviewer.token, key);
    expect(again.body).toMatchObject({ code: 200, data: { id, status: 'approved' } });
    const actions = await t.db.selectFrom('operator_actions').selectAll().where('target_type', '=', 'certification').where('target_id', '=', id).execute();
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ action: 'realname.approve', operator: `${reviewer.userName}#${reviewer.id}` });
    expect((await t.db.selectFrom('users').select('true_name').where('id', '=', member.user.id).executeTakeFirstOrThrow()).true_name).toBe('张三');

    const other = await pendingRealName();
    const noReason = await decide('/admin/api/reviews/realname/decide', { id: other.id, decision: 'reject' }, reviewer.token, `r-${other.id}-a`);
    expect(noReason.body.code).toBe(ResponseCode.reasonRequired);
    const rejected = await decide('/admin/api/reviews/realname/decide', { id: other.id, decision: 'reject', reason: 'photo unreadable' }, reviewer.token, `r-${other.id}-b`);
    expect(rejected.body).toMatchObject({ code: 200, data: { status: 'rejected' } });
    const log = await call(t, 'GET', `/admin/api/audit?kind=realname.reject&limit=100`, undefined, { token: (await operator('owner')).token });
    expect(log.body.data.list.find((e: { target_id: number }) => e.target_id === other.id)).toMatchObject({ reason: 'photo unreadable', operator: `${reviewer.userName}#${reviewer.id}` });
  });

  it('an account cancellation is approved from the queue and recorded', async () => {
    const support = await operator('support');
    const m = await registerMember(t);
    expect((await call(t, 'POST', '/user/cancel_account/apply', { agree: true }, { token: m.token })).body.code).toBe(200);
    const queue = await call(t, 'GET', '/admin/api/reviews/cancellation?limit=100', undefined, { token: support.token });
    const row = queue.body.data.list.find((r: { user_id: number }) => r.user_id === m.user.id);
    expect(row).toMatchObject({ user_name: m.user.user_name, status: 'pending' });
    const res = await decide('/admin/api/reviews/cancellation/decide', { id: row.id, decision: 'approve' }, support.token, `c-${row.id}`);
    expect(res.body).toMatchObject({ code: 200, data: { status: 'approved' } });
    expect(await t.db.selectFrom('operator_actions').select('action').where('target_type', '=', 'cancellation').where('target_id', '=', row.id).execute()).toEqual([{ action: 'cancel.approve' }]);
    const twice = await decide('/admin/api/reviews/cancellation/decide', { id: row.id, decision: 'approve' }, support.token, `c-${row.id}-other`);
    expect(twice.body.code).toBe(ResponseCode.requestNotPending);
  });

  it('members: found by user name, e-mail and invite code; banned and unbanned with a reason; signed out everywhere', async () => {
    const support = await operator('support');
    const m = await registerMember(t);
    const byName = await call(t, 'GET', `/admin/api/members/search?q=${m.user.user_name}`, undefined, { token: support.token });
    expect(byName.body.data.list.map((r: { id: number }) => r.id)).toEqual([m.user.id]);
    const byMail = await call(t, 'GET', `/admin/api/members/search?q=${encodeURIComponent(m.email.toUpperCase())}`, undefined, { token: support.token });
    expect(byMail.body.data.list.map((r: { id: number }) => r.id)).toEqual([m.user.id]);
    const profile = await call(t, 'GET', `/admin/api/members/info?id=${m.user.id}`, undefined, { token: support.token });
    expect(profile.body.data).toMatchObject({ id: m.user.id, status: 'active', referrer: { user_name: expect.any(String) } });
    expect(profile.body.data.active_sessions).toBeGreaterThanOrEqual(1);
    const invite = await call(t, 'GET', `/admin/api/members/search?q=${profile.body.data.invite_code}`, undefined, { token: support.token });
    expect(invite.body.data.list.map((r: { id: number }) => r.id)).toContain(m.user.id);

    const ended = await decide('/admin/api/members/end-sessions', { id: m.user.id, reason: 'phone stolen' }, support.token, `s-${m.user.id}`);
    expect(ended.body.data.ended).toBeGreaterThanOrEqual(1);
    expect((await call(t, 'GET', '/user/info/index', undefined, { token: m.token })).body.code).toBe(ResponseCode.tokenInvalid);

    const noReason = await decide('/admin/api/members/ban', { id: m.user.id, banned: true, reason: ' ' }, support.token, `b-${m.user.id}-0`);
    expect(noReason.body.code).toBe(ResponseCode.validation);
    expect((await decide('/admin/api/members/ban', { id: m.user.id, banned: true, reason: 'fraud' }, support.token, `b-${m.user.id}-1`)).body.data).toEqual({ id: m.user.id, status: 'banned' });
    expect((await decide('/admin/api/members/ban', { id: m.user.id, banned: false, reason: 'cleared' }, support.token, `b-${m.user.id}-2`)).body.data).toEqual({ id: m.user.id, status: 'active' });
    const owner = await operator('owner');
    const log = await call(t, 'GET', `/admin/api/audit?operator=${support.userName}&limit=100`, undefined, { token: owner.token });
    expect(log.body.data.list.map((e: { action: string; reason: string }) => [e.action, e.reason])).toEqual([
      ['user.unban', 'cleared'],
      ['user.ban', 'fraud'],
      ['user.sessions.end', 'phone stolen'],
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await call(t, 'GET', `/admin/api/audit?operator=${support.userName}&from=${today}&to=${today}`, undefined, { token: owner.token })).body.data.total).toBe(3);
    expect((await call(t, 'GET', `/admin/api/audit?operator=${support.userName}&to=2020-01-01`, undefined, { token: owner.token })).body.data.total).toBe(0);
  });

  it('a TOTP code is needed from the second sign-in on', async () => {
    const op = await operator('reviewer');
    const code = await generate({ secret: op.secret });
    const res = await call(t, 'POST', '/admin/api/auth/sign-in', { user_name: op.userName, password: PASSWORD, totp_code: code }, { ip: freshIp() });
    expect(res.body).toMatchObject({ code: 200, data: { operator: { totp_bound: true } } });
  });
});
