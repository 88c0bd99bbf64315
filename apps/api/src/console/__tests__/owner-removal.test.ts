import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { call } from '../../modules/accounts/__tests__/account-helpers.js';
import { decide, signedInOperator } from '../../modules/operators/__tests__/operator-fixtures.js';

// One owner does not remove the others: disabling or demoting an owner waits for another active owner
// (neither the one asking nor the owner concerned), so no owner is left alone to approve their own requests.

let t: TestApp;
type Op = Awaited<ReturnType<typeof signedInOperator>>;
let a: Op;
let c: Op;
beforeAll(async () => {
  t = await buildTestApp();
  a = await signedInOperator(t, 'owner');
  c = await signedInOperator(t, 'owner');
});
afterAll(() => t.close());

const RUN = Date.now().toString(36);
let keys = 0;
const send = (url: string, body: unknown, as: Op) => decide(t, url, body, as.token, `owner-removal-${RUN}-${++keys}`);
const operatorOf = (id: number) => t.db.selectFrom('operators').select(['role', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
const signedIn = async (as: Op) => (await call(t, 'GET', '/admin/api/auth/me', undefined, { token: as.token })).body.code === 200;

describe('an owner disabled or demoted', () => {
  it('by one owner waits for another owner; neither the asker nor the owner concerned approves it; a second owner’s approval does it', async () => {
    const b = await signedInOperator(t, 'owner');
    const asked = await send('/admin/api/operators/status', { id: b.id, active: false, reason: 'left the company' }, a);
    expect(asked.body.code).toBe(200);
    expect(asked.body.data).toMatchObject({ operator: { id: b.id, status: 'active', role: 'owner' }, sessions_ended: 0, request: { kind: 'operator.grant', status: 'pending', what: { key: 'operator_disable', operator_id: b.id, user_name: b.userName, role: 'owner' } } });
    expect(await operatorOf(b.id)).toEqual({ role: 'owner', status: 'active' });
    expect(await signedIn(b)).toBe(true);
    const id = asked.body.data.request.id as number;

    expect((await send('/admin/api/approvals/decide', { id, decision: 'approve' }, a)).body.code).toBe(ResponseCode.approvalOwnRequest);
    expect((await send('/admin/api/approvals/decide', { id, decision: 'approve' }, b)).body.code).toBe(ResponseCode.operatorSelfChange);
    expect(await operatorOf(b.id)).toEqual({ role: 'owner', status: 'active' });

    const approved = await send('/admin/api/approvals/decide', { id, decision: 'approve', reason: 'confirmed with HR' }, c);
    expect(approved.body.data).toMatchObject({ id, status: 'approved', shown_once: null });
    expect(await operatorOf(b.id)).toEqual({ role: 'owner', status: 'disabled' });
    expect(await signedIn(b)).toBe(false);
    const recorded = await t.db.selectFrom('operator_actions').select(['action', 'facts']).where('operator', '=', c.recordedAs).where('target_id', '=', b.id).execute();
    // The request and who asked, as facts the console words (not `approval=#… asked_by=…` in the action).
    expect(recorded).toContainEqual({ action: 'operator.disable', facts: { key: 'approved_request', request_id: id, asked_by: a.recordedAs } });
  });

  it('demoted to any other role waits for another owner in the same way', async () => {
    const b = await signedInOperator(t, 'owner');
    const asked = await send('/admin/api/operators/role', { id: b.id, role: 'finance', reason: 'back to accounts' }, a);
    expect(asked.body.data).toMatchObject({ operator: { role: 'owner' }, request: { kind: 'operator.grant', status: 'pending', what: { key: 'operator_role', operator_id: b.id, from: 'owner', role: 'finance' } } });
    expect(await operatorOf(b.id)).toEqual({ role: 'owner', status: 'active' });
    const id = asked.body.data.request.id as number;
    expect((await send('/admin/api/approvals/decide', { id, decision: 'approve' }, a)).body.code).toBe(ResponseCode.approvalOwnRequest);
    expect((await send('/admin/api/approvals/decide', { id, decision: 'approve' }, c)).body.data).toMatchObject({ status: 'approved', shown_once: null });
    expect(await operatorOf(b.id)).toEqual({ role: 'finance', status: 'active' });
    // Other operators are still changed at once.
    const support = await signedInOperator(t, 'support');
    expect((await send('/admin/api/operators/status', { id: support.id, active: false, reason: 'left' }, a)).body.data).toMatchObject({ operator: { status: 'disabled' }, request: null });
  });

  it('is refused at once, nothing written, when no other active owner could approve it', async () => {
    const b = await signedInOperator(t, 'owner');
    const others = (await t.db.updateTable('operators').set({ status: 'disabled' }).where('role', '=', 'owner').where('status', '=', 'active').where('id', 'not in', [a.id, b.id]).returning('id').execute()).map((r) => r.id);
    try {
      const before = (await t.db.selectFrom('approval_requests').select('id').execute()).length;
      for (const [url, body] of [
        ['/admin/api/operators/status', { id: b.id, active: false, reason: 'alone' }],
        ['/admin/api/operators/role', { id: b.id, role: 'reviewer', reason: 'alone' }],
      ] as const) {
        expect((await send(url, body, a)).body.code, url).toBe(ResponseCode.operatorGrantNeedsOwner);
      }
      expect(await operatorOf(b.id)).toEqual({ role: 'owner', status: 'active' });
      expect((await t.db.selectFrom('approval_requests').select('id').execute()).length).toBe(before);
    } finally {
      if (others.length) await t.db.updateTable('operators').set({ status: 'active' }).where('id', 'in', others).execute();
    }
  });
});

describe('a disabled operator whose role approves money, enabled again', () => {
  it('waits for another owner (an owner or finance operator removed is not let back by one owner alone); other roles are enabled at once', async () => {
    for (const role of ['owner', 'finance'] as const) {
      const b = await signedInOperator(t, role);
      await t.db.updateTable('operators').set({ status: 'disabled' }).where('id', '=', b.id).execute();
      const asked = await send('/admin/api/operators/status', { id: b.id, active: true, reason: 'back from leave' }, a);
      expect(asked.body.code, asked.body.msg).toBe(200);
      expect(asked.body.data).toMatchObject({ operator: { id: b.id, status: 'disabled' }, request: { kind: 'operator.grant', status: 'pending', what: { key: 'operator_enable', operator_id: b.id, role } } });
      expect(await operatorOf(b.id)).toEqual({ role, status: 'disabled' });
      const id = asked.body.data.request.id as number;
      expect((await send('/admin/api/approvals/decide', { id, decision: 'approve' }, a)).body.code).toBe(ResponseCode.approvalOwnRequest);
      expect(await operatorOf(b.id)).toEqual({ role, status: 'disabled' });
      expect((await send('/admin/api/approvals/decide', { id, decision: 'approve', reason: 'checked' }, c)).body.data).toMatchObject({ id, status: 'approved' });
      expect(await operatorOf(b.id)).toEqual({ role, status: 'active' });
      const recorded = await t.db.selectFrom('operator_actions').select(['action', 'facts']).where('operator', '=', c.recordedAs).where('target_id', '=', b.id).execute();
      // The request and who asked, as facts the console words (not `approval=#… asked_by=…` in the action).
      expect(recorded).toContainEqual({ action: 'operator.enable', facts: { key: 'approved_request', request_id: id, asked_by: a.recordedAs } });
    }
    const support = await signedInOperator(t, 'support');
    await t.db.updateTable('operators').set({ status: 'disabled' }).where('id', '=', support.id).execute();
    expect((await send('/admin/api/operators/status', { id: support.id, active: true, reason: 'back' }, a)).body.data).toMatchObject({ operator: { status: 'active' }, request: null });
  });
});
