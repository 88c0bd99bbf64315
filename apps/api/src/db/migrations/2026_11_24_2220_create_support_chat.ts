import { sql, type Kysely } from 'kysely';

// The built-in support chat: one open conversation per member at a time, answered by a support
// operator (the member's last one when online, else the least busy online one, else waiting in a
// queue); its messages (text, an own image, a goods or order card); the canned replies per language;
// and when each support operator
// was last at the desk (online = seen in the last minute).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chat_conversations')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('agent_id', 'bigint', (c) => c.references('operators.id'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'closed')`))
    .addColumn('unread_member', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unread_agent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_message_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('closed_at', 'timestamptz')
    .execute();
  await sql`create unique index chat_conversations_open_idx on chat_conversations (member_id) where status = 'open'`.execute(db);
  await sql`create index chat_conversations_member_idx on chat_conversations (member_id, id desc)`.execute(db);
  await sql`create index chat_conversations_status_idx on chat_conversations (status, agent_id, last_message_at)`.execute(db);
  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('conversation_id', 'bigint', (c) => c.notNull().references('chat_conversations.id').onDelete('cascade'))
    .addColumn('member_id', 'bigint', (c) => c.notNull())
    .addColumn('sender', 'text', (c) => c.notNull().check(sql`sender in ('member', 'agent', 'system')`))
    .addColumn('agent_id', 'bigint', (c) => c.references('operators.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('text', 'image', 'goods', 'order')`))
    .addColumn('body', 'text', (c) => c.notNull().defaultTo('').check(sql`char_length(body) <= 1000`))
    .addColumn('upload_id', 'bigint', (c) => c.references('uploads.id'))
    .addColumn('ref_id', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index chat_messages_conversation_idx on chat_messages (conversation_id, id)`.execute(db);
  await sql`create index chat_messages_member_idx on chat_messages (member_id, id)`.execute(db);
  await db.schema
    .createTable('chat_canned_replies')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().check(sql`char_length(title) between 1 and 60`))
    .addColumn('text', 'text', (c) => c.notNull().check(sql`char_length(text) between 1 and 1000`))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('chat_agents')
    .addColumn('operator_id', 'bigint', (c) => c.primaryKey().references('operators.id').onDelete('cascade'))
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
