import { ResponseCode } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { call } from '../../modules/catalogue/__tests__/helpers.js';
import { fund } from '../../modules/ledger/__tests__/ledger-helpers.js';
import { balanceOf, ledgerCheck } from '../../modules/ledger/ledger.service.js';
import { memberWithOrder } from '../../modules/payments/__tests__/payments-helpers.js';
import { PAY_PASSWORD } from '../../modules/wallet/__tests__/fixtures.js';
import { runOpsCommand } from '../commands.js';
import { opsOperators } from './ops-operators.js';

// An operator offers THB in the wallet: members top up THB, and can then pay THB orders with that
// balance. The balance pay method in THB is added with the currency; one an operator switched off
// stays off, and the command says how to let members pay with it.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await opsOperators(t.db, { olivia: 'owner' });
}, 60_000);
afterAll(() => t.close());

const ops = (...args: string[]) => runOpsCommand(t.db, args, 'olivia');
const balanceRow = () => t.db.selectFrom('pay_methods').selectAll().where('code', '=', 'balance').where('currency', '=', 'THB').executeTakeFirst();

describe('wallet currency on', () => {
  it('offers the balance as a way to pay in that currency; one an operator switched off stays off and the command says so', async () => {
    expect(await balanceRow()).toBeUndefined();
    expect(await ops('wallet', 'currency', 'THB', 'on', '--reason', 'Thai members')).toBe('THB offered in the wallet; members pay with their THB balance (pay method "balance" THB, added)');
    expect(await balanceRow()).toMatchObject({ enabled: true, fee_bp: 0, gateway: null, method: 'cash', country_code: '*', updated_by: expect.stringMatching(/^olivia/) });
    const recorded = await t.db.selectFrom('operator_actions').select(['action', 'reason', 'facts']).where('action', 'like', 'setting.pay_method%').execute();
    expect(recorded).toEqual([{ action: 'setting.pay_method', reason: 'Thai members', facts: { key: 'pay_method_added', code: 'balance', currency: 'THB' } }]);

    // A member with THB in the wallet sees the balance among the THB methods and pays a THB order with it.
    const m = await memberWithOrder(t, { currency: 'THB', price: 30_000 });
    await fund(t.db, m.userId, 50_000, 'THB');
    const listed = (await call(t, 'GET', '/attractive/user/payWay?currency=THB', { headers: m.headers })).body.data.list as Array<{ pay_way: string; balance: number | null }>;
    expect(listed.find((x) => x.pay_way === 'balance')).toMatchObject({ balance: 50_000 });
    const paid = await call(t, 'POST', '/shop/buy/payOrder', { headers: m.keyed(), body: { order_id: m.order.id, pay_way: 'balance', pay_password: PAY_PASSWORD } });
    expect(paid.body.code, paid.body.msg).toBe(200);
    expect(paid.body.data).toMatchObject({ state: 'success', currency: 'THB', gateway_part: 0 });
    expect(await balanceOf(t.db, m.userId, 'cash', 'THB')).toBe(50_000 - paid.body.data.balance_part);

    // Switched off and on again: nothing is added twice. An operator's "off" for the method stays.
    expect(await ops('wallet', 'currency', 'THB', 'off')).toBe('THB no longer offered in the wallet');
    await t.db.updateTable('pay_methods').set({ enabled: false, updated_by: 'olivia' }).where('code', '=', 'balance').where('currency', '=', 'THB').execute();
    expect(await ops('wallet', 'currency', 'THB', 'on')).toBe('THB offered in the wallet; paying with the THB balance is switched off: enable pay method "balance" THB in the console\'s payment methods');
    expect(await t.db.selectFrom('pay_methods').select('enabled').where('code', '=', 'balance').where('currency', '=', 'THB').execute()).toEqual([{ enabled: false }]);
    const other = await memberWithOrder(t, { currency: 'THB', price: 30_000 });
    await fund(t.db, other.userId, 50_000, 'THB');
    const refused = await call(t, 'POST', '/shop/buy/payOrder', { headers: other.keyed(), body: { order_id: other.order.id, pay_way: 'balance', pay_password: PAY_PASSWORD } });
    expect(refused.body.code).toBe(ResponseCode.payMethodUnavailable);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});
