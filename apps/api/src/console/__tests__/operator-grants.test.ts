import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_APPROVER_ROLES, ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { operatorCliActor } from '../../lib/actor.js';
import { call, freshIp } from '../../modules/accounts/__tests__/account-helpers.js';
import { createOperator } from '../../modules/operators/operators.service.js';
import { runOpsCommand } from '../../ops/commands.js';
import { decide, signedInOperator } from '../../modules/operators/__tests__/operator-fixtures.js';
import { opsAuthenticators, opsOperators } from '../../ops/__tests__/ops-operators.js';

// No one person creates value alone: an owner who makes an operator with a role that approves money
// (or gives one such a role) asks another owner, who approves it; only that owner sees the new
// operator's setup link. The other roles are made at once.

let t: TestApp;
let a: Awaited<ReturnType<typeof signedInOperator>>;
let b: Awaited<ReturnType<typeof signedInOperator>>;
/** `--code` and the current code of the operator's authenticator (deciding a request needs it). */
let code: (name: string) => Promise<string[]>;
beforeAll(async () => {
  t = await buildTestApp();
  // The console operators the commands run as (`--by`, else the default name).
  await opsOperators(t.db, { olivia: 'owner', bruno: 'owner' });
  code = await opsAuthenticators(t.db, ['bruno']);
  a = await signedInOperator(t, 'owner');
  b = await signedInOperator(t, 'owner');
});
afterAll(() => t.close());

const RUN = Date.now().toString(36);
let keys = 0;
const send = (url: string, body: unknown, as: { token: string }) => decide(t, url, body, as.token, `grant-${RUN}-${++keys}`);
const operatorNamed = (name: string) => t.db.selectFrom('operators').select(['id', 'role', 'created_by', 'password_hash', 'totp_secret']).where('user_name', '=', name).executeTakeFirst();
const actionsOf = async (who: { recordedAs: string }) => (await t.db.selectFrom('operator_actions').select('action').where('operator', '=', who.recordedAs).orderBy('id').execute()).map((r) => r.action);
const PASSWORD = 'Grant-Lighthouse-2026';

