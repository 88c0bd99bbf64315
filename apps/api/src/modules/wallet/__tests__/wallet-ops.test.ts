import { ResponseCode } from '@shop/contract';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOpsCommand } from '../../../ops/commands.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { balanceOf, ledgerCheck } from '../../ledger/ledger.service.js';
import { maybank, PAY_PASSWORD, slipOf, tronAddressOf, walletMember, withCollectionAccounts } from './fixtures.js';
import { checkLedgerAfterEach } from './ledger-guard.js';
import { OPS_CLI } from '../../../test/api-processes.js';
import { opsAuthenticators, opsOperators, withCode } from '../../../ops/__tests__/ops-operators.js';

// `npm run ops -- wallet …`: the operator's queues and settings of the wallet.

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../../../../..');

let t: TestApp;
let ids: Record<string, number> = {};
/** `--code` and the current code of the operator's authenticator (a decision about money needs it). */
let code: (name: string) => Promise<string[]>;
/** How a command-line operator's decisions are recorded: as the console records them, `name#id`. */
const recordedAs = (name: string) => `${name}#${ids[name]}`;
beforeAll(async () => {
  t = await buildTestApp();
  await withCollectionAccounts(t);
  // The console operators the commands run as (`--by`, else the default name).
  ids = await opsOperators(t.db, { olivia: 'owner', bruno: 'owner' });
  code = await opsAuthenticators(t.db, ['olivia', 'bruno']);
}, 60_000);
afterAll(() => t.close());
checkLedgerAfterEach(() => t);

// Typed as the operator does: a decision about money with the code of their authenticator.
const ops = async (...argv: string[]) => runOpsCommand(t.db, await withCode(code, argv, 'olivia'), 'olivia');
const refused = (...argv: string[]) => ops(...argv).then(() => '', (e: Error) => e.message);
const decisions = (targetType: 'recharge' | 'withdrawal', id: number) => t.db.selectFrom('operator_actions').select(['operator', 'action', 'reason']).where('target_type', '=', targetType).where('target_id', '=', id).orderBy('id').execute();

