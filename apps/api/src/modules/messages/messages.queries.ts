import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

/** Writes a message; with an event key, once per member and event (a repeat writes nothing and answers nothing). */
export const insertMessage = async (db: Executor, m: { member_id: number; kind: string; params: Record<string, string | number>; link: string; event_key: string | null }) =>
  (
    await sql<{ id: number }>`insert into member_messages (member_id, kind, params, link, event_key)
      values (${m.member_id}, ${m.kind}, ${JSON.stringify(m.params)}::jsonb, ${m.link}, ${m.event_key})
      on conflict (member_id, event_key) where event_key is not null do nothing
      returning id`.execute(db)
  ).rows[0];

export const countUnreadMessages = async (db: Executor, memberId: number): Promise<number> =>
  Number((await db.selectFrom('member_messages').select((eb) => eb.fn.countAll<string>().as('n')).where('member_id', '=', memberId).where('read_at', 'is', null).executeTakeFirstOrThrow()).n);

/** A page of the member's messages, newest first, of kinds starting with `kind` when given, with the total. */
export const findMessagePage = (db: Executor, memberId: number, kind: string | undefined, limit: number, offset: number) => {
  let q = db.selectFrom('member_messages').where('member_id', '=', memberId);
  if (kind) q = q.where((eb) => eb.or([eb('kind', '=', kind), eb('kind', 'like', `${kind.replace(/[%_\\]/g, '\\$&')}.%`)]));
  return q
    .select(['id', 'kind', 'params', 'link', 'created_at', 'read_at', sql<string>`count(*) over ()`.as('total')])
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
};

/** Marks these of the member's messages read (those not read yet); answers how many changed. */
export const markMessagesRead = async (db: Executor, memberId: number, ids: number[]): Promise<number> =>
  ids.length ? Number((await db.updateTable('member_messages').set({ read_at: sql`now()` }).where('member_id', '=', memberId).where('id', 'in', ids).where('read_at', 'is', null).executeTakeFirst()).numUpdatedRows) : 0;
