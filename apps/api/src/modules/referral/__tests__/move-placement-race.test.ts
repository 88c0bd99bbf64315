import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database.js';
import { operatorCliActor } from '../../../lib/actor.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { lockWaiters, widePool } from '../../../test/test-database.js';
import { memberActor } from '../../orders/__tests__/actors.js';
import { moveSubtreeByOperator } from '../referral.console.js';
import { placeDownline } from '../referral.service.js';
import { expectValidTree, referralKit } from './fixtures.js';

/**
 * An operator's move of a subtree and members placing their invitees under that subtree at the same
 * moment: whichever goes first, every placed member's ancestors (the closure the legs, PV and the
 * tree read) are the chain of its parents as it stands after both, and the move counts and carries
 * every member of the subtree, the ones placed meanwhile too.
 */
let t: TestApp;
let kit: ReturnType<typeof referralKit>;
let wide: Database;
beforeAll(async () => {
  t = await buildTestApp();
  wide = widePool(t.db, 10);
  kit = referralKit(t);
});
afterAll(async () => {
  await wide?.destroy();
  await t.close();
});

const operator = operatorCliActor('race-tester');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A sponsor with Charlie on the left (Delta below Charlie) and Romeo on the right; Quebec is Delta's
 * unplaced invitee, Sierra Charlie's. Charlie's line is the subtree that moves, to Romeo's right.
 */
async function team() {
  const sponsor = await kit.placedSponsor();
  const place = (by: number, member: number, parent: number, side: 'L' | 'R') => placeDownline({ db: t.db }, memberActor(by), { user_id: member, parent_id: parent, side });
  const charlie = (await kit.invitee(sponsor.userId)).userId;
  const romeo = (await kit.invitee(sponsor.userId)).userId;
  await place(sponsor.userId, charlie, sponsor.userId, 'L');
  await place(sponsor.userId, romeo, sponsor.userId, 'R');
  const delta = (await kit.invitee(charlie)).userId;
  await place(charlie, delta, charlie, 'L');
  const quebec = (await kit.invitee(delta)).userId;
  const sierra = (await kit.invitee(charlie)).userId;
  return { sponsor: sponsor.userId, charlie, romeo, delta, quebec, sierra };
}
type Team = Awaited<ReturnType<typeof team>>;

/** The move of Charlie's line under Romeo's right: its `moved`, or the error it failed with. */
const move = (m: Team) => moveSubtreeByOperator({ db: wide }, operator, { member_id: m.charlie, parent_id: m.romeo, side: 'R', reason: 'Placed on the wrong leg', confirm: true }).then((r) => r.moved, (e: unknown) => e);
/** A member placing their invitee: 200, or the code it was refused with. */
const placement = (by: number, member: number, parent: number, side: 'L' | 'R') =>
  placeDownline({ db: wide }, memberActor(by), { user_id: member, parent_id: parent, side }).then(() => 200, (e: { code?: number }) => e.code ?? e);
const quebecUnderDelta = (m: Team) => placement(m.delta, m.quebec, m.delta, 'L');
const sierraUnderCharlie = (m: Team) => placement(m.charlie, m.sierra, m.charlie, 'R');

const waiting = () => lockWaiters(t.db);

/** Waits until `n` statements wait for a lock (what holds the interleaving in place), or until `done` has settled. */
async function waitersReach(n: number, done?: Promise<unknown>) {
  let settled = false;
  const mark = () => (settled = true);
  void done?.then(mark, mark);
  let now = 0;
  for (let i = 0; i < 1000 && now < n && !settled; i++) {
    if (i) await sleep(10);
    now = await waiting();
  }
  if (!settled) expect(now, 'statements waiting for a lock').toBeGreaterThanOrEqual(n);
}

/** Runs `during` while another connection holds `lock`, then lets go (commits). */
const holding = (lock: RawBuilder<unknown>, during: () => Promise<void>) =>
  wide.transaction().execute(async (tx) => {
    await lock.execute(tx);
    await during();
  });

/** How many members Charlie's line has now, by the parent pointers. */
async function lineSize(rootId: number): Promise<number> {
  const nodes = await t.db.selectFrom('placements').select(['member_id', 'parent_id']).execute();
  const children = new Map<number, number[]>();
  for (const n of nodes) if (n.parent_id !== null) children.set(n.parent_id, [...(children.get(n.parent_id) ?? []), n.member_id]);
  let size = 0;
  for (const stack = [rootId]; stack.length; size++) stack.push(...(children.get(stack.pop()!) ?? []));
  return size;
}

/**
 * Each of the team's placed members, walked up by parent pointers to the root, has exactly those ancestors
 * in the closure, each at its distance and with the leg the member lies in, and its depth is its
 * distance from the root (the round's own members only: a round is judged on its own).
 */
