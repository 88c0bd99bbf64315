import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { decide, signedInOperator } from '../../modules/operators/__tests__/operator-fixtures.js';
import { runOpsCommand } from '../commands.js';
import { opsAuthenticators, opsOperators } from './ops-operators.js';
import { walletMember } from '../../modules/wallet/__tests__/fixtures.js';

// `--by` names the console operator the command line decides as: their id, role and member account,
// so the four-eyes rules hold at the machine as in the console.

let t: TestApp;
let ids: Record<string, number>;
/** `--code` and the current code of the operator's authenticator (deciding about value needs it). */
let codeOf: (name: string) => Promise<string[]>;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await opsOperators(t.db, { olivia: 'owner', bruno: 'owner', fiona: 'finance', cora: 'catalogue', gone: 'owner' });
  codeOf = await opsAuthenticators(t.db, ['olivia', 'bruno', 'fiona', 'cora']);
  await t.db.updateTable('operators').set({ status: 'disabled' }).where('id', '=', ids.gone!).execute();
}, 60_000);
afterAll(() => t.close());

const ops = (...argv: string[]) => runOpsCommand(t.db, argv, 'olivia');
const couponCount = async (code: string) => (await t.db.selectFrom('coupons').select('id').where('code', '=', code).execute()).length;
let n = 0;
const askCoupon = async (by: string) => {
  const code = `ASOP${++n}${Date.now().toString(36).slice(-4)}`.toUpperCase();
  const asked = await ops('order', 'coupon', 'create', code, '--amount', '500', '--currency', 'USD', '--days', '7', '--reason', 'campaign', '--by', by);
  return { code, id: /request #(\d+)/.exec(asked)![1]! };
};

describe('the command line decides as the operator --by names', () => {
  it('refuses an operator approving their own request asked in the console, by id (7010): no coupon', async () => {
    const owner = await signedInOperator(t, 'owner');
    const code = `CONS${Date.now().toString(36).slice(-5)}`.toUpperCase();
    const body = { code, kind: 'amount', amount: 500, currency: 'USD', starts_at: new Date().toISOString(), ends_at: new Date(Date.now() + 7 * 86_400_000).toISOString(), reason: 'console campaign' };
    const asked = await decide(t, '/admin/api/orders/coupons', body, owner.token, `cons-${code}`);
    expect(asked.body.code).toBe(200);
    const id = String(asked.body.data.request.id);
    const ownerCode = await opsAuthenticators(t.db, [owner.userName]);
    await expect(ops('approvals', 'approve', id, '--by', owner.userName, ...(await ownerCode(owner.userName)))).rejects.toMatchObject({ code: ResponseCode.approvalOwnRequest });
    expect(await couponCount(code)).toBe(0);
    // Another operator approves it, recorded as the console records them.
    expect(await ops('approvals', 'approve', id, '--by', 'bruno', ...(await codeOf('bruno')))).toContain('approved (by bruno)');
    expect((await t.db.selectFrom('approval_requests').select(['decided_by', 'decided_by_id']).where('id', '=', Number(id)).executeTakeFirstOrThrow())).toEqual({ decided_by: `bruno#${ids.bruno}`, decided_by_id: ids.bruno });
    expect(await couponCount(code)).toBe(1);
  });

  it('refuses the same operator approving their own command-line request, whatever the case of the name', async () => {
    const { code, id } = await askCoupon('olivia');
    await expect(ops('approvals', 'approve', id, '--by', 'OLIVIA', ...(await codeOf('olivia')))).rejects.toMatchObject({ code: ResponseCode.approvalOwnRequest });
    expect(await couponCount(code)).toBe(0);
  });

  it('decides only the kinds the operator’s role decides in the console, and runs other commands only with their permission', async () => {
    const { code, id } = await askCoupon('olivia');
    // A catalogue operator decides no coupon, as the console's Approvals page shows them none.
    await expect(ops('approvals', 'approve', id, '--by', 'cora', ...(await codeOf('cora')))).rejects.toMatchObject({ code: ResponseCode.notFound });
    expect(await ops('approvals', '--by', 'cora')).toBe('no pending requests');
    expect(await couponCount(code)).toBe(0);
    await expect(ops('order', 'coupon', 'create', 'CORAS1', '--amount', '100', '--currency', 'USD', '--days', '7', '--reason', 'x', '--by', 'cora')).rejects.toThrow('operator cora (catalogue) may not do this: it needs the permission settings.write');
    await expect(ops('log', '--by', 'cora')).rejects.toThrow('needs the permission audit.read');
    // Finance approves value: a coupon too.
    expect(await ops('approvals', 'approve', id, '--by', 'fiona', ...(await codeOf('fiona')))).toContain('approved (by fiona)');
    expect(await couponCount(code)).toBe(1);
  });

  it('refuses a name that is no operator, or a disabled one, with a plain message and nothing done', async () => {
    const { code, id } = await askCoupon('olivia');
    await expect(ops('approvals', 'approve', id, '--by', 'mallory')).rejects.toThrow(/^no operator mallory: --by/);
    await expect(ops('approvals', 'approve', id, '--by', 'gone')).rejects.toThrow('operator gone is disabled: they decide nothing');
    await expect(runOpsCommand(t.db, ['approvals', 'approve', id], 'root')).rejects.toThrow(/^no operator root/);
    expect(await couponCount(code)).toBe(0);
    expect((await t.db.selectFrom('approval_requests').select('status').where('id', '=', Number(id)).executeTakeFirstOrThrow()).status).toBe('pending');
  });

  it('refuses an operator deciding about the member account they hold', async () => {
    const m = await walletMember(t);
    await ops('operator', 'member', 'bruno', m.userName, '--reason', 'bruno shops here too');
    const asked = await ops('wallet', 'points', String(m.userId), 'points', '250', '--reason', 'goodwill');
    const id = /request #(\d+)/.exec(asked)![1]!;
    await expect(ops('approvals', 'approve', id, '--by', 'bruno', ...(await codeOf('bruno')))).rejects.toMatchObject({ code: ResponseCode.ownMemberAccount });
    expect(await ops('approvals', 'approve', id, '--by', 'fiona', ...(await codeOf('fiona')))).toContain('approved (by fiona)');
  });
});
