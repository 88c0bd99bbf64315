import { cutText, excerptOf, ResponseCode, roleAllows, type adminCannedReplies, type adminDeleteCannedReply, type adminSaveCannedReply, type adminChatClose, type adminChatReply, type adminChatTransfer, type adminChatAgents, type adminListChatMessages, type adminListConversations, type ChatMessage, type EndpointBody, type EndpointData, type EndpointQuery, type getChatState, type listChatMessages, type sendChatMessage } from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/database.js';
import { memberIdOf, operatorIdOf, operatorNameOf, type Actor } from '../../lib/actor.js';
import { enqueueJob } from '../../jobs/enqueue.js';
import type { JobPayloads } from '../../jobs/payloads.js';
import { CHANGES_CHANNEL, changesPayload, type Change, type ChatSignal } from '../../lib/changes.js';
import { notifyChannel } from '../../lib/changes.queries.js';
import { iso } from '../../lib/dates.js';
import { AppError } from '../../lib/errors.js';
import { assertLoadedVersion } from '../../lib/row-version.js';
import { pageOf, totalOf } from '../../lib/paging.js';
import { withTransaction, type Tx } from '../../lib/transaction.js';
import { findGoodsById } from '../catalogue/catalogue.queries.js';
import { notifyMember, storedSupportSettings } from '../messages/messages.service.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import { findOperatorById } from '../operators/operators.queries.js';
import { findMemberOrder } from '../orders/orders.queries.js';
import { findOwnUploadIds } from '../uploads/uploads.queries.js';
import { signedUrl } from '../uploads/file-addresses.js';
import * as q from './support-chat.queries.js';

// The built-in support chat. Messages are stored first; a client (the member's page, the desk)
// asks for what came after the last message it has, so a reconnect or a missed push loses nothing
// and shows nothing twice. A conversation is answered by the member's previous agent when online,
// else the least busy online one, else it waits in the queue until an agent answers it; an agent's
// answer to a member who is away is also left as a message in their messages.

type Deps = Pick<AppDeps, 'db' | 'config' | 'secrets' | 'i18n' | 'limiter'>;

/**
 * The rate-limiter key of one side's "typing" notices (a member's, or one operator's in a member's
 * conversation): at most one notice per TYPING_EVERY_MS. A message sent frees it, so typing the next
 * one is told at once.
 */
export const typingKey = (side: 'member' | 'agent', memberId: number, operatorId?: number) => (side === 'member' ? `chat-typing:member:${memberId}` : `chat-typing:agent:${String(operatorId)}:${memberId}`);
const CHAT_LINK = '/pages/other/mixdesk';
/** The most messages a member may write in FLOOD_SECONDS. */
const FLOOD_COUNT = 10;
const FLOOD_SECONDS = 10;
/**
 * How long an answer may stay unread before the member counts as away and is left a message: a
 * member with the chat open reads it at once over the socket (or within the page's 3-second asking
 * where sockets cannot open), so only a member who is not looking is told in their messages.
 */
export const AWAY_AFTER_MS = 5_000;
/** The job deciding whether a conversation's member is away: one waiting per conversation (a newer answer's replaces it). */
const awayJobKey = (conversationId: number) => `chat-away:${conversationId}`;

/**
 * Tells every open chat socket, in this process and the others, that a member's chat moved: through
 * the database's change channel only (inside a transaction, on its commit: a NOTIFY is sent when the
 * transaction commits), which this process hears too, so each signal (typing, read) reaches a socket
 * once. Sockets then ask for what came after the last message they have, so a lost notice changes nothing.
 */
export async function chatMoved(db: Executor, memberId: number, signal?: ChatSignal): Promise<void> {
  const change: Change = { kind: 'chat', memberIds: [memberId], ...(signal ? { signal } : {}) };
  await notifyChannel(db, CHANGES_CHANNEL, changesPayload([change]));
}

type MessageRow = Awaited<ReturnType<typeof q.findMemberMessages>>[number];
type DeskMessageRow = Awaited<ReturnType<typeof q.findConversationMessages>>[number];

