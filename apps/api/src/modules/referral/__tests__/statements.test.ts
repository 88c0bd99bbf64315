import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { countingProxy } from '../../../test/statement-counter.js';
import { referralKit } from './fixtures.js';

/**
 * What `anzhi` and the tree send to PostgreSQL (the referral bench's rows): placing an invitee is its
 * idempotency claim, one statement that checks and places, and the stored answer; the tree is its
 * access check and one statement for the nodes. The bench's p99 budgets rest on these figures.
 */
let t: TestApp;
let kit: ReturnType<typeof referralKit>;
let proxy: Awaited<ReturnType<typeof countingProxy>>;

beforeAll(async () => {
  t = await buildTestApp({}, { databaseUrl: async (url) => (proxy = await countingProxy(new URL(url))).url });
  kit = referralKit(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
  proxy?.close();
});

/** The statements `send` makes, with their texts when over `max`. */
async function counted(send: () => Promise<{ body: { code: number } }>, max: number) {
  proxy.record(true);
  const before = proxy.statements();
  const res = await send();
  const sent = proxy.statements() - before;
  proxy.record(false);
  expect(res.body.code).toBe(200);
  expect(sent, proxy.texts.slice(-sent).join('\n')).toBeLessThanOrEqual(max);
}

describe('the placement tree', () => {
  it('places an invitee in three statements and draws three levels in two', async () => {
    const sponsor = await kit.placedSponsor();
    const [a, b] = [await kit.invitee(sponsor.userId), await kit.invitee(sponsor.userId)];
    // The first calls read what a process keeps (the session); the second of each is counted.
    expect((await kit.post(sponsor, '/attractive/user/anzhi', { user_id: a.userId, parent_id: sponsor.userId, side: 'L' })).body.code).toBe(200);
    await counted(() => kit.post(sponsor, '/attractive/user/anzhi', { user_id: b.userId, parent_id: a.userId, side: 'R' }), 3);
    await counted(() => kit.get(sponsor, '/attractive/user/anzhiTree?levels=3'), 2);
    expect((await t.db.selectFrom('placements').select('parent_id').where('member_id', '=', b.userId).executeTakeFirstOrThrow()).parent_id).toBe(a.userId);
  });
});
