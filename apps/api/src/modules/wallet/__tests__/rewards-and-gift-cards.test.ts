import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { balanceOf } from '../../ledger/ledger.service.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { PAY_PASSWORD, giftCardsFor, rewardMember, usdOf, walletMember } from './fixtures.js';
import { checkLedgerAfterEach } from './ledger-guard.js';

// Rewards moved to the cash balance, and a gift card's value redeemed to it: the member's own value
// changing form, each once, never more than there is.

let t: TestApp;
let owner: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await newOperatorSession(t.db, 'owner');
}, 60_000);
afterAll(() => t.close());
checkLedgerAfterEach(() => t);

type Headers = Record<string, string>;
const get = (url: string, headers?: Headers) => call(t, 'GET', url, { headers });
const post = (url: string, body: unknown, headers?: Headers, lang?: string) => call(t, 'POST', url, { headers, body, lang });
const rewardsOf = (userId: number, currency = 'USD') => balanceOf(t.db, userId, 'rewards', currency);

describe('moving rewards to the cash balance', () => {
  it('moves part of the rewards to cash of the same currency; the rewards page and the wallet show it', async () => {
    const m = await walletMember(t, { usd: 500 });
    await rewardMember(t, m.userId, 10_000);
    const res = await post('/attractive/reward/toBalance', { currency: 'USD', amount: '25.50' }, m.keyed());
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data).toEqual({ currency: 'USD', amount: 2_550, rewards_balance: 7_450, cash_balance: 3_050 });
    expect(await usdOf(t, m)).toEqual({ currency: 'USD', available: 3_050, frozen: 0 });
    expect((await get('/attractive/reward/total', m.headers)).body.data.list).toEqual([{ currency: 'USD', balance: 7_450, earned: 10_000 }]);
    const log = (await get('/attractive/reward/log', m.headers)).body.data.list;
    expect(log[0]).toMatchObject({ reason: 'rewards.to_cash', reason_text: 'Rewards moved to balance', amount: -2_550, balance_after: 7_450 });
    expect((await get('/user/wallet/asset', m.headers)).body.data.rewards).toEqual([{ currency: 'USD', available: 7_450, frozen: 0 }]);
  });

  it('refuses more than the rewards balance, a bad amount or a currency the wallet does not keep, with a clear message, and moves nothing', async () => {
    const m = await walletMember(t);
    await rewardMember(t, m.userId, 10_000);
    const tooMuch = await post('/attractive/reward/toBalance', { currency: 'USD', amount: '100.01' }, m.keyed());
    expect(tooMuch.body).toMatchObject({ code: ResponseCode.rewardsInsufficient, msg: 'This is more than your rewards balance of 100.00 USD' });
    const zh = await post('/attractive/reward/toBalance', { currency: 'USD', amount: '100.01' }, m.keyed(), 'zh-cn');
    expect(zh.body.msg).toBe('超出了您的奖励余额 100.00 USD');
    expect((await post('/attractive/reward/toBalance', { currency: 'USD', amount: '1.005' }, m.keyed())).body.code).toBe(ResponseCode.validation);
    expect((await post('/attractive/reward/toBalance', { currency: 'USD', amount: '0' }, m.keyed())).body.code).toBe(ResponseCode.amountTooSmall);
    expect((await post('/attractive/reward/toBalance', { currency: 'USD', amount: '-5' }, m.keyed())).body.code).toBe(ResponseCode.validation);
    expect((await post('/attractive/reward/toBalance', { currency: 'THB', amount: '1' }, m.keyed())).body.code).toBe(ResponseCode.walletCurrencyDisabled);
    // A member with no rewards at all in the currency.
    const none = await walletMember(t);
    expect((await post('/attractive/reward/toBalance', { currency: 'MYR', amount: '1' }, none.keyed())).body).toMatchObject({ code: ResponseCode.rewardsInsufficient, msg: 'This is more than your rewards balance of 0.00 MYR' });
    expect(await rewardsOf(m.userId)).toBe(10_000);
    expect(await balanceOf(t.db, m.userId, 'cash', 'USD')).toBe(0);
  });

  it('names the rewards balance as the reader writes numbers: a decimal comma in Hungarian, grouped thousands in English', async () => {
    const m = await walletMember(t);
    await rewardMember(t, m.userId, 3_403);
    // The referral page's call moves rewards the same way; a Hungarian reader writes 34,03, not 34.03 (thirty-four thousand).
    const hu = await post('/attractive/user/changeUserMoney', { currency: 'USD', amount: '34.04' }, m.keyed(), 'hu');
    expect(hu.body).toMatchObject({ code: ResponseCode.rewardsInsufficient, msg: 'Ez több, mint a jutalomegyenlege (34,03 USD)' });
    await rewardMember(t, m.userId, 123_400);
    const en = await post('/attractive/reward/toBalance', { currency: 'USD', amount: '5000' }, m.keyed());
    expect(en.body.msg).toBe('This is more than your rewards balance of 1,268.03 USD');
    expect(await rewardsOf(m.userId)).toBe(126_803);
  });

  it('20 parallel moves of 60.00 from 100.00 in rewards: exactly one moves', async () => {
    const m = await walletMember(t);
    await rewardMember(t, m.userId, 10_000);
    const results = await Promise.all(Array.from({ length: 20 }, () => post('/attractive/reward/toBalance', { currency: 'USD', amount: '60' }, m.keyed())));
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === ResponseCode.rewardsInsufficient)).toBe(true);
    expect(await rewardsOf(m.userId)).toBe(4_000);
    expect(await balanceOf(t.db, m.userId, 'cash', 'USD')).toBe(6_000);
    const entries = await t.db.selectFrom('journal_entries').select('id').where('kind', '=', 'rewards.to_cash').where('reference_id', '=', String(m.userId)).execute();
    expect(entries).toHaveLength(1);
  });

  it('one Idempotency-Key sent again and again moves once and answers alike', async () => {
    const m = await walletMember(t);
    await rewardMember(t, m.userId, 10_000);
    const headers = m.keyed();
    const first = await post('/attractive/reward/toBalance', { currency: 'USD', amount: '30' }, headers);
    expect(first.body.code).toBe(200);
    const again = await Promise.all(Array.from({ length: 5 }, () => post('/attractive/reward/toBalance', { currency: 'USD', amount: '30' }, headers)));
    for (const a of again) expect(a.body).toEqual(first.body);
    expect(await rewardsOf(m.userId)).toBe(7_000);
    expect(await balanceOf(t.db, m.userId, 'cash', 'USD')).toBe(3_000);
  });

  it("ignores extra fields: another member's id, a balance or a rate move nothing of theirs", async () => {
    const m = await walletMember(t);
    const other = await walletMember(t);
    await rewardMember(t, m.userId, 5_000);
    await rewardMember(t, other.userId, 5_000);
    const res = await post('/attractive/reward/toBalance', { currency: 'USD', amount: '10', user_id: other.userId, balance: 999_999, rate: '9', fee: 0 }, m.keyed());
    expect(res.body.data).toEqual({ currency: 'USD', amount: 1_000, rewards_balance: 4_000, cash_balance: 1_000 });
    expect(await rewardsOf(other.userId)).toBe(5_000);
    expect(await balanceOf(t.db, other.userId, 'cash', 'USD')).toBe(0);
  });
});

