import { DEFAULT_LANGUAGE, LANGUAGE_TAGS, LANGUAGES, ResponseCode, type Language } from '@shop/contract';
import type { adminListBroadcasts, adminSendBroadcast, adminSetSupportSettings, EndpointBody, EndpointData, EndpointQuery, listMessages, MemberMessage } from '@shop/contract';
import { countUnreadMessages as unreadEndpoint } from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/database.js';
import { memberIdOf, operatorNameOf, type Actor } from '../../lib/actor.js';
import { dropOnChanges, responseCache } from '../../lib/cache.js';
import { announce } from '../../lib/changes.js';
import { iso } from '../../lib/dates.js';
import { Amount, Moment, type Params, type Translator } from '../../lib/i18n.js';
import { AppError } from '../../lib/errors.js';
import { pageOf, totalOf } from '../../lib/paging.js';
import { assertLoadedVersion } from '../../lib/row-version.js';
import { withTransaction } from '../../lib/transaction.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import * as q from './messages.queries.js';
import type { MessageParams } from './messages.table.js';

export type { MessageParams, RefundedPart } from './messages.table.js';

// Messages to members: every area writes one inside the transaction of the fact it tells of (so a
// message exists exactly when the fact does), once per event; the member reads them in their own
// language, with a link to the page concerned.

/** What a message tells of. */
export interface MessageInput {
  memberId: number;
  /** `<area>.<event>`: its texts are `message.<kind>.title` and `message.<kind>.text` in the language packs. */
  kind: string;
  /** Filled into the texts when read (`{order_no}` …). */
  params?: MessageParams;
  /** The app page concerned (`/pages/order/orderInfo?id=42`). */
  link?: string;
  /** The event it tells of (`order:42:shipped`): the same key writes no second message. */
  eventKey?: string;
}

/** Writes a message to a member in the caller's transaction; answers whether it was new (a repeated event writes nothing). */
export async function notifyMember(db: Executor, message: MessageInput): Promise<boolean> {
  const row = await q.insertMessage(db, { member_id: message.memberId, kind: message.kind, params: message.params ?? {}, link: message.link ?? '', event_key: message.eventKey ?? null });
  if (row) messagesWritten(db, [message.memberId]);
  return !!row;
}

/** Tells these members' unread counts and lists that messages were written for them (by `notifyMember`, or in another area's statement with `insertMessageFrom`), once `db` commits. */
export const messagesWritten = (db: Executor, memberIds: number[]): void => announce(db, { kind: 'messages', memberIds });

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

/** The kind of an operator's message to many members: its texts are the operator's, per language. */
export const BROADCAST_KIND = 'notice.broadcast';

type BroadcastTexts = Record<string, { title: string; text: string }>;

/** A moment as a message stores it (`iso`): written when read as a `Moment` in the reader's language. */
const STORED_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** An amount as a message stores it: minor units of the message's `currency`, under `<name>_minor`. */
const STORED_AMOUNT = /^(\w+)_minor$/;

/**
 * A message's parameters as its texts take them: a moment (stored as `iso` gives it) is written in
 * the reader's language at the member's place, `time_zone` of the same message (UTC without one),
 * with its offset; an amount (`<name>_minor`) as `<name>`, written the reader's way with the
 * message's currency after it ("43,21 USD" to a Hungarian reader), where older messages stored that
 * text ("43.21 USD") under the same name. Anything else as stored (older messages' ISO days included).
 */
const paramsToWrite = (i18n: Translator, lang: Language, params: MessageParams): Params => {
  const zone = typeof params.time_zone === 'string' ? params.time_zone : 'UTC';
  const currency = typeof params.currency === 'string' ? params.currency : '';
  const written: Params = Object.fromEntries(
    Object.entries(params)
      .filter((e): e is [string, string | number] => !Array.isArray(e[1]))
      .map(([name, v]) => {
        const amount = typeof v === 'number' && currency ? STORED_AMOUNT.exec(name) : null;
        if (amount) return [amount[1]!, `${new Amount(v as number, currency).in(lang)} ${currency}`];
        return [name, typeof v === 'string' && STORED_MOMENT.test(v) ? new Moment(new Date(v), zone) : v];
      }),
  );
  return { ...written, refund_to: refundToText(i18n, lang, params.refund_to, typeof params.currency === 'string' ? params.currency : '') };
};

