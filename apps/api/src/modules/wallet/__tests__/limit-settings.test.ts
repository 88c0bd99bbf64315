import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';

// An owner sets the fee and limits of withdrawals and transfers in Money settings. Values that would
// make a way of moving money unusable (every request refused) or absurd (a fee as large as the money
// moved) are refused under the fields they are about, in the operator's language, and nothing
// changes; a saved change is recorded with the values set and the ones they replaced, in the same
// transaction as the change itself.

let t: TestApp;
let owner: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await newOperatorSession(t.db, 'owner');
}, 60_000);
afterAll(() => t.close());

type Kind = 'withdraw_bank' | 'withdraw_crypto' | 'transfer';
type Limit = { currency: string; kind: Kind; fee_bp: number; fee_fixed: number; min: number; max: number; daily_count: number; daily_amount: number; reason: string; base_updated_at?: string };
/** The version of a row as the console's table shows it; none while the row is not there. */
const versionOf = async (currency: string, kind: Kind) => (await t.db.selectFrom('wallet_limits').select('updated_at').where('currency', '=', currency).where('kind', '=', kind).executeTakeFirst())?.updated_at.toISOString();
// As the console sends it: the operator's language, a key per form sent (the same body again within seconds would be a repeat), and the version of the row it read.
const setLimit = async (body: Limit, lang = 'en-us') =>
  call(t, 'POST', '/admin/api/wallet/limits', { headers: { ...owner.headers, 'Accept-Language': lang, 'Idempotency-Key': randomUUID() }, body: { base_updated_at: await versionOf(body.currency, body.kind), ...body } });
const limitOf = (currency: string, kind: Kind) => t.db.selectFrom('wallet_limits').select(['fee_bp', 'fee_fixed', 'min_minor', 'max_minor', 'daily_count', 'daily_amount']).where('currency', '=', currency).where('kind', '=', kind).executeTakeFirst();
const recorded = (currency: string, kind: Kind) =>
  t.db
    .selectFrom('operator_actions')
    .select(['action', 'reason', 'facts'])
    .where('action', '=', 'wallet_limit.set')
    .where(sql<string>`facts->>'currency'`, '=', currency)
    .where(sql<string>`facts->>'kind'`, '=', kind)
    .orderBy('id')
    .execute();
type LimitFacts = { values: { daily_count: number }; before: { daily_count: number } | null };
/** The fields a refusal names, each with its message. */
const refusedFields = (body: { data: { errors?: Array<{ field: string; msg: string }> } | null }) => Object.fromEntries((body.data?.errors ?? []).map((e) => [e.field, e.msg]));

// USD bank withdrawals as installed: 1 % + 1.00, from 10.00 to 5,000.00, 3 and 10,000.00 a day.
const USD_BANK_AS_INSTALLED = { fee_bp: 100, fee_fixed: 100, min_minor: 1_000, max_minor: 500_000, daily_count: 3, daily_amount: 1_000_000 };

