import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDatabase, type Database } from '../apps/api/src/db/database.js';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded.js';
import { migrateToLatest } from '../apps/api/src/db/migrate.js';
import { systemActor } from '../apps/api/src/lib/actor.js';
import { AppError } from '../apps/api/src/lib/errors.js';
import { withTransaction } from '../apps/api/src/lib/transaction.js';
import { post } from '../apps/api/src/modules/ledger/ledger.service.js';
// The request context's type augmentation, which the API's actor module relies on (the API's own build includes it).
import type {} from '../apps/api/src/plugins/context.js';
import type { LoadResult } from './load.js';
import { freePort } from './servers.js';

const CLIENTS = 50;
const MEMBERS = 200;
const ROUNDS = 3;

/** Runs `work` from 50 concurrent loops for `seconds` (told the count so far and its loop's number): completions per second and p99 latency. */
export async function drive(name: string, seconds: number, work: (i: number, loop: number) => Promise<unknown>): Promise<LoadResult> {
  const until = Date.now() + seconds * 1000;
  const latencies: number[] = [];
  let errors = 0;
  let n = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, loop) => {
      while (Date.now() < until) {
        const t0 = performance.now();
        try {
          await work(n++, loop);
        } catch (e) {
          // The first failure is shown: a count alone does not say whether the shop or the run's data gave out.
          if (!errors++) console.warn(`${name}: ${e instanceof Error ? e.message : String(e)}`);
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    name,
    requestsPerSecond: Math.round(latencies.length / ((Date.now() - started) / 1000)),
    p99Ms: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
    non2xx: 0,
    errors,
  };
}

export const mean = (rounds: LoadResult[]): LoadResult => ({
  name: rounds[0]!.name,
  requestsPerSecond: Math.round(rounds.reduce((a, r) => a + r.requestsPerSecond, 0) / rounds.length),
  p99Ms: Math.max(...rounds.map((r) => r.p99Ms)),
  non2xx: 0,
  errors: rounds.reduce((a, r) => a + r.errors, 0),
});

/** `count` members named after the run's `tag` (no password in use); answers their ids. */
export async function benchMembers(db: Database, count: number, tag: string): Promise<number[]> {
  const rows = await db
    .insertInto('users')
    .values(Array.from({ length: count }, (_, i) => ({ user_name: `bench${tag}_${i}`, password_hash: 'not-used' })))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * DATABASE_URL, else a throw-away embedded PostgreSQL of its own (removed by `stop`) with the given
 * server settings; `dataDir` is the embedded server's folder.
 */
export async function benchDatabaseUrl(name: string, settings?: Record<string, string>): Promise<{ url: string; dataDir?: string; stop: () => Promise<void> }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-bench-${name}-`));
  fs.chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres({ dir: path.join(dir, 'data'), port: await freePort(), settings });
  return {
    url: server.url('postgres'),
    dataDir: path.join(dir, 'data'),
    stop: async () => {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Ledger transfers between random members at 50 concurrent clients, and a plain one-row UPDATE
 * transaction on the same database in the same run (the ceiling they are compared with).
 * A refused transfer (insufficient balance) is a completed answer, not an error.
 */
export async function benchLedger(): Promise<{ baseline: LoadResult; transfers: LoadResult }> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 3);
  const { url, stop: stopServer } = await benchDatabaseUrl('ledger');
  const db: Database = createDatabase(url, CLIENTS);
  try {
    await migrateToLatest(db);
    const actor = systemActor('bench');
    const tag = Date.now().toString(36);
    const members = await benchMembers(db, MEMBERS, tag);
    for (const m of members) {
      await withTransaction(db, (tx) =>
        post(tx, {
          kind: 'recharge',
          reference: { type: 'test-bench', id: m },
          idempotencyKey: `bench-fund:${tag}:${m}`,
          actor,
          postings: [
            { account: { system: 'gateway_clearing', gateway: 'bench', currency: 'USD' }, amount: -1_000_000 },
            { account: { member: m, asset: 'cash', currency: 'USD' }, amount: 1_000_000 },
          ],
        }),
      );
    }
    await sql`create table if not exists bench_counters (id int primary key, n bigint not null default 0)`.execute(db);
    await sql`insert into bench_counters (id) select generate_series(1, ${MEMBERS}) on conflict do nothing`.execute(db);

    const pick = () => members[Math.floor(Math.random() * members.length)]!;
    const transfer = (i: number) => {
      const from = pick();
      let to = pick();
      if (to === from) to = members[(members.indexOf(from) + 1) % members.length]!;
      const amount = 1 + Math.floor(Math.random() * 500);
      // What the wallet's transfer posts: one entry, the sender's cash to the receiver's, once per key.
      const entry = {
        kind: 'transfer' as const,
        reference: { type: 'transfer' as const, id: `bench:${tag}:${i}` },
        idempotencyKey: `transfer:${from}:bench:${tag}:${i}`,
        actor,
        postings: [
          { account: { member: from, asset: 'cash' as const, currency: 'USD' }, amount: -amount },
          { account: { member: to, asset: 'cash' as const, currency: 'USD' }, amount },
        ],
      };
      return withTransaction(db, (tx) => post(tx, entry)).catch((e: unknown) => {
        if (!(e instanceof AppError)) throw e;
      });
    };
    const update = () => withTransaction(db, (tx) => sql`update bench_counters set n = n + 1 where id = ${1 + Math.floor(Math.random() * MEMBERS)}`.execute(tx));

    await drive('warm-up', 1, update);
    await drive('warm-up', 1, transfer);
    const baselineRounds: LoadResult[] = [];
    const transferRounds: LoadResult[] = [];
    // Alternating rounds, so a change in the machine's load weighs on both sides alike.
    for (let round = 0; round < ROUNDS; round++) {
      baselineRounds.push(await drive('one-row UPDATE transaction (same database)', seconds, update));
      transferRounds.push(await drive('ledger transfer, random members', seconds, (i) => transfer(round * 1_000_000 + i)));
    }
    return { baseline: mean(baselineRounds), transfers: mean(transferRounds) };
  } finally {
    await db.destroy();
    await stopServer();
  }
}
