import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { MessageParams } from './messages.table.js';
import { startingWith } from '../../lib/like.js';
import { nextUpdatedAt } from '../../lib/row-version.queries.js';
import type { Tx } from '../../lib/transaction.js';
import { executePage } from '../../lib/paging.js';

/** Writes a message; with an event key, once per member and event (a repeat writes nothing and answers nothing). */
export const insertMessage = async (db: Executor, m: { member_id: number; kind: string; params: MessageParams; link: string; event_key: string | null }) =>
  (
    await sql<{ id: number }>`insert into member_messages (member_id, kind, params, link, event_key)
      values (${m.member_id}, ${m.kind}, ${JSON.stringify(m.params)}::jsonb, ${m.link}, ${m.event_key})
      on conflict (member_id, event_key) where event_key is not null do nothing
      returning id`.execute(db)
  ).rows[0];

/**
 * `insertMessage` as a CTE of another statement, for the row of the CTE `from` (none when it has
 * none): the member, the parameters and the event key are expressions over that row. Answers the
 * member of a message written (`returning member_id`).
 */
export const insertMessageFrom = (from: string, m: { memberId: RawBuilder<unknown>; kind: string; params: RawBuilder<unknown>; link: string; eventKey: string }) =>
  sql`insert into member_messages (member_id, kind, params, link, event_key)
    select ${m.memberId}, ${m.kind}, ${m.params}, ${m.link}, ${m.eventKey} from ${sql.table(from)}
    on conflict (member_id, event_key) where event_key is not null do nothing
    returning member_id`;

export const countUnreadMessages = async (db: Executor, memberId: number): Promise<number> =>
  Number((await db.selectFrom('member_messages').select((eb) => eb.fn.countAll<string>().as('n')).where('member_id', '=', memberId).where('read_at', 'is', null).executeTakeFirstOrThrow()).n);

/** A page of the member's messages, newest first, of kinds starting with `kind` when given, with the total. */
export const findMessagePage = (db: Executor, memberId: number, kind: string | undefined, limit: number, offset: number) => {
  let q = db.selectFrom('member_messages').where('member_id', '=', memberId);
  if (kind) q = q.where((eb) => eb.or([eb('kind', '=', kind), eb('kind', 'like', startingWith(`${kind}.`))]));
  return q
    .select(['id', 'kind', 'params', 'link', 'created_at', 'read_at', sql<string>`count(*) over ()`.as('total')])
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .$call(executePage);
};

/** Marks these of the member's messages read (those not read yet); answers how many changed. */
export const markMessagesRead = async (db: Executor, memberId: number, ids: number[]): Promise<number> =>
  ids.length ? Number((await db.updateTable('member_messages').set({ read_at: sql`now()` }).where('member_id', '=', memberId).where('id', 'in', ids).where('read_at', 'is', null).executeTakeFirst()).numUpdatedRows) : 0;

// ── Broadcasts ──────────────────────────────────────────────────────────────────────────────

export const insertBroadcast = (db: Executor, row: { texts: Record<string, { title: string; text: string }>; link: string; countries: string[]; langs: string[]; stars: number[]; created_by: string }) =>
  db
    .insertInto('message_broadcasts')
    .values({ texts: JSON.stringify(row.texts) as unknown as Record<string, { title: string; text: string }>, link: row.link, countries: row.countries, langs: row.langs, stars: row.stars, created_by: row.created_by })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();

/** Writes the broadcast's message to every active member of its segment, once each; answers how many. */
export const insertBroadcastMessages = async (db: Executor, b: { id: number; link: string; countries: string[]; langs: string[]; stars: number[] }): Promise<number> => {
  const result = await sql`insert into member_messages (member_id, kind, params, link, event_key)
    select u.id, 'notice.broadcast', jsonb_build_object('broadcast_id', ${b.id}::bigint), ${b.link}, ${`broadcast:${b.id}`}
    from users u left join member_languages ml on ml.member_id = u.id left join referral_stats rs on rs.member_id = u.id
    where u.status = 'active'
      and (cardinality(${b.countries}::text[]) = 0 or u.country = any(${b.countries}::text[]))
      and (cardinality(${b.langs}::text[]) = 0 or ml.lang = any(${b.langs}::text[]))
      and (cardinality(${b.stars}::int[]) = 0 or coalesce(rs.star, 0) = any(${b.stars}::int[]))
    on conflict (member_id, event_key) where event_key is not null do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0);
};

export const setBroadcastRecipients = (db: Executor, id: number, recipients: number) => db.updateTable('message_broadcasts').set({ recipients }).where('id', '=', id).execute();

export const findBroadcastPage = (db: Executor, limit: number, offset: number) =>
  db.selectFrom('message_broadcasts').selectAll().select(sql<string>`count(*) over ()`.as('total')).orderBy('id', 'desc').limit(limit).offset(offset).$call(executePage);

export const findBroadcastTexts = (db: Executor, ids: number[]) =>
  ids.length ? db.selectFrom('message_broadcasts').select(['id', 'texts']).where('id', 'in', ids).execute() : Promise.resolve([]);

/** Records the language the member reads in (written only when it changed). */
export const upsertMemberLanguage = (db: Executor, memberId: number, lang: string) =>
  sql`insert into member_languages (member_id, lang) values (${memberId}, ${lang})
    on conflict (member_id) do update set lang = excluded.lang, seen_at = now() where member_languages.lang <> excluded.lang`.execute(db);

/** The language the member last read their messages in, if they ever did. */
export const findMemberLanguage = async (db: Executor, memberId: number) =>
  (await db.selectFrom('member_languages').select('lang').where('member_id', '=', memberId).executeTakeFirst())?.lang;

// ── Settings and retention ──────────────────────────────────────────────────────────────────

export const findSupportSettings = (db: Executor) => db.selectFrom('support_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();

/** The support settings, held until the transaction ends (a save checks the version its card read under it). */
export const lockSupportSettingsForUpdate = (tx: Tx) => tx.selectFrom('support_settings').selectAll().where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();

/** Changes the support settings given, stamped with who, the version moved strictly forward. */
export const updateSupportSettings = (db: Executor, set: { message_retention_days?: number; feedback_daily_limit?: number; chat_mode?: 'builtin' | 'external'; external_chat_url?: string }, by: string) =>
  db.updateTable('support_settings').set({ ...set, updated_by: by, updated_at: nextUpdatedAt }).where('id', '=', 1).returningAll().executeTakeFirstOrThrow();

/** Removes up to `limit` messages written before `before`; answers the members whose messages went. */
export const deleteMessagesBefore = async (db: Executor, before: Date, limit: number): Promise<number[]> =>
  (
    await sql<{ member_id: number }>`delete from member_messages where id in (select id from member_messages where created_at < ${before} order by id limit ${limit}) returning member_id`.execute(db)
  ).rows.map((r) => Number(r.member_id));

/** Removes the broadcasts written before `before` (their messages, as old, went before them). */
export const deleteBroadcastsBefore = async (db: Executor, before: Date): Promise<number> =>
  Number((await db.deleteFrom('message_broadcasts').where('created_at', '<', before).executeTakeFirst()).numDeletedRows);
