import { excerptOf, FEEDBACK_MAX_IMAGES, ResponseCode, type adminCloseFeedback, type adminFeedbackCategories, type adminListFeedback, type adminReplyFeedback, type adminSaveFeedbackCategory, type createFeedback, type EndpointBody, type EndpointData, type EndpointQuery, type getFeedback, type listFeedback, type listFeedbackCategories } from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/database.js';
import { memberIdOf, operatorNameOf, type Actor } from '../../lib/actor.js';
import { iso } from '../../lib/dates.js';
import { AppError } from '../../lib/errors.js';
import { assertLoadedVersion } from '../../lib/row-version.js';
import { pageOf, totalOf } from '../../lib/paging.js';
import { withTransaction } from '../../lib/transaction.js';
import { notifyMember, storedSupportSettings } from '../messages/messages.service.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import { findOwnUploadIds, findUploadKeys } from '../uploads/uploads.queries.js';
import { signedUrl } from '../uploads/file-addresses.js';
import * as q from './feedback.queries.js';

// Members' feedback: a category, the text as typed, their own images and a contact, at most a set
// number in 24 hours; an operator replies once (the member is messaged in the same transaction)
// or closes it.

type Lang = Actor['lang'];
const nameIn = (names: Record<string, string>, lang: Lang) => names[lang] ?? names['en-us'] ?? '';
const DAY_MS = 86_400_000;

/** The app page of a feedback. */
export const feedbackLink = (id: number) => `/pages/my/feedbacks?id=${id}`;

/** The categories offered, in the member's language. */
export async function feedbackCategories(db: Executor, actor: Actor): Promise<EndpointData<typeof listFeedbackCategories>> {
  memberIdOf(actor);
  return { list: (await q.findCategories(db, true)).map((c) => ({ id: c.id, name: nameIn(c.names, actor.lang) })) };
}

/**
 * Stores a member's feedback: an offered category, only the member's own images (at most 9), at
 * most the daily limit in any 24 hours (counted under a per-member lock, so parallel sends cannot
 * pass it). A refusal writes nothing.
 */
export async function sendFeedback(db: AppDeps['db'], actor: Actor, input: EndpointBody<typeof createFeedback>): Promise<EndpointData<typeof createFeedback>> {
  const memberId = memberIdOf(actor);
  const images = [...new Set(input.images)];
  if (images.length > FEEDBACK_MAX_IMAGES) throw new AppError(ResponseCode.feedbackTooManyImages, { max: FEEDBACK_MAX_IMAGES });
  return withTransaction(db, async (tx) => {
    const category = await q.findCategory(tx, input.cate_id);
    if (!category?.enabled) throw new AppError(ResponseCode.feedbackCategoryUnknown);
    const ownImages = new Set(await findOwnUploadIds(tx, memberId, images, 'image'));
    const notOwnImages = images.filter((id) => !ownImages.has(id));
    if (notOwnImages.length) {
      // Only the member's own videos among them: told as not pictures (as the chat tells it), not as someone else's files.
      const ownVideos = (await findOwnUploadIds(tx, memberId, notOwnImages, 'video')).length === notOwnImages.length;
      throw new AppError(ResponseCode.feedbackImageNotOwn, undefined, ownVideos ? { messageKey: 'support.code.feedbackImageNotImage' } : undefined);
    }
    await q.lockMemberFeedback(tx, memberId);
    const { feedback_daily_limit: max } = await storedSupportSettings(tx);
    const now = Date.now();
    const recent = await q.findFeedbackTimesSince(tx, memberId, new Date(now - DAY_MS));
    if (recent.length >= max) {
      const freeAt = recent[recent.length - max]!.getTime() + DAY_MS;
      // The time left, from the oldest feedback counted: in minutes within the hour, else in hours (not "1440 minutes").
      const minutes = Math.max(1, Math.ceil((freeAt - now) / 60_000));
      if (minutes <= 60) throw new AppError(ResponseCode.feedbackDailyLimit, { max, minutes });
      throw new AppError(ResponseCode.feedbackDailyLimit, { max, hours: Math.ceil(minutes / 60) }, { messageKey: 'support.code.feedbackDailyLimitHours' });
    }
    const row = await q.insertFeedback(tx, { member_id: memberId, category_id: category.id, content: input.content, image_ids: images, contact: input.contact ?? '' });
    return { id: Number(row.id), status: row.status };
  });
}

