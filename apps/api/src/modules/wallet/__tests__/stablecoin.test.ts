import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { approveRequest, evmAddressOf, tronAddressOf, usdOf, walletMember } from './fixtures.js';
import { checkLedgerAfterEach } from './ledger-guard.js';

// Stablecoin top-ups: each member gets one deposit address per network from the operators' pool,
// sends on the network they choose, and an operator confirms the transaction hash: credited once.

let t: TestApp;
let owner: Awaited<ReturnType<typeof newOperatorSession>>;
/** The second operator who approves the addresses an owner asks for (docs/decisions/2026-12-01-receiving-accounts.md). */
let approver: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await newOperatorSession(t.db, 'owner');
  approver = await newOperatorSession(t.db, 'finance');
}, 60_000);
afterAll(() => t.close());
checkLedgerAfterEach(() => t);

type Headers = Record<string, string>;
type Member = Awaited<ReturnType<typeof walletMember>>;
const get = (url: string, headers?: Headers) => call(t, 'GET', url, { headers });
const post = (url: string, body: unknown, headers?: Headers) => call(t, 'POST', url, { headers, body });

let seq = 0;
/** `n` fresh addresses of a network for the pool: well-formed for TRC20 and ERC20, letters and digits for another. */
const addresses = (network: string, n: number) =>
  Array.from({ length: n }, () => {
    const seed = `${network}${Date.now().toString(36)}${(seq++).toString().padStart(4, '0')}`;
    return network === 'TRC20' ? tronAddressOf(seed) : network === 'ERC20' ? evmAddressOf(seed) : seed.padEnd(34, 'x');
  });
/** Asks for addresses in the pool and has a second operator approve them: the approval's answer with what it added, or the asking call's refusal. */
const fill = async (network: string, list: string[], headers = owner.headers) => {
  const asked = await post('/admin/api/wallet/crypto-addresses', { network, addresses: list, reason: 'new wallet batch from treasury' }, headers);
  if (asked.body.code !== 200) return asked;
  const approved = await post('/admin/api/approvals/decide', { id: asked.body.data.request.id, decision: 'approve' }, approver.headers);
  return { ...approved, body: { ...approved.body, data: approved.body.data?.result } };
};
const addressOf = (m: Member, network: string) => get(`/coin/recharge/address?network=${network}`, m.headers);
const freeIn = async (network: string) => (await t.db.selectFrom('crypto_addresses').select('id').where('network', '=', network).where('user_id', 'is', null).execute()).length;
const hash = () => `0x${Array.from({ length: 64 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}`;

describe('the operators fill the pool', () => {
  it('adds addresses (skipping those already there) and records each filling as a decision', async () => {
    const list = addresses('TRC20', 3);
    const first = await fill('trc20', list);
    expect(first.body).toMatchObject({ code: 200, data: { added: 3 } });
    const again = await fill('TRC20', [list[0]!, ...addresses('TRC20', 1)]);
    expect(again.body.data).toEqual({ added: 1 });
    const actions = await t.db.selectFrom('operator_actions').select(['operator', 'action', 'target_type', 'facts']).where('action', '=', 'crypto_addresses.add').where(sql<boolean>`facts->>'network' = 'TRC20'`).orderBy('id').execute();
    // What was added, the request and who asked are facts the console words (not `3 of 3 approval=#… asked_by=…`).
    const asked = { key: 'crypto_addresses', network: 'TRC20', request_id: expect.any(Number), asked_by: expect.stringMatching(new RegExp(`#${owner.operatorId}$`)) };
    expect(actions.map(({ action, target_type, facts }) => ({ action, target_type, facts }))).toEqual([
      { action: 'crypto_addresses.add', target_type: 'setting', facts: { ...asked, added: 3, asked: 3 } },
      { action: 'crypto_addresses.add', target_type: 'setting', facts: { ...asked, added: 1, asked: 2 } },
    ]);
    // Added by the second operator's approval, naming who asked.
    expect(actions.every((a) => a.operator.endsWith(`#${approver.operatorId}`))).toBe(true);
    const support = await newOperatorSession(t.db, 'support');
    expect((await fill('TRC20', addresses('TRC20', 1), support.headers)).body.code).not.toBe(200);
    expect((await fill('TRC20', ['not an address'])).body.code).toBe(ResponseCode.validation);
  });
});

