import { sql, type Kysely } from 'kysely';

// Serving processes (and their translators) keep the language packs in memory. Whatever changes the
// table — an operator's text through any API process, a new release seeding its packs, SQL typed by
// hand — tells the changes channel once per statement when it commits, with the cache tag its trigger
// names, so every process reads the packs again instead of serving the old texts until a restart.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create trigger language_packs_change_notice after insert or update or delete or truncate on language_packs for each statement execute function cache_tag_notice('language-packs')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger language_packs_change_notice on language_packs`.execute(db);
}