describe('redeeming a gift card to the wallet', () => {
  it("adds one card's remaining value to the cash balance once; the card shows as used", async () => {
    const m = await walletMember(t, { usd: 100 });
    const [card, kept] = await giftCardsFor(t, owner.headers, m.userId, { value: 2_500, count: 2 });
    const res = await post('/user/gift_card/redeem', { id: card }, m.keyed());
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ currency: 'USD', amount: 2_500, cash_balance: 2_600, card: { id: card, status: 'redeemed', remaining: 0, value: 2_500 } });
    expect(await usdOf(t, m)).toEqual({ currency: 'USD', available: 2_600, frozen: 0 });
    expect((await get('/user/wallet/asset', m.headers)).body.data.gift_card).toEqual([{ currency: 'USD', available: 2_500, frozen: 0 }]);
    expect((await get('/user/gift_card/list?status=active', m.headers)).body.data.list.map((c: { id: number }) => c.id)).toEqual([kept]);
    expect((await get('/user/gift_card/list?status=redeemed', m.headers)).body.data.list.map((c: { id: number }) => c.id)).toEqual([card]);
    const again = await post('/user/gift_card/redeem', { id: card }, m.keyed());
    expect(again.body).toMatchObject({ code: ResponseCode.giftCardUnavailable, msg: 'This gift card cannot be used (already used, given away or expired)' });
    expect((await usdOf(t, m)).available).toBe(2_600);
  });

  it('20 parallel redeems of one card: exactly one credits it', async () => {
    const m = await walletMember(t);
    const [card] = await giftCardsFor(t, owner.headers, m.userId, { value: 4_000, count: 1 });
    const results = await Promise.all(Array.from({ length: 20 }, () => post('/user/gift_card/redeem', { id: card }, m.keyed())));
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === ResponseCode.giftCardUnavailable)).toBe(true);
    expect(await balanceOf(t.db, m.userId, 'cash', 'USD')).toBe(4_000);
    expect(await balanceOf(t.db, m.userId, 'gift_card', 'USD')).toBe(0);
  });

  it("another member's card is not found and stays theirs; a card given away can no longer be redeemed by the giver", async () => {
    const a = await walletMember(t);
    const b = await walletMember(t);
    const [card, given] = await giftCardsFor(t, owner.headers, a.userId, { value: 1_000, count: 2 });
    expect((await post('/user/gift_card/redeem', { id: card }, b.keyed())).body.code).toBe(ResponseCode.giftCardNotFound);
    expect((await post('/user/gift_card/redeem', { id: 999_999_999 }, b.keyed())).body.code).toBe(ResponseCode.giftCardNotFound);
    expect(await balanceOf(t.db, b.userId, 'cash', 'USD')).toBe(0);
    expect((await post('/user/gift_card/give', { account: b.userName, card_ids: [given], pay_password: PAY_PASSWORD }, a.keyed())).body.code).toBe(200);
    expect((await post('/user/gift_card/redeem', { id: given }, a.keyed())).body.code).toBe(ResponseCode.giftCardNotFound);
    expect((await post('/user/gift_card/redeem', { id: given }, b.keyed())).body.data).toMatchObject({ amount: 1_000, cash_balance: 1_000 });
    expect((await get('/user/gift_card/list?status=active', a.headers)).body.data.list.map((c: { id: number }) => c.id)).toEqual([card]);
  });

  it('an expired card is refused and its value stays', async () => {
    const m = await walletMember(t);
    const [card] = await giftCardsFor(t, owner.headers, m.userId, { value: 1_500, count: 1 });
    await t.db.updateTable('gift_cards').set({ expires_at: new Date(Date.now() - 60_000) }).where('id', '=', card!).execute();
    expect((await post('/user/gift_card/redeem', { id: card }, m.keyed())).body.code).toBe(ResponseCode.giftCardUnavailable);
    expect(await balanceOf(t.db, m.userId, 'cash', 'USD')).toBe(0);
    expect(await balanceOf(t.db, m.userId, 'gift_card', 'USD')).toBe(1_500);
  });
});