/**
 * Where a refund went, in the reader's words: one destination by its name ("your wallet balance",
 * "your card", the method's name), several each with its amount, listed as the language lists
 * ("your wallet balance (8.10 USD) and your card (277.41 USD)"); a message that does not say (one
 * written before messages said it) reads "how you paid".
 */
function refundToText(i18n: Translator, lang: Language, parts: MessageParams[string] | undefined, currency: string): string {
  if (!Array.isArray(parts) || parts.length === 0) return i18n.t(lang, 'payments.refundTo.howYouPaid');
  const method = (payWay: string) => (i18n.has(`payments.method.${payWay}`) ? i18n.t(lang, `payments.method.${payWay}`) : payWay);
  const named = parts.map((p) => i18n.t(lang, `payments.refundTo.${p.to}`, { method: method(p.pay_way) }));
  if (parts.length === 1) return named[0]!;
  const listed = parts.map((p, k) => i18n.t(lang, 'payments.refundTo.part', { to: named[k]!, amount: new Amount(p.amount, currency), currency }));
  return new Intl.ListFormat(LANGUAGE_TAGS[lang] ?? 'en-US', { type: 'conjunction' }).format(listed);
}

/** A stored message in `lang` (an operator's message in its text of that language, else English). */
export function renderMessage(i18n: Translator, lang: Actor['lang'], row: { id: number; kind: string; params: MessageParams; link: string; created_at: Date | string; read_at: Date | string | null }, broadcasts: ReadonlyMap<number, BroadcastTexts> = new Map()): MemberMessage {
  const own = row.kind === BROADCAST_KIND ? broadcasts.get(Number(row.params.broadcast_id)) : undefined;
  const texts = own ? (own[lang] ?? own['en-us']) : undefined;
  return {
    id: Number(row.id),
    kind: row.kind,
    title: texts ? texts.title : i18n.t(lang, `message.${row.kind}.title`, paramsToWrite(i18n, lang, row.params)),
    text: texts ? texts.text : i18n.t(lang, `message.${row.kind}.text`, paramsToWrite(i18n, lang, row.params)),
    link: row.link,
    read: row.read_at !== null,
    created_at: iso(row.created_at),
  };
}

/** The language to tell a member something in outside their own request (an operator's decision): the one they last read their messages in, else the shop's default. */
export async function memberLanguage(db: Executor, memberId: number): Promise<Language> {
  const lang = await q.findMemberLanguage(db, memberId);
  return (LANGUAGES as readonly string[]).includes(lang ?? '') ? (lang as Language) : DEFAULT_LANGUAGE;
}

/** A page of the member's messages, newest first, in their language; the page read is marked read (it shows them as they were: unread ones unread). */
export async function listMemberMessages(deps: Pick<AppDeps, 'db' | 'i18n'>, actor: Actor, input: EndpointQuery<typeof listMessages>): Promise<EndpointData<typeof listMessages>> {
  const memberId = memberIdOf(actor);
  const rows = await q.findMessagePage(deps.db, memberId, input.kind, input.limit, (input.page - 1) * input.limit);
  const unreadIds = rows.filter((r) => r.read_at === null).map((r) => Number(r.id));
  if (unreadIds.length && (await q.markMessagesRead(deps.db, memberId, unreadIds))) announce(deps.db, { kind: 'messages', memberIds: [memberId] });
  // The language the member reads in: what an operator's message to a language segment selects.
  await q.upsertMemberLanguage(deps.db, memberId, actor.lang);
  const broadcastIds = [...new Set(rows.filter((r) => r.kind === BROADCAST_KIND).map((r) => Number(r.params.broadcast_id)))];
  const broadcasts = new Map((await q.findBroadcastTexts(deps.db, broadcastIds)).map((b) => [Number(b.id), b.texts]));
  return { ...pageOf(rows.map((r) => renderMessage(deps.i18n, actor.lang, r, broadcasts)), totalOf(rows), input), unread: await q.countUnreadMessages(deps.db, memberId) };
}

// ── Operators ───────────────────────────────────────────────────────────────────────────────

type BroadcastRow = Awaited<ReturnType<typeof q.findBroadcastPage>>[number];
const toBroadcast = (b: Omit<BroadcastRow, 'total'>): EndpointData<typeof adminListBroadcasts>['list'][number] => ({
  id: Number(b.id),
  texts: b.texts,
  link: b.link,
  countries: b.countries,
  langs: b.langs,
  stars: b.stars,
  recipients: b.recipients,
  created_by: b.created_by,
  created_at: iso(b.created_at),
});

