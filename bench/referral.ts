import { sql } from 'kysely';
import { loadConfig } from '../apps/api/src/config.js';
import { createDatabase, type Database } from '../apps/api/src/db/database.js';
import { migrateToLatest } from '../apps/api/src/db/migrate.js';
import { fillSponsorPaths } from '../apps/api/src/db/migrations/2026_11_24_2830_sponsor_paths.js';
import { jobActor, type Actor } from '../apps/api/src/lib/actor.js';
import { runPairingDay } from '../apps/api/src/modules/referral/earnings.service.js';
import { legsOf, placeDownline, placementTree, referralTeam } from '../apps/api/src/modules/referral/referral.service.js';
// The request context's type augmentation, which the API's actor module relies on (the API's own build includes it).
import type {} from '../apps/api/src/plugins/context.js';
import { benchDatabaseUrl, drive, mean } from './ledger.js';
import type { LoadResult } from './load.js';

/**
 * The referral team at size: a generated team of `REFERRAL_MEMBERS` (default 100,000) members — a
 * balanced binary tree (the sponsor of each is its placement parent) with a long one-sided chain
 * (2,000 deep) hanging from its leftmost leaf — on its own throw-away database. Rows, in-process at
 * 50 concurrent clients through the shop's own database pool: leg totals of a random member, a
 * 3-level tree, the root's team list page 1, `anzhi` into free slots; then the daily pair bonus over
 * every member and its re-run.
 */
const MEMBERS = Number(process.env.REFERRAL_MEMBERS ?? 100_000);
const CHAIN = Math.min(2_000, Math.floor(MEMBERS / 10));
const ROUNDS = 2;

const member = (id: number): Actor => ({ kind: 'member', memberId: id, ip: '', lang: 'en-us', requestId: `bench-${id}` });

/** Members 1…n in heap order (node i's parent is ⌊i/2⌋, left when even), then the chain; answers the ids by position. */
async function generate(db: Database): Promise<{ ids: number[]; heap: number }> {
  const heap = MEMBERS - CHAIN;
  const tag = Date.now().toString(36);
  // The sponsor closure is built set-based after the members (as the migration's backfill does), not row by row by its trigger.
  await sql`alter table users disable trigger users_sponsor_paths`.execute(db);
  // 2,000 a statement: each member's name takes an advisory lock until its statement commits (one name, one member), and one statement of every member would outgrow the lock table.
  for (let from = 1; from <= MEMBERS; from += 2_000) {
    await sql`insert into users (user_name, nickname, password_hash) select ${`bref${tag}_`} || g, 'Member ' || g, 'not-used' from generate_series(${from}::int, ${Math.min(MEMBERS, from + 1_999)}::int) g`.execute(db);
  }
  await sql`create temporary table pos as select row_number() over (order by id)::int as i, id::int as id from users where user_name like ${`bref${tag}_%`}`.execute(db);
  await sql`create index on pos (i)`.execute(db);
  await sql`analyze pos`.execute(db);
  const ids = (await sql<{ id: number }>`select id from pos order by i`.execute(db)).rows.map((r) => r.id);
  // The heap: parent ⌊i/2⌋, side by parity; depth ⌊log2 i⌋; sponsor = parent.
  await sql`update users u set referrer_id = p.id from pos c join pos p on p.i = c.i / 2 where u.id = c.id and c.i between 2 and ${heap}`.execute(db);
  await sql`insert into placements (member_id, parent_id, side, depth, placed_by, how)
    select c.id, p.id, case when c.i = 1 then null when c.i % 2 = 0 then 'L' else 'R' end, floor(log(2, c.i))::int, 'bench', case when c.i = 1 then 'root' else 'member' end
    from pos c left join pos p on p.i = c.i / 2 and c.i > 1 where c.i <= ${heap} order by c.i`.execute(db);
  await sql`insert into placement_paths (ancestor_id, descendant_id, depth, side)
    select a.id, c.id, k, case when (c.i >> (k - 1)) % 2 = 0 then 'L' else 'R' end
    from pos c cross join lateral generate_series(1, floor(log(2, c.i))::int) k join pos a on a.i = c.i >> k
    where c.i between 2 and ${heap}`.execute(db);
  // The chain: each the left child of the one before, from the leftmost leaf of the heap.
  let leaf = 1;
  while (leaf * 2 <= heap) leaf *= 2;
  for (let j = 0; j < CHAIN; j++) {
    const i = heap + 1 + j;
    const parent = j === 0 ? leaf : i - 1;
    await sql`update users set referrer_id = ${ids[parent - 1]!} where id = ${ids[i - 1]!}`.execute(db);
    await sql`insert into placements (member_id, parent_id, side, depth, placed_by, how) select ${ids[i - 1]!}, ${ids[parent - 1]!}, 'L', depth + 1, 'bench', 'member' from placements where member_id = ${ids[parent - 1]!}`.execute(db);
    await sql`insert into placement_paths (ancestor_id, descendant_id, depth, side)
      select ancestor_id, ${ids[i - 1]!}::int, depth + 1, side from placement_paths where descendant_id = ${ids[parent - 1]!}
      union all select ${ids[parent - 1]!}::int, ${ids[i - 1]!}::int, 1, 'L'`.execute(db);
  }
  await sql`insert into referral_stats (member_id) select id from pos`.execute(db);
  // The sponsor tree is the placement tree here: its closure is the placement closure without the legs,
  // unless REFERRAL_FILL=migration asks for the migration's backfill (minutes at this size).
  const f0 = Date.now();
  if (process.env.REFERRAL_FILL === 'migration') await fillSponsorPaths(db);
  else {
    await sql`insert into sponsor_paths (ancestor_id, descendant_id, depth) select ancestor_id, descendant_id, depth from placement_paths`.execute(db);
    await sql`insert into sponsor_stats (member_id, team_count) select ancestor_id, count(*)::int from sponsor_paths group by ancestor_id`.execute(db);
  }
  console.log(`referral: sponsor closure filled in ${((Date.now() - f0) / 1000).toFixed(1)} s (${process.env.REFERRAL_FILL === 'migration' ? "the migration's backfill" : 'copied from the placement closure'})`);
  await sql`alter table users enable trigger users_sponsor_paths`.execute(db);
  // As autovacuum leaves a settled table: statistics and the visibility map (index-only counts);
  // and the bulk load's pages written out, as a running shop's checkpoints keep them, rather than
  // flushed in the middle of a measured row.
  await sql`vacuum analyze`.execute(db);
  await sql`checkpoint`.execute(db);
  return { ids, heap };
}