describe('a role that approves money', () => {
  it('is owner and finance, derived from what each role may decide', () => {
    expect([...MONEY_APPROVER_ROLES].sort()).toEqual(['finance', 'owner']);
  });

  it('for a new operator waits for another owner; only the approving owner gets the setup link, and it works', async () => {
    const name = `fin${RUN}`;
    const asked = await send('/admin/api/operators/create', { user_name: name, role: 'finance', reason: 'new accountant' }, a);
    expect(asked.body.data).toMatchObject({ id: null, setup_path: null, expires_at: null, request: { kind: 'operator.grant', status: 'pending', amount: null, automatic: false, summary: expect.stringContaining(name) } });
    expect(asked.body.data.request.summary).toContain('finance');
    expect(asked.body.data.request.what).toEqual({ key: 'new_operator', user_name: name, role: 'finance' });
    expect(await operatorNamed(name)).toBeUndefined();
    const id = asked.body.data.request.id as number;

    // Not the one who asked, nor a finance operator (owners decide grants).
    expect((await send('/admin/api/approvals/decide', { id, decision: 'approve' }, a)).body.code).toBe(ResponseCode.approvalOwnRequest);
    const finance = await signedInOperator(t, 'finance');
    expect((await send('/admin/api/approvals/decide', { id, decision: 'approve' }, finance)).body.code).toBe(ResponseCode.notFound);
    expect(await operatorNamed(name)).toBeUndefined();

    const approved = await send('/admin/api/approvals/decide', { id, decision: 'approve', reason: 'hired, contract seen' }, b);
    expect(approved.body.data).toMatchObject({ id, status: 'approved', shown_once: { setup_path: expect.stringMatching(/^\/admin\/#\/setup\?token=/), expires_at: expect.any(String) } });
    const token = (approved.body.data.shown_once.setup_path as string).split('token=')[1]!;
    const created = (await operatorNamed(name))!;
    expect(created.role).toBe('finance');
    expect(approved.body.data.result).toEqual({ operator_id: created.id, user_name: name, role: 'finance' });

    // Neither the saved request nor the asker's view of it holds the token.
    const row = await t.db.selectFrom('approval_requests').select(['result', 'payload']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(token);
    const seenByAsker = await call(t, 'GET', '/admin/api/approvals?status=approved&limit=100', undefined, { token: a.token });
    const mine = seenByAsker.body.data.list.find((r: { id: number }) => r.id === id);
    expect(mine).toMatchObject({ status: 'approved', result: { operator_id: created.id } });
    expect(JSON.stringify(seenByAsker.body)).not.toContain(token);
    expect(mine).not.toHaveProperty('shown_once');

    // The link sets the password once; the new operator signs in.
    expect((await call(t, 'POST', '/admin/api/auth/setup-password', { token, password: PASSWORD }, { ip: freshIp() })).body.code).toBe(200);
    expect((await call(t, 'POST', '/admin/api/auth/sign-in', { user_name: name, password: PASSWORD }, { ip: freshIp() })).body.code).toBe(200);
    expect((await call(t, 'POST', '/admin/api/auth/setup-password', { token, password: PASSWORD }, { ip: freshIp() })).body.code).toBe(ResponseCode.operatorSetupInvalid);

    // Who asked and who approved are both on record.
    expect(await actionsOf(a)).toContain(`operator.grant.request #${id}`);
    expect(await actionsOf(b)).toEqual(expect.arrayContaining(['operator.create', `operator.grant.approve #${id}`]));
    // The new operator's entry records its role, the request and who asked as facts the console words (it read
    // "operator.create role=finance approval=#1 asked_by=alice#1" in every language).
    const createdEntry = await t.db.selectFrom('operator_actions').select(['action', 'facts']).where('operator', '=', b.recordedAs).where('target_type', '=', 'operator').where('target_id', '=', created.id).executeTakeFirstOrThrow();
    expect(createdEntry).toEqual({ action: 'operator.create', facts: { key: 'operator_role', role: 'finance', request_id: id, asked_by: a.recordedAs } });
  });

  it('given to a support operator waits for another owner too; so does an owner made finance', async () => {
    const support = await signedInOperator(t, 'support');
    const asked = await send('/admin/api/operators/role', { id: support.id, role: 'finance', reason: 'moves to accounts' }, a);
    expect(asked.body.data).toMatchObject({ operator: { id: support.id, role: 'support' }, sessions_ended: 0, request: { kind: 'operator.grant', status: 'pending' } });
    expect((await operatorNamed(support.userName))!.role).toBe('support');
    expect((await call(t, 'GET', '/admin/api/auth/me', undefined, { token: support.token })).body.code).toBe(200);

    const approved = await send('/admin/api/approvals/decide', { id: asked.body.data.request.id, decision: 'approve' }, b);
    expect(approved.body.data).toMatchObject({ status: 'approved', result: { operator_id: support.id, role: 'finance' } });
    const raised = (await operatorNamed(support.userName))!;
    expect(raised.role).toBe('finance');
    expect((await call(t, 'GET', '/admin/api/auth/me', undefined, { token: support.token })).body.code).toBe(ResponseCode.tokenInvalid);
    // The approver hands the identity over: its sign-in is set afresh (whoever asked may hold its old
    // link or password), and only the approver's answer carries the new link, which works once.
    expect([raised.password_hash, raised.totp_secret]).toEqual([null, null]);
    const link = approved.body.data.shown_once as { setup_path: string; expires_at: string };
    expect(link.setup_path).toMatch(/^\/admin\/#\/setup\?token=/);
    const token = new URL(link.setup_path.replace('/admin/#', 'http://x')).searchParams.get('token')!;
    expect((await call(t, 'POST', '/admin/api/auth/setup-password', { token, password: PASSWORD }, { ip: freshIp() })).body.code).toBe(200);
    expect((await call(t, 'POST', '/admin/api/auth/setup-password', { token, password: PASSWORD }, { ip: freshIp() })).body.code).toBe(ResponseCode.operatorSetupInvalid);
    expect(JSON.stringify((await call(t, 'GET', '/admin/api/approvals?status=approved', undefined, { token: a.token })).body.data)).not.toContain(token);

    // Nothing gained, but an owner removed: one owner does not demote another alone (docs/decisions/2026-12-01-owner-removal.md).
    const third = await signedInOperator(t, 'owner');
    const demoted = await send('/admin/api/operators/role', { id: third.id, role: 'finance', reason: 'back to accounts' }, a);
    expect(demoted.body.data).toMatchObject({ operator: { role: 'owner' }, request: { kind: 'operator.grant', status: 'pending', what: { key: 'operator_role', from: 'owner', role: 'finance' } } });
  });

  it('approved from the command line prints the setup link to the administrator who approved it', async () => {
    const name = `cli${RUN}`;
    const id = (await send('/admin/api/operators/create', { user_name: name, role: 'owner', reason: 'co-founder' }, a)).body.data.request.id as number;
    const out = await runOpsCommand(t.db, ['approvals', 'approve', String(id), '--by', 'bruno', ...(await code('bruno'))], 'olivia', { publicUrl: 'https://shop.example/' });
    expect(out).toContain(`request #${id} (operator.grant: ${name}: owner (new operator)): approved (by bruno)`);
    const token = /https:\/\/shop\.example\/admin\/#\/setup\?token=(\S+)/.exec(out)![1]!;
    expect((await call(t, 'POST', '/admin/api/auth/setup-password', { token, password: PASSWORD }, { ip: freshIp() })).body.code).toBe(200);
    expect((await operatorNamed(name))!.role).toBe('owner');
  });

  it('is refused at approval when the name was taken meanwhile; the asker then withdraws it', async () => {
    const name = `taken${RUN}`;
    const id = (await send('/admin/api/operators/create', { user_name: name, role: 'owner', reason: 'co-founder' }, a)).body.data.request.id as number;
    await createOperator(t.db, operatorCliActor('olivia'), { userName: name.toUpperCase(), role: 'support' });
    const refused = await call(t, 'POST', '/admin/api/approvals/decide', { id, decision: 'approve' }, { token: b.token, lang: 'en-us' });
    expect(refused.body).toMatchObject({ code: ResponseCode.operatorNameTaken, msg: 'An operator with this name already exists' });
    expect((await operatorNamed(name.toUpperCase()))!.role).toBe('support');
    expect((await send('/admin/api/approvals/cancel', { id, reason: 'name clash' }, a)).body.data.status).toBe('cancelled');
  });

  it('is refused at once, nothing written, while the shop has one active owner', async () => {
    const others = (await t.db.updateTable('operators').set({ status: 'disabled' }).where('role', '=', 'owner').where('status', '=', 'active').where('id', '!=', a.id).returning('id').execute()).map((r) => r.id);
    try {
      const requestsBefore = await t.db.selectFrom('approval_requests').select('id').execute();
      const actionsBefore = await actionsOf(a);
      const support = await signedInOperator(t, 'support');
      for (const [url, body] of [
        ['/admin/api/operators/create', { user_name: `lone${RUN}`, role: 'finance', reason: 'second identity' }],
        ['/admin/api/operators/create', { user_name: `lone${RUN}`, role: 'owner', reason: 'second identity' }],
        ['/admin/api/operators/role', { id: support.id, role: 'finance', reason: 'second identity' }],
      ] as const) {
        const refused = await call(t, 'POST', url, body, { token: a.token, lang: 'zh-cn' });
        expect(refused.body.code, url).toBe(ResponseCode.operatorGrantNeedsOwner);
        expect(refused.body.msg).toContain('npm run ops -- operator create NAME --role owner');
        expect(refused.body.msg).toContain('另一位有效的所有者');
      }
      const english = await call(t, 'POST', '/admin/api/operators/create', { user_name: `lone${RUN}`, role: 'finance', reason: 'x' }, { token: a.token, lang: 'en-us' });
      expect(english.body.msg).toMatch(/^This needs the approval of another active owner, neither the one asking nor the operator concerned, and this shop has none\./);
      expect(await operatorNamed(`lone${RUN}`)).toBeUndefined();
      expect((await operatorNamed(support.userName))!.role).toBe('support');
      expect(await t.db.selectFrom('approval_requests').select('id').execute()).toEqual(requestsBefore);
      expect(await actionsOf(a)).toEqual(actionsBefore);
      // The machine's administrator adds the second owner directly, as the refusal says.
      expect(await runOpsCommand(t.db, ['operator', 'create', `second${RUN}`, '--role', 'owner'], 'admin')).toContain(`operator second${RUN} (owner) created`);
      expect((await operatorNamed(`second${RUN}`))!.role).toBe('owner');
    } finally {
      if (others.length) await t.db.updateTable('operators').set({ status: 'active' }).where('id', 'in', others).execute();
    }
  });
});

describe('roles that cannot approve money', () => {
  it('are created and changed at once, with the setup link in the answer', async () => {
    const grants = async () => (await t.db.selectFrom('approval_requests').select('id').where('kind', '=', 'operator.grant').execute()).length;
    const before = await grants();
    for (const role of ['support', 'catalogue', 'reviewer'] as const) {
      const name = `${role}${RUN}`;
      const created = await send('/admin/api/operators/create', { user_name: name, role, reason: 'new hire' }, a);
      expect(created.body.data, role).toMatchObject({ id: expect.any(Number), setup_path: expect.stringMatching(/^\/admin\/#\/setup\?token=/), request: null });
      expect((await operatorNamed(name))!.role).toBe(role);
    }
    const changed = await send('/admin/api/operators/role', { id: (await operatorNamed(`support${RUN}`))!.id, role: 'reviewer', reason: 'moves to reviews' }, a);
    expect(changed.body.data).toMatchObject({ operator: { role: 'reviewer' }, request: null });
    expect(await grants()).toBe(before);
  });
});
