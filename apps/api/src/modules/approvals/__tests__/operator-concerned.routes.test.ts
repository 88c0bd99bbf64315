import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { signedInOperator } from '../../operators/__tests__/operator-fixtures.js';

// The operator a request is about never decides it (docs/decisions/2026-12-01-owner-removal.md): with
// three owners, owner B neither approves nor rejects B's own disabling, demotion or new sign-in link;
// a third owner does.

let t: TestApp;
type Op = Awaited<ReturnType<typeof signedInOperator>>;
let a: Op;
let b: Op;
let c: Op;
beforeAll(async () => {
  t = await buildTestApp();
  a = await signedInOperator(t, 'owner');
  b = await signedInOperator(t, 'owner');
  c = await signedInOperator(t, 'owner');
});
afterAll(() => t.close());

const RUN = Date.now().toString(36);
let keys = 0;
/** A console decision (with its Idempotency-Key), in the operator's language. */
async function send(url: string, body: unknown, as: Op, lang = 'en-us') {
  const res = await t.app.inject({
    method: 'POST',
    url,
    remoteAddress: '10.0.0.1',
    headers: { authorization: `Bearer ${as.token}`, 'content-type': 'application/json', 'idempotency-key': `concerned-${RUN}-${++keys}`, 'think-lang': lang },
    payload: JSON.stringify(body),
  });
  return res.json() as { code: number; msg: string; data: any };
}
const requestOf = (id: number) => t.db.selectFrom('approval_requests').select(['status', 'decided_by']).where('id', '=', id).executeTakeFirstOrThrow();
const operatorOf = (id: number) => t.db.selectFrom('operators').select(['role', 'status']).where('id', '=', id).executeTakeFirstOrThrow();

describe('a request about an operator', () => {
  it.each([
    ['disabling', '/admin/api/operators/status', () => ({ id: b.id, active: false, reason: 'left the company' }), 'operator_disable'],
    ['demotion', '/admin/api/operators/role', () => ({ id: b.id, role: 'finance', reason: 'back to accounts' }), 'operator_role'],
    ['new sign-in link', '/admin/api/operators/sign-in-link', () => ({ id: b.id, reason: 'forgot the password' }), 'operator_link'],
  ])('a %s is neither approved nor rejected by the operator it is about; another owner decides it', async (_what, url, body, key) => {
    const asked = await send(url, body(), a);
    expect(asked.data.request).toMatchObject({ kind: 'operator.grant', status: 'pending', what: { key, operator_id: b.id } });
    const id = asked.data.request.id as number;

    // Refused both ways, in the operator's language, with the refusal for changing oneself.
    const rejected = await send('/admin/api/approvals/decide', { id, decision: 'reject', reason: 'I am staying' }, b, 'jp');
    expect(rejected).toMatchObject({ code: ResponseCode.operatorSelfChange, msg: 'ここでは自分のアクセス権は変更できません。別のオーナーが変更できます' });
    const approved = await send('/admin/api/approvals/decide', { id, decision: 'approve' }, b);
    expect(approved).toMatchObject({ code: ResponseCode.operatorSelfChange, msg: 'You cannot change your own access here; another owner can' });
    // Nothing decided, nothing changed: the request still waits.
    expect(await requestOf(id)).toEqual({ status: 'pending', decided_by: null });
    expect(await operatorOf(b.id)).toEqual({ role: 'owner', status: 'active' });

    // The third owner decides it (rejected here, so the next case starts from the same owner).
    expect(await send('/admin/api/approvals/decide', { id, decision: 'reject', reason: 'not agreed' }, c)).toMatchObject({ code: 200, data: { id, status: 'rejected' } });
    expect(await requestOf(id)).toEqual({ status: 'rejected', decided_by: c.recordedAs });
  });
});
