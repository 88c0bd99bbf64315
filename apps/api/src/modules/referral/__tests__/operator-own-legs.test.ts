import { ResponseCode } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOpsCommand } from '../../../ops/commands.js';
import { opsOperators } from '../../../ops/__tests__/ops-operators.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { balanceOf, ledgerCheck } from '../../ledger/ledger.service.js';
import { memberActor } from '../../orders/__tests__/actors.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { placeDownline } from '../referral.service.js';
import { buyingKit, expectValidTree, key, referralKit } from './fixtures.js';

// An operator who holds a member account (linked as `npm run ops -- operator member` links it) never
// changes who sits in that account's legs: a move or placement into them or out of them, or of a
// subtree the account sits in, is refused (7011) and changes nothing; nor do they void or reverse that
// account's commissions. Another operator, or the same one elsewhere in the tree, goes ahead.

let t: TestApp;
let kit: ReturnType<typeof referralKit>;
let other: Operator;
let buy: ReturnType<typeof buyingKit>;
beforeAll(async () => {
  t = await buildTestApp();
  kit = referralKit(t);
  other = await newOperatorSession(t.db, 'owner');
  buy = buyingKit(t, other);
});
afterAll(() => t.close());

type Operator = Awaited<ReturnType<typeof newOperatorSession>>;

/** An operator (owner) holding the member account `memberId`. */
async function linkedOperator(memberId: number): Promise<Operator> {
  const op = await newOperatorSession(t.db, 'owner');
  await t.db.updateTable('operators').set({ member_id: memberId }).where('id', '=', op.operatorId).execute();
  return op;
}

const admin = (who: Operator, url: string, body: unknown, lang = 'en-us') => call(t, 'POST', url, { headers: { ...who.headers, 'idempotency-key': key() }, body, lang });
const move = (who: Operator, memberId: number, parentId: number, side: 'L' | 'R', lang = 'en-us') =>
  admin(who, '/admin/api/referral/move', { member_id: memberId, parent_id: parentId, side, reason: 'rebalance', confirm: true }, lang);

/** Everything the tree and the legs hold: placements, the closure, every member's figures. */
async function treeAndLegs() {
  const [placements, paths, stats] = await Promise.all([
    t.db.selectFrom('placements').select(['member_id', 'parent_id', 'side', 'depth']).orderBy('member_id').execute(),
    t.db.selectFrom('placement_paths').selectAll().orderBy('ancestor_id').orderBy('descendant_id').execute(),
    t.db.selectFrom('referral_stats').select(['member_id', 'left_pv', 'right_pv', 'personal_pv']).orderBy('member_id').execute(),
  ]);
  return { placements, paths, stats };
}
const movesOf = (memberId: number) => t.db.selectFrom('operator_actions').select(['operator', 'reason']).where('target_type', '=', 'placement').where('target_id', '=', memberId).execute();

