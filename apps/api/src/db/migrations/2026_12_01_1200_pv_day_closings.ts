import { sql, type Kysely } from 'kysely';

// A day's PV is closed before the day is paired: the pair run first waits for every settlement that
// may still be adding PV to that day, then records the day as closed, so a settlement that commits
// after midnight never adds PV to a day the run has already read (it takes the next day).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table pv_day_closings (
      day date primary key,
      closed_at timestamptz not null default now()
    );
    insert into pv_day_closings (day) select day from pair_runs;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