type Row = NonNullable<Awaited<ReturnType<typeof q.findMemberFeedback>>>;

const summary = (r: Row, lang: Lang) => ({
  id: Number(r.id),
  cate: { id: r.category_id, name: nameIn(r.category_names, lang) },
  content: r.content,
  status: r.status,
  created_at: iso(r.created_at),
  replied_at: r.replied_at ? iso(r.replied_at) : null,
});

/** Image addresses of the rows' uploads, per row. */
async function imagesOf(deps: Pick<AppDeps, 'config' | 'secrets'> & { db: Executor }, rows: ReadonlyArray<Pick<Row, 'image_ids'>>): Promise<(ids: number[]) => string[]> {
  const keys = await findUploadKeys(deps.db, [...new Set(rows.flatMap((r) => r.image_ids.map(Number)))]);
  return (ids) => ids.map((id) => keys.get(Number(id))).filter((k): k is string => !!k).map((k) => signedUrl(deps, k));
}

/** The member's feedback, newest first. */
export async function memberFeedbackList(db: Executor, actor: Actor, input: EndpointQuery<typeof listFeedback>): Promise<EndpointData<typeof listFeedback>> {
  const rows = await q.findMemberFeedbackPage(db, memberIdOf(actor), input.limit, (input.page - 1) * input.limit);
  return pageOf(rows.map((r) => summary(r, actor.lang)), totalOf(rows), input);
}

/** One of the member's feedback with its images and the reply; another member's is not found. */
export async function memberFeedbackInfo(deps: Pick<AppDeps, 'db' | 'config' | 'secrets'>, actor: Actor, input: EndpointQuery<typeof getFeedback>): Promise<EndpointData<typeof getFeedback>> {
  const row = await q.findMemberFeedback(deps.db, memberIdOf(actor), input.id);
  if (!row) throw new AppError(ResponseCode.feedbackNotFound);
  const urls = await imagesOf(deps, [row]);
  return { ...summary(row, actor.lang), images: urls(row.image_ids), contact: row.contact, reply: row.reply };
}

// ── Operators ───────────────────────────────────────────────────────────────────────────────

type AdminRow = NonNullable<Awaited<ReturnType<typeof q.findFeedback>>>;
const toAdmin = (r: AdminRow, lang: Lang, urls: (ids: number[]) => string[]): EndpointData<typeof adminReplyFeedback> => ({
  ...summary(r, lang),
  user_id: Number(r.member_id),
  user_name: r.user_name,
  images: urls(r.image_ids),
  contact: r.contact,
  reply: r.reply,
  replied_by: r.replied_by,
});

/** Members' feedback for operators: by state (pending oldest first) or of one member. */
export async function adminFeedbackList(deps: Pick<AppDeps, 'db' | 'config' | 'secrets'>, actor: Actor, input: EndpointQuery<typeof adminListFeedback>): Promise<EndpointData<typeof adminListFeedback>> {
  operatorNameOf(actor);
  const rows = await q.findFeedbackPage(deps.db, input, input.limit, (input.page - 1) * input.limit);
  const urls = await imagesOf(deps, rows);
  return pageOf(rows.map((r) => toAdmin(r, actor.lang, urls)), totalOf(rows), input);
}

type OperatorDeps = Pick<AppDeps, 'db' | 'config' | 'secrets' | 'i18n'>;

