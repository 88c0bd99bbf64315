import { sql, type Kysely } from 'kysely';

// Uploads are private unless what they are used for is public: a member's upload is served only
// through a short-lived signed address until it becomes an avatar or a review picture; the shop's
// own pictures (uploaded by operators) are public. Files already in use publicly stay public.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').addColumn('public', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  await sql`update uploads u set public = true
    where u.operator_id is not null
       or exists (select 1 from users m where m.avatar like '%/uploads/' || u.storage_key)
       or exists (select 1 from goods_reviews r where r.images @> to_jsonb(array['/uploads/' || u.storage_key]))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').dropColumn('public').execute();
}
