import { sql, type Kysely } from 'kysely';

// Operators (the shop's staff) are not members: their own accounts, roles and short sessions.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('operators')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner', 'finance', 'support', 'catalogue', 'reviewer')`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active').check(sql`status in ('active', 'disabled')`))
    .addColumn('password_hash', 'text')
    // Sealed with the secrets key (lib/secrets.ts), never stored in the clear.
    .addColumn('totp_secret', 'text')
    .addColumn('totp_pending_secret', 'text')
    .addColumn('totp_last_step', 'bigint')
    .addColumn('sign_in_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('setup_token_hash', 'bytea')
    .addColumn('setup_expires_at', 'timestamptz')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_sign_in_at', 'timestamptz')
    .execute();
  await sql`create unique index operators_user_name_key on operators (lower(user_name))`.execute(db);
  await sql`create unique index operators_setup_token_key on operators (setup_token_hash) where setup_token_hash is not null`.execute(db);

  await db.schema
    .createTable('operator_sessions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('operator_id', 'bigint', (c) => c.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('token_hash', 'bytea', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('operator_sessions_operator_idx').on('operator_sessions').columns(['operator_id', 'id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('forward-only migration');
}