/** The shop's own notices in a thread (stored as their event, e.g. `closed`), and the text each is shown with. */
const SYSTEM_NOTICES = { closed: 'support.chat.system.closed' } as const;
type SystemNotice = keyof typeof SYSTEM_NOTICES;

/** A message's text as its reader is shown it: the shop's notices in the reader's language, everything else as written. */
const shownBody = (deps: Pick<Deps, 'i18n'>, lang: Actor['lang'], m: MessageRow): string =>
  m.sender === 'system' && Object.hasOwn(SYSTEM_NOTICES, m.body) ? deps.i18n.t(lang, SYSTEM_NOTICES[m.body as SystemNotice]) : m.body;

const toMessage = (deps: Deps, lang: Actor['lang'], m: MessageRow, agentName: string | null): ChatMessage => ({
  id: Number(m.id),
  conversation_id: Number(m.conversation_id),
  sender: m.sender,
  agent_name: m.sender === 'agent' ? agentName : null,
  kind: m.kind,
  body: shownBody(deps, lang, m),
  // Chat pictures are private: signed for the member or the operator reading them.
  image: m.storage_key ? signedUrl(deps, m.storage_key) : null,
  ref_id: m.ref_id === null ? null : Number(m.ref_id),
  created_at: iso(m.created_at),
});

/**
 * What members call every agent: the shop's neutral label in their language. An operator's user
 * name is half of their console sign-in, so it never leaves the desk.
 */
const agentLabelFor = (deps: Pick<Deps, 'i18n'>, lang: Actor['lang']): string => deps.i18n.t(lang, 'support.chat.agentLabel');

/** A message as a member is shown it: an agent's answer signed with the neutral label. */
const toMemberMessage = (deps: Deps, lang: Actor['lang'], m: MessageRow): ChatMessage => toMessage(deps, lang, m, agentLabelFor(deps, lang));
/** A message as the desk is shown it: an agent's answer signed with the operator's user name. */
const toDeskMessage = (deps: Deps, lang: Actor['lang'], m: DeskMessageRow): ChatMessage => toMessage(deps, lang, m, m.agent_name ?? null);

/** The member's conversation as their page shows it: its state, the agent and whether anyone is online, the unread replies. */
export async function chatState(deps: Pick<Deps, 'db' | 'i18n'>, actor: Actor): Promise<EndpointData<typeof getChatState>> {
  const { db } = deps;
  const memberId = memberIdOf(actor);
  const settings = await storedSupportSettings(db);
  const external_url = settings.chat_mode === 'external' && settings.external_chat_url ? externalChatUrl(settings.external_chat_url, memberId) : null;
  const c = await q.findLatestConversation(db, memberId);
  const agentsOnline = await q.anyAgentOnline(db);
  if (!c) return { conversation_id: null, status: 'none', agent: null, agents_online: agentsOnline, unread: 0, read_by_agent: false, external_url };
  const agentId = c.agent_id === null ? undefined : Number(c.agent_id);
  return {
    conversation_id: Number(c.id),
    status: c.status === 'closed' ? 'closed' : c.agent_id ? 'open' : 'waiting',
    agent: agentId ? { name: agentLabelFor(deps, actor.lang), online: await q.isAgentOnline(db, agentId) } : null,
    agents_online: agentsOnline,
    unread: c.unread_member,
    read_by_agent: c.unread_agent === 0 && (await q.memberWroteIn(db, c.id)),
    external_url,
  };
}

/**
 * The outside chat's address for a member: `{member_id}` replaced by their id, else their id added as
 * `customer_id` (nothing else about the member leaves the shop). None for an address that does not
 * parse (saved before saves checked that): the member gets the built-in chat rather than an error.
 */
export function externalChatUrl(template: string, memberId: number): string | null {
  const filled = template.replaceAll('{member_id}', String(memberId));
  if (!URL.canParse(filled)) return null;
  if (template.includes('{member_id}')) return filled;
  const url = new URL(template);
  url.searchParams.set('customer_id', String(memberId));
  return url.toString();
}

