import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { referralKit } from './fixtures.js';

// A member sees the user names of their team masked ("c*****1"): a search by part of a user name would
// read a masked name back a letter at a time. Members' searches match part of a nickname, or a whole user
// name in any case; an operator, who reads user names whole, still finds by part of one.

let t: TestApp;
let kit: ReturnType<typeof referralKit>;
beforeAll(async () => {
  t = await buildTestApp();
  kit = referralKit(t);
});
afterAll(() => t.close());

const userNameOf = async (id: number) => (await t.db.selectFrom('users').select('user_name').where('id', '=', id).executeTakeFirstOrThrow()).user_name;

describe('searching the team by name', () => {
  it('finds a member by part of the nickname or the whole user name, never by part of a user name', async () => {
    const sponsor = await kit.placedSponsor('Sponsor');
    const direct = await kit.invitee(sponsor.userId, { nickname: 'Mallory' });
    const below = await kit.invitee(direct.userId, { nickname: 'Carol' });
    const belowName = await userNameOf(below.userId);
    const directName = await userNameOf(direct.userId);
    const part = belowName.slice(2, -1);
    expect(part.length).toBeGreaterThanOrEqual(3);

    const team = async (q: string) => (await kit.get(sponsor, `/user/spread/teamList?q=${encodeURIComponent(q)}`)).body.data as { total: number; list: Array<{ id: number; user_name: string }> };
    // The list shows the name masked …
    expect((await kit.get(sponsor, '/user/spread/teamList')).body.data.list.find((m: { id: number }) => m.id === below.userId).user_name).toContain('*');
    // … and a part of it matches nobody, while the whole name (any case) and part of the nickname do.
    expect((await team(part)).total).toBe(0);
    expect((await team(belowName.toUpperCase())).list.map((m) => m.id)).toEqual([below.userId]);
    expect((await team('aro')).list.map((m) => m.id)).toEqual([below.userId]);

    const directs = async (url: string, q: string) => (await kit.get(sponsor, `${url}?q=${encodeURIComponent(q)}`)).body.data.total as number;
    for (const url of ['/user/spread/sonList', '/attractive/user/sonUserList']) {
      expect(await directs(url, directName.slice(1, -1)), url).toBe(0);
      expect(await directs(url, directName), url).toBe(1);
      expect(await directs(url, 'allor'), url).toBe(1);
    }
  });

  it('in the placement tree: part of a placed member’s user name is no match; the whole name is', async () => {
    const sponsor = await kit.placedSponsor('Placer');
    const alice = await kit.invitee(sponsor.userId, { nickname: 'Alice' });
    expect((await kit.post(sponsor, '/attractive/user/anzhi', { user_id: alice.userId, parent_id: sponsor.userId, side: 'L' })).body.code).toBe(200);
    const name = await userNameOf(alice.userId);
    const search = async (q: string) => (await kit.get(sponsor, `/attractive/user/anzhiTree?levels=2&q=${encodeURIComponent(q)}`)).body.data;
    expect(await search(name.slice(1, -1))).toMatchObject({ matched: false, tree: { id: sponsor.userId } });
    expect(await search(name)).toMatchObject({ matched: true, tree: { id: alice.userId } });
  });
});
