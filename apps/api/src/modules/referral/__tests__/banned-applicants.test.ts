import { ResponseCode } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { lockWaiters } from '../../../test/test-database.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { walletMember } from '../../wallet/__tests__/fixtures.js';
import { placeDownline } from '../referral.service.js';
import { memberActor } from '../../orders/__tests__/actors.js';
import { key, referralKit } from './fixtures.js';

// An operator could approve a banned member's service-centre application: the role was granted and
// the console's queue showed nothing of the ban. A banned member's application can be rejected, never
// approved while the ban lasts; lifted, it can be approved again.

let t: TestApp;
let support: Awaited<ReturnType<typeof newOperatorSession>>;
let owner: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  support = await newOperatorSession(t.db, 'support');
  owner = await newOperatorSession(t.db, 'owner');
});
afterAll(() => t.close());

type Op = { headers: Record<string, string> };
const get = (op: Op, url: string) => call(t, 'GET', url, { headers: op.headers, lang: 'en-us' });
const post = (op: Op, url: string, body: unknown, lang = 'en-us') => call(t, 'POST', url, { headers: { ...op.headers, 'idempotency-key': key() }, body, lang });
const application = { name: 'Mei Tan', mobile_pre: '60', mobile: '123456789', country: 'MY', address: '1 Jalan Ampang, Kuala Lumpur', note: 'Ten years in retail', shop_name: 'Mei’s corner' };

