import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { referralKit } from './fixtures.js';

// The sponsor team read from its closure: every level of the downline with totals, kept by the
// database as members register (and, should a referrer ever change, with the whole downline moving).

let t: TestApp;
let kit: ReturnType<typeof referralKit>;
beforeAll(async () => {
  t = await buildTestApp();
  kit = referralKit(t);
});
afterAll(() => t.close());

/** The closure as `users.referrer_id` says it should be: every (upline, member, distance). */
async function expectClosureMatchesReferrers() {
  const expected = await sql<{ a: number; d: number; n: number }>`with recursive up as (
      select referrer_id::int as a, id::int as d, 1 as n from users where referrer_id is not null
      union all select u.referrer_id::int, up.d, up.n + 1 from up join users u on u.id = up.a where u.referrer_id is not null)
    select a, d, n from up order by a, d`.execute(t.db);
  const actual = await sql<{ a: number; d: number; n: number }>`select ancestor_id as a, descendant_id as d, depth as n from sponsor_paths order by ancestor_id, descendant_id`.execute(t.db);
  expect(actual.rows).toEqual(expected.rows);
  const sizes = await sql<{ m: number; n: number }>`select member_id as m, team_count as n from sponsor_stats where team_count > 0 order by member_id`.execute(t.db);
  const counted = await sql<{ m: number; n: number }>`select ancestor_id as m, count(*)::int as n from sponsor_paths group by ancestor_id order by ancestor_id`.execute(t.db);
  expect(sizes.rows).toEqual(counted.rows);
}

describe('the sponsor team', () => {
  it('lists the whole downline by level with its totals, one level or a name at a time; a changed referrer moves the downline with it', async () => {
    const top = await kit.invitee(null, { nickname: 'Top' });
    const a = await kit.invitee(top.userId, { nickname: 'Anna' });
    const b = await kit.invitee(top.userId, { nickname: 'Bela' });
    const a1 = await kit.invitee(a.userId, { nickname: 'Anna junior' });
    const a2 = await kit.invitee(a1.userId, { nickname: 'Cili' });
    const ids = (res: { body: { data: { list: Array<{ id: number; level: number }> } } }) => res.body.data.list.map((m) => [m.id, m.level]);

    const all = await kit.get(top, '/user/spread/teamList');
    expect(ids(all)).toEqual([[a.userId, 1], [b.userId, 1], [a1.userId, 2], [a2.userId, 3]]);
    expect(all.body.data.total).toBe(4);
    expect(all.body.data.list[2]).toMatchObject({ nickname: 'Anna junior', referrer: expect.stringContaining('*') });
    expect((await kit.get(top, '/user/spread/teamList?level=1')).body.data.total).toBe(2);
    const named = await kit.get(top, '/user/spread/teamList?q=anna');
    expect([ids(named), named.body.data.total]).toEqual([[[a.userId, 1], [a1.userId, 2]], 2]);
    // A search box's % and _ are the characters themselves, not everyone.
    for (const wildcard of ['%25', '_', 'A%25a']) expect((await kit.get(top, `/user/spread/teamList?q=${wildcard}`)).body.data.total, wildcard).toBe(0);
    expect((await kit.get(top, '/user/spread/sonList?q=%25')).body.data.total).toBe(0);
    // A page at a time, in the same order.
    const page2 = await kit.get(top, '/user/spread/teamList?page=2&limit=3');
    expect([ids(page2), page2.body.data.total]).toEqual([[[a2.userId, 3]], 4]);
    expect((await kit.get(top, '/user/spread/total')).body.data).toMatchObject({ direct_count: 2, team_count: 4, new_today: 4 });
    expect((await kit.get(a, '/user/spread/total')).body.data).toMatchObject({ direct_count: 1, team_count: 2 });
    // Nobody else's team: a member below reads only their own.
    expect(ids(await kit.get(a1, '/user/spread/teamList'))).toEqual([[a2.userId, 1]]);
    await expectClosureMatchesReferrers();

    // Anna's line moves under Bela: Anna's whole downline goes with her, the totals follow.
    await t.db.updateTable('users').set({ referrer_id: b.userId } as never).where('id', '=', a.userId).execute();
    expect(ids(await kit.get(top, '/user/spread/teamList'))).toEqual([[b.userId, 1], [a.userId, 2], [a1.userId, 3], [a2.userId, 4]]);
    expect((await kit.get(b, '/user/spread/total')).body.data).toMatchObject({ direct_count: 1, team_count: 3 });
    expect((await kit.get(top, '/user/spread/total')).body.data).toMatchObject({ direct_count: 1, team_count: 4 });
    await expectClosureMatchesReferrers();
    // A loop is refused and changes nothing.
    await expect(t.db.updateTable('users').set({ referrer_id: a2.userId } as never).where('id', '=', a.userId).execute()).rejects.toThrow(/own upline/);
    await expectClosureMatchesReferrers();

    // The console's member profile shows the team size.
    const op = await newOperatorSession(t.db, 'support');
    const profile = (await call(t, 'GET', `/admin/api/referral/member?member_id=${b.userId}`, { headers: op.headers, lang: 'en-us' })).body.data;
    expect(profile).toMatchObject({ direct_count: 1, team_count: 3, sponsors: [expect.objectContaining({ id: top.userId, level: 1 })] });
  });
});
