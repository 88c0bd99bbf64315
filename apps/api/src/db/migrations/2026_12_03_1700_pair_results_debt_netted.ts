import { sql, type Kysely } from 'kysely';

// A day's pair bonus first pays off what the member owes from a reversed commission: what of it went to
// that debt is kept on the result (`debt_netted_minor`, part of `paid_minor`; the rest reached the
// member's rewards) and summed on the day's run. Results paid before are read from the ledger: what
// the day's entry posted to the member's rewards reached them, the rest of what the result paid went
// to the debt (all of it when no entry paid the member).

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table pair_results add column debt_netted_minor bigint not null default 0 check (debt_netted_minor >= 0 and debt_netted_minor <= paid_minor)`.execute(db);
  await sql`alter table pair_runs add column debt_netted_minor bigint not null default 0`.execute(db);
  await sql`update pair_results r set debt_netted_minor = x.netted
    from (
      select r2.member_id, r2.day, greatest(r2.paid_minor - coalesce((
          select sum(p.amount) from postings p join ledger_accounts a on a.id = p.account_id
          where p.entry_id = r2.entry_id and a.owner_kind = 'member' and a.member_id = r2.member_id and a.asset = 'rewards' and a.currency = r2.currency), 0), 0) as netted
      from pair_results r2 where r2.paid_minor > 0
    ) x
    where r.member_id = x.member_id and r.day = x.day and x.netted > 0`.execute(db);
  await sql`update pair_runs pr set debt_netted_minor = x.netted
    from (select day, sum(debt_netted_minor) as netted from pair_results group by day) x
    where pr.day = x.day and x.netted > 0`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
