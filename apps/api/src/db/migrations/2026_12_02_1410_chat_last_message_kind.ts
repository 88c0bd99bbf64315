import { sql, type Kysely } from 'kysely';

// A conversation's last line keeps what kind of message it was (text, picture, goods, order), so the
// desk words "Picture" or "Goods: …" in the operator's language instead of an English "[image]"
// stored once for everyone. A picture's line keeps no text.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table chat_conversations add column last_message_kind text not null default 'text' check (last_message_kind in ('text', 'image', 'goods', 'order'))`.execute(db);
  await backfillLastMessageKinds(db);
}

/** Earlier conversations: the kind of the last message a member or an agent wrote (the close notice never was the last line); a picture's "[image]" cleared. */
export async function backfillLastMessageKinds(db: Kysely<any>): Promise<void> {
  await sql`update chat_conversations c
    set last_message_kind = m.kind, last_message = case when m.kind = 'image' then '' else c.last_message end
    from (select distinct on (conversation_id) conversation_id, kind from chat_messages where sender <> 'system' order by conversation_id, id desc) m
    where m.conversation_id = c.id and m.kind <> 'text'`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
