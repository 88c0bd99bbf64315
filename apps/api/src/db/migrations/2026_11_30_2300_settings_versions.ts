import { sql, type Kysely } from 'kysely';

// Settings saved whole from a form get a version the form names (`base_updated_at`): a save from a copy
// changed since is refused instead of undoing that change. The order times and the points share one
// row but are two cards of the console: the points get their own stamp (who changed them, and when),
// first the row's stamp as it was. The list of shipping countries gets one row holding its version.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table order_settings add column if not exists points_updated_by text not null default 'system'`.execute(db);
  await sql`alter table order_settings add column if not exists points_updated_at timestamptz not null default date_trunc('milliseconds', now())`.execute(db);
  await sql`update order_settings set points_updated_by = updated_by, points_updated_at = updated_at`.execute(db);
  await sql`create table if not exists shipping_country_list (
    id boolean primary key default true check (id),
    updated_by text not null default 'system',
    updated_at timestamptz not null default date_trunc('milliseconds', now())
  )`.execute(db);
  await sql`insert into shipping_country_list (id) values (true) on conflict do nothing`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
