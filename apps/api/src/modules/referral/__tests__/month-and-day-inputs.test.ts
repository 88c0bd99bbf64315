import { ResponseCode } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { shopKit } from '../../user-shop/__tests__/fixtures.js';
import { key } from './fixtures.js';

// One month (`YYYY-MM`, 01–12) and one day (a real calendar date) for every call that takes them.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (m: { headers: Record<string, string> }, url: string) => call(t, 'GET', url, { headers: m.headers, lang: 'en-us' });

describe('a month a member asks for', () => {
  it('month 13 or 00 is refused with 422 by the pair-bonus list, the monthly rewards and the sales slips; a real month answers', async () => {
    const member = await newMember(t);
    const owner = await shopKit(t).owner();
    for (const path of ['/attractive/duipeng/list', '/attractive/reward/monthReward', '/attractive/shop/sellNoteList']) {
      const asker = path.includes('/shop/') ? owner : member;
      for (const month of ['2026-13', '2026-00', '2026-1', '202611', '2026-11-01']) {
        const res = await get(asker, `${path}?month=${month}`);
        expect(res.status, `${path} ${month}`).toBe(422);
        expect(res.body.code).toBe(ResponseCode.validation);
        expect(res.body.msg).toMatch(/not valid/);
      }
      const fine = await get(asker, `${path}?month=2026-12`);
      expect(fine.body.code, `${path} ${fine.body.msg}`).toBe(200);
    }
    expect((await get(member, '/attractive/reward/monthReward?month=2026-12')).body.data).toMatchObject({ month: '2026-12', list: [] });
    expect((await get(member, '/attractive/duipeng/list?month=2026-12')).body.data).toMatchObject({ list: [], total: 0 });
  }, 60_000);
});

describe('a day an operator names', () => {
  it('a pairing run for a day that does not exist is refused with 422 and nothing is recorded; a real day runs', async () => {
    const op = await newOperatorSession(t.db, 'owner');
    const run = (day: string) => call(t, 'POST', '/admin/api/referral/pair-runs/run', { headers: { ...op.headers, 'idempotency-key': key() }, body: { day, reason: 'the night job missed it' }, lang: 'en-us' });
    for (const day of ['2026-02-30', '2026-13-01', '2026-00-10', '2026-04-31', '2026-1-01']) {
      const res = await run(day);
      expect(res.status, day).toBe(422);
      expect(res.body.code).toBe(ResponseCode.validation);
    }
    expect(await t.db.selectFrom('operator_actions').select('id').where('target_type', '=', 'pair_run').execute()).toEqual([]);
    const leap = await run('2024-02-29');
    expect(leap.body.code, leap.body.msg).toBe(200);
    expect(leap.body.data).toMatchObject({ day: '2024-02-29' });
  }, 60_000);
});