async function expectChainsMatch(m: Team) {
  const nodes = new Map((await t.db.selectFrom('placements').select(['member_id', 'parent_id', 'side', 'depth']).execute()).map((n) => [n.member_id, n]));
  const ids = Object.values(m).filter((id) => nodes.has(id));
  const paths = await t.db.selectFrom('placement_paths').select(['ancestor_id', 'descendant_id', 'depth', 'side']).where('descendant_id', 'in', ids).execute();
  const expected: string[] = [];
  for (const id of ids) {
    const node = nodes.get(id)!;
    let distance = 0;
    for (let cur = node; cur.parent_id !== null; ) {
      const parent = nodes.get(cur.parent_id)!;
      expected.push(`${parent.member_id}>${id}:${++distance}:${cur.side}`);
      cur = parent;
    }
    expect(node.depth, `depth of ${id}`).toBe(distance);
  }
  expect(paths.map((p) => `${p.ancestor_id}>${p.descendant_id}:${p.depth}:${p.side}`).sort()).toEqual(expected.sort());
}

/**
 * After a round: every call answered 200, the tree and its closure agree, the line (of `size` now)
 * sits under Romeo, and `moved` counted the line as it was when the move committed: `placedFirst`
 * of the placements went before it.
 */
async function expectConsistent(m: Team, moved: unknown, placed: unknown[], size: number, placedFirst: number | 'any') {
  expect(placed).toEqual(placed.map(() => 200));
  if (placedFirst === 'any') expect([2, 3, 4].slice(0, placed.length + 1)).toContain(moved);
  else expect(moved).toBe(2 + placedFirst);
  await expectChainsMatch(m);
  expect(await lineSize(m.charlie)).toBe(size);
  const charlie = await t.db.selectFrom('placements').select(['parent_id', 'side']).where('member_id', '=', m.charlie).executeTakeFirstOrThrow();
  expect(charlie).toEqual({ parent_id: m.romeo, side: 'R' });
  // Quebec's ancestors are Delta, Charlie, Romeo (Charlie on his right) and the sponsor (Romeo on its right), nearest first.
  const up = await t.db.selectFrom('placement_paths').select(['ancestor_id', 'depth', 'side']).where('descendant_id', '=', m.quebec).orderBy('depth').limit(4).execute();
  expect(up).toEqual([
    { ancestor_id: m.delta, depth: 1, side: 'L' },
    { ancestor_id: m.charlie, depth: 2, side: 'L' },
    { ancestor_id: m.romeo, depth: 3, side: 'R' },
    { ancestor_id: m.sponsor, depth: 4, side: 'R' },
  ]);
}

const ROUNDS = 10;

describe('a subtree move racing placements under it', () => {
  it(`the move waits after rewriting the tree while members place under the line: the placements land in the moved line (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const m = await team();
      let moving!: Promise<unknown>;
      let placing!: Promise<unknown[]>;
      // The move's last write (the operator's record) waits for this lock: its rewrite of the tree is done but not committed.
      await holding(sql`lock table operator_actions in exclusive mode`, async () => {
        moving = move(m);
        await waitersReach(1);
        placing = Promise.all([quebecUnderDelta(m), sierraUnderCharlie(m)]);
        await waitersReach(3);
      });
      await expectConsistent(m, await moving, await placing, 4, 0);
    }
  });

  it(`a placement under the line waits before committing while the move starts: the move carries the placed member along (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const m = await team();
      let moving!: Promise<unknown>;
      let placing!: Promise<unknown>;
      // Quebec's figures row, written uncommitted here, holds the placement open after it wrote Quebec's place and closure.
      await holding(sql`insert into referral_stats (member_id) values (${m.quebec})`, async () => {
        placing = quebecUnderDelta(m);
        await waitersReach(1);
        moving = move(m);
        await waitersReach(2);
      });
      await expectConsistent(m, await moving, [await placing], 3, 1);
    }
  });

  it(`the move waits for its new parent after taking the top of the line while a member places under the line: the placement goes first and the move carries it along (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const m = await team();
      let moving!: Promise<unknown>;
      let placing!: Promise<unknown>;
      // Romeo's row, locked here, holds the move after it locked Charlie.
      await holding(sql`select member_id from placements where member_id = ${m.romeo} for update`, async () => {
        moving = move(m);
        await waitersReach(1);
        placing = quebecUnderDelta(m);
        // The placement needs nothing the move holds: it finishes (or would be seen waiting for the move).
        await waitersReach(2, placing);
      });
      await expectConsistent(m, await moving, [await placing], 3, 1);
    }
  });

  it(`a move and placements under the line at once (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const m = await team();
      const [moved, ...placed] = await Promise.all([move(m), quebecUnderDelta(m), sierraUnderCharlie(m)]);
      await expectConsistent(m, moved, placed, 4, 'any');
    }
  });

  it('after every round of every race the whole tree is a valid binary tree with its closure', async () => {
    await expectValidTree(t.db);
  });
});