/** Why a feedback could not be replied to or closed: it does not exist, or it was already decided (its state in the operator's language). */
async function notDecidable(tx: Executor, deps: Pick<AppDeps, 'i18n'>, actor: Actor, id: number): Promise<AppError> {
  const row = await q.findFeedback(tx, id);
  if (!row) return new AppError(ResponseCode.feedbackNotFound);
  return new AppError(ResponseCode.requestNotPending, { status: deps.i18n.t(actor.lang, `support.feedback.status.${row.status}`) });
}

/** Replies once to a pending feedback; the member is messaged in the same transaction. */
export async function replyFeedback(deps: OperatorDeps, actor: Actor, input: EndpointBody<typeof adminReplyFeedback>): Promise<EndpointData<typeof adminReplyFeedback>> {
  const operator = operatorNameOf(actor);
  return withTransaction(deps.db, async (tx) => {
    const replied = await q.replyToFeedback(tx, input.id, { text: input.reply, by: operator });
    if (!replied) throw await notDecidable(tx, deps, actor, input.id);
    await notifyMember(tx, { memberId: Number(replied.member_id), kind: 'support.feedback_replied', params: { excerpt: excerptOf(input.reply, 60) }, link: feedbackLink(input.id), eventKey: `feedback:${input.id}:replied` });
    await insertOperatorAction(tx, { operator, action: 'feedback.reply', target_type: 'feedback', target_id: input.id });
    const row = (await q.findFeedback(tx, input.id))!;
    return toAdmin(row, actor.lang, await imagesOf({ ...deps, db: tx }, [row]));
  });
}

/** Closes a feedback that needs no (further) answer. */
export async function closeFeedback(deps: OperatorDeps, actor: Actor, input: EndpointBody<typeof adminCloseFeedback>): Promise<EndpointData<typeof adminCloseFeedback>> {
  const operator = operatorNameOf(actor);
  return withTransaction(deps.db, async (tx) => {
    const closed = await q.closeFeedback(tx, input.id, operator);
    if (!closed) throw await notDecidable(tx, deps, actor, input.id);
    await insertOperatorAction(tx, { operator, action: 'feedback.close', target_type: 'feedback', target_id: input.id, reason: input.reason ?? null });
    const row = (await q.findFeedback(tx, input.id))!;
    return toAdmin(row, actor.lang, await imagesOf({ ...deps, db: tx }, [row]));
  });
}

const toAdminCategory = (c: Awaited<ReturnType<typeof q.findCategories>>[number]) => ({ id: c.id, names: c.names, sort: c.sort, enabled: c.enabled, updated_at: iso(c.updated_at) });

/** Every category with its names in each language. */
export async function adminCategories(db: Executor, actor: Actor): Promise<EndpointData<typeof adminFeedbackCategories>> {
  operatorNameOf(actor);
  return { list: (await q.findCategories(db, false)).map(toAdminCategory) };
}

/**
 * Adds a category or changes one, recorded with who and when. A change names the `updated_at` it was
 * edited from; from a copy changed since it is refused and nothing is written.
 */
export async function saveCategory(db: AppDeps['db'], actor: Actor, input: EndpointBody<typeof adminSaveFeedbackCategory>): Promise<EndpointData<typeof adminSaveFeedbackCategory>> {
  const operator = operatorNameOf(actor);
  return withTransaction(db, async (tx) => {
    const values = { names: input.names as Record<string, string>, sort: input.sort, enabled: input.enabled };
    if (input.id) {
      const current = await q.lockCategoryForUpdate(tx, input.id);
      if (!current) throw new AppError(ResponseCode.feedbackCategoryUnknown);
      // Under the lock, so of two saves from one copy only the first passes: the second would undo it.
      assertLoadedVersion(current.updated_at, input.base_updated_at);
    }
    const row = input.id ? await q.updateCategory(tx, input.id, values) : await q.insertCategory(tx, values);
    if (!row) throw new AppError(ResponseCode.feedbackCategoryUnknown);
    await insertOperatorAction(tx, { operator, action: input.id ? 'feedback.category.update' : 'feedback.category.create', target_type: 'feedback_category', target_id: row.id });
    return toAdminCategory(row);
  });
}
