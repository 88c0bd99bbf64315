import { sql, type Kysely } from 'kysely';

// Operators hide a goods review or show it again, with a reason, and reply to it (the console's
// reviews page, `reviews.moderate`). The review keeps who last hid or showed it, when and why, and
// who wrote its reply and when, so the console shows them beside the review; every change is also
// an operator action in the audit log.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table goods_reviews
    add column moderated_by text,
    add column moderated_at timestamptz,
    add column moderation_reason text not null default '',
    add column replied_by text,
    add column replied_at timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table goods_reviews drop column moderated_by, drop column moderated_at, drop column moderation_reason, drop column replied_by, drop column replied_at`.execute(db);
}
