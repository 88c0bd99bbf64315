import { sql, type Kysely } from 'kysely';

// Roles a member holds beside being a member: a dealer (agent), a service centre, a shop owner.
// Granted by an approved application or by an operator, revoked by an operator with a reason; one
// row per member and kind, its history in the operators' audit log.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('member_roles')
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('dealer', 'service_centre', 'shop_owner')`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active').check(sql`status in ('active', 'revoked')`))
    .addColumn('region', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('since', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('granted_by', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('member_roles_pk', ['member_id', 'kind'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