async function applicant(kind: 'applyFuwuCenter' | 'applyJxs' | 'applyUser') {
  const m = await walletMember(t);
  const filed = await post(m, `/attractive/user/${kind}`, application);
  expect(filed.body.code).toBe(200);
  return { member: m, id: filed.body.data.application_id as number };
}
const rolesOf = (memberId: number) => t.db.selectFrom('member_roles').select(['kind', 'status']).where('member_id', '=', memberId).execute();
const statusOf = async (id: number) => (await t.db.selectFrom('role_applications').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const decide = (id: number, approve: boolean, lang?: string) => post(support, '/admin/api/referral/applications/decide', { id, approve, reason: approve ? 'Premises checked' : 'Account banned' }, lang);

describe('a banned member’s application', () => {
  it('shows the ban in the queue, is refused on approval in the operator’s language and grants nothing, can be rejected; lifted, what still waits can be approved', async () => {
    const { member, id } = await applicant('applyFuwuCenter');
    const dealer = (await post(member, '/attractive/user/applyJxs', application)).body.data.application_id as number;
    const other = await applicant('applyUser');
    expect((await post(owner, '/admin/api/members/ban', { id: member.userId, banned: true, reason: 'Fraudulent orders' })).body.code).toBe(200);

    const queue = (await get(support, '/admin/api/referral/applications?status=pending')).body.data.list as Array<{ id: number; member_status: string }>;
    expect(queue.find((a) => a.id === id)).toMatchObject({ member_id: member.userId, member_status: 'banned' });
    expect(queue.find((a) => a.id === other.id)).toMatchObject({ member_status: 'active' });

    expect((await decide(id, true)).body).toMatchObject({ code: ResponseCode.referralMemberBanned, msg: 'This member is banned: the application cannot be approved. Reject it, or lift the ban first' });
    expect((await decide(id, true, 'zh-cn')).body).toMatchObject({ code: ResponseCode.referralMemberBanned, msg: '该会员已被封禁，无法批准此申请。请拒绝申请，或先解除封禁' });
    expect(await rolesOf(member.userId)).toEqual([]);
    expect(await statusOf(id)).toBe('pending');
    expect(await t.db.selectFrom('operator_actions').select('action').where('target_type', '=', 'role_application').where('target_id', '=', id).execute()).toEqual([]);

    expect((await decide(id, false)).body).toMatchObject({ code: 200, data: { status: 'rejected' } });
    // The ban closed nothing: the member's other application still waits.
    expect(await statusOf(dealer)).toBe('pending');

    // The ban lifted, what still waits is approved.
    expect((await post(owner, '/admin/api/members/ban', { id: member.userId, banned: false, reason: 'Cleared by the bank' })).body.code).toBe(200);
    expect((await decide(dealer, true)).body).toMatchObject({ code: 200, data: { status: 'approved' } });
    expect(await rolesOf(member.userId)).toEqual([{ kind: 'dealer', status: 'active' }]);
  });

  it('a closed account’s application is refused on approval too, and can be rejected', async () => {
    const { member, id } = await applicant('applyJxs');
    await t.db.updateTable('users').set({ status: 'closed' }).where('id', '=', member.userId).execute();
    expect((await get(support, '/admin/api/referral/applications?status=pending&kind=dealer')).body.data.list.find((a: { id: number }) => a.id === id)).toMatchObject({ member_status: 'closed' });
    expect((await decide(id, true)).body.code).toBe(ResponseCode.memberClosed);
    expect(await rolesOf(member.userId)).toEqual([]);
    expect((await decide(id, false)).body.data.status).toBe('rejected');
  });

  it('banned while the approval is on its way: the approval waits for the ban, then is refused and grants nothing', async () => {
    const { member, id } = await applicant('applyFuwuCenter');
    const waitingOnLocks = () => lockWaiters(t.db);
    let answered = false;
    let approving: ReturnType<typeof decide> | undefined;
    // The ban's transaction holds the member's row (as the console's ban does) while the approval arrives.
    await t.db.transaction().execute(async (tx) => {
      await tx.updateTable('users').set({ status: 'banned' }).where('id', '=', member.userId).execute();
      approving = decide(id, true).finally(() => (answered = true));
      // Until the approval either waits for the member's row or has answered (it could not see the ban yet).
      await vi.waitFor(
        async () => {
          if (!answered && (await waitingOnLocks()) === 0) throw new Error('the approval has not reached the member yet');
        },
        { timeout: 10_000, interval: 10 },
      );
    });
    expect((await approving!).body.code).toBe(ResponseCode.referralMemberBanned);
    expect(await rolesOf(member.userId)).toEqual([]);
    expect(await statusOf(id)).toBe('pending');
  });
});

describe('the console’s placement tree', () => {
  it('tags a banned or closed member; the members’ own tree says nothing of it', async () => {
    const kit = referralKit(t);
    const sponsor = await kit.placedSponsor('Sponsor Sue');
    const banned = await kit.invitee(sponsor.userId);
    const closed = await kit.invitee(sponsor.userId);
    await placeDownline(t.deps, memberActor(sponsor.userId), { user_id: banned.userId, parent_id: sponsor.userId, side: 'L' });
    await placeDownline(t.deps, memberActor(sponsor.userId), { user_id: closed.userId, parent_id: sponsor.userId, side: 'R' });
    expect((await post(owner, '/admin/api/members/ban', { id: banned.userId, banned: true, reason: 'Fraudulent orders' })).body.code).toBe(200);
    await t.db.updateTable('users').set({ status: 'closed' }).where('id', '=', closed.userId).execute();

    const tree = (await get(support, `/admin/api/referral/tree?root_id=${sponsor.userId}&levels=1`)).body.data.tree;
    expect(tree.member_status).toBeUndefined();
    expect(tree.children.L).toMatchObject({ id: banned.userId, member_status: 'banned' });
    expect(tree.children.R).toMatchObject({ id: closed.userId, member_status: 'closed' });

    const own = (await kit.get(sponsor, '/attractive/user/anzhiTree?levels=1')).body.data.tree;
    expect(own.children.L.id).toBe(banned.userId);
    expect(own.children.L).not.toHaveProperty('member_status');
    expect(own.children.R).not.toHaveProperty('member_status');
  });
});

describe('the applications queue', () => {
  it('lists the waiting applications oldest first, then the decided ones newest first', async () => {
    const first = await applicant('applyUser');
    const second = await applicant('applyUser');
    const third = await applicant('applyUser');
    expect((await decide(second.id, false)).body.code).toBe(200);
    const ids = ((await get(support, '/admin/api/referral/applications?limit=100')).body.data.list as Array<{ id: number; status: string }>).map((a) => a.id);
    // Whatever else waits, these two wait in the order they came, and before any decided one.
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(third.id));
    expect(ids.indexOf(third.id)).toBeLessThan(ids.indexOf(second.id));
    const waiting = ((await get(support, '/admin/api/referral/applications?status=pending&limit=100')).body.data.list as Array<{ id: number }>).map((a) => a.id);
    expect(waiting).toEqual([...waiting].sort((a, b) => a - b));
  });
});