describe('fees and limits that would block or fleece every member', () => {
  it('a flat fee above the largest withdrawal is refused under the fixed fee, with the amounts; nothing changes or is recorded', async () => {
    const res = await setLimit({ currency: 'USD', kind: 'withdraw_bank', fee_bp: 0, fee_fixed: 99_999_999, min: 100, max: 1_000, daily_count: 5, daily_amount: 100_000, reason: 'probe' });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: ResponseCode.validation, msg: 'At the maximum of 10.00 USD the fee would be 999,999.99 USD, not less than the amount itself: lower the fixed fee or the fee rate' });
    expect(refusedFields(res.body)).toEqual({ fee_fixed: res.body.msg });
    expect(await limitOf('USD', 'withdraw_bank')).toEqual(USD_BANK_AS_INSTALLED);
    expect(await recorded('USD', 'withdraw_bank')).toEqual([]);
  });

  it('a fee equal to the maximum is refused, counting the percentage with the fixed part; one cent less is taken', async () => {
    // 50 % of 10.00 is 5.00, plus 5.00: the whole 10.00.
    const body: Limit = { currency: 'MYR', kind: 'transfer', fee_bp: 5_000, fee_fixed: 500, min: 100, max: 1_000, daily_count: 5, daily_amount: 1_000, reason: 'probe' };
    const refused = await setLimit(body);
    expect(refused.body).toMatchObject({ code: ResponseCode.validation, msg: 'At the maximum of 10.00 MYR the fee would be 10.00 MYR, not less than the amount itself: lower the fixed fee or the fee rate' });
    expect(refusedFields(refused.body)).toHaveProperty('fee_fixed');
    const taken = await setLimit({ ...body, fee_fixed: 499 });
    expect(taken.body.code, taken.body.msg).toBe(200);
    expect(await limitOf('MYR', 'transfer')).toMatchObject({ fee_bp: 5_000, fee_fixed: 499, max_minor: 1_000 });
  });

  it('a daily amount below the smallest transfer is refused under the daily amount, in the reader’s language', async () => {
    const body: Limit = { currency: 'USD', kind: 'transfer', fee_bp: 0, fee_fixed: 50, min: 100, max: 1_000, daily_count: 5, daily_amount: 1, reason: 'probe2' };
    const res = await setLimit(body);
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe('The amount per day (0.01 USD) cannot be lower than the maximum per request (10.00 USD)');
    expect(refusedFields(res.body)).toEqual({ daily_amount: res.body.msg });
    expect((await setLimit(body, 'hu')).body.msg).toBe('A napi összeg (0,01 USD) nem lehet kisebb az egy kérésre vonatkozó maximumnál (10,00 USD)');
    expect((await setLimit(body, 'zh-cn')).body.msg).not.toBe(res.body.msg);
    expect(await limitOf('USD', 'transfer')).toMatchObject({ min_minor: 100, max_minor: 500_000, daily_amount: 1_000_000 });
    expect(await recorded('USD', 'transfer')).toEqual([]);
  });

  it('a daily amount below the maximum of one request is refused too (the maximum could never be sent); equal to it is taken', async () => {
    const body: Limit = { currency: 'CNY', kind: 'transfer', fee_bp: 0, fee_fixed: 0, min: 100, max: 100_000, daily_count: 3, daily_amount: 99_999, reason: 'probe' };
    const refused = await setLimit(body);
    expect(refused.body.msg).toBe('The amount per day (999.99 CNY) cannot be lower than the maximum per request (1,000.00 CNY)');
    expect((await setLimit({ ...body, daily_amount: 100_000 })).body.code).toBe(200);
  });

  it('a maximum below the minimum is refused under the maximum; every problem of one form is named at once', async () => {
    const res = await setLimit({ currency: 'USD', kind: 'withdraw_crypto', fee_bp: 0, fee_fixed: 200, min: 500, max: 100, daily_count: 5, daily_amount: 50, reason: 'typo' });
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe('The maximum per request (1.00 USD) cannot be lower than the minimum (5.00 USD)');
    expect(refusedFields(res.body)).toEqual({
      max: 'The maximum per request (1.00 USD) cannot be lower than the minimum (5.00 USD)',
      fee_fixed: 'At the maximum of 1.00 USD the fee would be 2.00 USD, not less than the amount itself: lower the fixed fee or the fee rate',
      daily_amount: 'The amount per day (0.50 USD) cannot be lower than the maximum per request (1.00 USD)',
    });
  });

  it('a daily count of 0 (it would refuse every request: it does not mean "no limit"), a fee of 100 % and negative values are refused', async () => {
    const ok: Limit = { currency: 'USD', kind: 'withdraw_crypto', fee_bp: 0, fee_fixed: 100, min: 2_000, max: 1_000_000, daily_count: 3, daily_amount: 2_000_000, reason: 'probe' };
    for (const wrong of [{ daily_count: 0 }, { fee_bp: 10_000 }, { fee_fixed: -1 }, { min: -100 }, { daily_amount: -5 }]) {
      const res = await setLimit({ ...ok, ...wrong });
      expect(res.status, JSON.stringify(wrong)).toBe(422);
      expect(refusedFields(res.body), JSON.stringify(wrong)).toHaveProperty(Object.keys(wrong)[0]!);
    }
  });

  it('a currency the shop does not know is refused under the currency, not answered as a failure of the server', async () => {
    const res = await setLimit({ currency: 'ABC', kind: 'transfer', fee_bp: 0, fee_fixed: 0, min: 100, max: 1_000, daily_count: 5, daily_amount: 10_000, reason: 'probe' });
    expect(res.status).toBe(422);
    expect(refusedFields(res.body)).toEqual({ currency: 'ABC is not one of the shop’s currencies: choose one from the list' });
  });
});