describe('giving gift cards by count', () => {
  it('gives the soonest-expiring cards of the value asked; too many or none asked is refused and nothing moves', async () => {
    const a = await walletMember(t);
    const b = await walletMember(t);
    const later = await giftCardsFor(t, owner.headers, a.userId, { value: 1_000, count: 2, expiresInDays: 60 });
    const sooner = await giftCardsFor(t, owner.headers, a.userId, { value: 1_000, count: 1, expiresInDays: 10 });
    const other = await giftCardsFor(t, owner.headers, a.userId, { value: 5_000, count: 1 });
    const missing = await post('/user/gift_card/give', { account: b.userName, value: 1_000, currency: 'USD', pay_password: PAY_PASSWORD }, a.keyed());
    expect(missing.body).toMatchObject({ code: ResponseCode.validation, msg: 'Gift card count required' });
    // A count given but not one that can be: said as such (whole, 1 to 100), never "required".
    for (const count of [1.5, 0, -2, 101]) {
      const wrong = await post('/user/gift_card/give', { account: b.userName, count, value: 1_000, currency: 'USD', pay_password: PAY_PASSWORD }, a.keyed());
      expect(wrong.status, String(count)).toBe(422);
      expect(wrong.body.msg, String(count)).toBe('The number of gift cards must be a whole number from 1 to 100');
    }
    const inHungarian = await call(t, 'POST', '/user/gift_card/give', { headers: a.keyed(), lang: 'hu', body: { account: b.userName, count: 1.5, value: 1_000, currency: 'USD', pay_password: PAY_PASSWORD } });
    expect(inHungarian.body.msg).toBe('Az ajándékkártyák száma 1 és 100 közötti egész szám lehet');
    const tooMany = await post('/user/gift_card/give', { account: b.userName, count: 4, value: 1_000, currency: 'USD', pay_password: PAY_PASSWORD }, a.keyed());
    // The member holds three cards of 10.00: the refusal says so, not that a card was used or expired.
    expect(tooMany.body).toMatchObject({ code: ResponseCode.giftCardsTooFew, msg: 'You hold only 3 usable gift cards of this value' });
    expect(await balanceOf(t.db, b.userId, 'gift_card', 'USD')).toBe(0);
    const give = await post('/user/gift_card/give', { account: b.userName, count: '2', value: 1_000, currency: 'USD', pay_password: PAY_PASSWORD }, a.keyed());
    expect(give.body.data).toEqual({ given: 2, card_ids: [later[0]!, sooner[0]!].sort((x, y) => x - y) });
    expect(await balanceOf(t.db, a.userId, 'gift_card', 'USD')).toBe(1_000 + 5_000);
    expect(await balanceOf(t.db, b.userId, 'gift_card', 'USD')).toBe(2_000);
    expect((await get('/user/gift_card/list?status=active', a.headers)).body.data.list.map((c: { id: number }) => c.id).sort()).toEqual([later[1]!, other[0]!].sort());
  });
});

