import { sql, type Kysely } from 'kysely';

// A return approved with less than its refundable amount says why to the member: the reason is the
// case's own (shown on the case page and in the approval message), apart from the operators' note.
// Empty: the refund is not less than the case may refund.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table after_sales add column refund_reason text not null default ''`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table after_sales drop column refund_reason`.execute(db);
}
