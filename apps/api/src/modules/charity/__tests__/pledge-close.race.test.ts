import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { ledgerCheck } from '../../ledger/ledger.service.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';

// A member pledging at the moment an operator closes the cause: the pledge is either taken before
// the close (the close's answer already counts it) or refused as closed, never accepted after the
// operator was told the cause is closed with no such pledge.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const RUN = Date.now().toString(36);
let keys = 0;
const key = (what: string) => ({ 'idempotency-key': `${what}-${RUN}-${++keys}` });

describe('a pledge and the close of its cause at the same moment', () => {
  it('the pledge is recorded before the close or refused after it, round after round', async () => {
    const owner = await newOperatorSession(t.db, 'owner');
    const member = await newMember(t);
    const outcomes = { before: 0, refused: 0 };
    for (let round = 0; round < 20; round++) {
      const created = await call(t, 'POST', '/admin/api/charity/causes', { headers: { ...owner.headers, ...key('cause') }, body: { title: { 'en-us': `Round ${round} ${RUN}` }, currency: 'USD', min_amount: 100 } });
      expect(created.body.code, created.body.msg).toBe(200);
      const id = created.body.data.id as number;
      const listed = (await call(t, 'GET', '/admin/api/charity/causes/list', { headers: owner.headers })).body.data.list.find((c: { id: number }) => c.id === id);
      const closing = { id, base_updated_at: listed.updated_at, title: listed.title, description: listed.description, image: listed.image, min_amount: 100, goal: null, status: 'closed', reason: 'goal met' };

      const [pledge, close] = await Promise.all([
        call(t, 'POST', '/attractive/lovers/submitPay', { headers: { ...member.headers, ...key('pledge') }, body: { cause_id: id, amount: 500 } }),
        call(t, 'POST', '/admin/api/charity/causes/update', { headers: { ...owner.headers, ...key('close') }, body: closing, ip: '10.0.0.1' }),
      ]);
      expect(close.body.code, close.body.msg).toBe(200);
      expect(close.body.data.status).toBe('closed');
      const pledges = await t.db.selectFrom('charity_orders').select('id').where('cause_id', '=', id).execute();
      if (pledge.body.code === 200) {
        // Taken before the close: the operator closing it was shown it.
        expect(close.body.data.pledges, `round ${round}: a pledge accepted after the cause was closed`).toBe(1);
        expect(pledges.map((p) => p.id)).toEqual([pledge.body.data.id]);
        outcomes.before++;
      } else {
        expect(pledge.body.code).toBe(ResponseCode.charityCauseClosed);
        expect(pledges).toEqual([]);
        outcomes.refused++;
      }
      // Closed, it takes no more pledges.
      expect((await call(t, 'POST', '/attractive/lovers/submitPay', { headers: { ...member.headers, ...key('late') }, body: { cause_id: id, amount: 500 } })).body.code).toBe(ResponseCode.charityCauseClosed);
    }
    expect(outcomes.before + outcomes.refused).toBe(20);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});
