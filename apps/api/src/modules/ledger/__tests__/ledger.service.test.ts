import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import type { Database } from '../../../db/database.js';
import { systemActor } from '../../../lib/actor.js';
import { AppError } from '../../../lib/errors.js';
import { withTransaction, type Tx } from '../../../lib/transaction.js';
import { openTestDatabase } from '../../../test/test-database.js';
import { convertMinor, loadEcbSnapshot, rateFor } from '../../rates/rates.service.js';
import { balanceOf, convert, ledgerCheck, post, reverse } from '../ledger.service.js';
import { fund, makeMembers, transferBetweenMembers } from './ledger-helpers.js';
import { OPS_CLI } from '../../../test/api-processes.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../../../../..');

let db: Database;
let url: string;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, url, close } = await openTestDatabase());
  await loadEcbSnapshot(db);
});
afterAll(() => close());

const actor = systemActor('ledger-test');
const codeOf = (e: unknown) => (e instanceof AppError ? e.code : String(e));

/** Writes an entry and its postings with plain SQL, as a careless script would, and commits. */
async function rawEntry(amounts: number[]): Promise<void> {
  const [m] = (await makeMembers(db, 1)) as [number];
  await fund(db, m, 1_000);
  const account = await db.selectFrom('ledger_accounts').select('id').where('member_id', '=', m).executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: number }>`insert into journal_entries (kind, reference_type, reference_id, idempotency_key, actor_kind, actor_id) values ('raw', 'test', '1', ${`raw:${Math.random()}`}, 'system', 'psql') returning id`.execute(trx);
    for (const amount of amounts) await sql`insert into postings (entry_id, account_id, amount, currency) values (${rows[0]!.id}, ${account.id}, ${amount}, 'USD')`.execute(trx);
  });
}