describe('a deposit address per member and network', () => {
  it('gives a member one address of the pool, the same on every visit, with its QR code; another member gets another', async () => {
    await fill('TRC20', addresses('TRC20', 3));
    const a = await walletMember(t);
    const b = await walletMember(t);
    const before = await freeIn('TRC20');
    const first = await addressOf(a, 'TRC20');
    expect(first.body.code, first.body.msg).toBe(200);
    expect(first.body.data).toMatchObject({ network: 'TRC20', currency: 'USD' });
    const address = first.body.data.address as string;
    expect((await addressOf(a, 'trc20')).body.data.address).toBe(address);
    expect((await get('/coin/recharge/address', a.headers)).body.data.address).toBe(address);
    const other = (await addressOf(b, 'TRC20')).body.data.address;
    expect(other).not.toBe(address);
    expect(await freeIn('TRC20')).toBe(before - 2);
    const owners = await t.db.selectFrom('crypto_addresses').select(['user_id']).where('network', '=', 'TRC20').where('address', 'in', [address, other]).orderBy('user_id').execute();
    expect(owners.map((o) => Number(o.user_id))).toEqual([a.userId, b.userId].sort((x, y) => x - y));

    // The QR code is a PNG of exactly this address.
    const qr = first.body.data.qr_code as string;
    expect(qr).toBe(await QRCode.toDataURL(address, { margin: 1, width: 240 }));
    const png = Buffer.from(qr.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // The header's width and height.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([240, 240]);
  });

  it('a member asking many times at once still gets one address, and the pool loses one', async () => {
    await fill('TRC20', addresses('TRC20', 10));
    const m = await walletMember(t);
    const before = await freeIn('TRC20');
    const answers = await Promise.all(Array.from({ length: 8 }, () => addressOf(m, 'TRC20')));
    expect(new Set(answers.map((r) => r.body.data?.address)).size).toBe(1);
    expect(answers.every((r) => r.body.code === 200)).toBe(true);
    expect(await freeIn('TRC20')).toBe(before - 1);
  });

  it('an empty pool answers a clear error; an exhausted one too, while members who hold an address keep it', async () => {
    const m = await walletMember(t);
    const none = await addressOf(m, 'BEP20');
    expect(none.body).toMatchObject({ code: ResponseCode.noCryptoAddress, msg: 'No deposit address is available for this network right now; please try again later' });
    await fill('SOL', addresses('SOL', 1));
    const holder = await walletMember(t);
    const held = (await addressOf(holder, 'SOL')).body.data.address;
    expect((await addressOf(m, 'SOL')).body.code).toBe(ResponseCode.noCryptoAddress);
    expect((await addressOf(holder, 'SOL')).body.data.address).toBe(held);
    // The top-up page lists the networks the member can deposit on.
    expect((await get('/user/recharge/config', holder.headers)).body.data.crypto_networks).toContain('SOL');
    expect((await get('/user/recharge/config', m.headers)).body.data.crypto_networks).not.toContain('SOL');
    expect((await get('/user/recharge/config', m.headers)).body.data.crypto_networks).not.toContain('BEP20');
    expect((await get('/coin/recharge/address?network=T%20RC', m.headers)).body.code).toBe(ResponseCode.validation);
  });
});

describe('stablecoin top-ups on the network chosen', () => {
  it('a top-up on ERC20 goes to the member’s ERC20 address; the operator confirms the hash and it is credited once', async () => {
    await fill('ERC20', addresses('ERC20', 2));
    await fill('TRC20', addresses('TRC20', 2));
    const m = await walletMember(t);
    expect((await get('/user/recharge/config', m.headers)).body.data.crypto_networks).toEqual(expect.arrayContaining(['ERC20', 'TRC20']));
    const txHash = hash();
    // No ERC20 address asked for yet: the deposit has nowhere it could have gone.
    expect((await post('/user/recharge/create', { channel: 'usdt', amount: '80', currency: 'USD', tx_hash: txHash, network: 'ERC20' }, m.keyed())).body.code).toBe(ResponseCode.noCryptoAddress);
    expect((await addressOf(m, 'ERC20')).body.code).toBe(200);
    expect((await post('/user/recharge/create', { channel: 'usdt', amount: '80', currency: 'USD', network: 'ERC20' }, m.keyed())).body.code).toBe(ResponseCode.txHashRequired);
    const created = await post('/user/recharge/create', { channel: 'usdt', amount: '80', currency: 'USD', tx_hash: txHash, network: 'erc20' }, m.keyed());
    expect(created.body.code, created.body.msg).toBe(200);
    const r = created.body.data;
    expect(r).toMatchObject({ kind: 'crypto', status: 'under_review', network: 'ERC20', tx_hash: txHash, credit_amount: 8_000 });
    expect((await get(`/user/recharge/orderInfo?id=${r.id}`, m.headers)).body.data.network).toBe('ERC20');
    const queue = await get('/admin/api/wallet/recharges?kind=crypto', owner.headers);
    expect(queue.body.data.list.find((x: { id: number }) => x.id === r.id)).toMatchObject({ network: 'ERC20', tx_hash: txHash });

    // Confirmed twice at once: one request, which a second operator approves; credited once.
    const [one, two] = await Promise.all([
      post('/admin/api/wallet/recharges/confirm', { id: r.id, tx_hash: txHash, reason: 'seen on etherscan' }, owner.headers),
      post('/admin/api/wallet/recharges/confirm', { id: r.id, tx_hash: txHash, reason: 'seen too' }, owner.headers),
    ]);
    expect(one.body.data.request.id).toBe(two.body.data.request.id);
    expect(await usdOf(t, m)).toEqual({ currency: 'USD', available: 0, frozen: 0 });
    await approveRequest(t, one.body.data.request.id);
    expect((await post('/admin/api/wallet/recharges/confirm', { id: r.id, tx_hash: txHash, reason: 'again' }, owner.headers)).body.code).toBe(ResponseCode.requestNotPending);
    expect(await usdOf(t, m)).toEqual({ currency: 'USD', available: 8_000, frozen: 0 });
    const entries = await t.db
      .selectFrom('journal_entries as e')
      .innerJoin('postings as p', 'p.entry_id', 'e.id')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .select(['e.id', 'a.system_code', 'p.amount'])
      .where('e.kind', '=', 'recharge')
      .where('e.reference_id', '=', r.order_no)
      .execute();
    expect(new Set(entries.map((e) => e.id)).size).toBe(1);
    expect(entries.find((e) => e.system_code)).toMatchObject({ system_code: 'gateway_clearing:crypto_ERC20', amount: -8_000 });
    expect((await get(`/user/recharge/orderInfo?id=${r.id}`, m.headers)).body.data.status).toBe('paid');
    const decisions = await t.db.selectFrom('operator_actions').select('action').where('target_type', '=', 'recharge').where('target_id', '=', r.id).execute();
    expect(decisions).toEqual([{ action: 'recharge.confirm' }]);
  });

  it('without a network the top-up is TRC20; a hash already claimed on a network is refused there but not on another', async () => {
    await fill('ERC20', addresses('ERC20', 2));
    await fill('TRC20', addresses('TRC20', 2));
    const m = await walletMember(t);
    await addressOf(m, 'TRC20');
    await addressOf(m, 'ERC20');
    const txHash = hash();
    const trc = await post('/user/recharge/create', { channel: 'usdt', amount: '20', currency: 'USD', tx_hash: txHash }, m.keyed());
    expect(trc.body.data).toMatchObject({ network: 'TRC20', status: 'under_review' });
    const twice = await post('/user/recharge/create', { channel: 'usdt', amount: '20', currency: 'USD', tx_hash: txHash.toUpperCase().replace('0X', '0x'), network: 'TRC20' }, m.keyed());
    expect(twice.body.code).toBe(ResponseCode.txHashUsed);
    const erc = await post('/user/recharge/create', { channel: 'usdt', amount: '20', currency: 'USD', tx_hash: txHash, network: 'ERC20' }, m.keyed());
    expect(erc.body.data).toMatchObject({ network: 'ERC20' });
    // A network the member holds no address of is refused.
    expect((await post('/user/recharge/create', { channel: 'usdt', amount: '20', currency: 'USD', tx_hash: hash(), network: 'BEP20' }, m.keyed())).body.code).toBe(ResponseCode.noCryptoAddress);
    expect((await usdOf(t, m)).available).toBe(0);
  });

  it('one transaction is one deposit: with or without 0x, at creation and at confirmation, refused in words; the approver sees the hash', async () => {
    await fill('TRC20', addresses('TRC20', 3));
    const [a, b, c] = [await walletMember(t), await walletMember(t), await walletMember(t)];
    for (const m of [a, b, c]) await addressOf(m, 'TRC20');
    const en = (m: Member) => ({ ...m.keyed(), 'Accept-Language': 'en-us' });
    const h1 = hash();
    const first = (await post('/user/recharge/create', { channel: 'usdt', amount: '20', currency: 'USD', tx_hash: h1 }, a.keyed())).body.data;
    // Another member claims the same transaction without the prefix: refused, and said so.
    const again = await post('/user/recharge/create', { channel: 'usdt', amount: '20', currency: 'USD', tx_hash: h1.slice(2).toUpperCase() }, en(b));
    expect(again.body).toMatchObject({ code: ResponseCode.txHashUsed, msg: 'This transaction was already used for a top-up' });
    const second = (await post('/user/recharge/create', { channel: 'usdt', amount: '20', currency: 'USD', tx_hash: hash() }, b.keyed())).body.data;
    // Finance confirms the second with the first's hash: refused at once.
    const enOwner = { ...owner.headers, 'Accept-Language': 'en-us' };
    expect((await post('/admin/api/wallet/recharges/confirm', { id: second.id, tx_hash: h1.slice(2), reason: 'chain ok' }, enOwner)).body).toMatchObject({ code: ResponseCode.txHashUsed, msg: 'This transaction was already used for a top-up' });
    // With a fresh hash: the request shows it to the approver ...
    const h3 = hash();
    const asked = (await post('/admin/api/wallet/recharges/confirm', { id: second.id, tx_hash: h3, reason: 'chain ok' }, enOwner)).body.data.request;
    expect(asked.summary).toContain(h3.slice(2));
    expect(asked.what).toEqual({ key: 'top_up', order_no: second.order_no, amount: 2_000, currency: 'USD', tx_hash: h3 });
    // ... and if another top-up claims that hash before it is approved, approving is refused in words (not a 500) and the request still waits.
    expect((await post('/user/recharge/create', { channel: 'usdt', amount: '20', currency: 'USD', tx_hash: h3 }, c.keyed())).body.code).toBe(200);
    const approver = await newOperatorSession(t.db, 'owner');
    const decided = await post('/admin/api/approvals/decide', { id: asked.id, decision: 'approve' }, { ...approver.headers, 'Accept-Language': 'en-us' });
    expect(decided.body).toMatchObject({ code: ResponseCode.txHashUsed, msg: 'This transaction was already used for a top-up' });
    expect((await get('/admin/api/approvals?status=pending', approver.headers)).body.data.list.map((r: { id: number }) => r.id)).toContain(asked.id);
    expect(first.status).toBe('under_review');
    expect((await usdOf(t, b)).available).toBe(0);
  });

  it('a top-up rejected directly closes the confirmation waiting about it: cancelled with why, not left to approve', async () => {
    await fill('TRC20', addresses('TRC20', 1));
    const m = await walletMember(t);
    await addressOf(m, 'TRC20');
    const r = (await post('/user/recharge/create', { channel: 'usdt', amount: '20', currency: 'USD', tx_hash: hash() }, m.keyed())).body.data;
    const asked = (await post('/admin/api/wallet/recharges/confirm', { id: r.id, reason: 'chain ok' }, owner.headers)).body.data.request;
    expect(asked.status).toBe('pending');
    const other = await newOperatorSession(t.db, 'finance');
    expect((await post('/admin/api/wallet/recharges/reject', { id: r.id, reason: 'no such transfer' }, other.headers)).body.data.status).toBe('rejected');
    expect((await get('/admin/api/approvals?status=pending', other.headers)).body.data.list.map((x: { id: number }) => x.id)).not.toContain(asked.id);
    const closed = (await get('/admin/api/approvals?status=cancelled', other.headers)).body.data.list.find((x: { id: number }) => x.id === asked.id);
    expect(closed).toMatchObject({ status: 'cancelled', decision_reason: 'top-up rejected: no such transfer' });
    const approver = await newOperatorSession(t.db, 'owner');
    // Approving it is refused with its state in the reader's language, never a raw placeholder.
    expect((await post('/admin/api/approvals/decide', { id: asked.id, decision: 'approve' }, { ...approver.headers, 'Accept-Language': 'th' })).body).toMatchObject({ code: ResponseCode.requestNotPending, msg: 'คำขอนี้ได้รับการพิจารณาแล้ว (ยกเลิกแล้ว)' });
    const enOther = { ...other.headers, 'Accept-Language': 'en-us' };
    expect((await post('/admin/api/wallet/recharges/reject', { id: r.id, reason: 'again' }, enOther)).body).toMatchObject({ code: ResponseCode.requestNotPending, msg: 'This request has already been decided (rejected)' });
    expect((await post('/admin/api/wallet/recharges/confirm', { id: r.id, reason: 'late' }, enOther)).body).toMatchObject({ code: ResponseCode.requestNotPending, msg: 'This request has already been decided (rejected)' });
    expect((await usdOf(t, m)).available).toBe(0);
  });
});
