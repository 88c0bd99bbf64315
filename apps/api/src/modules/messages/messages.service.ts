import type { EndpointData, EndpointQuery, listMessages, MemberMessage } from '@shop/contract';
import { countUnreadMessages as unreadEndpoint } from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/database.js';
import { memberIdOf, type Actor } from '../../lib/actor.js';
import { dropOnChanges, responseCache } from '../../lib/cache.js';
import { announce } from '../../lib/changes.js';
import { iso } from '../../lib/dates.js';
import type { Translator } from '../../lib/i18n.js';
import { pageOf, totalOf } from '../../lib/paging.js';
import * as q from './messages.queries.js';

// Messages to members: every area writes one inside the transaction of the fact it tells of (so a
// message exists exactly when the fact does), once per event; the member reads them in their own
// language, with a link to the page concerned.

/** What a message tells of. */
export interface MessageInput {
  memberId: number;
  /** `<area>.<event>`: its texts are `message.<kind>.title` and `message.<kind>.text` in the language packs. */
  kind: string;
  /** Filled into the texts when read (`{order_no}` …). */
  params?: Record<string, string | number>;
  /** The app page concerned (`/pages/order/orderInfo?id=42`). */
  link?: string;
  /** The event it tells of (`order:42:shipped`): the same key writes no second message. */
  eventKey?: string;
}

/** Writes a message to a member in the caller's transaction; answers whether it was new (a repeated event writes nothing). */
export async function notifyMember(db: Executor, message: MessageInput): Promise<boolean> {
  const row = await q.insertMessage(db, { member_id: message.memberId, kind: message.kind, params: message.params ?? {}, link: message.link ?? '', event_key: message.eventKey ?? null });
  if (row) announce(db, { kind: 'messages', memberIds: [message.memberId] });
  return !!row;
}

/** Tags of the cached unread counts: everyone's, or one member's. */
export const MessagesTag = {
  all: 'messages',
  member: (memberId: number) => `messages:${memberId}`,
} as const;

/** Drops a member's cached unread count whenever their messages change, in every process. Answers the function that stops it. */
export const dropUnreadCountsOnChanges = (deps: Pick<AppDeps, 'config' | 'redis'>): (() => void) =>
  dropOnChanges(deps, (c) => (c.kind === 'messages' ? c.memberIds.map(MessagesTag.member) : c.kind === 'all' ? [MessagesTag.all] : []));

/** The member's unread messages, kept per member until their messages change. */
export function unreadCount(deps: Pick<AppDeps, 'db' | 'config' | 'redis'>, actor: Actor) {
  const memberId = memberIdOf(actor);
  return responseCache(deps).cached(unreadEndpoint, { id: String(memberId), tags: [MessagesTag.all, MessagesTag.member(memberId)] }, async () => ({ unread: await q.countUnreadMessages(deps.db, memberId) }));
}

/** A stored message in `lang`. */
export function renderMessage(i18n: Translator, lang: Actor['lang'], row: { id: number; kind: string; params: Record<string, string | number>; link: string; created_at: Date | string; read_at: Date | string | null }): MemberMessage {
  return {
    id: Number(row.id),
    kind: row.kind,
    title: i18n.t(lang, `message.${row.kind}.title`, row.params),
    text: i18n.t(lang, `message.${row.kind}.text`, row.params),
    link: row.link,
    read: row.read_at !== null,
    created_at: iso(row.created_at),
  };
}

/** A page of the member's messages, newest first, in their language; the page read is marked read (it shows them as they were: unread ones unread). */
export async function listMemberMessages(deps: Pick<AppDeps, 'db' | 'i18n'>, actor: Actor, input: EndpointQuery<typeof listMessages>): Promise<EndpointData<typeof listMessages>> {
  const memberId = memberIdOf(actor);
  const rows = await q.findMessagePage(deps.db, memberId, input.kind, input.limit, (input.page - 1) * input.limit);
  const unreadIds = rows.filter((r) => r.read_at === null).map((r) => Number(r.id));
  if (unreadIds.length && (await q.markMessagesRead(deps.db, memberId, unreadIds))) announce(deps.db, { kind: 'messages', memberIds: [memberId] });
  return { ...pageOf(rows.map((r) => renderMessage(deps.i18n, actor.lang, r)), totalOf(rows), input), unread: await q.countUnreadMessages(deps.db, memberId) };
}