describe('wallet operator commands', () => {
  it('a bank-transfer top-up is listed and confirmed from the command line (the real script): credited once, recorded', async () => {
    const m = await walletMember(t);
    const r = (await call(t, 'POST', '/user/recharge/create', { headers: m.keyed(), body: { channel: 'bank_transfer', amount: '120.00', currency: 'USD', slip: await slipOf(t, m) } })).body.data;
    expect(await ops('wallet', 'recharges')).toContain(`#${r.id}  ${r.order_no}`);
    const cli = (args: string[]) =>
      run(process.execPath, [...OPS_CLI, ...args], { cwd: ROOT, env: { ...process.env, DATABASE_URL: t.deps.config.DATABASE_URL, OPERATOR: 'olivia', NODE_ENV: 'test' } });
    const { stdout } = await cli(['wallet', 'recharge', 'confirm', String(r.id), '--reason', 'slip matches statement', ...(await code('olivia'))]);
    const requestId = Number(/request #(\d+)/.exec(stdout)?.[1]);
    expect(stdout).toContain('waits for a second operator');
    expect(await balanceOf(t.db, m.userId, 'cash', 'USD')).toBe(0);
    // The one who asked cannot approve it; another operator does, once.
    expect(await refused('approvals', 'approve', String(requestId))).toContain(String(ResponseCode.approvalOwnRequest));
    expect(await ops('approvals')).toContain(`#${requestId}  recharge.confirm`);
    expect(await ops('approvals', 'approve', String(requestId), '--by', 'bruno')).toContain('approved (by bruno)');
    expect(await balanceOf(t.db, m.userId, 'cash', 'USD')).toBe(12_000);
    // Again: refused, nothing credited twice.
    const again = await cli(['wallet', 'recharge', 'confirm', String(r.id), '--reason', 'again', ...(await code('olivia'))]).then(() => undefined, (e: { code: number; stderr: string }) => e);
    expect(again?.code).toBe(1);
    expect(await refused('approvals', 'approve', String(requestId), '--by', 'carla')).not.toBe('');
    expect(await balanceOf(t.db, m.userId, 'cash', 'USD')).toBe(12_000);
    expect(await decisions('recharge', r.id)).toEqual([{ operator: recordedAs('bruno'), action: 'recharge.confirm', reason: 'slip matches statement' }]);
    expect(await ledgerCheck(t.db)).toEqual([]);
  }, 60_000);

  it('rejects a top-up only with a reason', async () => {
    const m = await walletMember(t);
    const r = (await call(t, 'POST', '/user/recharge/create', { headers: m.keyed(), body: { channel: 'bank_transfer', amount: '50', currency: 'USD', slip: await slipOf(t, m) } })).body.data;
    expect(await refused('wallet', 'recharge', 'reject', String(r.id))).toContain('reason');
    expect(await ops('wallet', 'recharge', 'reject', String(r.id), '--reason', 'no such transfer')).toContain('rejected');
    expect((await call(t, 'GET', `/user/recharge/orderInfo?id=${r.id}`, { headers: m.headers })).body.data).toMatchObject({ status: 'rejected', reason: 'no such transfer' });
  });

  it('withdrawals: approve then mark paid with the payout reference; reject releases the hold', async () => {
    const m = await walletMember(t, { usd: 10_000 });
    const card = (await call(t, 'POST', '/user/bank_card/create', { headers: m.headers, body: { bank_id: await maybank(t), holder_name: 'Tan Mei', account_number: '514012345678', currency: 'USD', pay_password: PAY_PASSWORD } })).body.data.id;
    const w1 = (await call(t, 'POST', '/user/withdraw/create', { headers: m.keyed(), body: { bank_card_id: card, amount: '20', currency: 'USD', pay_password: PAY_PASSWORD } })).body.data;
    const w2 = (await call(t, 'POST', '/user/withdraw/create', { headers: m.keyed(), body: { bank_card_id: card, amount: '30', currency: 'USD', pay_password: PAY_PASSWORD } })).body.data;
    const queue = await ops('wallet', 'withdrawals');
    expect(queue).toContain(`#${w1.id}`);
    expect(queue).toContain(`#${w2.id}`);
    expect(await refused('wallet', 'withdrawal', 'paid', String(w1.id), '--ref', 'TT-001')).not.toBe('');
    expect(await ops('wallet', 'withdrawal', 'approve', String(w1.id))).toContain('approved');
    expect(await refused('wallet', 'withdrawal', 'paid', String(w1.id))).toContain('payout_reference');
    expect(await refused('wallet', 'withdrawal', 'paid', String(w1.id), '--ref', 'TT-001')).toContain(String(ResponseCode.payoutSameOperator));
    expect(await ops('wallet', 'withdrawal', 'paid', String(w1.id), '--ref', 'TT-001', '--by', 'bruno')).toContain('paid');
    expect(await ops('wallet', 'withdrawal', 'reject', String(w2.id), '--reason', 'card closed')).toContain('rejected');
    expect((await call(t, 'GET', `/user/withdraw/info?id=${w2.id}`, { headers: m.headers })).body.data.status).toBe('rejected');
    // 100 − (20 + fee) paid out; the 30 is back.
    const fee = w1.fee as number;
    expect(await balanceOf(t.db, m.userId, 'cash', 'USD')).toBe(10_000 - 2000 - fee);
    expect((await decisions('withdrawal', w1.id)).map((d) => d.action)).toEqual(['withdrawal.approved', 'withdrawal.paid']);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('gift-card batches, points grants, banks, collection accounts, channels, limits and deposit addresses', async () => {
    const m = await walletMember(t);
    const expires = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const batch = await ops('wallet', 'gift-cards', m.userName, '--currency', 'USD', '--value', '500', '--count', '2', '--expires', expires, '--reason', 'promotion');
    expect(batch).toContain('waits for a second operator');
    expect((await call(t, 'GET', '/user/gift_card/list', { headers: m.headers })).body.data.list).toHaveLength(0);
    expect(await ops('approvals', 'approve', /request #(\d+)/.exec(batch)![1]!, '--by', 'bruno')).toContain('approved');
    expect((await call(t, 'GET', '/user/gift_card/list', { headers: m.headers })).body.data.list).toHaveLength(2);
    expect(await refused('wallet', 'gift-cards', m.userName, '--currency', 'USD', '--value', '500', '--count', '0', '--expires', expires)).toContain('count');

    const points = await ops('wallet', 'points', String(m.userId), 'points', '250', '--reason', 'goodwill');
    const pointsRequest = /request #(\d+)/.exec(points)![1]!;
    expect(await ops('approvals', 'cancel', pointsRequest, '--by', 'bruno').then(() => '', (e: Error) => e.message)).toContain(String(ResponseCode.approvalNotYours));
    expect(await ops('approvals', 'approve', pointsRequest, '--by', 'bruno')).toContain('approved');
    expect((await call(t, 'GET', '/user/wallet/pointsInfo', { headers: m.headers })).body.data.points).toBe(250);
    expect(await refused('wallet', 'points', String(m.userId), 'points', '250')).toContain('reason');

    expect(await ops('wallet', 'bank', 'MY', 'ewallet', 'TNGDMYNB', '--name', "Touch 'n Go eWallet")).toMatch(/^bank \d+ added$/);
    // Where members send money waits for a second operator, as in the console: members see it once approved.
    const shownAccount = async () => (await call(t, 'GET', '/attractive/currency/companyCollectionWay?currency=MYR', { headers: m.headers })).body.data.list.some((a: { account_number: string }) => a.account_number === '514099990000');
    const accountAsked = await ops('wallet', 'collection-account', 'MYR', '--bank', 'Maybank', '--name', 'Shop Sdn Bhd', '--number', '514099990000');
    expect(accountAsked).toMatch(/^request #\d+ \(receiving_account\.set: MYR Maybank · Shop Sdn Bhd · 514099990000\) waits for a second operator/);
    expect(await shownAccount()).toBe(false);
    const accountRequest = /request #(\d+)/.exec(accountAsked)![1]!;
    expect(await refused('approvals', 'approve', accountRequest)).toContain(String(ResponseCode.approvalOwnRequest));
    expect(await ops('approvals', 'approve', accountRequest, '--by', 'bruno')).toContain('approved');
    expect(await shownAccount()).toBe(true);

    expect(await ops('wallet', 'channel', 'duitnow', 'bank_transfer', '--name', 'DuitNow', '--currencies', 'MYR', '--min', '1000', '--max', '500000')).toBe('channel duitnow saved');
    expect((await call(t, 'GET', '/attractive/currency/rechargeChannel', { headers: m.headers })).body.data.list.map((c: { code: string }) => c.code)).toContain('duitnow');
    expect(await ops('wallet', 'channel', 'duitnow', 'bank_transfer', '--name', 'DuitNow', '--currencies', 'MYR', '--min', '1000', '--max', '500000', '--off')).toBe('channel duitnow saved (off)');
    expect((await call(t, 'GET', '/attractive/currency/rechargeChannel', { headers: m.headers })).body.data.list.map((c: { code: string }) => c.code)).not.toContain('duitnow');

    expect(await refused('wallet', 'limit', 'USD', 'transfer', '--fee-bp', '0', '--fee-fixed', '0', '--min', '500', '--max', '100', '--daily-count', '5', '--daily-amount', '1000')).not.toBe('');
    expect(await ops('wallet', 'limit', 'USD', 'transfer', '--fee-bp', '0', '--fee-fixed', '0', '--min', '100', '--max', '500000', '--daily-count', '20', '--daily-amount', '1000000')).toBe('limits of transfer in USD saved');

    const addressesAsked = await ops('wallet', 'crypto-addresses', 'TRC20', tronAddressOf('ops-1'), tronAddressOf('ops-2'));
    expect(addressesAsked).toMatch(/^request #\d+ \(receiving_account\.set: 2 TRC20 deposit address\(es\): \S+ …\) waits for a second operator/);
    expect(await ops('approvals', 'approve', /request #(\d+)/.exec(addressesAsked)![1]!, '--by', 'bruno')).toContain('approved');
    expect(await t.db.selectFrom('crypto_addresses').select('id').where('address', 'in', [tronAddressOf('ops-1'), tronAddressOf('ops-2')]).execute()).toHaveLength(2);
    const added = await t.db.selectFrom('operator_actions').select(['action', 'facts']).where('operator', '=', recordedAs('bruno')).execute();
    expect(added).toContainEqual({ action: 'collection_account.add', facts: { key: 'collection_account', currency: 'MYR', request_id: Number(accountRequest), asked_by: recordedAs('olivia') } });
    const actions = await t.db.selectFrom('operator_actions').select(['action', 'facts']).where('operator', '=', recordedAs('olivia')).execute();
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining([expect.stringMatching(/^receiving_account\.set\.request #\d+$/), 'recharge_channel.set', 'wallet_limit.set']));
    // The channel switched off, recorded as facts the console words: the values set and those they replaced.
    expect(actions.map((a) => a.facts)).toContainEqual(expect.objectContaining({ key: 'recharge_channel', code: 'duitnow', values: expect.objectContaining({ enabled: false }), before: expect.objectContaining({ enabled: true }) }));
    expect(actions.map((a) => a.facts)).toContainEqual(expect.objectContaining({ key: 'wallet_limit', currency: 'USD', kind: 'transfer' }));
    expect(await refused('wallet', 'explode')).toContain('wallet commands');
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});
