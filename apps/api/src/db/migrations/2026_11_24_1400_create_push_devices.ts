import { sql, type Kysely } from 'kysely';

// The phones a member's native app shell can reach with a push message: one row per push token,
// owned by the login (session family) that registered it last, so a phone is no longer reached once
// that login has ended, and a phone handed to another member follows the new login.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('push_devices')
    .addColumn('token', 'text', (c) => c.primaryKey().check(sql`char_length(token) between 16 and 4096`))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_family_id', 'uuid', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull().check(sql`platform in ('ios', 'android')`))
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('fcm', 'apns')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('push_devices_user_id_idx').on('push_devices').column('user_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