describe('the record of a change of fees and limits', () => {
  it('names the values set and the ones they replaced, with who and why', async () => {
    const res = await setLimit({ currency: 'CNY', kind: 'withdraw_bank', fee_bp: 150, fee_fixed: 500, min: 10_000, max: 2_000_000, daily_count: 3, daily_amount: 6_000_000, reason: 'bank raised its fee' });
    expect(res.body.code, res.body.msg).toBe(200);
    // As facts the console words (it read `wallet_limit.set CNY withdraw_bank fee_bp: 100 → 150, …`), amounts in minor units.
    expect(await recorded('CNY', 'withdraw_bank')).toEqual([
      {
        action: 'wallet_limit.set',
        reason: 'bank raised its fee',
        facts: {
          key: 'wallet_limit',
          currency: 'CNY',
          kind: 'withdraw_bank',
          values: { fee_bp: 150, fee_fixed: 500, min: 10_000, max: 2_000_000, daily_count: 3, daily_amount: 6_000_000 },
          before: { fee_bp: 100, fee_fixed: 500, min: 10_000, max: 3_000_000, daily_count: 3, daily_amount: 6_000_000 },
        },
      },
    ]);
  });

  it('of a way not offered before, says it is new', async () => {
    expect((await setLimit({ currency: 'MYR', kind: 'withdraw_crypto', fee_bp: 0, fee_fixed: 100, min: 2_000, max: 1_000_000, daily_count: 3, daily_amount: 2_000_000, reason: 'stablecoin for MYR' })).body.code).toBe(200);
    expect(await recorded('MYR', 'withdraw_crypto')).toEqual([
      {
        action: 'wallet_limit.set',
        reason: 'stablecoin for MYR',
        facts: { key: 'wallet_limit', currency: 'MYR', kind: 'withdraw_crypto', values: { fee_bp: 0, fee_fixed: 100, min: 2_000, max: 1_000_000, daily_count: 3, daily_amount: 2_000_000 }, before: null },
      },
    ]);
  });

  it('two owners saving from one copy at once: one is written, the other refused; saved again, each record names the values its change replaced', async () => {
    const base: Limit = { currency: 'USD', kind: 'withdraw_bank', fee_bp: 100, fee_fixed: 100, min: 1_000, max: 500_000, daily_count: 3, daily_amount: 1_000_000, reason: 'at once' };
    const read = await versionOf('USD', 'withdraw_bank');
    const answers = await Promise.all([setLimit({ ...base, daily_count: 4, base_updated_at: read }), setLimit({ ...base, daily_count: 5, base_updated_at: read })]);
    const codes = answers.map((a) => a.body.code);
    expect([...codes].sort()).toEqual([200, ResponseCode.editedSinceOpened].sort());
    // The refused owner reads the row again and saves on top of the other's change.
    expect((await setLimit({ ...base, daily_count: codes[0] === 200 ? 5 : 4 })).body.code).toBe(200);
    const counts = (await recorded('USD', 'withdraw_bank')).map((r) => [(r.facts as LimitFacts).before!.daily_count, (r.facts as LimitFacts).values.daily_count]);
    // One replaced the installed 3, the other replaced what the first set.
    expect(counts).toHaveLength(2);
    expect(counts[0]![0]).toBe(3);
    expect(counts[1]![0]).toBe(counts[0]![1]);
    expect((await limitOf('USD', 'withdraw_bank'))!.daily_count).toBe(counts[1]![1]);
  });

  it('is written with the change: when it cannot be written, the limit is not changed', async () => {
    // The audit log refuses the entry (as a full disk or a broken constraint would).
    await sql`create function refuse_limit_record() returns trigger language plpgsql as $$ begin if new.action like 'wallet_limit.set%' then raise exception 'audit log unavailable'; end if; return new; end $$`.execute(t.db);
    await sql`create trigger refuse_limit_record before insert on operator_actions for each row execute function refuse_limit_record()`.execute(t.db);
    try {
      const before = await limitOf('MYR', 'withdraw_bank');
      const res = await setLimit({ currency: 'MYR', kind: 'withdraw_bank', fee_bp: 0, fee_fixed: 0, min: 5_000, max: 2_000_000, daily_count: 9, daily_amount: 4_000_000, reason: 'no record' });
      expect(res.status).toBe(500);
      expect(await limitOf('MYR', 'withdraw_bank')).toEqual(before);
    } finally {
      await sql`drop trigger refuse_limit_record on operator_actions`.execute(t.db);
      await sql`drop function refuse_limit_record()`.execute(t.db);
    }
  });
});

