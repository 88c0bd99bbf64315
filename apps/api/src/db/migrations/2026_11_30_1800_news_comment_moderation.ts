import { sql, type Kysely } from 'kysely';

// Operators hide a news comment or show it again, with a reason (the console's news comments page,
// `reviews.moderate`). The comment keeps who last hid or showed it, when and why, so the console
// shows them beside it; every change is also an operator action in the audit log.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table news_comments
    add column moderated_by text,
    add column moderated_at timestamptz,
    add column moderation_reason text not null default ''`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table news_comments drop column moderated_by, drop column moderated_at, drop column moderation_reason`.execute(db);
}
