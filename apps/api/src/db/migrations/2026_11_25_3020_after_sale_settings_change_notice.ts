import { sql, type Kysely } from 'kysely';

// Serving processes keep the after-sales settings and reasons in memory (read by every case a member
// opens and every "what may be asked" answer). Whatever changes either table tells the changes
// channel once per statement when it commits, with the cache tag its trigger names, so every process
// reads them again (the reasons' tag also drops the members' kept case lists, which name reasons).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create trigger after_sale_settings_change_notice after insert or update or delete or truncate on after_sale_settings for each statement execute function cache_tag_notice('after-sale-settings')`.execute(db);
  await sql`create trigger after_sale_reasons_change_notice after insert or update or delete or truncate on after_sale_reasons for each statement execute function cache_tag_notice('after-sale-reasons')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger after_sale_reasons_change_notice on after_sale_reasons`.execute(db);
  await sql`drop trigger after_sale_settings_change_notice on after_sale_settings`.execute(db);
}
