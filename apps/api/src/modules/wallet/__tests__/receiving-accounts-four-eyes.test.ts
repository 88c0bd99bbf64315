import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { tronAddressOf, walletMember } from './fixtures.js';

// Where members send their money is checked by two people: a collection account or deposit addresses
// one operator asks for wait for a second operator, and no member is shown them until then.

let t: TestApp;
let asker: Awaited<ReturnType<typeof newOperatorSession>>;
let owner: Awaited<ReturnType<typeof newOperatorSession>>;
let finance: Awaited<ReturnType<typeof newOperatorSession>>;
let member: Awaited<ReturnType<typeof walletMember>>;
beforeAll(async () => {
  t = await buildTestApp();
  asker = await newOperatorSession(t.db, 'owner');
  owner = await newOperatorSession(t.db, 'owner');
  finance = await newOperatorSession(t.db, 'finance');
  member = await walletMember(t);
}, 60_000);
afterAll(() => t.close());

const RUN = Date.now().toString(36).toUpperCase();
let keys = 0;
const post = (url: string, body: unknown, headers: Record<string, string>) => call(t, 'POST', url, { headers: { ...headers, 'idempotency-key': `recv-${RUN}-${++keys}` }, body, lang: 'en-us' });
const decide = (id: number, headers: Record<string, string>) => post('/admin/api/approvals/decide', { id, decision: 'approve' }, headers);
/** The account numbers a member is shown on the top-up page (and by the collection-accounts call). */
const shownToMember = async () => {
  const config = await call(t, 'GET', '/user/recharge/config', { headers: member.headers });
  const accounts = await call(t, 'GET', '/attractive/currency/companyCollectionWay?currency=MYR', { headers: member.headers });
  return [...config.body.data.collection_accounts, ...accounts.body.data.list].map((a: { account_number: string }) => a.account_number);
};
const account = (number: string) => ({ currency: 'MYR', bank_name: 'Maybank', account_name: 'Shop Sdn Bhd', account_number: number, branch: 'Kuala Lumpur', reason: 'new company account' });

describe('a company collection account', () => {
  it('asked for by one owner is not shown to members; the asker cannot approve it; another operator’s approval shows it', async () => {
    const number = `5140 ${RUN.slice(-4)} 0001`;
    const asked = await post('/admin/api/wallet/collection-accounts', account(number), asker.headers);
    expect(asked.body.code).toBe(200);
    expect(asked.body.data).toMatchObject({
      request: { kind: 'receiving_account.set', status: 'pending', automatic: false, what: { key: 'collection_account', currency: 'MYR', bank_name: 'Maybank', account_name: 'Shop Sdn Bhd', account_number: number, branch: 'Kuala Lumpur' } },
      result: null,
    });
    const id = asked.body.data.request.id as number;
    expect(await shownToMember()).not.toContain(number);

    const own = await decide(id, asker.headers);
    expect(own.body.code).toBe(ResponseCode.approvalOwnRequest);
    expect(await shownToMember()).not.toContain(number);

    const approved = await decide(id, finance.headers);
    expect(approved.body.data).toMatchObject({ id, status: 'approved', result: { id: expect.any(Number) } });
    expect(await shownToMember()).toContain(number);
    const row = await t.db.selectFrom('collection_accounts').select(['created_by', 'enabled']).where('account_number', '=', number).executeTakeFirstOrThrow();
    expect(row).toEqual({ created_by: `${await nameOf(asker.operatorId)}#${asker.operatorId}`, enabled: true });
  });

  it('approved by two operators at the same moment is added once', async () => {
    const number = `5140 ${RUN.slice(-4)} 0002`;
    const id = (await post('/admin/api/wallet/collection-accounts', account(number), asker.headers)).body.data.request.id as number;
    const answers = await Promise.all([decide(id, owner.headers), decide(id, finance.headers)]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([200, ResponseCode.requestNotPending].sort());
    expect(await t.db.selectFrom('collection_accounts').select('id').where('account_number', '=', number).execute()).toHaveLength(1);
    expect((await shownToMember()).filter((n) => n === number)).toHaveLength(2);
  });
});

describe('stablecoin deposit addresses', () => {
  it('asked for are given to no member until another operator approves them; the asker cannot approve them', async () => {
    const network = `N${RUN}`.slice(0, 20);
    const addresses = [tronAddressOf(`recv-${RUN}-1`), tronAddressOf(`recv-${RUN}-2`)];
    const asked = await post('/admin/api/wallet/crypto-addresses', { network, addresses, reason: 'new hot wallet batch' }, asker.headers);
    expect(asked.body.data).toMatchObject({ request: { kind: 'receiving_account.set', status: 'pending', what: { key: 'deposit_addresses', network, addresses } }, result: null });
    const id = asked.body.data.request.id as number;
    const addressOfMember = () => call(t, 'GET', `/coin/recharge/address?network=${network}`, { headers: member.headers });
    expect((await addressOfMember()).body.code).toBe(ResponseCode.noCryptoAddress);
    expect((await call(t, 'GET', '/user/recharge/config', { headers: member.headers })).body.data.crypto_networks).not.toContain(network);

    expect((await decide(id, asker.headers)).body.code).toBe(ResponseCode.approvalOwnRequest);
    expect((await addressOfMember()).body.code).toBe(ResponseCode.noCryptoAddress);

    const answers = await Promise.all([decide(id, owner.headers), decide(id, finance.headers)]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([200, ResponseCode.requestNotPending].sort());
    expect(answers.find((a) => a.body.code === 200)!.body.data.result).toEqual({ added: 2 });
    const given = await addressOfMember();
    expect(given.body.code).toBe(200);
    expect(addresses).toContain(given.body.data.address);
  });
});

const nameOf = async (id: number) => (await t.db.selectFrom('operators').select('user_name').where('id', '=', id).executeTakeFirstOrThrow()).user_name;