/** What a member's message says, checked: an own image, goods that exist, an own order. */
async function memberContent(tx: Tx, memberId: number, lang: Actor['lang'], body: EndpointBody<typeof sendChatMessage>) {
  switch (body.kind) {
    case 'text':
      return { kind: 'text' as const, body: body.text, upload_id: null, ref_id: null, preview: body.text };
    case 'image': {
      if (!(await findOwnUploadIds(tx, memberId, [body.upload_id], 'image')).length) {
        // The member's own video sent as a picture is told as such, not as someone else's file.
        const ownVideo = (await findOwnUploadIds(tx, memberId, [body.upload_id], 'video')).length > 0;
        throw new AppError(ResponseCode.feedbackImageNotOwn, undefined, ownVideo ? { messageKey: 'support.code.feedbackImageNotImage' } : undefined);
      }
      return { kind: 'image' as const, body: '', upload_id: body.upload_id, ref_id: null, preview: '' };
    }
    case 'goods': {
      const goods = await findGoodsById(tx, body.goods_id);
      if (!goods) throw new AppError(ResponseCode.goodsNotFound);
      const names = goods.name as Record<string, string>;
      const name = cutText(names[lang] ?? names['en-us'] ?? Object.values(names)[0] ?? '', 200);
      return { kind: 'goods' as const, body: name, upload_id: null, ref_id: body.goods_id, preview: name };
    }
    case 'order': {
      const order = await findMemberOrder(tx, memberId, body.order_id);
      if (!order) throw new AppError(ResponseCode.orderNotFound);
      return { kind: 'order' as const, body: order.order_no, upload_id: null, ref_id: body.order_id, preview: order.order_no };
    }
  }
}

/** Who answers a conversation that has no agent yet: the member's previous agent when online, else the least busy online one, else nobody (it waits). */
async function assignee(tx: Tx, memberId: number): Promise<number | null> {
  const previous = await q.findPreviousAgent(tx, memberId);
  if (previous && (await q.isAgentOnline(tx, previous))) return previous;
  return (await q.findLeastBusyOnlineAgent(tx)) ?? null;
}

/** A member writes to support: the open conversation (opened when none is), assigned when it has no agent; at most 10 messages in 10 seconds. */
export async function sendMemberMessage(deps: Deps, actor: Actor, body: EndpointBody<typeof sendChatMessage>): Promise<ChatMessage> {
  const memberId = memberIdOf(actor);
  return withTransaction(deps.db, async (tx) => {
    // Opened only when none is open: an insert that finds one would still use up a conversation number.
    let conversation = await q.lockOpenConversation(tx, memberId);
    if (!conversation) {
      await q.insertOpenConversation(tx, memberId);
      conversation = (await q.lockOpenConversation(tx, memberId))!;
    }
    if ((await q.countMemberMessagesSince(tx, memberId, new Date(Date.now() - FLOOD_SECONDS * 1000))) >= FLOOD_COUNT) throw new AppError(ResponseCode.rateLimited);
    const content = await memberContent(tx, memberId, actor.lang, body);
    const agentId = conversation.agent_id === null ? await assignee(tx, memberId) : undefined;
    const row = await q.insertChatMessage(tx, { conversation_id: conversation.id, member_id: memberId, sender: 'member', agent_id: null, kind: content.kind, body: content.body, upload_id: content.upload_id, ref_id: content.ref_id });
    await q.updateConversation(tx, conversation.id, { ...(agentId ? { agent_id: agentId } : {}), last_message: { text: cutText(content.preview, 200), kind: content.kind }, unread_agent_add: 1 });
    await chatMoved(tx, memberId);
    tx.afterCommit(() => deps.limiter.reset(typingKey('member', memberId)));
    return toMemberMessage(deps, actor.lang, await q.findMemberChatMessage(tx, row.id));
  });
}

/** The newest message a reader has once given `list`: the last of it, or the one it had already (`after_id`). */
const readUpTo = (list: { id: number }[], afterId = 0) => Math.max(afterId, ...list.map((m) => Number(m.id)));

