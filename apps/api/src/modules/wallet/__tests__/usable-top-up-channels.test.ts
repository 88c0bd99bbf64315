import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { approveRequest, tronAddressOf, walletMember } from './fixtures.js';

// A top-up channel is offered only when it can take money now: a currency with no rate into the
// wallet currency is not offered (CTBC card in TWD before an operator sets a TWD rate), nor is a
// stablecoin channel with no deposit address to give, nor a bank transfer with no company account to
// send it to. What the page lists and what create accepts
// are one rule: a channel appears as soon as an operator adds what it lacked.

let t: TestApp;
let finance: Awaited<ReturnType<typeof newOperatorSession>>;
let approver: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  finance = await newOperatorSession(t.db, 'finance');
  approver = await newOperatorSession(t.db, 'owner');
}, 60_000);
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof walletMember>>;
type Channel = { code: string; currencies: string[] };
const get = (url: string, m: Member) => call(t, 'GET', url, { headers: m.headers, lang: 'en-us' });
const post = (url: string, body: unknown, headers: Record<string, string>) => call(t, 'POST', url, { headers, body, lang: 'en-us' });
let keys = 0;
const keyed = (headers: Record<string, string>) => ({ ...headers, 'idempotency-key': `usable-${Date.now().toString(36)}-${++keys}` });

/** The channels each member call offers (config, channel list, top-up info), which must agree: code → currencies. */
async function offered(m: Member) {
  const [config, list, info] = await Promise.all([get('/user/recharge/config', m), get('/attractive/currency/rechargeChannel', m), get('/user/recharge/info', m)]);
  const of = (channels: Channel[]) => Object.fromEntries(channels.map((c) => [c.code, c.currencies]));
  expect(of(list.body.data.list)).toEqual(of(config.body.data.channels));
  expect(of(info.body.data.channels)).toEqual(of(config.body.data.channels));
  return { channels: of(config.body.data.channels) as Record<string, string[]>, networks: config.body.data.crypto_networks as string[] };
}

describe('top-up channels that cannot take money now', () => {
  it('leaves out CTBC card while TWD has no rate into the wallet currency, and offers it once an operator sets one', async () => {
    const m = await walletMember(t);
    const before = await offered(m);
    expect(Object.keys(before.channels)).toEqual(expect.arrayContaining(['online']));
    expect(before.channels).not.toHaveProperty('ctbc');
    // The same rule at create: refused as before, with the reason.
    const refused = await post('/user/recharge/create', { channel: 'ctbc', amount: '1600', currency: 'TWD' }, m.keyed());
    expect(refused.body).toMatchObject({ code: ResponseCode.rateUnavailable, msg: 'No exchange rate is available from TWD to USD' });

    const asked = await post('/admin/api/rates/set', { base: 'TWD', quote: 'USD', rate: '0.03125', reason: 'bank board rate for CTBC top-ups' }, finance.headers);
    expect(asked.body.code, asked.body.msg).toBe(200);
    await approveRequest(t, asked.body.data.request.id, approver.headers);

    expect((await offered(m)).channels).toMatchObject({ ctbc: ['TWD'] });
    const created = await post('/user/recharge/create', { channel: 'ctbc', amount: '1600', currency: 'TWD' }, m.keyed());
    expect(created.body).toMatchObject({ code: 200, data: { channel: 'ctbc', status: 'awaiting_payment', pay_currency: 'TWD', wallet_currency: 'USD', credit_amount: 5000 } });
  });

  it('offers a channel only in the currencies it can take money in now', async () => {
    // KHR has no rate from the feed and none set by an operator here; USD has.
    const saved = await post('/admin/api/wallet/recharge-channels', { code: 'aba_pay', kind: 'online', name: 'ABA Pay', currencies: ['KHR', 'USD'], min: 100, max: 1_000_000, reason: 'Cambodian members' }, keyed(approver.headers));
    expect(saved.body.code, saved.body.msg).toBe(200);
    const m = await walletMember(t);
    expect((await offered(m)).channels).toMatchObject({ aba_pay: ['USD'] });
    expect((await post('/user/recharge/create', { channel: 'aba_pay', amount: '40000', currency: 'KHR' }, m.keyed())).body.code).toBe(ResponseCode.rateUnavailable);
  });

  it('leaves out the stablecoin channel while no deposit address can be given, and offers it once the operators add some', async () => {
    const m = await walletMember(t);
    const before = await offered(m);
    expect(before.networks).toEqual([]);
    expect(before.channels).not.toHaveProperty('usdt');
    const refused = await post('/user/recharge/create', { channel: 'usdt', amount: '50', currency: 'USD', tx_hash: `0x${'ab'.repeat(32)}` }, m.keyed());
    expect(refused.body.code).toBe(ResponseCode.noCryptoAddress);

    const asked = await post('/admin/api/wallet/crypto-addresses', { network: 'TRC20', addresses: [tronAddressOf(`usable-${Date.now()}`)], reason: 'new wallet batch from treasury' }, approver.headers);
    expect(asked.body.code, asked.body.msg).toBe(200);
    await approveRequest(t, asked.body.data.request.id, finance.headers);

    const after = await offered(m);
    expect(after.networks).toEqual(['TRC20']);
    expect(after.channels).toMatchObject({ usdt: ['USD'] });
  });

  it('offers a bank transfer only in currencies the company has a collection account in, once a second operator approved it', async () => {
    const m = await walletMember(t);
    const before = await offered(m);
    expect(before.channels).not.toHaveProperty('bank_transfer');
    const refused = await post('/user/recharge/create', { channel: 'bank_transfer', amount: '50', currency: 'USD', slip: 'https://example.com/slip.png' }, m.keyed());
    expect(refused.body.code).toBe(ResponseCode.channelUnavailable);

    const asked = await post('/admin/api/wallet/collection-accounts', { currency: 'MYR', bank_name: 'Maybank', account_name: 'Shop Sdn Bhd', account_number: `5140 ${Date.now().toString().slice(-4)} 0009`, branch: 'Kuala Lumpur', reason: 'new company account' }, keyed(approver.headers));
    expect(asked.body.code, asked.body.msg).toBe(200);
    expect((await offered(m)).channels).not.toHaveProperty('bank_transfer');
    await approveRequest(t, asked.body.data.request.id, finance.headers);
    expect((await offered(m)).channels).toMatchObject({ bank_transfer: ['MYR'] });
  });
});
