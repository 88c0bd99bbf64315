import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { referralKit } from './fixtures.js';

let t: TestApp;
let kit: ReturnType<typeof referralKit>;
beforeAll(async () => {
  t = await buildTestApp();
  kit = referralKit(t);
});
afterAll(async () => {
  await t.close();
});

describe('anzhiTree: searching the placement tree by name', () => {
  it('says whether anyone of the member’s team matched; a name found only outside the team is no match', async () => {
    const sponsor = await kit.placedSponsor('Sophea');
    const alice = await kit.invitee(sponsor.userId, { nickname: 'Alice Wong' });
    expect((await kit.post(sponsor, '/attractive/user/anzhi', { user_id: alice.userId, parent_id: sponsor.userId, side: 'L' })).body.code).toBe(200);
    // A member of another team with a name the sponsor might type.
    await kit.placedSponsor('Zed Outsider');

    const search = async (q: string) => (await kit.get(sponsor, `/attractive/user/anzhiTree?levels=2&q=${encodeURIComponent(q)}`)).body;

    const found = await search('alice');
    expect(found).toMatchObject({ code: 200, data: { matched: true, self_id: sponsor.userId, up_id: sponsor.userId, tree: { id: alice.userId } } });

    // Nobody matches: said so, rather than the member's own tree passed off as the result. The answer
    // still carries the tree the search started from, for callers that do not read `matched`.
    const none = await search('Nobody Here');
    expect(none).toMatchObject({ code: 200, data: { matched: false, self_id: sponsor.userId, up_id: null, tree: { id: sponsor.userId } } });

    // Someone of that name exists, but not in the member's team: no match, and never their tree.
    const outside = await search('Zed');
    expect(outside.data).toMatchObject({ matched: false, tree: { id: sponsor.userId } });

    // Without a search there is nothing to match: the flag is left out, as before.
    const plain = (await kit.get(sponsor, '/attractive/user/anzhiTree?levels=2')).body.data;
    expect(plain.tree.id).toBe(sponsor.userId);
    expect(plain).not.toHaveProperty('matched');
  });
});