describe('the ledger', () => {
  it('the database refuses an unbalanced entry, a one-sided one and an empty one, even written by raw SQL', async () => {
    const before = await db.selectFrom('journal_entries').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await expect(rawEntry([100, -99])).rejects.toThrow(/does not balance in USD/);
    await expect(rawEntry([100])).rejects.toThrow(/at least two/);
    await expect(rawEntry([])).rejects.toThrow(/at least two/);
    await expect(rawEntry([100, -100])).resolves.toBeUndefined();
    const after = await db.selectFrom('journal_entries').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    // Three funding entries and the balanced raw one; nothing of the refused ones.
    expect(Number(after.n) - Number(before.n)).toBe(5);
  });

  it('the database refuses a posting added later to an entry that balanced, and an unbalanced entry written inside a savepoint', async () => {
    const [m] = (await makeMembers(db, 1)) as [number];
    const entryId = await fund(db, m, 1_000);
    const account = await db.selectFrom('ledger_accounts').select('id').where('member_id', '=', m).executeTakeFirstOrThrow();
    const addLater = (amounts: number[]) =>
      db.transaction().execute(async (trx) => {
        for (const amount of amounts) await sql`insert into postings (entry_id, account_id, amount, currency) values (${entryId}, ${account.id}, ${amount}, 'USD')`.execute(trx);
      });
    await expect(addLater([500])).rejects.toThrow(/does not balance in USD/);
    const inSavepoint = db.transaction().execute(async (trx) => {
      await sql`savepoint inner_work`.execute(trx);
      const { rows } = await sql<{ id: number }>`insert into journal_entries (kind, reference_type, reference_id, idempotency_key, actor_kind, actor_id) values ('raw', 'test', '2', ${`raw:${Math.random()}`}, 'system', 'psql') returning id`.execute(trx);
      await sql`insert into postings (entry_id, account_id, amount, currency) values (${rows[0]!.id}, ${account.id}, 3, 'USD')`.execute(trx);
      await sql`release savepoint inner_work`.execute(trx);
    });
    await expect(inSavepoint).rejects.toThrow(/USD|at least two/);
    expect(await balanceOf(db, m, 'cash', 'USD')).toBe(1_000);
  });

  it('postings and entries are never updated or deleted', async () => {
    const [m] = (await makeMembers(db, 1)) as [number];
    const entryId = await fund(db, m, 500);
    await expect(sql`update postings set amount = amount * 2 where entry_id = ${entryId}`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from postings where entry_id = ${entryId}`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`update journal_entries set kind = 'gift' where id = ${entryId}`.execute(db)).rejects.toThrow(/append-only/);
    expect(await balanceOf(db, m, 'cash', 'USD')).toBe(500);
  });

  it('refuses an overdraft of a member with the message of the asset, and changes nothing', async () => {
    const [a, b] = (await makeMembers(db, 2)) as [number, number];
    await fund(db, a, 300);
    await fund(db, a, 50, 'USD', 'points');
    const err = await transferBetweenMembers(db, actor, { from: a, to: b, amount: 301, currency: 'USD', idempotencyKey: 'over-1' }).catch((e) => e);
    expect(codeOf(err)).toBe(ResponseCode.insufficientBalance);
    const points = await transferBetweenMembers(db, actor, { from: a, to: b, amount: 51, currency: 'USD', asset: 'points', idempotencyKey: 'over-2' }).catch((e) => e);
    expect(codeOf(points)).toBe(ResponseCode.insufficientPoints);
    expect(await balanceOf(db, a, 'cash', 'USD')).toBe(300);
    expect(await balanceOf(db, b, 'cash', 'USD')).toBe(0);
  });

  it('the same idempotency key moves money once and answers the same entry', async () => {
    const [a, b] = (await makeMembers(db, 2)) as [number, number];
    await fund(db, a, 1_000);
    const first = await transferBetweenMembers(db, actor, { from: a, to: b, amount: 100, currency: 'USD', idempotencyKey: 'same-key-1' });
    const again = await Promise.all(Array.from({ length: 5 }, () => transferBetweenMembers(db, actor, { from: a, to: b, amount: 100, currency: 'USD', idempotencyKey: 'same-key-1' })));
    expect(again.every((r) => r.entryId === first.entryId && r.replayed)).toBe(true);
    expect(await balanceOf(db, b, 'cash', 'USD')).toBe(100);
  });

  it('an account opened by an entry whose transaction was undone is opened again by the next entry, which lands on it', async () => {
    const [from, to] = (await makeMembers(db, 2)) as [number, number];
    await fund(db, from, 500);
    const transfer = (tx: Tx, key: string, amount: number) =>
      post(tx, {
        kind: 'transfer',
        reference: { type: 'transfer', id: key },
        idempotencyKey: `transfer:${from}:${key}`,
        actor,
        postings: [
          { account: { member: from, asset: 'cash', currency: 'USD' }, amount: -amount },
          { account: { member: to, asset: 'cash', currency: 'USD' }, amount },
        ],
      });
    // The receiver's account is opened (and its id kept by the process) in a transaction that is then undone.
    await expect(
      withTransaction(db, async (tx) => {
        await transfer(tx, 'undone', 100);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await db.selectFrom('ledger_accounts').select('id').where('member_id', '=', to).execute()).toEqual([]);
    await withTransaction(db, (tx) => transfer(tx, 'kept', 120));
    expect([await balanceOf(db, from, 'cash', 'USD'), await balanceOf(db, to, 'cash', 'USD')]).toEqual([380, 120]);
    expect(await ledgerCheck(db)).toEqual([]);
  });

  it('a reversing entry undoes a transfer, names it, and is written once', async () => {
    const [a, b] = (await makeMembers(db, 2)) as [number, number];
    await fund(db, a, 1_000);
    const t = await transferBetweenMembers(db, actor, { from: a, to: b, amount: 250, currency: 'USD', idempotencyKey: 'to-undo' });
    const r = await withTransaction(db, (tx) => reverse(tx, t.entryId, { actor, memo: 'sent to the wrong member' }));
    const again = await withTransaction(db, (tx) => reverse(tx, t.entryId, { actor }));
    expect(again).toEqual({ entryId: r.entryId, replayed: true });
    expect(await balanceOf(db, a, 'cash', 'USD')).toBe(1_000);
    expect(await balanceOf(db, b, 'cash', 'USD')).toBe(0);
    const entry = await db.selectFrom('journal_entries').selectAll().where('id', '=', r.entryId).executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ kind: 'transfer.reversal', reverses_entry_id: t.entryId, memo: 'sent to the wrong member' });
    // The original postings are still there, untouched.
    expect(await db.selectFrom('postings').select('amount').where('entry_id', '=', t.entryId).orderBy('amount').execute()).toEqual([{ amount: -250 }, { amount: 250 }]);
  });

  it('rounds a conversion half-up once, on the final amount', () => {
    expect(convertMinor(1, '0.5', 2, 2)).toBe(1);
    expect(convertMinor(3, '0.5', 2, 2)).toBe(2);
    expect(convertMinor(1, '0.49999', 2, 2)).toBe(0);
    // 1.00 USD at 156.755 JPY: 156.755 yen, rounded once to 157 (no cents step in between).
    expect(convertMinor(100, '156.755', 2, 0)).toBe(157);
    // 157 yen at 0.0063795 USD: 1.0015815 USD = 100.15815 cents → 100.
    expect(convertMinor(157, '0.0063795', 0, 2)).toBe(100);
  });

  it('converts through the two FX liquidity accounts and records the rate, its source and date', async () => {
    const [m] = (await makeMembers(db, 1)) as [number];
    await fund(db, m, 10_000);
    const rate = await rateFor(db, 'USD', 'MYR', '2026-11-21');
    expect(rate.source).toBe('ecb');
    const result = await withTransaction(db, (tx) => convert(tx, { member: m, amount: 10_000, from: 'USD', to: 'MYR', rate, idempotencyKey: `fx:${m}`, actor }));
    expect(result.converted).toBe(convertMinor(10_000, rate.rate, 2, 2));
    expect(await balanceOf(db, m, 'cash', 'USD')).toBe(0);
    expect(await balanceOf(db, m, 'cash', 'MYR')).toBe(result.converted);
    const entry = await db.selectFrom('journal_entries').select(['rate', 'rate_source', sql<string>`to_char(rate_date, 'YYYY-MM-DD')`.as('day')]).where('id', '=', result.entryId).executeTakeFirstOrThrow();
    expect(entry).toEqual({ rate: rate.rate, rate_source: 'ecb', day: '2026-11-20' });
    const liquidity = await db.selectFrom('postings').innerJoin('ledger_accounts', 'ledger_accounts.id', 'postings.account_id').select(['ledger_accounts.system_code', 'postings.currency', 'postings.amount']).where('postings.entry_id', '=', result.entryId).where('owner_kind', '=', 'system').orderBy('postings.currency').execute();
    expect(liquidity).toEqual([
      { system_code: 'fx_liquidity', currency: 'MYR', amount: -result.converted },
      { system_code: 'fx_liquidity', currency: 'USD', amount: 10_000 },
    ]);
  });

  it('the ledger check finds a tampered cached balance, and the operator command exits 1 with it', async () => {
    expect(await ledgerCheck(db)).toEqual([]);
    const ops = (args: string[]) =>
      run(process.execPath, [...OPS_CLI, ...args], { cwd: ROOT, env: { ...process.env, DATABASE_URL: url, NODE_ENV: 'test', OPERATOR: 'auditor' } });
    expect((await ops(['ledger', 'check'])).stdout).toMatch(/every entry balances/);

    const [m] = (await makeMembers(db, 1)) as [number];
    await fund(db, m, 700);
    const account = await db.selectFrom('ledger_accounts').select('id').where('member_id', '=', m).executeTakeFirstOrThrow();
    await sql`update ledger_accounts set balance = balance + 1 where id = ${account.id}`.execute(db);
    expect(await ledgerCheck(db)).toEqual([{ kind: 'balance-mismatch', accountId: account.id, cached: 701, posted: 700 }]);
    const failed = await ops(['ledger', 'check']).then(() => undefined, (e: { code: number; stderr: string }) => e);
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain(`account ${account.id}: cached balance 701 but its postings sum to 700`);
    // With a replica named (here the same server under another name), the check reads there and says so.
    const replicaUrl = new URL(url);
    replicaUrl.searchParams.set('application_name', 'ledger-check-replica');
    const onReplica = await run(process.execPath, [...OPS_CLI, 'ledger', 'check'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url, DATABASE_REPLICA_URL: replicaUrl.toString(), NODE_ENV: 'test', OPERATOR: 'auditor' },
    }).then(() => undefined, (e: { code: number; stderr: string }) => e);
    expect(onReplica?.stderr).toContain(`ledger check (read on the replica): 1 finding(s)`);
    await sql`update ledger_accounts set balance = balance - 1 where id = ${account.id}`.execute(db);
  }, 60_000);

  it('the ledger check finds an entry that does not balance, one with a single posting, and a member account posted below zero', async () => {
    const [m] = (await makeMembers(db, 1)) as [number];
    await fund(db, m, 10);
    const account = await db.selectFrom('ledger_accounts').select('id').where('member_id', '=', m).executeTakeFirstOrThrow();
    // Written past the ledger's own guards, as only a bug or a hand in the database could.
    const entryId = await withTransaction(db, async (tx) => {
      await sql`set local session_replication_role = replica`.execute(tx);
      const { rows } = await sql<{ id: number }>`insert into journal_entries (kind, reference_type, reference_id, idempotency_key, actor_kind, actor_id) values ('tampered', 'test', '1', ${`tampered-${m}`}, 'system', 'test') returning id`.execute(tx);
      await sql`insert into postings (entry_id, account_id, amount, currency) values (${rows[0]!.id}, ${account.id}, -60, 'USD')`.execute(tx);
      return rows[0]!.id;
    });
    expect(await ledgerCheck(db)).toEqual([
      { kind: 'unbalanced-entry', entryId, currency: 'USD', total: -60, postings: 1 },
      { kind: 'unbalanced-entry', entryId, currency: null, total: 0, postings: 1 },
      { kind: 'balance-mismatch', accountId: account.id, cached: 10, posted: -50 },
      { kind: 'negative-member-balance', accountId: account.id, memberId: m, balance: 10, posted: -50 },
    ]);
    await withTransaction(db, async (tx) => {
      await sql`set local session_replication_role = replica`.execute(tx);
      await sql`delete from postings where entry_id = ${entryId}`.execute(tx);
      await sql`delete from journal_entries where id = ${entryId}`.execute(tx);
    });
    expect(await ledgerCheck(db)).toEqual([]);
  });
});
