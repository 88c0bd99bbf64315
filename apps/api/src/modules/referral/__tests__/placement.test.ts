import { ResponseCode } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database.js';
import { jobActor } from '../../../lib/actor.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { widePool } from '../../../test/test-database.js';
import { memberActor } from '../../orders/__tests__/actors.js';
import { placeDownline, placeOverdueInvitees } from '../referral.service.js';
import { expectValidTree, referralKit } from './fixtures.js';

let t: TestApp;
let kit: ReturnType<typeof referralKit>;
let wide: Database;
beforeAll(async () => {
  t = await buildTestApp();
  wide = widePool(t.db, 20);
  kit = referralKit(t);
});
afterAll(async () => {
  await wide?.destroy();
  await t.close();
});

const placementOf = (id: number) => t.db.selectFrom('placements').selectAll().where('member_id', '=', id).executeTakeFirst();
const placementCount = async () => (await t.db.selectFrom('placements').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;

describe('anzhi: placing an invitee', () => {
  it('places the caller’s own invitee into an empty slot of their subtree; lists, the tree and the legs show it', async () => {
    const sponsor = await kit.placedSponsor();
    const a = await kit.invitee(sponsor.userId, { nickname: 'Alice' });
    const b = await kit.invitee(sponsor.userId, { nickname: 'Bob' });

    const before = await kit.get(sponsor, '/attractive/user/sonUserList');
    expect(before.body.code).toBe(200);
    expect(before.body.data.self_placed).toBe(true);
    expect(before.body.data.list.map((m: { nickname: string; placed: boolean }) => [m.nickname, m.placed])).toEqual([['Alice', false], ['Bob', false]]);
    const placeBy = new Date(before.body.data.list[0].place_by).getTime();
    expect(placeBy - new Date(before.body.data.list[0].joined_at).getTime()).toBe(7 * 86_400_000);

    const placed = await kit.post(sponsor, '/attractive/user/anzhi', { user_id: a.userId, parent_id: sponsor.userId, side: 'L' });
    expect(placed.body).toMatchObject({ code: 200, data: { user_id: a.userId, parent_id: sponsor.userId, side: 'L' } });
    // Under the invitee just placed: still the sponsor's subtree.
    expect((await kit.post(sponsor, '/attractive/user/anzhi', { user_id: b.userId, parent_id: a.userId, side: 'R' })).body.code).toBe(200);

    const after = await kit.get(sponsor, '/attractive/user/sonUserList?placed=1');
    expect(after.body.data.list.map((m: { nickname: string; side: string; place_by: null }) => [m.nickname, m.side, m.place_by])).toEqual([['Alice', 'L', null], ['Bob', 'R', null]]);

    const tree = (await kit.get(sponsor, '/attractive/user/anzhiTree?levels=3')).body.data;
    expect(tree.self_id).toBe(sponsor.userId);
    expect(tree.tree).toMatchObject({ id: sponsor.userId, left_count: 2, right_count: 0, open: ['R'], children: { L: { id: a.userId, open: ['L'], children: { L: null, R: { id: b.userId, open: ['L', 'R'] } } }, R: null } });
    const legs = (await kit.get(sponsor, '/attractive/user/userDepInfo')).body.data;
    expect(legs).toMatchObject({ placed: true, direct_count: 2, left: { members: 2, pv_total: 0 }, right: { members: 0 } });
    // Going down from a node inside the subtree: `up_id` leads back.
    const sub = (await kit.get(sponsor, `/attractive/user/anzhiTree?root_id=${a.userId}&levels=1`)).body.data;
    expect(sub).toMatchObject({ up_id: sponsor.userId, tree: { id: a.userId, depth: 1, children: { R: { id: b.userId } } } });
    await expectValidTree(t.db);
  });

  it('refuses a stranger, a placed member, a slot outside the caller’s subtree, a taken slot and an unplaced caller, and changes nothing', async () => {
    // Placed before the sponsor, so outside the sponsor's (empty) subtree.
    const other = await kit.placedSponsor();
    const sponsor = await kit.placedSponsor();
    const mine = await kit.invitee(sponsor.userId);
    const theirs = await kit.invitee(other.userId);
    const count = await placementCount();

    const place = (body: object) => kit.post(sponsor, '/attractive/user/anzhi', body);
    expect((await place({ user_id: theirs.userId, parent_id: sponsor.userId, side: 'L' })).body).toMatchObject({ code: ResponseCode.referralNotInvitee, msg: 'This member is not one of your invitees' });
    // Nobody of that id: the same answer (no hint whether a member exists).
    expect((await place({ user_id: 2_000_000_000, parent_id: sponsor.userId, side: 'L' })).body.code).toBe(ResponseCode.referralNotInvitee);
    expect((await place({ user_id: mine.userId, parent_id: other.userId, side: 'L' })).body).toMatchObject({ code: ResponseCode.referralNotInTeam, msg: 'This position is not in your team' });
    expect((await place({ user_id: mine.userId, parent_id: sponsor.userId, side: 'X' })).status).toBe(422);
    expect((await place({ user_id: 'abc', parent_id: sponsor.userId, side: 'L' })).status).toBe(422);
    expect(await placementCount()).toBe(count);

    expect((await place({ user_id: mine.userId, parent_id: sponsor.userId, side: 'L' })).body.code).toBe(200);
    expect((await place({ user_id: mine.userId, parent_id: sponsor.userId, side: 'R' })).body).toMatchObject({ code: ResponseCode.referralAlreadyPlaced });
    const second = await kit.invitee(sponsor.userId);
    expect((await place({ user_id: second.userId, parent_id: sponsor.userId, side: 'L' })).body).toMatchObject({ code: ResponseCode.referralPositionTaken, msg: 'This position is already taken' });
    expect(await placementOf(second.userId)).toBeUndefined();

    // An unplaced member cannot place their own invitees yet, nor see a tree.
    const unplaced = await kit.invitee(sponsor.userId);
    const grandchild = await kit.invitee(unplaced.userId);
    expect((await kit.post(unplaced, '/attractive/user/anzhi', { user_id: grandchild.userId, parent_id: sponsor.userId, side: 'R' })).body.code).toBe(ResponseCode.referralSelfNotPlaced);
    // Reading the tree says there is none to show yet, not that placing is refused.
    expect((await kit.get(unplaced, '/attractive/user/anzhiTree?levels=1')).body).toEqual({ code: ResponseCode.referralSelfNotPlaced, msg: 'You are not placed yet, so you have no team tree to show', data: null });
    // Another team's tree is never shown.
    expect((await kit.get(sponsor, `/attractive/user/anzhiTree?root_id=${other.userId}`)).body.code).toBe(ResponseCode.referralNotInTeam);
    expect((await kit.get(sponsor, `/attractive/user/anzhiTree?root_id=${(await kit.root())}`)).body.code).toBe(ResponseCode.referralNotInTeam);
    expect((await kit.get({ headers: {} }, '/attractive/user/anzhiTree')).body.code).toBe(ResponseCode.loginRequired);
  });
});

describe('races', () => {
  it('50 invitees placed into one slot at once: one wins, 49 hear "position taken" (10 runs)', async () => {
    for (let run = 0; run < 10; run++) {
      const sponsor = await kit.placedSponsor();
      const invitees = await Promise.all(Array.from({ length: 50 }, () => kit.invitee(sponsor.userId)));
      const answers = await Promise.all(invitees.map((m) => placeDownline({ db: wide }, memberActor(sponsor.userId), { user_id: m.userId, parent_id: sponsor.userId, side: 'L' }).then(() => 200, (e: { code: number }) => e.code)));
      expect(answers.filter((c) => c === 200)).toHaveLength(1);
      expect(answers.filter((c) => c === ResponseCode.referralPositionTaken)).toHaveLength(49);
      expect(await t.db.selectFrom('placements').select('member_id').where('parent_id', '=', sponsor.userId).execute()).toHaveLength(1);
    }
    await expectValidTree(t.db);
  }, 120_000);

  it('one invitee placed into two slots at once is placed once (20 runs)', async () => {
    for (let run = 0; run < 20; run++) {
      const sponsor = await kit.placedSponsor();
      const m = await kit.invitee(sponsor.userId);
      const answers = await Promise.all((['L', 'R'] as const).map((side) => placeDownline({ db: wide }, memberActor(sponsor.userId), { user_id: m.userId, parent_id: sponsor.userId, side }).then(() => 200, (e: { code: number }) => e.code)));
      expect(answers.sort()).toEqual([200, ResponseCode.referralAlreadyPlaced]);
      expect(await t.db.selectFrom('placement_paths').select('ancestor_id').where('descendant_id', '=', m.userId).where('ancestor_id', '=', sponsor.userId).execute()).toHaveLength(1);
    }
  }, 60_000);

  it('1,000 concurrent placements into random free slots leave a valid tree', async () => {
    const sponsor = await kit.placedSponsor();
    const invitees: number[] = [];
    for (let i = 0; i < 1000; i += 100) {
      const rows = await t.db
        .insertInto('users')
        .values(Array.from({ length: 100 }, (_, j) => ({ user_name: `tree${Date.now().toString(36)}${i + j}${Math.random().toString(36).slice(2, 6)}`, nickname: '', password_hash: 'x', referrer_id: sponsor.userId }) as never))
        .returning('id')
        .execute();
      invitees.push(...rows.map((r) => r.id));
    }
    const known = [sponsor.userId];
    let refused = 0;
    // Each invitee tries random slots among the nodes placed so far until one is free.
    await Promise.all(
      invitees.map(async (id) => {
        for (;;) {
          const parent = known[Math.floor(Math.random() * known.length)]!;
          const side = Math.random() < 0.5 ? 'L' : 'R';
          try {
            await placeDownline({ db: wide }, memberActor(sponsor.userId), { user_id: id, parent_id: parent, side });
            known.push(id);
            return;
          } catch (e) {
            if ((e as { code?: number }).code !== ResponseCode.referralPositionTaken) throw e;
            refused++;
          }
        }
      }),
    );
    expect(refused).toBeGreaterThan(0);
    expect((await kit.get(sponsor, '/attractive/user/userDepInfo')).body.data.left.members + (await kit.get(sponsor, '/attractive/user/userDepInfo')).body.data.right.members).toBe(1000);
    await expectValidTree(t.db);
  }, 300_000);
});

describe('the placement job', () => {
  it('places invitees unplaced past the deadline into the outermost free slot of the sponsor’s weaker leg', async () => {
    const sponsor = await kit.placedSponsor();
    const l1 = await kit.invitee(sponsor.userId);
    const l2 = await kit.invitee(sponsor.userId);
    const r1 = await kit.invitee(sponsor.userId);
    await placeDownline(t.deps, memberActor(sponsor.userId), { user_id: l1.userId, parent_id: sponsor.userId, side: 'L' });
    await placeDownline(t.deps, memberActor(sponsor.userId), { user_id: l2.userId, parent_id: l1.userId, side: 'L' });
    await placeDownline(t.deps, memberActor(sponsor.userId), { user_id: r1.userId, parent_id: sponsor.userId, side: 'R' });
    const late = await kit.invitee(sponsor.userId, { daysAgo: 8 });
    const fresh = await kit.invitee(sponsor.userId, { daysAgo: 6 });
    // No PV anywhere: the leg with fewer members is the weaker one (right); its outermost slot is under r1.
    expect(await placeOverdueInvitees(t.deps, jobActor('place_overdue_invitees', 1))).toBeGreaterThanOrEqual(1);
    expect(await placementOf(late.userId)).toMatchObject({ parent_id: r1.userId, side: 'R', how: 'job' });
    expect(await placementOf(fresh.userId)).toBeUndefined();
    // The deadline is an operator setting.
    await t.db.updateTable('referral_settings').set({ placement_deadline_days: 5 }).execute();
    await placeOverdueInvitees(t.deps, jobActor('place_overdue_invitees', 2));
    await t.db.updateTable('referral_settings').set({ placement_deadline_days: 7 }).execute();
    // Now the legs are even (two members each): the left, outermost under l2.
    expect(await placementOf(fresh.userId)).toMatchObject({ parent_id: l2.userId, side: 'L' });
    await expectValidTree(t.db);
  });
});
