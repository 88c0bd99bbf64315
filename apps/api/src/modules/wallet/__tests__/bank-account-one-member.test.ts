import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { up as bankAccountOneMember } from '../../../db/migrations/2026_12_02_1900_bank_account_one_member.js';
import { PAY_PASSWORD, maybank, walletMember } from './fixtures.js';

// A bank account is on one member's live card at a time: another member adding it (or changing a card
// into it) is refused without naming who holds it, even when both add at once; the member's own repeat
// is still told as their own; a deleted card frees the account for anyone.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof walletMember>>;
const card = (bankId: number, account: string) => ({ bank_id: bankId, holder_name: 'Tan Mei', account_number: account, currency: 'MYR', pay_password: PAY_PASSWORD });
const add = (m: Member, body: unknown, lang = 'en-us') => call(t, 'POST', '/user/bank_card/create', { headers: m.headers, body, lang });
const cards = async (m: Member) => (await call(t, 'GET', '/user/bank_card/list', { headers: m.headers })).body.data.list as Array<{ id: number; account_masked: string }>;
/** Live cards on the account at the bank, however the number was typed. */
const liveCardsOf = async (bankId: number, account: string) =>
  (
    await sql<{ user_id: number }>`select user_id from bank_cards where bank_id = ${bankId} and deleted_at is null
      and upper(regexp_replace(account_number, '[\\s-]', '', 'g')) = ${account.replace(/[\s-]/g, '').toUpperCase()}`.execute(t.db)
  ).rows.map((r) => Number(r.user_id));

const TAKEN = 'This bank account is already in use by another member. If it is yours, contact customer service.';

describe('one bank account, one member', () => {
  it("refuses another member's live account, however typed, without naming them; nothing is written", async () => {
    const bee = await walletMember(t);
    const chen = await walletMember(t);
    const bank = await maybank(t);
    const first = await add(bee, card(bank, '1234 5678 9012'));
    expect(first.body.code, first.body.msg).toBe(200);

    const taken = await add(chen, card(bank, '123456789012'));
    expect(taken.body).toMatchObject({ code: ResponseCode.bankAccountOfAnotherMember, msg: TAKEN, data: null });
    expect(taken.body.msg).not.toContain(bee.userName);
    const zh = await add(chen, card(bank, '1234-5678-9012'), 'zh-cn');
    expect(zh.body).toMatchObject({ code: ResponseCode.bankAccountOfAnotherMember, msg: '该银行账户已被其他会员使用。如果这是您的账户，请联系客服。' });
    expect(await cards(chen)).toEqual([]);
    expect(await liveCardsOf(bank, '123456789012')).toEqual([bee.userId]);

    // Nor can another of the member's cards be changed into it: the card stays as it was.
    const own = await add(chen, card(bank, '5140 3333 4444'));
    expect(own.body.code, own.body.msg).toBe(200);
    const changed = await call(t, 'POST', '/user/bank_card/update', { headers: chen.headers, body: { ...card(bank, '123456789012'), id: own.body.data.id }, lang: 'en-us' });
    expect(changed.body).toMatchObject({ code: ResponseCode.bankAccountOfAnotherMember, msg: TAKEN });
    expect(await cards(chen)).toEqual([expect.objectContaining({ id: own.body.data.id, account_masked: '**** 4444' })]);
    expect(await liveCardsOf(bank, '123456789012')).toEqual([bee.userId]);
  });

  it('still tells the member their own repeat (6132)', async () => {
    const m = await walletMember(t);
    const bank = await maybank(t);
    expect((await add(m, card(bank, '2200 1111 0001'))).body.code).toBe(200);
    const again = await add(m, card(bank, '220011110001'));
    expect(again.body).toMatchObject({ code: ResponseCode.bankCardDuplicate, msg: 'You have already added this account: Maybank **** 0001' });
  });

  it("takes a deleted card's account for another member", async () => {
    const bee = await walletMember(t);
    const chen = await walletMember(t);
    const bank = await maybank(t);
    const first = await add(bee, card(bank, '3300 2222 0001'));
    expect(first.body.code, first.body.msg).toBe(200);
    expect((await call(t, 'POST', '/user/bank_card/delete', { headers: bee.headers, body: { id: first.body.data.id } })).body.code).toBe(200);
    const taken = await add(chen, card(bank, '330022220001'));
    expect(taken.body.code, taken.body.msg).toBe(200);
    expect(await liveCardsOf(bank, '330022220001')).toEqual([chen.userId]);
    // And the first member is now the other one.
    expect((await add(bee, card(bank, '3300-2222-0001'))).body.code).toBe(ResponseCode.bankAccountOfAnotherMember);
  });

  it('adds one card when two members add the same account at once', async () => {
    const bank = await maybank(t);
    for (let round = 0; round < 10; round++) {
      const [a, b] = await Promise.all([walletMember(t), walletMember(t)]);
      const account = `8800 ${String(1000 + round)} 66`;
      const answers = await Promise.all([add(a, card(bank, account)), add(b, card(bank, account.replace(/ /g, '-')))]);
      expect(answers.map((r) => r.body.code).sort(), `round ${round}`).toEqual([200, ResponseCode.bankAccountOfAnotherMember].sort());
      expect(await liveCardsOf(bank, account), `round ${round}`).toHaveLength(1);
    }
  });

  it('the migration keeps accounts already on two members’ cards, and refuses a third member', async () => {
    // Old data as it may be: one account on two members' live cards before the rule.
    const [a, b, c] = await Promise.all([walletMember(t), walletMember(t), walletMember(t)]);
    const bank = await maybank(t);
    await sql`drop index bank_cards_account_one_member`.execute(t.db);
    const row = (userId: number, account_number: string) => ({ user_id: userId, country_code: 'MY', bank_id: bank, branch_id: null, holder_name: 'Tan Mei', currency: 'MYR', account_number });
    const old = await t.db.insertInto('bank_cards').values([row(a.userId, '9911223344'), row(b.userId, '9911 2233-44')]).returning('id').execute();
    await expect(t.db.transaction().execute((tx) => bankAccountOneMember(tx))).resolves.toBeUndefined();

    expect((await cards(a)).map((x) => x.id)).toEqual([old[0]!.id]);
    expect((await cards(b)).map((x) => x.id)).toEqual([old[1]!.id]);
    const kept = await t.db.selectFrom('bank_cards').select(['id', 'kept_duplicate']).where('id', 'in', old.map((o) => o.id)).orderBy('id').execute();
    expect(kept.map((k) => k.kept_duplicate)).toEqual([false, true]);
    expect((await add(c, card(bank, '9911223344'))).body.code).toBe(ResponseCode.bankAccountOfAnotherMember);
  });
});
