import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { call, freshIp, registerMember, seedDemo } from '../../modules/accounts/__tests__/account-helpers.js';
import { operatorCliActor } from '../../lib/actor.js';
import { createOperator } from '../../modules/operators/operators.service.js';
import { bindAuthenticator } from '../../modules/operators/__tests__/operator-fixtures.js';
import { orderFor } from '../../modules/payments/__tests__/payments-helpers.js';
import { PAY_PASSWORD, tronAddressOf, walletMember } from '../../modules/wallet/__tests__/fixtures.js';
import { afterSalesKit } from '../../modules/after-sales/__tests__/fixtures.js';
import { freshNationalId } from '../../modules/certification/__tests__/fixtures.js';

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
async function operator(role: Role, { bound = true } = {}) {
  const userName = `con${role}${++n}${Date.now().toString(36)}`;
  const { id, setupToken } = await createOperator(t.db, operatorCliActor('olivia'), { userName, role });
  await call(t, 'POST', '/admin/api/auth/setup-password', { token: setupToken, password: PASSWORD }, { ip: freshIp() });
  const first = await call(t, 'POST', '/admin/api/auth/sign-in', { user_name: userName, password: PASSWORD }, { ip: freshIp() });
  expect(first.body.code).toBe(200);
  // Bound as the console's first sign-in does: until then the session may do nothing else.
  if (bound) await bindAuthenticator(t, first.body.data.token, first.body.data.totp_setup.secret);
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

/** A new member's request under review, with a document of their own (one document verifies one account). */
async function pendingRealName() {
  const m = await registerMember(t);
  const number = freshNationalId();
  const sent = await call(t, 'POST', '/user/certification/auth', { ...mainland, document_number: number }, { token: m.token });
  expect(sent.body.code).toBe(200);
  const row = await t.db.selectFrom('certifications').select('id').where('user_id', '=', m.user.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
  return { member: m, id: row.id, number };
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

  it('the dashboard counts the after-sales cases to decide, role applications to review, chats no agent has taken and feedback not answered', async () => {
    const owner = await operator('owner');
    const queues = async () => (await call(t, 'GET', '/admin/api/dashboard', undefined, { token: owner.token })).body.data.queues;
    const before = await queues();
    // A member's return of a received order, through the member's own call.
    const kit = await afterSalesKit(t);
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const opened = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: o.lines[0]!.id, qty: 1 }] });
    expect(opened.body.code).toBe(200);
    await t.db.insertInto('role_applications').values({ member_id: m.userId, kind: 'dealer', fields: JSON.stringify({ name: 'Mei' }) }).execute();
    const chat = await t.db.insertInto('chat_conversations').values({ member_id: m.userId }).returning('id').executeTakeFirstOrThrow();
    const category = await t.db.insertInto('feedback_categories').values({ names: { 'en-us': 'Other' } }).returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('feedbacks').values({ member_id: m.userId, category_id: category.id, content: 'The lid squeaks', reply: null, replied_by: null, replied_at: null, closed_by: null, closed_at: null }).execute();
    const after = await queues();
    for (const k of ['after_sales', 'applications', 'chats_waiting', 'feedback'] as const) expect(after[k], k).toBe(before[k] + 1);
    // Decided, taken by an agent: no longer waiting.
    expect((await kit.admin('/admin/api/after-sales/reject', { id: opened.body.data.case_id, reason: 'Outside the terms' })).body.code).toBe(200);
    await t.db.updateTable('chat_conversations').set({ agent_id: owner.id }).where('id', '=', chat.id).execute();
    const later = await queues();
    expect([later.after_sales, later.chats_waiting]).toEqual([before.after_sales, before.chats_waiting]);
  });

  it('the dashboard sends the count of only the queues the operator’s role may open', async () => {
    const all = ['realname', 'cancellation', 'recharges', 'withdrawals', 'orders_to_ship', 'after_sales', 'applications', 'chats_waiting', 'feedback'];
    const opens: Record<Role, string[]> = {
      owner: all,
      // Support reviews real names and cancellations, ships, decides cases, answers chats and feedback: top-ups and withdrawals are finance's.
      support: ['realname', 'cancellation', 'orders_to_ship', 'after_sales', 'applications', 'chats_waiting', 'feedback'],
      finance: ['recharges', 'withdrawals', 'after_sales'],
      catalogue: [],
      reviewer: ['realname'],
    };
    for (const role of Object.keys(opens) as Role[]) {
      const op = await operator(role);
      const queues = (await call(t, 'GET', '/admin/api/dashboard', undefined, { token: op.token })).body.data.queues as Record<string, number>;
      expect(Object.keys(queues).sort(), role).toEqual([...opens[role]].sort());
      for (const k of opens[role]) expect(typeof queues[k], `${role} ${k}`).toBe('number');
    }
  });

  it('the dashboard sends the day’s orders and sales only to roles that read orders or the ledger, and new members to those that read members', async () => {
    const figures: Record<Role, string[]> = {
      owner: ['new_members', 'orders_today', 'paid_orders_today', 'sales'],
      support: ['new_members', 'orders_today', 'paid_orders_today', 'sales'],
      finance: ['new_members', 'orders_today', 'paid_orders_today', 'sales'],
      catalogue: [],
      reviewer: ['new_members'],
    };
    for (const role of Object.keys(figures) as Role[]) {
      const op = await operator(role);
      const data = (await call(t, 'GET', '/admin/api/dashboard', undefined, { token: op.token })).body.data as Record<string, unknown>;
      expect(Object.keys(data).filter((k) => k !== 'date' && k !== 'queues').sort(), role).toEqual(figures[role]);
    }
  });

  it('the after-sales tile counts the cases waiting for what the operator’s role may do, and the queue’s waiting tab lists them', async () => {
    // Catalogue opens no after-sales queue: its dashboard has no such count (the test above).
    const roles = ['owner', 'support', 'finance'] as const;
    const ops = Object.fromEntries(await Promise.all(roles.map(async (r) => [r, await operator(r)] as const))) as Record<(typeof roles)[number], Awaited<ReturnType<typeof operator>>>;
    const counts = async () => Object.fromEntries(await Promise.all(roles.map(async (r) => [r, (await call(t, 'GET', '/admin/api/dashboard', undefined, { token: ops[r].token })).body.data.queues.after_sales as number] as const)));
    const waiting = async (role: 'support' | 'finance') => ((await call(t, 'GET', '/admin/api/after-sales/list?status=waiting&limit=100', undefined, { token: ops[role].token })).body.data.list as Array<{ id: number }>).map((c) => c.id);
    const kit = await afterSalesKit(t);
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const before = await counts();
    const delta = async () => {
      const now = await counts();
      return Object.fromEntries(roles.map((r) => [r, now[r]! - before[r]!]));
    };
    const open = async (kind: 'return' | 'exchange', line: number, extra = {}) => {
      const res = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind, reason_id: kind === 'return' ? 'changed_mind' : 'wrong_size', lines: [{ order_line_id: o.lines[line]!.id, qty: 1, ...extra }] });
      expect(res.body.code).toBe(200);
      return res.body.data.case_id as number;
    };
    const shipBack = async (id: number) => expect((await kit.post(m, '/attractive/AfterSales/expressSave', { case_id: id, carrier_code: 'poslaju', tracking_number: `DB${id}XX` })).body.code).toBe(200);

    // A return under review waits for those who decide cases; finance has nothing to do with it yet.
    const ret = await open('return', 1);
    expect(await delta()).toEqual({ owner: 1, support: 1, finance: 0 });
    expect(await waiting('support')).toContain(ret);
    expect(await waiting('finance')).not.toContain(ret);
    // Approved, it waits for the member; shipped back, for someone to receive it.
    expect((await kit.admin('/admin/api/after-sales/approve', { id: ret, reason: '' })).body.code).toBe(200);
    expect(await delta()).toEqual({ owner: 0, support: 0, finance: 0 });
    await shipBack(ret);
    expect(await delta()).toEqual({ owner: 1, support: 1, finance: 0 });
    // Received, the return waits for its refund: finance's.
    expect((await kit.admin('/admin/api/after-sales/receive', { id: ret, resellable: false })).body.code).toBe(200);
    expect(await delta()).toEqual({ owner: 1, support: 0, finance: 1 });
    expect(await waiting('finance')).toContain(ret);
    expect(await waiting('support')).not.toContain(ret);

    // A received exchange waits for its replacement to be shipped: support's, not finance's.
    const exchange = await open('exchange', 0, { exchange_sku_id: o.goods.skuIds[2] });
    expect((await kit.admin('/admin/api/after-sales/approve', { id: exchange, reason: '' })).body.code).toBe(200);
    await shipBack(exchange);
    expect((await kit.admin('/admin/api/after-sales/receive', { id: exchange, resellable: false })).body.code).toBe(200);
    expect(await delta()).toEqual({ owner: 2, support: 1, finance: 1 });
    expect(await waiting('support')).toContain(exchange);
    expect(await waiting('finance')).not.toContain(exchange);

    // Refunded and shipped: nothing is left to do.
    expect((await kit.admin('/admin/api/after-sales/refund', { id: ret })).body.code).toBe(200);
    expect((await kit.admin('/admin/api/after-sales/ship', { id: exchange, carrier: 'DHL', tracking_number: `DBX${exchange}` })).body.code).toBe(200);
    expect(await delta()).toEqual({ owner: 0, support: 0, finance: 0 });
  });

  it('a real-name approval double-clicked is one decision, in the audit log with who; a rejection needs a reason', async () => {
    const reviewer = await operator('reviewer');
    const { member, id, number } = await pendingRealName();
    const queue = await call(t, 'GET', '/admin/api/reviews/realname?status=pending&limit=100', undefined, { token: reviewer.token });
    // The birthday is the calendar day the member gave, the same in every operator's time zone.
    expect(queue.body.data.list.find((r: { id: number }) => r.id === id)).toMatchObject({ user_name: member.user.user_name, document_number: number, status: 'pending', birthday: '1949-12-31' });

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

  it('a request decided before is refused with its state in the operator’s language, never the stored English word', async () => {
    const inThai = async (url: string, body: unknown, token: string, name: string) => {
      const res = await t.app.inject({ method: 'POST', url, remoteAddress: '10.0.0.1', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': `console-${name}-${RUN}`, 'think-lang': 'th' }, payload: JSON.stringify(body) });
      return res.json() as { code: number; msg: string };
    };
    const reviewer = await operator('reviewer');
    const rejected = await pendingRealName();
    expect((await decide('/admin/api/reviews/realname/decide', { id: rejected.id, decision: 'reject', reason: 'photo unreadable' }, reviewer.token, `th-r-${rejected.id}`)).body.code).toBe(200);
    expect(await inThai('/admin/api/reviews/realname/decide', { id: rejected.id, decision: 'approve' }, reviewer.token, `th-r-${rejected.id}-again`)).toEqual({ code: ResponseCode.requestNotPending, msg: 'คำขอนี้ได้รับการพิจารณาแล้ว (ปฏิเสธแล้ว)', data: null });

    // A cancellation the member withdrew before the operator came to it.
    const support = await operator('support');
    const m = await registerMember(t);
    expect((await call(t, 'POST', '/user/cancel_account/apply', { agree: true }, { token: m.token })).body.code).toBe(200);
    const row = (await call(t, 'GET', '/admin/api/reviews/cancellation?limit=100', undefined, { token: support.token })).body.data.list.find((r: { user_id: number }) => r.user_id === m.user.id);
    expect((await call(t, 'POST', '/user/cancel_account/apply', { action: 'withdraw' }, { token: m.token })).body.code).toBe(200);
    expect(await inThai('/admin/api/reviews/cancellation/decide', { id: row.id, decision: 'approve' }, support.token, `th-c-${row.id}`)).toEqual({ code: ResponseCode.requestNotPending, msg: 'คำขอนี้ได้รับการพิจารณาแล้ว (สมาชิกถอนคำขอแล้ว)', data: null });
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
    // A member known by the nickname they show (a support chat, a review) is found by it.
    await t.db.updateTable('users').set({ nickname: `Sunny Ng ${m.user.id}` }).where('id', '=', m.user.id).execute();
    const byNickname = await call(t, 'GET', `/admin/api/members/search?q=${encodeURIComponent(`sunny ng ${m.user.id}`)}`, undefined, { token: support.token });
    expect(byNickname.body.data.list.map((r: { id: number }) => r.id)).toEqual([m.user.id]);

    const ended = await decide('/admin/api/members/end-sessions', { id: m.user.id, reason: 'phone stolen' }, support.token, `s-${m.user.id}`);
    expect(ended.body.data.ended).toBeGreaterThanOrEqual(1);
    expect((await call(t, 'GET', '/user/info/index', undefined, { token: m.token })).body.code).toBe(ResponseCode.tokenInvalid);

    const noReason = await decide('/admin/api/members/ban', { id: m.user.id, banned: true, reason: ' ' }, support.token, `b-${m.user.id}-0`);
    expect(noReason.body.code).toBe(ResponseCode.validation);
    expect((await decide('/admin/api/members/ban', { id: m.user.id, banned: true, reason: 'fraud' }, support.token, `b-${m.user.id}-1`)).body.data).toEqual({ id: m.user.id, status: 'banned' });
    expect((await decide('/admin/api/members/ban', { id: m.user.id, banned: false, reason: 'cleared' }, support.token, `b-${m.user.id}-2`)).body.data).toEqual({ id: m.user.id, status: 'active' });
    const owner = await operator('owner');
    const log = await call(t, 'GET', `/admin/api/audit?operator=${support.userName}&kind=user&limit=100`, undefined, { token: owner.token });
    expect(log.body.data.list.map((e: { action: string; reason: string }) => [e.action, e.reason])).toEqual([
      ['user.unban', 'cleared'],
      ['user.ban', 'fraud'],
      ['user.sessions.end', 'phone stolen'],
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await call(t, 'GET', `/admin/api/audit?operator=${support.userName}&kind=user&from=${today}&to=${today}`, undefined, { token: owner.token })).body.data.total).toBe(3);
    expect((await call(t, 'GET', `/admin/api/audit?operator=${support.userName}&to=2020-01-01`, undefined, { token: owner.token })).body.data.total).toBe(0);
  });

  it('queues are searched by member; members filtered by status; a profile shows the real-name request masked and the orders a page at a time', async () => {
    const reviewer = await operator('reviewer');
    const support = await operator('support');
    const first = await pendingRealName();
    const second = await pendingRealName();
    // By part of the user name, or by the member's number: only that member's request.
    const byName = await call(t, 'GET', `/admin/api/reviews/realname?q=${first.member.user.user_name.slice(2)}`, undefined, { token: reviewer.token });
    expect(byName.body.data.list.map((r: { id: number }) => r.id)).toEqual([first.id]);
    const number = String(second.member.user.id);
    const byNumber = await call(t, 'GET', `/admin/api/reviews/realname?q=${number}`, undefined, { token: reviewer.token });
    const found = byNumber.body.data.list.map((r: { id: number }) => r.id);
    expect(found).toContain(second.id);
    // The digits also match user names: the first member is found only if their name holds them.
    expect(found.includes(first.id)).toBe(first.member.user.user_name.toLowerCase().includes(number));
    expect((await call(t, 'GET', `/admin/api/reviews/cancellation?q=${first.member.user.user_name}`, undefined, { token: support.token })).body.data.list).toEqual([]);
    const file = await t.app.inject({ method: 'GET', url: `/admin/api/reviews/realname/export?q=${number}`, headers: { authorization: `Bearer ${reviewer.token}` } });
    // The header and the rows the list found.
    expect(file.body.split('\r\n').filter(Boolean)).toHaveLength(1 + found.length);

    // The decision shows on the member's profile: status, name, masked document, who decided and when.
    await decide('/admin/api/reviews/realname/decide', { id: first.id, decision: 'approve' }, reviewer.token, `profile-${first.id}`);
    const profile = (await call(t, 'GET', `/admin/api/members/info?id=${first.member.user.id}`, undefined, { token: support.token })).body.data;
    expect(profile.certification).toMatchObject({ id: first.id, status: 'approved', kind: 'mainland', surname: '张', given_name: '三', document_type: 'id_card', evidence: [], reviewed_by: `${reviewer.userName}#${reviewer.id}` });
    expect(profile.certification.document_number).not.toContain(first.number.slice(3, -3));
    expect(Date.parse(profile.certification.reviewed_at)).toBeGreaterThan(Date.now() - 60_000);
    const none = (await call(t, 'GET', `/admin/api/members/info?id=${(await registerMember(t)).user.id}`, undefined, { token: support.token })).body.data;
    expect(none.certification).toBeNull();

    // Members by status: a banned member is found among the banned, not among the active.
    await decide('/admin/api/members/ban', { id: second.member.user.id, banned: true, reason: 'chargebacks' }, support.token, `status-${second.member.user.id}`);
    const banned = await call(t, 'GET', `/admin/api/members/search?q=${second.member.user.user_name}&status=banned`, undefined, { token: support.token });
    expect(banned.body.data.list.map((r: { id: number }) => r.id)).toEqual([second.member.user.id]);
    expect((await call(t, 'GET', `/admin/api/members/search?q=${second.member.user.user_name}&status=active`, undefined, { token: support.token })).body.data.list).toEqual([]);
    expect((await call(t, 'GET', '/admin/api/members/search?status=gone', undefined, { token: support.token })).body.code).toBe(ResponseCode.validation);

    // Orders a page at a time, newest first.
    const buyer = first.member.user.id;
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const o = await t.db
        .insertInto('orders')
        .values({ order_no: `MO${RUN}${i}${buyer}`, user_id: buyer, status: 'awaiting_payment', currency: 'USD', subtotal_minor: 1000 + i, total_minor: 1000 + i, country_code: 'MY', address: JSON.stringify({}), expires_at: new Date(Date.now() + 3_600_000) } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(o.id);
    }
    const page1 = (await call(t, 'GET', `/admin/api/members/orders?id=${buyer}&limit=2&page=1`, undefined, { token: support.token })).body.data;
    const page2 = (await call(t, 'GET', `/admin/api/members/orders?id=${buyer}&limit=2&page=2`, undefined, { token: support.token })).body.data;
    expect(page1).toMatchObject({ total: 3, has_more: true });
    expect([...page1.list, ...page2.list].map((o: { id: number }) => o.id)).toEqual([...ids].reverse());
  });

  it('orders are searched by number or member; top-up and withdrawal queues by member or number', async () => {
    const owner = await operator('owner');
    const m = await walletMember(t, { usd: 20_000 });
    const other = await walletMember(t);
    const order = await orderFor(t, m.userId);
    await orderFor(t, other.userId);
    const list = async (q: string) => (await call(t, 'GET', `/admin/api/orders/list?q=${encodeURIComponent(q)}&limit=100`, undefined, { token: owner.token })).body.data.list.map((o: { id: number }) => o.id);
    expect(await list(order.order_no)).toEqual([order.id]);
    expect(await list(order.order_no.slice(2, 10))).toContain(order.id);
    expect(await list(m.userName)).toEqual([order.id]);
    // A number is also looked for in the order numbers: the member's order is among those found.
    expect(await list(String(m.userId))).toContain(order.id);
    expect(await list(`nobody${RUN}`)).toEqual([]);
    const csv = await t.app.inject({ method: 'GET', url: `/admin/api/orders/list/export?q=${m.userName}`, headers: { authorization: `Bearer ${owner.token}` } });
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(2);

    for (const [who, no] of [[m, 'A'], [other, 'B']] as const)
      await t.db
        .insertInto('recharge_orders')
        .values({ order_no: `RQ${RUN}${no}`, user_id: who.userId, channel: 'bank_transfer', kind: 'bank_transfer', status: 'under_review', pay_currency: 'USD', pay_amount: 1000, wallet_currency: 'USD', credit_amount: 1000, rate: '1', rate_source: 'identity', rate_date: new Date().toISOString().slice(0, 10), slip: null })
        .execute();
    const recharges = async (q: string) => (await call(t, 'GET', `/admin/api/wallet/recharges?q=${encodeURIComponent(q)}&limit=100`, undefined, { token: owner.token })).body.data.list.map((r: { order_no: string }) => r.order_no);
    expect(await recharges(m.userName)).toEqual([`RQ${RUN}A`]);
    expect(await recharges(`RQ${RUN}B`)).toEqual([`RQ${RUN}B`]);
    const asked = await t.app.inject({ method: 'POST', url: '/coin/withdraw/create', remoteAddress: '10.0.0.1', headers: { ...m.keyed(), 'content-type': 'application/json' }, payload: JSON.stringify({ network: 'TRC20', address: tronAddressOf(`${RUN}-${m.userId}-search`), amount: '50', currency: 'USD', pay_password: PAY_PASSWORD }) });
    const w = asked.json().data as { id: number; withdraw_no: string };
    const withdrawals = async (q: string) => (await call(t, 'GET', `/admin/api/wallet/withdrawals?q=${encodeURIComponent(q)}&limit=100`, undefined, { token: owner.token })).body.data.list.map((r: { id: number }) => r.id);
    expect(await withdrawals(String(m.userId))).toEqual([w.id]);
    expect(await withdrawals(other.userName)).toEqual([]);
  });

  it('a TOTP code is needed from the second sign-in on', async () => {
    const op = await operator('reviewer', { bound: false });
    const code = await generate({ secret: op.secret });
    const res = await call(t, 'POST', '/admin/api/auth/sign-in', { user_name: op.userName, password: PASSWORD, totp_code: code }, { ip: freshIp() });
    expect(res.body).toMatchObject({ code: 200, data: { operator: { totp_bound: true } } });
  });
});