/** The member's messages after the last one their page has (or older ones); reading them marks the agent's read, up to the last one given. */
export async function memberMessages(deps: Deps, actor: Actor, input: EndpointQuery<typeof listChatMessages>): Promise<EndpointData<typeof listChatMessages>> {
  const memberId = memberIdOf(actor);
  const rows = await q.findMemberMessages(deps.db, memberId, { afterId: input.after_id, beforeId: input.before_id }, input.limit + 1);
  const list = rows.slice(0, input.limit);
  const latest = await q.findLatestConversation(deps.db, memberId);
  if (latest && latest.unread_member > 0 && input.before_id === undefined) {
    await withTransaction(deps.db, async (tx) => {
      await q.markRead(tx, latest.id, 'member', readUpTo(list, input.after_id));
      await chatMoved(tx, memberId, 'read:member');
    });
  }
  return { list: list.map((m) => toMemberMessage(deps, actor.lang, m)), has_more: rows.length > input.limit };
}

// ── The desk ────────────────────────────────────────────────────────────────────────────────

type ConversationRow = NonNullable<Awaited<ReturnType<typeof q.findConversationRow>>>;
const toConversation = (c: ConversationRow): EndpointData<typeof adminChatClose> => ({
  id: Number(c.id),
  user_id: Number(c.member_id),
  user_name: c.user_name,
  status: c.status === 'closed' ? 'closed' : c.agent_id ? 'open' : 'waiting',
  agent_id: c.agent_id === null ? null : Number(c.agent_id),
  agent_name: c.agent_name ?? null,
  unread: c.unread_agent,
  last_message: c.last_message,
  last_message_kind: c.last_message_kind,
  last_message_at: iso(c.last_message_at),
  created_at: iso(c.created_at),
});

/** The desk's conversations; asking marks the operator online (the desk asks every few seconds). */
export async function listConversations(db: Executor, actor: Actor, input: EndpointQuery<typeof adminListConversations>): Promise<EndpointData<typeof adminListConversations>> {
  const operatorId = operatorIdOf(actor);
  await q.touchAgent(db, operatorId);
  const rows = await q.findConversationPage(db, { status: input.status, ...(input.mine ? { agentId: operatorId } : {}) }, input.limit, (input.page - 1) * input.limit);
  return pageOf(rows.map(toConversation), totalOf(rows), input);
}

/** A conversation's messages after the last one the desk has (or older ones); reading marks the member's read, up to the last one given. */
export async function conversationMessages(deps: Deps, actor: Actor, input: EndpointQuery<typeof adminListChatMessages>): Promise<EndpointData<typeof adminListChatMessages>> {
  await q.touchAgent(deps.db, operatorIdOf(actor));
  const c = await q.findConversationRow(deps.db, input.conversation_id);
  if (!c) throw new AppError(ResponseCode.notFound, { what: 'conversation' });
  const rows = await q.findConversationMessages(deps.db, c.id, { afterId: input.after_id, beforeId: input.before_id }, input.limit + 1);
  const list = rows.slice(0, input.limit);
  if (c.unread_agent > 0 && input.before_id === undefined) {
    await withTransaction(deps.db, async (tx) => {
      await q.markRead(tx, c.id, 'agent', readUpTo(list, input.after_id));
      await chatMoved(tx, Number(c.member_id), 'read:agent');
    });
  }
  return { list: list.map((m) => toDeskMessage(deps, actor.lang, m)), has_more: rows.length > input.limit };
}

/** The refusal of a change to a closed conversation: a chat's own wording, not the approvals queue's. */
const conversationClosed = () => new AppError(ResponseCode.requestNotPending, undefined, { messageKey: 'support.code.chatClosed' });

/**
 * An agent answers an open conversation, taking it when it waits. The first answer of a batch (the
 * member had no unread answer) also leaves a message in the member's messages, but only when the
 * member is away: still unread after AWAY_AFTER_MS (a member with the chat open has read it by then),
 * decided by a job stored with the answer, so a restart or a crash in between loses no reminder.
 */
