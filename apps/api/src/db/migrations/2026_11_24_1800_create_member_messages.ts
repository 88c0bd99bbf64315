import { sql, type Kysely } from 'kysely';

// Messages to a member from every area (an order shipped, a withdrawal approved …): written in the
// transaction of the fact they tell of, once per event (`event_key`), and rendered in the member's
// language when read (`kind` and `params` name the text, `link` the app page concerned).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('member_messages')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind ~ '^[a-z][a-z0-9_.]{1,63}$'`))
    .addColumn('params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('link', 'text', (c) => c.notNull().defaultTo('').check(sql`char_length(link) <= 500`))
    .addColumn('event_key', 'text', (c) => c.check(sql`char_length(event_key) <= 200`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('read_at', 'timestamptz')
    .execute();
  await sql`create unique index member_messages_event_idx on member_messages (member_id, event_key) where event_key is not null`.execute(db);
  await sql`create index member_messages_member_idx on member_messages (member_id, id desc)`.execute(db);
  await sql`create index member_messages_unread_idx on member_messages (member_id) where read_at is null`.execute(db);
  await sql`create index member_messages_created_idx on member_messages (created_at)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