describe('refusals that say what is wrong', () => {
  it("an amount with more decimals than its currency has names that currency's decimals: none for yen", async () => {
    const m = await walletMember(t);
    const yen = await get('/attractive/currency/changeRatio?from=JPY&to=USD&amount=100.5', m.headers);
    expect(yen.body).toMatchObject({ code: ResponseCode.validation, msg: 'JPY takes whole amounts only, without decimals' });
    expect((await get('/attractive/currency/changeRatio?from=JPY&to=USD&amount=100', m.headers)).body.code).toBe(200);
    const zh = await call(t, 'GET', '/attractive/currency/changeRatio?from=JPY&to=USD&amount=100.55', { headers: m.headers, lang: 'zh-cn' });
    expect(zh.body.msg).toBe('JPY 只能输入整数金额，不能有小数');
  });

  it('a gift-card batch expiring in the past is refused with that reason, not a raw placeholder', async () => {
    const m = await walletMember(t);
    const res = await post('/admin/api/wallet/gift-cards/issue', { user_id: m.userId, currency: 'USD', value: 1_000, count: 1, expires_at: new Date(Date.now() - 86_400_000).toISOString(), reason: 'test cards' }, owner.headers);
    expect(res.body).toMatchObject({ code: ResponseCode.validation, msg: 'The expiry date must be in the future' });
    expect(res.body.msg).not.toContain('{{');
    const zh = await post('/admin/api/wallet/gift-cards/issue', { user_id: m.userId, currency: 'USD', value: 1_000, count: 1, expires_at: new Date(Date.now() - 86_400_000).toISOString(), reason: 'test cards' }, owner.headers, 'zh-cn');
    expect(zh.body.msg).toBe('到期日期必须晚于当前时间');
    expect(await t.db.selectFrom('gift_cards').select('id').where('owner_id', '=', m.userId).execute()).toEqual([]);
  });
});