export async function replyAsAgent(deps: Deps, actor: Actor, input: EndpointBody<typeof adminChatReply>): Promise<ChatMessage> {
  const operatorId = operatorIdOf(actor);
  return withTransaction(deps.db, async (tx) => {
    const c = await q.lockConversation(tx, input.conversation_id);
    if (!c) throw new AppError(ResponseCode.notFound, { what: 'conversation' });
    if (c.status !== 'open') throw conversationClosed();
    await q.touchAgent(tx, operatorId);
    const row = await q.insertChatMessage(tx, { conversation_id: c.id, member_id: Number(c.member_id), sender: 'agent', agent_id: operatorId, kind: 'text', body: input.text, upload_id: null, ref_id: null });
    await q.updateConversation(tx, c.id, { ...(c.agent_id === null ? { agent_id: operatorId } : {}), last_message: { text: cutText(input.text, 200), kind: 'text' }, unread_member_add: 1 });
    if (c.unread_member === 0) {
      await enqueueJob(tx, 'tell_away_chat_member', { conversationId: Number(c.id), messageId: Number(row.id) }, { runAt: new Date(Date.now() + AWAY_AFTER_MS), jobKey: awayJobKey(Number(c.id)), maxAttempts: 5 });
    }
    await chatMoved(tx, Number(c.member_id));
    tx.afterCommit(() => deps.limiter.reset(typingKey('agent', Number(c.member_id), operatorId)));
    return toDeskMessage(deps, actor.lang, await q.findChatMessage(tx, row.id));
  });
}

/**
 * Leaves an answer in the member's messages when it is still unread (the member is away from the
 * chat); the job enqueued with the answer runs it. Once per answer (its event key), so a job run
 * again writes nothing twice. Answers whether a message was left.
 */
export async function tellAwayMember(db: Executor, input: JobPayloads['tell_away_chat_member']): Promise<boolean> {
  const answer = await q.findChatMessageRow(db, input.messageId);
  if (!answer || Number(answer.conversation_id) !== input.conversationId) return false;
  if (!(await q.isAgentMessageUnread(db, input.conversationId, input.messageId))) return false;
  return notifyMember(db, { memberId: Number(answer.member_id), kind: 'support.chat_reply', params: { excerpt: excerptOf(answer.body, 60) }, link: CHAT_LINK, eventKey: `chat:${input.conversationId}:${input.messageId}` });
}

/** Hands an open conversation to another support operator (an active one who may chat), recorded. */
export async function transferConversation(deps: Pick<Deps, 'db' | 'i18n'>, actor: Actor, input: EndpointBody<typeof adminChatTransfer>): Promise<EndpointData<typeof adminChatTransfer>> {
  const operator = operatorNameOf(actor);
  return withTransaction(deps.db, async (tx) => {
    const c = await q.lockConversation(tx, input.conversation_id);
    if (!c) throw new AppError(ResponseCode.notFound, { what: 'conversation' });
    if (c.status !== 'open') throw conversationClosed();
    const to = await findOperatorById(tx, input.operator_id);
    if (!to || to.status !== 'active' || !roleAllows(to.role, 'support.chat')) throw new AppError(ResponseCode.notFound, { id: input.operator_id }, { messageKey: 'support.code.notChatOperator' });
    // Handing it to the agent who has it moves nothing: refused, not recorded as a transfer.
    if (Number(c.agent_id) === to.id) throw new AppError(ResponseCode.badRequest, { name: to.user_name }, { messageKey: 'support.code.alreadyTheAgent' });
    await q.updateConversation(tx, c.id, { agent_id: to.id });
    await insertOperatorAction(tx, { operator, action: 'chat.transfer', target_type: 'chat', target_id: c.id, facts: { key: 'chat_transfer', to: to.user_name } });
    await chatMoved(tx, Number(c.member_id));
    return toConversation((await q.findConversationRow(tx, c.id))!);
  });
}

/** The operators the caller can hand a conversation to: active, allowed to chat, themselves left out. */
export async function transferTargets(db: Executor, actor: Actor): Promise<EndpointData<typeof adminChatAgents>> {
  const rows = await q.findChatOperatorsExcept(db, operatorIdOf(actor));
  return { list: rows.map((r) => ({ id: Number(r.id), name: r.user_name })) };
}

/**
 * Closes an open conversation, recorded, with a notice in the thread that it was closed; the member's
 * unread answers stay unread (the notice is no answer), and their next message opens a new one.
 */
