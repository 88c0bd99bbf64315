import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { memberActor } from '../../orders/__tests__/actors.js';
import { placeDownline } from '../referral.service.js';
import { buyingKit, key, referralKit, type Shopper } from './fixtures.js';

/**
 * A member's PV records list the PV that entered their legs, under the leg it entered, as it was
 * when it was counted: an operator's later move of a subtree changes neither (as it changes no leg
 * total), so the records of each leg keep adding up to that leg's total.
 */
let t: TestApp;
let kit: ReturnType<typeof referralKit>;
let operator: Awaited<ReturnType<typeof newOperatorSession>>;
let buy: ReturnType<typeof buyingKit>;
beforeAll(async () => {
  t = await buildTestApp();
  kit = referralKit(t);
  operator = await newOperatorSession(t.db, 'owner');
  buy = buyingKit(t, operator);
});
afterAll(() => t.close());

const admin = (url: string, body: unknown) => call(t, 'POST', url, { headers: { ...operator.headers, 'idempotency-key': key() }, body, lang: 'en-us' });

/** An order of `pv` bought by `m`, paid, shipped, received and settled; answers its number. */
async function settledPv(m: Shopper, pv: number): Promise<string> {
  const o = await buy.settledOrder(m, 1000, pv);
  return (await t.db.selectFrom('orders').select('order_no').where('id', '=', o.order_id).executeTakeFirstOrThrow()).order_no;
}

type TeamRecord = { order_no: string; leg: 'L' | 'R'; pv: number };
/** The member's team-order records (of one leg, or all). */
async function teamRecords(m: { headers: Record<string, string> }, leg?: 'L' | 'R'): Promise<TeamRecord[]> {
  const res = await kit.get(m, `/attractive/user/pvChangeSet?page=1&limit=50${leg ? `&leg=${leg}` : ''}`);
  expect(res.body.code, res.body.msg).toBe(200);
  return (res.body.data.list as Array<TeamRecord & { source: string }>)
    .filter((r) => r.source === 'team_order')
    .map((r) => ({ order_no: r.order_no, leg: r.leg, pv: r.pv }))
    .sort((a, b) => a.order_no.localeCompare(b.order_no));
}
const byOrder = (rows: TeamRecord[]) => [...rows].sort((a, b) => a.order_no.localeCompare(b.order_no));
const sum = (rows: TeamRecord[]) => rows.reduce((n, r) => n + r.pv, 0);

/** Each leg's records add up to that leg's total. */
async function expectRecordsMatchLegs(m: { headers: Record<string, string> }) {
  const legs = (await kit.get(m, '/attractive/user/userDepInfo')).body.data;
  expect(sum(await teamRecords(m, 'L'))).toBe(legs.left.pv_total);
  expect(sum(await teamRecords(m, 'R'))).toBe(legs.right.pv_total);
}

describe('PV records after an operator moves a subtree', () => {
  it('keep each order under the leg and the members it entered when it was counted; PV counted after the move follows the new place', async () => {
    const top = await kit.placedSponsor();
    const alice = await buy.shopper(top.userId);
    const bobby = await buy.shopper(top.userId);
    const eric = await buy.shopper(alice.userId);
    const dinah = await buy.shopper(eric.userId);
    await placeDownline(t.deps, memberActor(top.userId), { user_id: alice.userId, parent_id: top.userId, side: 'L' });
    await placeDownline(t.deps, memberActor(top.userId), { user_id: bobby.userId, parent_id: top.userId, side: 'R' });
    await placeDownline(t.deps, memberActor(alice.userId), { user_id: eric.userId, parent_id: alice.userId, side: 'L' });
    await placeDownline(t.deps, memberActor(eric.userId), { user_id: dinah.userId, parent_id: eric.userId, side: 'L' });

    const aliceOrder = await settledPv(alice, 200);
    const ericOrder = await settledPv(eric, 2000);
    const dinahOrder = await settledPv(dinah, 2100);
    const bobbyOrder = await settledPv(bobby, 4100);
    const topBefore = await teamRecords(top);
    expect(topBefore).toEqual(
      byOrder([
        { order_no: aliceOrder, leg: 'L', pv: 200 },
        { order_no: ericOrder, leg: 'L', pv: 2000 },
        { order_no: dinahOrder, leg: 'L', pv: 2100 },
        { order_no: bobbyOrder, leg: 'R', pv: 4100 },
      ]),
    );
    const aliceBefore = await teamRecords(alice);
    expect(aliceBefore).toEqual(byOrder([{ order_no: ericOrder, leg: 'L', pv: 2000 }, { order_no: dinahOrder, leg: 'L', pv: 2100 }]));

    // Eric's line moves under Bobby's left.
    const moved = await admin('/admin/api/referral/move', { member_id: eric.userId, parent_id: bobby.userId, side: 'L', reason: 'Placed under the wrong member', confirm: true });
    expect(moved.body).toMatchObject({ code: 200, data: { moved: 2 } });

    // Nothing already counted changes: not the leg totals, not the records.
    expect((await kit.get(top, '/attractive/user/userDepInfo')).body.data).toMatchObject({ left: { pv_total: 4300 }, right: { pv_total: 4100 } });
    expect(await teamRecords(top)).toEqual(topBefore);
    expect(await teamRecords(alice)).toEqual(aliceBefore);
    expect(await teamRecords(bobby)).toEqual([]);
    for (const m of [top, alice, bobby, eric]) await expectRecordsMatchLegs(m);

    // Dinah's next order enters the legs of her place now: Bobby's left and the top's right, not Alice's.
    const dinahLater = await settledPv(dinah, 300);
    expect(await teamRecords(top, 'R')).toEqual(byOrder([{ order_no: bobbyOrder, leg: 'R', pv: 4100 }, { order_no: dinahLater, leg: 'R', pv: 300 }]));
    expect(await teamRecords(bobby)).toEqual([{ order_no: dinahLater, leg: 'L', pv: 300 }]);
    expect(await teamRecords(alice)).toEqual(aliceBefore);
    for (const m of [top, alice, bobby, eric]) await expectRecordsMatchLegs(m);
  });

  it('are credited by the database as an entry is written, so an entry written by a process of the previous release is listed too', async () => {
    const top = await kit.placedSponsor();
    const amy = await buy.shopper(top.userId);
    await placeDownline(t.deps, memberActor(top.userId), { user_id: amy.userId, parent_id: top.userId, side: 'R' });
    const orderNo = await settledPv(amy, 70);
    const written = await t.db.selectFrom('pv_entries').selectAll().where('member_id', '=', amy.userId).executeTakeFirstOrThrow();
    // The previous release's settlement wrote the entry alone (it knew nothing of the entry's legs): as if so, written again bare.
    await t.db.deleteFrom('pv_entries').where('id', '=', written.id).execute();
    const { id: _id, ...bare } = written;
    await t.db.insertInto('pv_entries').values(bare as never).execute();
    expect(await teamRecords(top)).toEqual([{ order_no: orderNo, leg: 'R', pv: 70 }]);
    await expectRecordsMatchLegs(top);
  });
});
