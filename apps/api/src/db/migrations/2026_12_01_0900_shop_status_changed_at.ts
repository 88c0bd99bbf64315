import { sql, type Kysely } from 'kysely';

// When a member shop took its present state (opened, paused, closed): the owner's page says since
// when a shop is paused or closed. Shops already paused or closed take the time of the operator's
// decision that put them there, else their last change.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table member_shops add column status_changed_at timestamptz`.execute(db);
  await sql`
    update member_shops s set status_changed_at = coalesce(
      (select max(a.created_at) from operator_actions a where a.target_type = 'shop' and a.target_id = s.id and a.action = 'shop.' || s.status),
      case when s.status = 'open' then s.created_at else s.updated_at end)
  `.execute(db);
  await sql`alter table member_shops alter column status_changed_at set default now(), alter column status_changed_at set not null`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
