import { sql, type Kysely } from 'kysely';

// The captcha card saves two settings (its mode and whether the app may continue without it) from one
// copy: it gets one row holding the card's version (who changed it last, and when), first the newer
// stamp of its two settings. The support settings' row gets who changed it (its `updated_at` is its
// version), and top-up channels get both. Every other card or table of this family already has its
// row's stamp.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table if not exists captcha_settings (
    id boolean primary key default true check (id),
    updated_by text not null default 'system',
    updated_at timestamptz not null default date_trunc('milliseconds', now())
  )`.execute(db);
  await sql`insert into captcha_settings (id, updated_by, updated_at)
    select true, coalesce(newest.updated_by, 'system'), coalesce(date_trunc('milliseconds', newest.updated_at), date_trunc('milliseconds', now()))
    from (select 1) one
    left join lateral (
      select updated_by, updated_at from account_settings where key in ('captcha_mode', 'captcha_bypass') order by updated_at desc limit 1
    ) newest on true
    on conflict do nothing`.execute(db);
  await sql`alter table support_settings add column if not exists updated_by text not null default 'system'`.execute(db);
  await sql`alter table recharge_channels add column if not exists updated_by text not null default 'system'`.execute(db);
  await sql`alter table recharge_channels add column if not exists updated_at timestamptz not null default date_trunc('milliseconds', now())`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
