import { sql, type Kysely } from 'kysely';

// Support: operators' messages to all members or a segment (by country, by language), written in
// several languages and read in the member's; the language each member last read their messages
// in (what a language segment selects); and the support settings (how long messages are kept, how much feedback a member may send a day, whether members chat here or on an outside chat service).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('message_broadcasts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('texts', 'jsonb', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull().defaultTo('').check(sql`char_length(link) <= 500`))
    .addColumn('countries', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('langs', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('member_languages')
    .addColumn('member_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index member_languages_lang_idx on member_languages (lang)`.execute(db);
  await db.schema
    .createTable('support_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('message_retention_days', 'integer', (c) => c.notNull().defaultTo(180).check(sql`message_retention_days between 7 and 3650`))
    .addColumn('feedback_daily_limit', 'integer', (c) => c.notNull().defaultTo(10).check(sql`feedback_daily_limit between 1 and 100`))
    .addColumn('chat_mode', 'text', (c) => c.notNull().defaultTo('builtin').check(sql`chat_mode in ('builtin', 'external')`))
    .addColumn('external_chat_url', 'text', (c) => c.notNull().defaultTo('').check(sql`char_length(external_chat_url) <= 500`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into support_settings (id) values (1)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
