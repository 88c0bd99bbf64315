import { expect } from 'vitest';
import type { Database } from '../../../db/database.js';
import { jobActor } from '../../../lib/actor.js';
import type { TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { ensureRoot, placeAutomatically } from '../referral.service.js';

let keySeq = 0;
/** A fresh Idempotency-Key. */
export const key = () => `ref-${Date.now().toString(36)}-${keySeq++}-${Math.random().toString(36).slice(2, 8)}`;

/** The calls of a referral test: a member's GET and POST (with a fresh key) through the real app. */
export function referralKit(t: TestApp) {
  const get = (m: { headers: Record<string, string> }, url: string) => call(t, 'GET', url, { headers: m.headers, lang: 'en-us' });
  const post = (m: { headers: Record<string, string> }, url: string, body: unknown) => call(t, 'POST', url, { headers: { ...m.headers, 'idempotency-key': key() }, body, lang: 'en-us' });

  /** A member invited by `referrerId` (the sponsor tree), optionally joined `daysAgo`. */
  async function invitee(referrerId: number | null, opts: { daysAgo?: number; nickname?: string } = {}) {
    const m = await newMember(t, opts.nickname ?? '');
    await t.db.updateTable('users').set({ referrer_id: referrerId, ...(opts.daysAgo ? { created_at: new Date(Date.now() - opts.daysAgo * 86_400_000) } : {}) } as never).where('id', '=', m.userId).execute();
    return m;
  }

  /** The tree's root (the shop's first member). */
  async function root() {
    if (!(await t.db.selectFrom('users').select('id').executeTakeFirst())) await newMember(t, 'root');
    return (await ensureRoot(t.db))!;
  }

  /** A member placed automatically somewhere under the root: a sponsor with an empty subtree of their own. */
  async function placedSponsor(nickname = '') {
    const rootId = await root();
    const m = await invitee(rootId, { nickname });
    await placeAutomatically(t.deps, jobActor('test', 'sponsor'), m.userId, 'operator');
    return m;
  }
  return { get, post, invitee, root, placedSponsor };
}

/** The whole tree is a valid binary tree: ≤ 2 children per node, one parent, no cycle, depths and the closure table consistent. */
export async function expectValidTree(db: Database) {
  const nodes = await db.selectFrom('placements').select(['member_id', 'parent_id', 'side', 'depth']).execute();
  const paths = await db.selectFrom('placement_paths').selectAll().execute();
  const byId = new Map(nodes.map((n) => [n.member_id, n]));
  const roots = nodes.filter((n) => n.parent_id === null);
  expect(roots).toHaveLength(1);
  const slots = new Set<string>();
  const expected = new Set<string>();
  // Checked plainly and asserted once: a tree of thousands of nodes, each walked up to the root.
  const problems: string[] = [];
  for (const n of nodes) {
    if (n.parent_id === null) continue;
    const slot = `${n.parent_id}:${n.side}`;
    if (slots.has(slot)) problems.push(`slot ${slot} taken twice`);
    slots.add(slot);
    // Walk up: reaches the root without a cycle, one step of depth each time.
    let cur = n;
    let dist = 0;
    const seen = new Set<number>();
    while (cur.parent_id !== null) {
      if (seen.has(cur.member_id)) {
        problems.push(`cycle through ${cur.member_id}`);
        break;
      }
      seen.add(cur.member_id);
      const parent = byId.get(cur.parent_id);
      if (!parent) {
        problems.push(`parent ${cur.parent_id} not placed`);
        break;
      }
      if (cur.depth !== parent.depth + 1) problems.push(`depth of ${cur.member_id}: ${cur.depth}, its parent's ${parent.depth}`);
      dist++;
      // The ancestor's leg is the side of its child on the way down to the node.
      expected.add(`${parent.member_id}>${n.member_id}:${dist}:${cur.side}`);
      cur = parent;
    }
  }
  expect(problems.slice(0, 20)).toEqual([]);
  // The closure table holds exactly every (ancestor, descendant, distance, leg of the ancestor).
  const actual = new Set(paths.map((p) => `${p.ancestor_id}>${p.descendant_id}:${p.depth}:${p.side}`));
  expect(actual.size).toBe(paths.length);
  expect([...actual].sort()).toEqual([...expected].sort());
}