describe('the record of a change of a top-up channel (the same editor page, the same gap)', () => {
  /** A channel saved as the console's form saves it: naming the version of the channel it read (none for a new code). */
  const setChannel = async (body: { code: string } & Record<string, unknown>) => {
    const row = await t.db.selectFrom('recharge_channels').select('updated_at').where('code', '=', body.code).executeTakeFirst();
    return call(t, 'POST', '/admin/api/wallet/recharge-channels', { headers: { ...owner.headers, 'Idempotency-Key': randomUUID() }, body: { ...body, base_updated_at: row?.updated_at.toISOString() } });
  };
  const channelRecords = () => t.db.selectFrom('operator_actions').select(['action', 'reason', 'facts']).where('action', '=', 'recharge_channel.set').where(sql<string>`facts->>'code'`, '=', 'fpx_test').orderBy('id').execute();

  it('names the values set and, once it existed, the ones they replaced', async () => {
    const channel = { code: 'fpx_test', kind: 'bank_transfer', name: 'FPX', currencies: ['MYR'], min: 1_000, max: 500_000, enabled: true };
    expect((await setChannel({ ...channel, reason: 'new bank' })).body.code).toBe(200);
    expect((await setChannel({ ...channel, currencies: ['MYR', 'USD'], max: 800_000, enabled: false, reason: 'paused for maintenance' })).body.code).toBe(200);
    expect(await channelRecords()).toEqual([
      { action: 'recharge_channel.set', reason: 'new bank', facts: { key: 'recharge_channel', code: 'fpx_test', values: { kind: 'bank_transfer', name: 'FPX', currencies: ['MYR'], min: 1_000, max: 500_000, enabled: true }, before: null } },
      {
        action: 'recharge_channel.set',
        reason: 'paused for maintenance',
        facts: {
          key: 'recharge_channel',
          code: 'fpx_test',
          values: { kind: 'bank_transfer', name: 'FPX', currencies: ['MYR', 'USD'], min: 1_000, max: 800_000, enabled: false },
          before: { kind: 'bank_transfer', name: 'FPX', currencies: ['MYR'], min: 1_000, max: 500_000, enabled: true },
        },
      },
    ]);
  });
});