export async function benchReferral(): Promise<{ rows: Array<LoadResult & { maxP99Ms?: number; maxSeconds?: number }>; failures: string[] }> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 3);
  const { url, stop } = await benchDatabaseUrl('referral');
  // The 50 clients share the shop's own pool (DATABASE_POOL_SIZE, 10 connections unless set), as 50
  // members' requests at once share one API process's connections: 50 connections of their own would
  // be 50 server processes taking turns on two cores, which no configuration of the shop opens.
  const db: Database = createDatabase(url, loadConfig().DATABASE_POOL_SIZE);
  const rows: Array<LoadResult & { maxP99Ms?: number; maxSeconds?: number }> = [];
  const failures: string[] = [];
  try {
    // The team is generated on a connection of its own without the statement time limit (bulk statements).
    const setup: Database = createDatabase(url, 1, { statementMs: 0 });
    const t0 = Date.now();
    let generated: Awaited<ReturnType<typeof generate>>;
    try {
      await migrateToLatest(setup);
      generated = await generate(setup);
    } catch (e) {
      await setup.destroy();
      throw e;
    }
    const { ids, heap } = generated;
    console.log(`referral: generated ${MEMBERS} members (chain ${CHAIN}) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const deps = { db };
    const pick = () => ids[Math.floor(Math.random() * ids.length)]!;
    const row = (r: LoadResult, maxP99Ms: number) => {
      rows.push({ ...r, maxP99Ms });
      console.log(`referral: ${r.name}: ${r.requestsPerSecond} req/s, p99 ${r.p99Ms} ms (${(r.requestsPerSecond / base.requestsPerSecond).toFixed(2)} of the baseline's rate), budget p99 < ${maxP99Ms} ms`);
      if (r.errors) failures.push(`${r.name}: ${r.errors} errors`);
      if (r.p99Ms >= maxP99Ms) failures.push(`${r.name}: p99 ${r.p99Ms} ms ≥ ${maxP99Ms} ms`);
    };
    const rounds = async (name: string, work: (i: number) => Promise<unknown>) => {
      await drive('warm-up', 1, work);
      const rs: LoadResult[] = [];
      for (let r = 0; r < ROUNDS; r++) rs.push(await drive(name, seconds, work));
      return mean(rs);
    };
    // The envelope of this bench: a one-row primary-key read at the same 50 clients, in the same run;
    // each row's ratio is its rate against it (the machine is shared, so absolute figures move).
    const base = await rounds('baseline: one-row primary-key read', () => sql`select id, user_name from users where id = ${pick()}`.execute(db));
    rows.push({ ...base });
    console.log(`referral: ${base.name}: ${base.requestsPerSecond} req/s, p99 ${base.p99Ms} ms`);
    // How the reads are planned at this size (REFERRAL_EXPLAIN=1): the root's team page and a 3-level tree.
    if (process.env.REFERRAL_EXPLAIN) {
      const plan = async (label: string, query: ReturnType<typeof sql>) =>
        console.log(`${label}:\n${(await sql<{ 'QUERY PLAN': string }>`explain (analyze, costs off) ${query}`.execute(db)).rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
      await plan('team page of the root', sql`select t.descendant_id as id, t.depth as level, u.nickname, u.user_name, u.avatar, u.created_at, r.user_name as referrer, coalesce(s.star, 0) as star
        from sponsor_paths t join users u on u.id = t.descendant_id join users r on r.id = u.referrer_id left join referral_stats s on s.member_id = t.descendant_id
        where t.ancestor_id = ${ids[0]!} and (${null}::int is null or t.depth = ${null}) and (${null}::text is null or u.nickname ilike ${null} or u.user_name ilike ${null})
        order by t.depth, t.descendant_id limit ${20} offset ${0}`);
      const someone = ids[Math.floor(ids.length / 3)]!;
      await plan('3 levels below a member', sql`select p.member_id as id, (select count(*)::int from placement_paths c where c.ancestor_id = p.member_id and c.side = 'L') as left_count
        from (select ${someone}::int as id union all select descendant_id from placement_paths where ancestor_id = ${someone} and depth <= ${3}) n
        join placements p on p.member_id = n.id join users u on u.id = p.member_id left join referral_stats s on s.member_id = p.member_id`);
    }
    row(await rounds('referral: leg totals of a random member', () => legsOf(deps, member(pick()))), 20);
    row(await rounds('referral: 3-level tree of a random member', () => placementTree(deps, member(pick()), { levels: 3 })), 20);
    row(await rounds('referral: the root\'s team list, page 1', () => referralTeam(deps, member(ids[0]!), { page: 1, limit: 20 })), 50);
    // anzhi: each leaf of the heap invites two members, placed into its own left and right slots (every call a real placement).
    const leaves = ids.slice(Math.floor(heap / 2), heap);
    const slots = leaves.slice(0, 30_000).flatMap((id) => [{ id, side: 'L' as const }, { id, side: 'R' as const }]);
    // Registered as members register (the sponsor closure's trigger runs for each), before the clock starts.
    const r0i = Date.now();
    // A statement of 100 registrations at a time (each its own transaction, as registrations are).
    const invitees: number[] = [];
    for (let from = 0; from < slots.length; from += 100) {
      const part = slots.slice(from, from + 100);
      const got = await sql<{ id: number }>`insert into users (user_name, password_hash, referrer_id) select 'bref_inv_' || s.id || '_' || s.side, 'not-used', s.id
        from unnest(${part.map((x) => x.id)}::int[], ${part.map((x) => x.side)}::text[]) with ordinality s(id, side, k) order by s.k returning id`.execute(setup);
      invitees.push(...got.rows.map((r) => r.id));
    }
    await sql`checkpoint`.execute(setup);
    await setup.destroy();
    console.log(`referral: ${invitees.length} invitees registered in ${((Date.now() - r0i) / 1000).toFixed(1)} s (${((Date.now() - r0i) / invitees.length).toFixed(2)} ms each)`);
    let next = 0;
    const anzhi = async () => {
      const k = next++;
      if (k >= invitees.length) throw new Error('out of free slots');
      await placeDownline(deps, member(slots[k]!.id), { user_id: invitees[k]!, parent_id: slots[k]!.id, side: slots[k]!.side });
    };
    row(await rounds('referral: anzhi into a free slot', anzhi), 30);

    // The pair bonus over every member: each with PV in both legs on a past day.
    await sql`insert into leg_pv_days (member_id, day, left_pv, right_pv) select member_id, date '2020-01-01', 50 + (member_id * 37) % 900, 50 + (member_id * 53) % 900 from placements`.execute(db);
    const r0 = Date.now();
    const run = await runPairingDay(deps, jobActor('pair_due_days', 'bench'), '2020-01-01').catch((e: Error) => {
      failures.push(`pair bonus run: ${e.message} after ${((Date.now() - r0) / 1000).toFixed(1)} s`);
      return undefined;
    });
    if (!run) return { rows, failures };
    const runSeconds = (Date.now() - r0) / 1000;
    const r1 = Date.now();
    const again = await runPairingDay(deps, jobActor('pair_due_days', 'bench-2'), '2020-01-01');
    const rerunSeconds = (Date.now() - r1) / 1000;
    console.log(`referral: pair bonus for ${run.members} members in ${runSeconds.toFixed(1)} s (re-run ${rerunSeconds.toFixed(2)} s, ${again.rerun ? 'nothing changed' : 'CHANGED'})`);
    if (runSeconds > 60) failures.push(`pair bonus run: ${runSeconds.toFixed(1)} s > 60 s`);
    if (rerunSeconds > 5 || !again.rerun) failures.push(`pair bonus re-run: ${rerunSeconds.toFixed(2)} s, rerun=${again.rerun}`);
    return { rows, failures };
  } finally {
    await db.destroy();
    await stop();
  }
}
