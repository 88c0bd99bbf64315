import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { up as bankCardAccountOnce } from '../../../db/migrations/2026_12_02_1500_bank_card_account_once.js';
import { PAY_PASSWORD, maybank, walletMember } from './fixtures.js';

// A member adds an account once: the same bank and account number (however spaced or dashed) is
// refused while their card for it is live, even when two adds arrive at once; a deleted card's
// account can be added again.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof walletMember>>;
const cimb = async () => (await t.db.selectFrom('banks').select('id').where('code', '=', 'CIBBMYKL').executeTakeFirstOrThrow()).id;
const card = (bankId: number, account: string, holder = 'Tan Mei') => ({ bank_id: bankId, holder_name: holder, account_number: account, currency: 'MYR', pay_password: PAY_PASSWORD });
const add = (m: Member, body: unknown, lang = 'en-us') => call(t, 'POST', '/user/bank_card/create', { headers: m.headers, body, lang });
const cards = async (m: Member) => (await call(t, 'GET', '/user/bank_card/list', { headers: m.headers })).body.data.list as Array<{ id: number; bank_name: string; account_masked: string }>;

describe('one card per account', () => {
  it('refuses the same bank and account number again, however it is typed, and keeps the one card', async () => {
    const m = await walletMember(t);
    const first = await add(m, card(await maybank(t), '123-456-7890'));
    expect(first.body.code, first.body.msg).toBe(200);

    const again = await add(m, card(await maybank(t), '1234 567 890', 'Mei Tan'));
    expect(again.body).toMatchObject({ code: ResponseCode.bankCardDuplicate, msg: 'You have already added this account: Maybank **** 7890', data: null });
    const zh = await add(m, card(await maybank(t), '1234567890'), 'zh-cn');
    expect(zh.body.code).toBe(ResponseCode.bankCardDuplicate);
    expect(zh.body.msg).toBe('您已添加过该账户：Maybank **** 7890');
    expect(await cards(m)).toEqual([expect.objectContaining({ id: first.body.data.id, bank_name: 'Maybank', account_masked: '**** 7890' })]);

    // The same number at another bank is another account.
    const other = await add(m, card(await cimb(), '1234567890'));
    expect(other.body.code, other.body.msg).toBe(200);
    // Nor can another card be changed into this account.
    const changed = await call(t, 'POST', '/user/bank_card/update', { headers: m.headers, body: { ...card(await maybank(t), '123 456 7890'), id: other.body.data.id }, lang: 'en-us' });
    expect(changed.body.code).toBe(ResponseCode.bankCardDuplicate);
    expect((await cards(m)).map((c) => c.bank_name)).toEqual(['Maybank', 'CIMB Bank']);
  });

  it('takes the account again once its card is deleted', async () => {
    const m = await walletMember(t);
    const first = await add(m, card(await maybank(t), '5140 0000 1111'));
    expect(first.body.code, first.body.msg).toBe(200);
    const removed = await call(t, 'POST', '/user/bank_card/delete', { headers: m.headers, body: { id: first.body.data.id } });
    expect(removed.body.code, removed.body.msg).toBe(200);
    const again = await add(m, card(await maybank(t), '514000001111'));
    expect(again.body.code, again.body.msg).toBe(200);
    expect((await cards(m)).map((c) => c.id)).toEqual([again.body.data.id]);
  });

  it('adds one card when the same account is sent twice at once', async () => {
    const bank = await maybank(t);
    for (let round = 0; round < 10; round++) {
      const m = await walletMember(t);
      const account = `7700 ${String(1000 + round)} 55`;
      const answers = await Promise.all([add(m, card(bank, account)), add(m, card(bank, account.replace(/ /g, '-'), 'Mei Tan'))]);
      expect(answers.map((a) => a.body.code).sort(), `round ${round}`).toEqual([200, ResponseCode.bankCardDuplicate].sort());
      expect(await cards(m), `round ${round}`).toHaveLength(1);
    }
  });

  it('the migration keeps cards members already added twice, and refuses a third', async () => {
    // Old data as it may be: one member's account held in two live cards before the rule.
    const m = await walletMember(t);
    const bank = await maybank(t);
    await sql`alter table bank_cards drop column kept_duplicate`.execute(t.db);
    const row = { user_id: m.userId, country_code: 'MY', bank_id: bank, branch_id: null, holder_name: 'Tan Mei', currency: 'MYR' };
    const old = await t.db.insertInto('bank_cards').values([{ ...row, account_number: '9900112233' }, { ...row, account_number: '9900 1122-33' }]).returning('id').execute();
    await expect(t.db.transaction().execute((tx) => bankCardAccountOnce(tx))).resolves.toBeUndefined();

    expect((await cards(m)).map((c) => c.id)).toEqual(old.map((o) => o.id));
    expect((await add(m, card(bank, '9900112233'))).body.code).toBe(ResponseCode.bankCardDuplicate);
  });
});
