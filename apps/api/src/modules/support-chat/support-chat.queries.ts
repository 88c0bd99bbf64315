import { sql, type SelectQueryBuilder } from 'kysely';
import { OPERATOR_ROLES, roleAllows } from '@shop/contract';
import type { Executor } from '../../db/database.js';
import type { Tx } from '../../lib/transaction.js';
import { nextUpdatedAt } from '../../lib/row-version.queries.js';
import type { ChatKind, ChatSender } from './support-chat.table.js';
import { executePage } from '../../lib/paging.js';

/** Seconds since an agent's last visit of the desk within which they count as online. */
export const ONLINE_SECONDS = 60;

// ── Conversations ───────────────────────────────────────────────────────────────────────────

/** Opens the member's conversation when none is open (two first messages at once open one). */
export const insertOpenConversation = (db: Executor, memberId: number) =>
  sql`insert into chat_conversations (member_id) values (${memberId}) on conflict (member_id) where status = 'open' do nothing`.execute(db);

export const lockOpenConversation = (tx: Tx, memberId: number) =>
  tx.selectFrom('chat_conversations').selectAll().where('member_id', '=', memberId).where('status', '=', 'open').forUpdate().executeTakeFirst();

export const lockConversation = (tx: Tx, id: number) => tx.selectFrom('chat_conversations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/** The member's latest conversation (open or closed). */
export const findLatestConversation = (db: Executor, memberId: number) =>
  db.selectFrom('chat_conversations').selectAll().where('member_id', '=', memberId).orderBy('id', 'desc').limit(1).executeTakeFirst();

/** The agent of the member's latest conversation that had one. */
export const findPreviousAgent = async (db: Executor, memberId: number): Promise<number | undefined> => {
  const row = await db.selectFrom('chat_conversations').select('agent_id').where('member_id', '=', memberId).where('agent_id', 'is not', null).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.agent_id ? Number(row.agent_id) : undefined;
};

export const updateConversation = (db: Executor, id: number, set: { agent_id?: number | null; status?: 'open' | 'closed'; closed_at?: Date; last_message?: { text: string; kind: ChatKind }; unread_agent_add?: number; unread_member_add?: number; touched?: boolean }) =>
  db
    .updateTable('chat_conversations')
    .set((eb) => ({
      ...(set.agent_id !== undefined ? { agent_id: set.agent_id } : {}),
      ...(set.status ? { status: set.status } : {}),
      ...(set.closed_at ? { closed_at: set.closed_at } : {}),
      ...(set.last_message !== undefined ? { last_message: set.last_message.text, last_message_kind: set.last_message.kind, last_message_at: sql`now()` } : {}),
      ...(set.unread_agent_add ? { unread_agent: eb('unread_agent', '+', set.unread_agent_add) } : {}),
      ...(set.unread_member_add ? { unread_member: eb('unread_member', '+', set.unread_member_add) } : {}),
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

/**
 * One side has read the other's messages up to `readUpTo` (the last one it was given): those after it
 * stay unread, so a message stored while the reader's page was being read is still counted. Never
 * more than were unread: a page older than what was read elsewhere (another device) unreads nothing.
 * The conversation is locked first because a message being stored holds it until its commit: an
 * update that merely waited for that lock would count with what it saw before the wait and miss the
 * message, whereas the count, a statement begun after the lock, sees it.
 */
export const markRead = async (tx: Tx, conversationId: number, reader: 'member' | 'agent', readUpTo: number): Promise<void> => {
  await lockConversation(tx, conversationId);
  const [unread, writer] = reader === 'member' ? (['unread_member', 'agent'] as const) : (['unread_agent', 'member'] as const);
  await sql`update chat_conversations c set ${sql.ref(unread)} = least(${sql.ref(unread)}, (select count(*) from chat_messages m where m.conversation_id = c.id and m.sender = ${writer} and m.id > ${readUpTo}))
    where c.id = ${conversationId}`.execute(tx);
};

/** Conversations for the desk: waiting (no agent, oldest first), open (of one agent when given) or closed (newest first), with the member's user name and the agent's. */
export const findConversationPage = (db: Executor, filter: { status: 'waiting' | 'open' | 'closed'; agentId?: number }, limit: number, offset: number) => {
  let q = db
    .selectFrom('chat_conversations as c')
    .innerJoin('users as u', 'u.id', 'c.member_id')
    .leftJoin('operators as o', 'o.id', 'c.agent_id')
    .selectAll('c')
    .select(['u.user_name', 'o.user_name as agent_name', sql<string>`count(*) over ()`.as('total')]);
  if (filter.status === 'waiting') q = q.where('c.status', '=', 'open').where('c.agent_id', 'is', null);
  else if (filter.status === 'open') q = q.where('c.status', '=', 'open').where('c.agent_id', 'is not', null);
  else q = q.where('c.status', '=', 'closed');
  if (filter.agentId) q = q.where('c.agent_id', '=', filter.agentId);
  return q.orderBy('c.last_message_at', filter.status === 'closed' ? 'desc' : 'asc').limit(limit).offset(offset).$call(executePage);
};

export const findConversationRow = (db: Executor, id: number) =>
  db
    .selectFrom('chat_conversations as c')
    .innerJoin('users as u', 'u.id', 'c.member_id')
    .leftJoin('operators as o', 'o.id', 'c.agent_id')
    .selectAll('c')
    .select(['u.user_name', 'o.user_name as agent_name'])
    .where('c.id', '=', id)
    .executeTakeFirst();

// ── Messages ────────────────────────────────────────────────────────────────────────────────

export const insertChatMessage = (db: Executor, m: { conversation_id: number; member_id: number; sender: ChatSender; agent_id: number | null; kind: ChatKind; body: string; upload_id: number | null; ref_id: number | null }) =>
  db.insertInto('chat_messages').values(m).returningAll().executeTakeFirstOrThrow();

/** Messages with their picture's key, and nobody's name: what a member is shown. */
const messageRows = (db: Executor) => db.selectFrom('chat_messages as m').leftJoin('uploads as up', 'up.id', 'm.upload_id').selectAll('m').select('up.storage_key');

/** Messages with the answering operator's user name: for the desk only (it is half of a console sign-in). */
const messagesWithNames = (db: Executor) => messageRows(db).leftJoin('operators as o', 'o.id', 'm.agent_id').select('o.user_name as agent_name');

/** Messages after `afterId` oldest first, or before `beforeId` newest first. */
const inRange = <O>(q: SelectQueryBuilder<any, any, O>, range: { afterId?: number; beforeId?: number }, limit: number) => {
  if (range.afterId !== undefined) return q.where('m.id', '>', range.afterId).orderBy('m.id', 'asc').limit(limit).execute();
  if (range.beforeId !== undefined) q = q.where('m.id', '<', range.beforeId);
  return q.orderBy('m.id', 'desc').limit(limit).execute();
};

/** A member's messages (every conversation of theirs), without any operator's name. */
export const findMemberMessages = (db: Executor, memberId: number, range: { afterId?: number; beforeId?: number }, limit: number) => inRange(messageRows(db).where('m.member_id', '=', memberId), range, limit);

/** A conversation's messages for the desk, with the operators' names. */
export const findConversationMessages = (db: Executor, conversationId: number, range: { afterId?: number; beforeId?: number }, limit: number) => inRange(messagesWithNames(db).where('m.conversation_id', '=', conversationId), range, limit);

/** The id of a member's newest chat message, 0 when there is none. */
export const findLatestMessageId = async (db: Executor, memberId: number): Promise<number> =>
  Number((await db.selectFrom('chat_messages').select((eb) => eb.fn.max('id').as('id')).where('member_id', '=', memberId).executeTakeFirst())?.id ?? 0);

/** One message as a member is shown it (no operator's name). */
export const findMemberChatMessage = (db: Executor, id: number) => messageRows(db).where('m.id', '=', id).executeTakeFirstOrThrow();

/** One message's own row (its conversation, member and text), or undefined when it is gone. */
export const findChatMessageRow = (db: Executor, id: number) => db.selectFrom('chat_messages').select(['conversation_id', 'member_id', 'body']).where('id', '=', id).executeTakeFirst();

/** One message as the desk is shown it (with the operator's name). */
export const findChatMessage = (db: Executor, id: number) => messagesWithNames(db).where('m.id', '=', id).executeTakeFirstOrThrow();

/**
 * Whether the member has not read an agent's message yet: the conversation's unread answers (those
 * since the member last read) still reach back to it.
 */
export const isAgentMessageUnread = async (db: Executor, conversationId: number, messageId: number): Promise<boolean> => {
  const row = await sql<{ unread: boolean }>`select c.unread_member >= (select count(*) from chat_messages m where m.conversation_id = c.id and m.sender = 'agent' and m.id >= ${messageId}) and c.unread_member > 0 as unread
    from chat_conversations c where c.id = ${conversationId}`.execute(db);
  return row.rows[0]?.unread === true;
};

/** Whether the member wrote anything in the conversation. */
export const memberWroteIn = async (db: Executor, conversationId: number): Promise<boolean> =>
  !!(await db.selectFrom('chat_messages').select('id').where('conversation_id', '=', conversationId).where('sender', '=', 'member').limit(1).executeTakeFirst());

/** How many messages the member wrote since `since` (the flood guard). */
export const countMemberMessagesSince = async (db: Executor, memberId: number, since: Date): Promise<number> =>
  Number((await db.selectFrom('chat_messages').select((eb) => eb.fn.countAll<string>().as('n')).where('member_id', '=', memberId).where('sender', '=', 'member').where('created_at', '>=', since).executeTakeFirstOrThrow()).n);

// ── Agents ──────────────────────────────────────────────────────────────────────────────────

/** The roles that may run the chat (`support.chat`): only active operators of these are assigned or counted online. */
const CHAT_ROLES = OPERATOR_ROLES.filter((role) => roleAllows(role, 'support.chat'));

/** Records that the operator is at the desk now. */
export const touchAgent = (db: Executor, operatorId: number) =>
  sql`insert into chat_agents (operator_id, seen_at) values (${operatorId}, now()) on conflict (operator_id) do update set seen_at = now()`.execute(db);

/** Agents at the desk within the last minute who may still chat: active, with a role that grants the chat (a disabled or re-roled operator's last visit counts for nothing). */
const onlineAgents = (db: Executor) =>
  db
    .selectFrom('chat_agents as a')
    .innerJoin('operators as o', 'o.id', 'a.operator_id')
    .select('a.operator_id')
    .where('a.seen_at', '>', sql<Date>`now() - make_interval(secs => ${ONLINE_SECONDS})`)
    .where('o.status', '=', 'active')
    .where('o.role', 'in', CHAT_ROLES);

/** The operators who may chat (active, with a role that grants it) but the one given, by name: id and name only. */
export const findChatOperatorsExcept = (db: Executor, operatorId: number) =>
  db.selectFrom('operators').select(['id', 'user_name']).where('status', '=', 'active').where('role', 'in', CHAT_ROLES).where('id', '!=', operatorId).orderBy('user_name').orderBy('id').execute();

/** Whether the operator was at the desk within the last minute and may still chat. */
export const isAgentOnline = async (db: Executor, operatorId: number): Promise<boolean> => !!(await onlineAgents(db).where('a.operator_id', '=', operatorId).executeTakeFirst());

/** Whether any operator who may chat is at the desk. */
export const anyAgentOnline = async (db: Executor): Promise<boolean> => !!(await onlineAgents(db).limit(1).executeTakeFirst());

/** The online agent who may chat with the fewest open conversations (then the lowest id), if any. */
export const findLeastBusyOnlineAgent = async (db: Executor): Promise<number | undefined> => {
  const row = await onlineAgents(db)
    .orderBy((eb) => eb.selectFrom('chat_conversations as c').select(eb.fn.countAll().as('n')).whereRef('c.agent_id', '=', 'a.operator_id').where('c.status', '=', 'open'))
    .orderBy('a.operator_id')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.operator_id) : undefined;
};

// ── Canned replies ──────────────────────────────────────────────────────────────────────────

export const findCannedReplies = (db: Executor, lang?: string) => {
  let q = db.selectFrom('chat_canned_replies').selectAll();
  if (lang) q = q.where('lang', '=', lang);
  return q.orderBy('lang').orderBy('sort').orderBy('id').execute();
};

export const insertCannedReply = (db: Executor, row: { lang: string; title: string; text: string; sort: number; created_by: string }) => db.insertInto('chat_canned_replies').values(row).returningAll().executeTakeFirstOrThrow();

/** Locks one canned reply for a change or a removal (two agents take turns); with the version it is at. */
export const lockCannedReplyForUpdate = (tx: Tx, id: number) => tx.selectFrom('chat_canned_replies').select('updated_at').where('id', '=', id).forUpdate().executeTakeFirst();

export const updateCannedReply = (db: Executor, id: number, row: { lang: string; title: string; text: string; sort: number }) =>
  db.updateTable('chat_canned_replies').set({ ...row, updated_at: nextUpdatedAt }).where('id', '=', id).returningAll().executeTakeFirst();

export const deleteCannedReply = async (db: Executor, id: number): Promise<boolean> => Number((await db.deleteFrom('chat_canned_replies').where('id', '=', id).executeTakeFirst()).numDeletedRows) > 0;
