import { sql, type Kysely } from 'kysely';

// Serving processes keep the enabled pay methods in memory (read on every checkout's pay-way costs,
// payment notice and pay). Whatever changes the table — the console, an operator command, SQL typed
// by hand — tells the changes channel once per statement when it commits, with the cache tag its
// trigger names, so every process reads the methods again.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function cache_tag_notice() returns trigger language plpgsql as $$
    begin
      perform pg_notify('shop_changes', json_build_array(json_build_object('kind', 'cache', 'tags', json_build_array(tg_argv[0])))::text);
      return null;
    end $$`.execute(db);
  await sql`create trigger pay_methods_change_notice after insert or update or delete or truncate on pay_methods for each statement execute function cache_tag_notice('pay-methods')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger pay_methods_change_notice on pay_methods`.execute(db);
  await sql`drop function cache_tag_notice()`.execute(db);
}
