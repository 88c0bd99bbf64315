import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { PAY_PASSWORD, giftCardsFor, walletMember } from './fixtures.js';
import { checkLedgerAfterEach } from './ledger-guard.js';

// What a sender learns of the member they send to (a masked name, never the login name), how often
// they may ask, and what giving a card that is not theirs answers.

/** Look-ups a member may make a minute (docs/decisions/2026-11-30-receiver-lookups.md). */
const RECEIVER_LOOKUPS_PER_MINUTE = 30;

let t: TestApp;
let owner: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await newOperatorSession(t.db, 'owner');
}, 60_000);
afterAll(() => t.close());
checkLedgerAfterEach(() => t);

type Headers = Record<string, string>;
const get = (url: string, headers?: Headers, lang?: string) => call(t, 'GET', url, { headers, lang });
const post = (url: string, body: unknown, headers?: Headers) => call(t, 'POST', url, { headers, body });

describe('the receiver a sender checks before sending', () => {
  it('is shown by masked name and masked identifier only, never by login name', async () => {
    const a = await walletMember(t);
    const b = await walletMember(t);
    const { mobile, mobile_pre: pre } = await t.db.selectFrom('users').select(['mobile', 'mobile_pre']).where('id', '=', b.userId).executeTakeFirstOrThrow();
    for (const account of [b.userName, ...(mobile ? [`+${pre}${mobile}`] : [])]) {
      const res = await get(`/user/transfer/info?account=${encodeURIComponent(account)}`, a.headers);
      expect(res.body.code, res.body.msg).toBe(200);
      expect(Object.keys(res.body.data.receiver).sort()).toEqual(['masked_name', 'matched', 'matched_by']);
      expect(JSON.stringify(res.body)).not.toContain(b.userName);
    }
  });

  it(`answers at most ${RECEIVER_LOOKUPS_PER_MINUTE} look-ups a minute per member, then a localized refusal; giving cards counts too`, async () => {
    const a = await walletMember(t);
    const b = await walletMember(t);
    const codes: number[] = [];
    for (let i = 0; i < RECEIVER_LOOKUPS_PER_MINUTE; i++) codes.push((await get(`/user/transfer/info?account=${i % 2 ? b.userName : `nobody${i}x`}`, a.headers)).body.code);
    expect(codes.every((c) => c === 200 || c === ResponseCode.receiverNotFound)).toBe(true);
    const refused = await get(`/user/transfer/info?account=${b.userName}`, a.headers);
    expect(refused.body).toMatchObject({ code: ResponseCode.receiverLookupLimit, msg: `You have looked up ${RECEIVER_LOOKUPS_PER_MINUTE} receivers in the last minute: please wait a minute and try again`, data: null });
    expect((await get(`/user/transfer/info?account=${b.userName}`, a.headers, 'zh-cn')).body.msg).toBe(`您在一分钟内已查询 ${RECEIVER_LOOKUPS_PER_MINUTE} 次收款人，请稍等一分钟再试`);
    // The same count guards giving: nothing moves.
    const [card] = await giftCardsFor(t, owner.headers, a.userId, { value: 1_000, count: 1 });
    expect((await post('/user/gift_card/give', { account: b.userName, card_ids: [card], pay_password: PAY_PASSWORD }, a.keyed())).body.code).toBe(ResponseCode.receiverLookupLimit);
    expect((await get('/user/gift_card/list', b.headers)).body.data.list).toHaveLength(0);
    // Another member's look-ups are their own.
    expect((await get(`/user/transfer/info?account=${a.userName}`, b.headers)).body.code).toBe(200);
  });
});

describe('giving gift cards by id', () => {
  it('a card that does not exist or is another member’s is "not found"; only the member’s own used card "cannot be used"', async () => {
    const a = await walletMember(t);
    const b = await walletMember(t);
    const [bCard] = await giftCardsFor(t, owner.headers, b.userId, { value: 1_000, count: 1 });
    const [own, redeemed] = await giftCardsFor(t, owner.headers, a.userId, { value: 1_000, count: 2 });
    const give = (ids: number[]) => post('/user/gift_card/give', { account: b.userName, card_ids: ids, pay_password: PAY_PASSWORD }, a.keyed());
    expect((await give([99_999_999])).body).toMatchObject({ code: ResponseCode.giftCardNotFound, msg: 'Gift card not found' });
    expect((await give([bCard!])).body).toMatchObject({ code: ResponseCode.giftCardNotFound, msg: 'Gift card not found' });
    // One foreign id among the member's own: not found, and none of them moves.
    expect((await give([own!, bCard!])).body.code).toBe(ResponseCode.giftCardNotFound);
    expect((await post('/user/gift_card/redeem', { id: redeemed }, a.keyed())).body.code).toBe(200);
    expect((await give([redeemed!])).body.code).toBe(ResponseCode.giftCardUnavailable);
    expect((await get('/user/gift_card/list', b.headers)).body.data.list.map((c: { id: number }) => c.id)).toEqual([bCard]);
    expect((await give([own!])).body.code).toBe(200);
  });
});
