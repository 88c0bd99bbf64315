import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { PAY_PASSWORD, approveRequest, tronAddressOf, usdOf, walletMember } from './fixtures.js';
import { checkLedgerAfterEach } from './ledger-guard.js';

// A stablecoin payout goes to an address of the network it is sent on: one of another network, or
// a mistyped one, is refused before anything is held, in the member's language (and the same check
// guards the operators' pool of deposit addresses).

let t: TestApp;
let owner: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await newOperatorSession(t.db, 'owner');
}, 60_000);
afterAll(() => t.close());
checkLedgerAfterEach(() => t);

type Member = Awaited<ReturnType<typeof walletMember>>;
const withdraw = (m: Member, network: string, address: string, lang = 'en-us') =>
  call(t, 'POST', '/coin/withdraw/create', { headers: m.keyed(), body: { network, address, amount: '20', currency: 'USD', pay_password: PAY_PASSWORD }, lang });
const withdrawalsOf = async (m: Member) => (await t.db.selectFrom('withdrawals').select('id').where('user_id', '=', m.userId).execute()).length;

describe('a stablecoin withdrawal to an address that is not of its network', () => {
  it('is refused with 422 and a clear message, and nothing is held or recorded', async () => {
    const m = await walletMember(t, { usd: 10_000 });
    const wrong = [
      { network: 'ERC20', address: 'TXabcdefghijklmnopqrstuvwxyz123456', msg: 'This is not an Ethereum or BNB Chain address: it is 0x followed by 40 hexadecimal digits' },
      { network: 'TRC20', address: '0x52908400098527886E0F7030069857D2E4169EE7', msg: 'This is not a TRC20 (Tron) address: it is 34 letters and digits starting with T' },
      { network: 'TRC20', address: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', msg: 'This is not a TRC20 (Tron) address: it is 34 letters and digits starting with T' },
      // One character off a real address: its checksum no longer matches.
      { network: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', msg: 'This is not a TRC20 (Tron) address: it is 34 letters and digits starting with T' },
      { network: 'ERC20', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', msg: 'This address’s upper and lower case letters do not match its checksum: please copy it again from your wallet' },
    ];
    for (const w of wrong) {
      const res = await withdraw(m, w.network, w.address);
      expect(res.status, w.address).toBe(422);
      expect(res.body, w.address).toMatchObject({ code: ResponseCode.validation, msg: w.msg });
    }
    // In the member's language too.
    expect((await withdraw(m, 'TRC20', '0x52908400098527886E0F7030069857D2E4169EE7', 'zh-cn')).body.msg).toBe('这不是 TRC20（波场）地址：它由 34 位字母和数字组成，以 T 开头');
    expect(await usdOf(t, m)).toEqual({ currency: 'USD', available: 10_000, frozen: 0 });
    expect(await withdrawalsOf(m)).toBe(0);
  });
});

describe('a stablecoin withdrawal to a real address of its network', () => {
  it('is taken and held: the USDT contract on Tron, an EIP-55 checksummed and a lower-case Ethereum address', async () => {
    const m = await walletMember(t, { usd: 10_000 });
    for (const [network, address] of [
      ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
      ['ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
      ['ERC20', '0x52908400098527886e0f7030069857d2e4169ee7'],
    ] as const) {
      const res = await withdraw(m, network, address);
      expect(res.body.code, `${address}: ${res.body.msg}`).toBe(200);
      expect(res.body.data).toMatchObject({ method: 'crypto', status: 'pending', network, address, amount: 2_000 });
    }
    const usd = await usdOf(t, m);
    expect(usd.frozen).toBeGreaterThanOrEqual(3 * 2_000);
    expect(usd.available + usd.frozen).toBe(10_000);
    expect(await withdrawalsOf(m)).toBe(3);
  });
});

describe('the operators’ pool of deposit addresses', () => {
  it('takes only addresses of the network it is filled for', async () => {
    const fill = (network: string, addresses: string[]) =>
      call(t, 'POST', '/admin/api/wallet/crypto-addresses', { headers: owner.headers, body: { network, addresses, reason: 'new wallet batch from treasury' }, lang: 'en-us' });
    const refused = await fill('TRC20', [tronAddressOf('pool-a'), '0x52908400098527886E0F7030069857D2E4169EE7']);
    expect(refused.status).toBe(422);
    expect(refused.body.msg).toBe('This is not a TRC20 (Tron) address: it is 34 letters and digits starting with T');
    expect((await fill('ERC20', ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'])).status).toBe(422);
    expect(await t.db.selectFrom('crypto_addresses').select('id').where('address', '=', tronAddressOf('pool-a')).execute()).toEqual([]);
    // Well-formed, they are asked for; a second operator's approval adds them.
    const asked = await fill('TRC20', [tronAddressOf('pool-a'), tronAddressOf('pool-b')]);
    expect(asked.body).toMatchObject({ code: 200, data: { request: { kind: 'receiving_account.set', status: 'pending' } } });
    expect(await approveRequest(t, asked.body.data.request.id)).toEqual({ added: 2 });
  });
});