export async function closeConversation(deps: Pick<Deps, 'db' | 'i18n'>, actor: Actor, input: EndpointBody<typeof adminChatClose>): Promise<EndpointData<typeof adminChatClose>> {
  const operator = operatorNameOf(actor);
  return withTransaction(deps.db, async (tx) => {
    const c = await q.lockConversation(tx, input.conversation_id);
    if (!c) throw new AppError(ResponseCode.notFound, { what: 'conversation' });
    if (c.status !== 'open') throw conversationClosed();
    const notice: SystemNotice = 'closed';
    await q.insertChatMessage(tx, { conversation_id: c.id, member_id: Number(c.member_id), sender: 'system', agent_id: null, kind: 'text', body: notice, upload_id: null, ref_id: null });
    await q.updateConversation(tx, c.id, { status: 'closed', closed_at: new Date() });
    await insertOperatorAction(tx, { operator, action: 'chat.close', target_type: 'chat', target_id: c.id });
    await chatMoved(tx, Number(c.member_id));
    return toConversation((await q.findConversationRow(tx, c.id))!);
  });
}

// ── Canned replies ──────────────────────────────────────────────────────────────────────────

const toCanned = (r: Awaited<ReturnType<typeof q.findCannedReplies>>[number]) => ({ id: r.id, lang: r.lang, title: r.title, text: r.text, sort: r.sort, updated_at: iso(r.updated_at) });

/** The desk's canned replies, of one language or all. */
export async function cannedReplies(db: Executor, actor: Actor, input: EndpointQuery<typeof adminCannedReplies>): Promise<EndpointData<typeof adminCannedReplies>> {
  operatorIdOf(actor);
  return { list: (await q.findCannedReplies(db, input.lang)).map(toCanned) };
}

/** Locks the reply and refuses a change or removal from a copy changed since (`base`: its `updated_at` as loaded); gone: not found. */
async function assertCannedLoaded(tx: Tx, id: number, base: string | undefined): Promise<void> {
  const current = await q.lockCannedReplyForUpdate(tx, id);
  if (!current) throw new AppError(ResponseCode.notFound, { what: 'canned reply' });
  assertLoadedVersion(current.updated_at, base);
}

/** Adds a canned reply or changes one (naming the version it was edited from: from a copy changed since, refused and nothing written), recorded. */
export async function saveCannedReply(db: AppDeps['db'], actor: Actor, input: EndpointBody<typeof adminSaveCannedReply>): Promise<EndpointData<typeof adminSaveCannedReply>> {
  const operator = operatorNameOf(actor);
  return withTransaction(db, async (tx) => {
    const values = { lang: input.lang, title: input.title, text: input.text, sort: input.sort };
    if (input.id) await assertCannedLoaded(tx, input.id, input.base_updated_at);
    const row = input.id ? await q.updateCannedReply(tx, input.id, values) : await q.insertCannedReply(tx, { ...values, created_by: operator });
    if (!row) throw new AppError(ResponseCode.notFound, { what: 'canned reply' });
    await insertOperatorAction(tx, { operator, action: input.id ? 'chat.canned.update' : 'chat.canned.create', target_type: 'chat', target_id: row.id, facts: { key: 'canned_reply', lang: row.lang } });
    return toCanned(row);
  });
}

/** Removes a canned reply as the desk's list showed it (one changed since is refused and stays), recorded. */
export async function deleteCannedReply(db: AppDeps['db'], actor: Actor, input: EndpointBody<typeof adminDeleteCannedReply>): Promise<EndpointData<typeof adminDeleteCannedReply>> {
  const operator = operatorNameOf(actor);
  return withTransaction(db, async (tx) => {
    // A removal decided on the text the list showed: one rewritten since stays until it is seen.
    await assertCannedLoaded(tx, input.id, input.base_updated_at);
    if (!(await q.deleteCannedReply(tx, input.id))) throw new AppError(ResponseCode.notFound, { what: 'canned reply' });
    await insertOperatorAction(tx, { operator, action: 'chat.canned.delete', target_type: 'chat', target_id: input.id });
    return { deleted: true };
  });
}