/** Writes an operator's message to every active member of the segment (country, language, star), once each, in one transaction; every member's unread count is dropped. */
export async function sendBroadcast(deps: Pick<AppDeps, 'db' | 'config' | 'redis'>, actor: Actor, input: EndpointBody<typeof adminSendBroadcast>): Promise<EndpointData<typeof adminSendBroadcast>> {
  const operator = operatorNameOf(actor);
  return withTransaction(deps.db, async (tx) => {
    const texts = input.texts as BroadcastTexts;
    const segment = { link: input.link, countries: [...new Set(input.countries)], langs: [...new Set(input.langs)], stars: [...new Set(input.stars)].sort((a, b) => a - b) };
    const row = await q.insertBroadcast(tx, { texts, ...segment, created_by: operator });
    const id = Number(row.id);
    const recipients = await q.insertBroadcastMessages(tx, { id, ...segment });
    await q.setBroadcastRecipients(tx, id, recipients);
    await insertOperatorAction(tx, { operator, action: 'messages.broadcast', target_type: 'notice', target_id: id, reason: texts['en-us']!.title, facts: { key: 'broadcast', recipients } });
    tx.afterCommit(() => responseCache(deps).invalidate(MessagesTag.all));
    return { id, texts, ...segment, recipients, created_by: operator, created_at: iso(row.created_at) };
  });
}

/** The operators' messages, newest first. */
export async function listBroadcasts(db: Executor, actor: Actor, input: EndpointQuery<typeof adminListBroadcasts>): Promise<EndpointData<typeof adminListBroadcasts>> {
  operatorNameOf(actor);
  const rows = await q.findBroadcastPage(db, input.limit, (input.page - 1) * input.limit);
  return pageOf(rows.map(toBroadcast), totalOf(rows), input);
}

const settingsOf = (s: Awaited<ReturnType<typeof q.findSupportSettings>>) => ({
  message_retention_days: s.message_retention_days,
  feedback_daily_limit: s.feedback_daily_limit,
  chat_mode: s.chat_mode,
  external_chat_url: s.external_chat_url,
  updated_by: s.updated_by,
  updated_at: iso(s.updated_at)!,
});

/** The support settings. */
export async function supportSettings(db: Executor, actor: Actor) {
  operatorNameOf(actor);
  return settingsOf(await q.findSupportSettings(db));
}

/**
 * Changes the support settings, recorded with who and when. The card names the version it read
 * (`base_updated_at`, checked under the row's lock): saved from a copy changed since, it is refused
 * and nothing changes.
 */
export async function setSupportSettings(db: Executor, actor: Actor, { base_updated_at, ...input }: EndpointBody<typeof adminSetSupportSettings>) {
  const operator = operatorNameOf(actor);
  return withTransaction(db, async (tx) => {
    assertLoadedVersion((await q.lockSupportSettingsForUpdate(tx)).updated_at, base_updated_at);
    const s = await q.updateSupportSettings(tx, input, operator);
    if (s.chat_mode === 'external' && !s.external_chat_url) throw new AppError(ResponseCode.settingInvalid, { allowed: 'an https address for the outside chat' });
    await insertOperatorAction(tx, { operator, action: 'support.settings', target_type: 'setting', target_id: 1, facts: { key: 'support_settings', retention_days: s.message_retention_days, feedback_daily_limit: s.feedback_daily_limit, chat_mode: s.chat_mode } });
    return settingsOf(s);
  });
}

/** The support settings as stored (for the areas that follow them: feedback's daily limit). */
export const storedSupportSettings = (db: Executor) => q.findSupportSettings(db);

/** Removes the messages older than the retention setting (a batch at a time) and the operators' messages as old; answers how many messages went. */
export async function purgeOldMessages(db: Executor, now = new Date()): Promise<number> {
  const { message_retention_days: days } = await q.findSupportSettings(db);
  const before = new Date(now.getTime() - days * 86_400_000);
  let removed = 0;
  for (;;) {
    const members = await q.deleteMessagesBefore(db, before, 5_000);
    if (!members.length) break;
    removed += members.length;
    // Old messages may have been unread: their members' counts change.
    announce(db, { kind: 'messages', memberIds: [...new Set(members)] });
  }
  await q.deleteBroadcastsBefore(db, before);
  return removed;
}