describe('an operator holding a member account, moving subtrees', () => {
  it('is refused (7011) for any move into or out of their own member’s legs, or of a subtree their member sits in; nothing changes, nothing is recorded; a move elsewhere goes ahead', async () => {
    // base ─ L: p ─ L: own (─ L: ownChild)
    //                R: sam (─ L: anna (─ L: annaLeft, R: annaRight)   R: ben)
    //      ─ R: quay
    const base = await kit.placedSponsor('Base');
    const p = await buy.shopper(base.userId);
    const quay = await buy.shopper(base.userId);
    const own = await buy.shopper(p.userId);
    const sam = await buy.shopper(p.userId);
    const ownChild = await buy.shopper(own.userId);
    const anna = await buy.shopper(sam.userId);
    const ben = await buy.shopper(sam.userId);
    const annaLeft = await buy.shopper(sam.userId);
    const annaRight = await buy.shopper(sam.userId);
    const place = (by: number, memberId: number, parentId: number, side: 'L' | 'R') => placeDownline(t.deps, memberActor(by), { user_id: memberId, parent_id: parentId, side });
    await place(base.userId, p.userId, base.userId, 'L');
    await place(base.userId, quay.userId, base.userId, 'R');
    await place(p.userId, own.userId, p.userId, 'L');
    await place(p.userId, sam.userId, p.userId, 'R');
    await place(own.userId, ownChild.userId, own.userId, 'L');
    await place(sam.userId, anna.userId, sam.userId, 'L');
    await place(sam.userId, ben.userId, sam.userId, 'R');
    await place(sam.userId, annaLeft.userId, anna.userId, 'L');
    await place(sam.userId, annaRight.userId, anna.userId, 'R');
    // Some PV already in the legs: it must stay where it is.
    await buy.settle(annaLeft, (await buy.paidOrder(annaLeft, 1000, 80)).order_id);
    await buy.settle(ownChild, (await buy.paidOrder(ownChild, 1000, 30)).order_id);

    const operator = await linkedOperator(own.userId);
    const before = await treeAndLegs();
    const legsBefore = (await kit.get(own, '/attractive/user/userDepInfo')).body.data;
    expect(legsBefore).toMatchObject({ left: { members: 1, pv_total: 30 }, right: { members: 0, pv_total: 0 } });

    const refusals: [number, number, 'L' | 'R'][] = [
      // Anna's team (3 members) into the own member's right leg (the new parent is the own member).
      [anna.userId, own.userId, 'R'],
      // Ben under the own member's child (the new parent's ancestor is the own member).
      [ben.userId, ownChild.userId, 'L'],
      // The own member's child out of their leg (its old place is under the own member).
      [ownChild.userId, ben.userId, 'L'],
      // The own member's sponsor's whole team, the own member with it, elsewhere.
      [p.userId, quay.userId, 'L'],
      // The own member itself, as before.
      [own.userId, ben.userId, 'R'],
    ];
    for (const [memberId, parentId, side] of refusals) {
      const refused = await move(operator, memberId, parentId, side);
      expect(refused.body.code, `move ${memberId} under ${parentId}`).toBe(ResponseCode.ownMemberAccount);
      expect(refused.body.data).toBeNull();
      expect(await movesOf(memberId)).toEqual([]);
    }
    expect((await move(operator, anna.userId, own.userId, 'R')).body.msg).toBe('This would change the legs of your own member account: another operator must do it');
    expect((await move(operator, anna.userId, own.userId, 'R', 'zh-cn')).body).toMatchObject({ code: ResponseCode.ownMemberAccount, msg: '此操作会改变您自己会员账户的左右区，请由其他操作员处理' });

    // Nothing moved: the tree, every leg's PV and the own member's legs as before.
    expect(await treeAndLegs()).toEqual(before);
    expect((await kit.get(own, '/attractive/user/userDepInfo')).body.data).toEqual(legsBefore);
    await expectValidTree(t.db);

    // PV settled later in Anna's team still counts in Sam's legs, never in the own member's.
    await buy.settle(annaRight, (await buy.paidOrder(annaRight, 1000, 50)).order_id);
    expect((await kit.get(own, '/attractive/user/userDepInfo')).body.data).toMatchObject({ left: { members: 1, pv_total: 30 }, right: { members: 0, pv_total: 0 } });
    expect((await kit.get(sam, '/attractive/user/userDepInfo')).body.data).toMatchObject({ left: { members: 3, pv_total: 130 }, right: { members: 1 } });

    // Elsewhere in the tree, the same operator moves as any operator does (recorded).
    const elsewhere = await move(operator, annaRight.userId, ben.userId, 'L');
    expect(elsewhere.body).toMatchObject({ code: 200, data: { member_id: annaRight.userId, parent_id: ben.userId, side: 'L', moved: 1 } });
    expect(await movesOf(annaRight.userId)).toEqual([{ operator: expect.stringMatching(/#\d+$/), reason: 'rebalance' }]);
    // Another operator may move into the own member's legs.
    expect((await move(other, ben.userId, own.userId, 'R')).body).toMatchObject({ code: 200, data: { moved: 2 } });
    expect((await kit.get(own, '/attractive/user/userDepInfo')).body.data).toMatchObject({ left: { members: 1 }, right: { members: 2 } });
    await expectValidTree(t.db);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});

describe('an operator holding a member account, placing members (npm run ops -- referral place)', () => {
  it('is refused (7011) for placing into their own member’s legs or placing their own member; another operator places them', async () => {
    // top ─ L: own   R: stranger
    const top = await kit.placedSponsor('Top');
    const own = await kit.invitee(top.userId);
    const stranger = await kit.invitee(top.userId);
    await placeDownline(t.deps, memberActor(top.userId), { user_id: own.userId, parent_id: top.userId, side: 'L' });
    await placeDownline(t.deps, memberActor(top.userId), { user_id: stranger.userId, parent_id: top.userId, side: 'R' });
    const invitee = await kit.invitee(own.userId);
    const strangersInvitee = await kit.invitee(stranger.userId);
    const unplacedOwn = await kit.invitee(stranger.userId);
    const ids = await opsOperators(t.db, { quinn: 'owner', rosa: 'owner' });
    await t.db.updateTable('operators').set({ member_id: own.userId }).where('id', '=', ids.quinn!).execute();
    const quinn = (...args: string[]) => runOpsCommand(t.db, ['referral', ...args, '--by', 'quinn'], 'quinn');
    const rosa = (...args: string[]) => runOpsCommand(t.db, ['referral', ...args, '--by', 'rosa'], 'rosa');
    const placementOf = (id: number) => t.db.selectFrom('placements').select(['parent_id', 'side']).where('member_id', '=', id).executeTakeFirst();

    // The own member's invitee would go into the own member's legs.
    await expect(quinn('place', String(invitee.userId), '--apply')).rejects.toMatchObject({ code: ResponseCode.ownMemberAccount });
    // Anyone, placed under the own member on request.
    await expect(quinn('place', String(strangersInvitee.userId), '--under', String(own.userId), '--apply')).rejects.toMatchObject({ code: ResponseCode.ownMemberAccount });
    expect(await placementOf(invitee.userId)).toBeUndefined();
    expect(await placementOf(strangersInvitee.userId)).toBeUndefined();
    // The own member account itself (unplaced here: linked to a member still to place).
    await t.db.updateTable('operators').set({ member_id: unplacedOwn.userId }).where('id', '=', ids.quinn!).execute();
    await expect(quinn('place', String(unplacedOwn.userId), '--apply')).rejects.toMatchObject({ code: ResponseCode.ownMemberAccount });
    expect(await placementOf(unplacedOwn.userId)).toBeUndefined();
    await t.db.updateTable('operators').set({ member_id: own.userId }).where('id', '=', ids.quinn!).execute();

    // Elsewhere the same operator places; another operator places into the own member's legs.
    expect(await quinn('place', String(strangersInvitee.userId), '--apply')).toBe(`member ${strangersInvitee.userId} placed under #${stranger.userId} on side L`);
    expect(await rosa('place', String(invitee.userId), '--apply')).toBe(`member ${invitee.userId} placed under #${own.userId} on side L`);
    await expectValidTree(t.db);
  });
});

describe('an operator holding a member account, deciding commissions', () => {
  it('is refused (7011) voiding or reversing their own member’s commission; nothing changes, nothing is recorded; another operator does it', async () => {
    const parent = await buy.shopper(null);
    const buyer = await buy.shopper(parent.userId);
    const operator = await linkedOperator(parent.userId);
    const commissionOf = (orderId: number) => t.db.selectFrom('commissions').select(['id', 'status', 'beneficiary_id']).where('order_id', '=', orderId).where('level', '=', 1).executeTakeFirstOrThrow();
    const decisionsOf = (id: number) => t.db.selectFrom('operator_actions').select('action').where('target_type', '=', 'commission').where('target_id', '=', id).execute();

    // Pending: voiding it is refused for the own member's operator.
    const pending = await buy.paidOrder(buyer, 4000, 0);
    const c1 = await commissionOf(pending.order_id);
    expect(c1).toMatchObject({ status: 'pending', beneficiary_id: parent.userId });
    const voided = await admin(operator, '/admin/api/referral/commissions/void', { id: c1.id, reason: 'self-dealing' });
    expect(voided.body).toMatchObject({ code: ResponseCode.ownMemberAccount, msg: 'You cannot decide about your own member account', data: null });
    expect((await commissionOf(pending.order_id)).status).toBe('pending');
    expect(await decisionsOf(c1.id)).toEqual([]);

    // Settled: reversing it is refused too; the rewards stay.
    await buy.settle(buyer, pending.order_id);
    expect(await balanceOf(t.db, parent.userId, 'rewards', 'USD')).toBe(200);
    const reversed = await admin(operator, '/admin/api/referral/commissions/reverse', { id: c1.id, reason: 'refunded after settling' });
    expect(reversed.body).toMatchObject({ code: ResponseCode.ownMemberAccount, data: null });
    expect((await commissionOf(pending.order_id)).status).toBe('settled');
    expect(await balanceOf(t.db, parent.userId, 'rewards', 'USD')).toBe(200);
    expect(await decisionsOf(c1.id)).toEqual([]);

    // Another operator reverses it; the linked one voids a stranger's pending commission.
    expect((await admin(other, '/admin/api/referral/commissions/reverse', { id: c1.id, reason: 'refunded after settling' })).body).toMatchObject({ code: 200, data: { id: c1.id, status: 'reversed', reversed: 200 } });
    const strangerBuyer = await buy.shopper(buyer.userId);
    const c2 = await commissionOf((await buy.paidOrder(strangerBuyer, 2000, 0)).order_id);
    expect(c2.beneficiary_id).toBe(buyer.userId);
    expect((await admin(operator, '/admin/api/referral/commissions/void', { id: c2.id, reason: 'self-dealing' })).body).toMatchObject({ code: 200, data: { id: c2.id, status: 'void' } });
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});
