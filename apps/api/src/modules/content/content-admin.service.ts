import type {
  EndpointBody,
  EndpointData,
  EndpointQuery,
  adminListAgreements,
  adminListBanners,
  adminListFaqs,
  adminListNews,
  adminListNotices,
  adminListPopups,
  adminSaveAgreement,
  adminSaveBanner,
  adminSaveFaq,
  adminSaveNews,
  adminSaveNotice,
  adminSavePopup,
  adminListNewsComments,
  adminSetNewsCommentVisibility,
} from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/database.js';
import { operatorNameOf, refuseOwnAccount, type Actor } from '../../lib/actor.js';
import { AppError, notFound, ValidationError } from '../../lib/errors.js';
import { findGoodsById } from '../catalogue/catalogue.queries.js';
import { assertLoadedVersion } from '../../lib/row-version.js';
import { withTransaction, type Tx } from '../../lib/transaction.js';
import type { OperatorActionTarget } from '../operator-actions/operator-actions.table.js';
import { ResponseCode, type OperatorAction } from '@shop/contract';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import { contentChangedOnCommit } from '../catalogue/response-cache.js';
import { sanitizeRich, storedTexts } from '../catalogue/texts.js';
import { iso } from '../../lib/dates.js';
import type { ListExport } from '../../lib/list-export.js';
import { pick } from '../catalogue/texts.js';
import * as q from './content-admin.queries.js';
import { lockNewsForUpdate, recountNewsComments, recountReplies } from './content.queries.js';
import { totalOf, type PageRows } from '../../lib/paging.js';

type Paging = { page: number; limit: number };
const page = <R, T>(rows: PageRows<R>, map: (r: R) => T, input: Paging) => {
  const total = totalOf(rows);
  return { list: rows.map(map), total, page: input.page, limit: input.limit, has_more: input.page * input.limit < total };
};
const offset = (input: Paging) => (input.page - 1) * input.limit;
const rich = (t: Partial<Record<string, string>>) => storedTexts(t, sanitizeRich);

/** One content change in a transaction: recorded with who and why, the member app's cached content dropped at commit. */
async function change<T>(deps: AppDeps, actor: Actor, what: { target: OperatorActionTarget; action: OperatorAction; reason?: string }, work: (tx: Tx) => Promise<{ id: number; result: T }>): Promise<T> {
  const operator = operatorNameOf(actor);
  return withTransaction(deps.db, async (tx) => {
    const { id, result } = await work(tx);
    await insertOperatorAction(tx, { operator, action: what.action, target_type: what.target, target_id: id, reason: what.reason ?? null });
    contentChangedOnCommit(tx, deps);
    return result;
  });
}

/**
 * Saves a new row or changes an existing one; an unknown id is not found. A change names the
 * `updated_at` its editor loaded (`base`): checked under the row's lock, so of two saves from one
 * copy only the first is written and the other is refused rather than undoing it.
 */
async function upsert(tx: Tx, row: { table: q.EditedTable; id: number | undefined; base: string | undefined }, insert: () => Promise<{ id: number }>, update: (id: number) => Promise<{ id: number } | undefined>): Promise<number> {
  const { id } = row;
  if (id === undefined) return (await insert()).id;
  const current = await q.lockContentVersionForUpdate(tx, row.table, id);
  if (!current) throw notFound('content');
  assertLoadedVersion(current, row.base);
  if (!(await update(id))) throw notFound('content');
  return id;
}

// ---------------------------------------------------------------- banners

type BannerRow = NonNullable<Awaited<ReturnType<typeof q.findBanner>>>;
const toBanner = (b: BannerRow) => ({ id: b.id, position: b.position, title: b.title, text: b.text, image: b.image, link: b.link, sort: b.sort, is_visible: b.is_visible, updated_at: iso(b.updated_at) });

/** Banners of every position, shown or not. */
export async function listBanners(db: Executor, actor: Actor, input: EndpointQuery<typeof adminListBanners>): Promise<EndpointData<typeof adminListBanners>> {
  operatorNameOf(actor);
  return page(await q.findBannersPage(db, { ...input, offset: offset(input) }), toBanner, input);
}

/**
 * A link to a goods page names goods the shop has: a member tapping a banner for goods that do not
 * exist (a wrong number, goods deleted) would land on "not found".
 */
async function checkGoodsLink(db: Executor, link: string): Promise<void> {
  const query = /^\/pages\/goods\/goodsInfo(?:\?(.*))?$/.exec(link);
  if (!query) return;
  const id = new URLSearchParams(query[1] ?? '').get('id') ?? '';
  const n = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  if (n < 1 || n > 2_147_483_647 || !(await findGoodsById(db, n))) throw new ValidationError([{ field: 'link', key: 'admin.validation.linkedGoodsMissing', params: { field: 'link', id } }]);
}

/** Creates or changes a banner; a link to goods must name goods that exist. */
export async function saveBanner(deps: AppDeps, actor: Actor, input: EndpointBody<typeof adminSaveBanner>) {
  await checkGoodsLink(deps.db, input.link);
  const fields = { position: input.position, title: storedTexts(input.title), text: storedTexts(input.text), image: input.image, link: input.link, sort: input.sort, is_visible: input.is_visible };
  return change(deps, actor, { target: 'banner', action: input.id === undefined ? 'banner.create' : 'banner.update', reason: input.reason }, async (tx) => {
    const id = await upsert(tx, { table: 'banners', id: input.id, base: input.base_updated_at }, () => q.insertBanner(tx, fields), (id) => q.updateBanner(tx, id, fields));
    return { id, result: toBanner((await q.findBanner(tx, id))!) };
  });
}

// ---------------------------------------------------------------- news

type NewsRow = NonNullable<Awaited<ReturnType<typeof q.findNewsRow>>>;
type AttachmentRow = Awaited<ReturnType<typeof q.findAttachmentsOf>>[number];
const toNews = (n: NewsRow, attachments: AttachmentRow[]) => ({
  id: n.id,
  title: n.title,
  summary: n.summary,
  content: n.content,
  cover: n.cover,
  is_banner: n.is_banner,
  status: n.status,
  published_at: iso(n.published_at),
  attachments: attachments.filter((a) => a.news_id === n.id).map((a) => ({ name: a.name, url: a.url, mime: a.mime, size: Number(a.size) })),
  like_count: n.like_count,
  comment_count: n.comment_count,
  updated_at: iso(n.updated_at),
});

/** News, drafts and scheduled ones too, newest first, with their attachments. */
export async function listNews(db: Executor, actor: Actor, input: EndpointQuery<typeof adminListNews>): Promise<EndpointData<typeof adminListNews>> {
  operatorNameOf(actor);
  const rows = await q.findNewsPage(db, { ...input, offset: offset(input) });
  const attachments = await q.findAttachmentsOf(db, rows.map((r) => r.id));
  return page(rows, (r) => toNews(r, attachments), input);
}

/** Creates or changes news and replaces its attachments; a later publication moment schedules it. */
export function saveNews(deps: AppDeps, actor: Actor, input: EndpointBody<typeof adminSaveNews>) {
  const fields = {
    title: storedTexts(input.title),
    summary: storedTexts(input.summary),
    content: rich(input.content),
    cover: input.cover,
    is_banner: input.is_banner,
    status: input.status,
    published_at: input.published_at ? new Date(input.published_at) : new Date(),
  };
  return change(deps, actor, { target: 'news', action: input.id === undefined ? 'news.create' : 'news.update', reason: input.reason }, async (tx) => {
    const id = await upsert(tx, { table: 'news', id: input.id, base: input.base_updated_at }, () => q.insertNews(tx, fields), (id) => q.updateNews(tx, id, fields));
    await q.replaceAttachments(tx, id, input.attachments);
    return { id, result: toNews((await q.findNewsRow(tx, id))!, await q.findAttachmentsOf(tx, [id])) };
  });
}

// ---------------------------------------------------------------- notices

type NoticeRow = NonNullable<Awaited<ReturnType<typeof q.findNotice>>>;
const toNotice = (n: NoticeRow) => ({ id: n.id, title: n.title, summary: n.summary, content: n.content, is_visible: n.is_visible, published_at: iso(n.published_at), updated_at: iso(n.updated_at) });

/** Notices, scheduled ones too, newest first. */
export async function listNotices(db: Executor, actor: Actor, input: EndpointQuery<typeof adminListNotices>): Promise<EndpointData<typeof adminListNotices>> {
  operatorNameOf(actor);
  return page(await q.findNoticesPage(db, { ...input, offset: offset(input) }), toNotice, input);
}

/** Creates or changes a notice; members see it from its publication moment on. */
export function saveNotice(deps: AppDeps, actor: Actor, input: EndpointBody<typeof adminSaveNotice>) {
  const fields = { title: storedTexts(input.title), summary: storedTexts(input.summary), content: rich(input.content), is_visible: input.is_visible, published_at: input.published_at ? new Date(input.published_at) : new Date() };
  return change(deps, actor, { target: 'notice', action: input.id === undefined ? 'notice.create' : 'notice.update', reason: input.reason }, async (tx) => {
    const id = await upsert(tx, { table: 'notices', id: input.id, base: input.base_updated_at }, () => q.insertNotice(tx, fields), (id) => q.updateNotice(tx, id, fields));
    return { id, result: toNotice((await q.findNotice(tx, id))!) };
  });
}

// ---------------------------------------------------------------- FAQ

type FaqRow = NonNullable<Awaited<ReturnType<typeof q.findFaq>>>;
const toFaq = (f: FaqRow) => ({ id: f.id, question: f.question, answer: f.answer, sort: f.sort, updated_at: iso(f.updated_at) });

/** Questions and answers in the shop's order. */
export async function listFaqs(db: Executor, actor: Actor, input: EndpointQuery<typeof adminListFaqs>): Promise<EndpointData<typeof adminListFaqs>> {
  operatorNameOf(actor);
  return page(await q.findFaqsPage(db, { ...input, offset: offset(input) }), toFaq, input);
}

/** Creates or changes a question and its answer. */
export function saveFaq(deps: AppDeps, actor: Actor, input: EndpointBody<typeof adminSaveFaq>) {
  const fields = { question: storedTexts(input.question), answer: rich(input.answer), sort: input.sort };
  return change(deps, actor, { target: 'faq', action: input.id === undefined ? 'faq.create' : 'faq.update', reason: input.reason }, async (tx) => {
    const id = await upsert(tx, { table: 'faqs', id: input.id, base: input.base_updated_at }, () => q.insertFaq(tx, fields), (id) => q.updateFaq(tx, id, fields));
    return { id, result: toFaq((await q.findFaq(tx, id))!) };
  });
}

// ---------------------------------------------------------------- agreements

type AgreementRow = Awaited<ReturnType<typeof q.findAllAgreements>>[number];
const toAgreement = (a: AgreementRow) => ({ kind: a.kind, title: a.title, content: a.content, updated_at: iso(a.updated_at) });

/** Every agreement with its texts. */
export async function listAgreements(db: Executor, actor: Actor): Promise<EndpointData<typeof adminListAgreements>> {
  operatorNameOf(actor);
  return { list: (await q.findAllAgreements(db)).map(toAgreement) };
}

/**
 * Creates or replaces an agreement's texts (recorded with its kind as the reason's start). Replacing
 * names the `updated_at` the form loaded; an agreement changed since (or written meanwhile, for a
 * form opened as new) is refused, unchanged.
 */
export function saveAgreement(deps: AppDeps, actor: Actor, input: EndpointBody<typeof adminSaveAgreement>) {
  return change(deps, actor, { target: 'agreement', action: 'agreement.save', reason: input.reason ? `${input.kind}: ${input.reason}` : input.kind }, async (tx) => {
    const fields = { kind: input.kind, title: storedTexts(input.title), content: rich(input.content) };
    const current = await q.lockAgreementVersionForUpdate(tx, input.kind);
    if (current) assertLoadedVersion(current, input.base_updated_at);
    const row = current ? await q.updateAgreement(tx, fields) : await q.insertAgreement(tx, fields);
    if (!row) throw new AppError(ResponseCode.editedSinceOpened);
    return { id: 0, result: toAgreement(row) };
  });
}

// ---------------------------------------------------------------- popups

type PopupRow = NonNullable<Awaited<ReturnType<typeof q.findPopup>>>;
const toPopup = (p: PopupRow) => ({
  id: p.id,
  title: p.title,
  content: p.content,
  image: p.image,
  link: p.link,
  audience: p.audience,
  starts_at: iso(p.starts_at),
  ends_at: p.ends_at === null ? null : iso(p.ends_at),
  sort: p.sort,
  is_visible: p.is_visible,
  updated_at: iso(p.updated_at),
});

/** Popups with their audience and window, latest first. */
export async function listPopups(db: Executor, actor: Actor, input: EndpointQuery<typeof adminListPopups>): Promise<EndpointData<typeof adminListPopups>> {
  operatorNameOf(actor);
  return page(await q.findPopupsPage(db, { ...input, offset: offset(input) }), toPopup, input);
}

/** Creates or changes a popup. */
export function savePopup(deps: AppDeps, actor: Actor, input: EndpointBody<typeof adminSavePopup>) {
  const fields = {
    title: storedTexts(input.title),
    content: storedTexts(input.content),
    image: input.image,
    link: input.link,
    audience: input.audience,
    starts_at: new Date(input.starts_at),
    ends_at: input.ends_at === null ? null : new Date(input.ends_at),
    sort: input.sort,
    is_visible: input.is_visible,
  };
  return change(deps, actor, { target: 'popup', action: input.id === undefined ? 'popup.create' : 'popup.update', reason: input.reason }, async (tx) => {
    const id = await upsert(tx, { table: 'popups', id: input.id, base: input.base_updated_at }, () => q.insertPopup(tx, fields), (id) => q.updatePopup(tx, id, fields));
    return { id, result: toPopup((await q.findPopup(tx, id))!) };
  });
}

// ---------------------------------------------------------------- deleting

const DELETERS = { banner: q.deleteBanner, news: q.deleteNews, notice: q.deleteNotice, faq: q.deleteFaq, popup: q.deletePopup } as const;

/** Deletes a banner, news item (with its attachments, likes and comments), notice, question or popup. */
export function deleteContent(deps: AppDeps, actor: Actor, kind: keyof typeof DELETERS, input: { id: number; reason?: string }) {
  return change(deps, actor, { target: kind, action: `${kind}.delete`, reason: input.reason }, async (tx) => {
    if (!(await DELETERS[kind](tx, input.id))) throw notFound('content');
    return { id: input.id, result: { deleted: true } };
  });
}

// ---------------------------------------------------------------- the lists as CSV files

type Row<E> = EndpointData<E> extends { list: Array<infer R> } ? R : never;
/** A list's file: the row's number, its English title (the shop's own language), and the columns of its kind. */
function contentExport<E, R extends Row<E> & { id: number }>(name: string, list: ListExport<EndpointQuery<E>, R>['page'], title: (r: R) => Partial<Record<string, string>>, more: ListExport<EndpointQuery<E>, R>['columns']): ListExport<EndpointQuery<E>, R> {
  return {
    name,
    page: list,
    columns: [['id', (r) => r.id], ['title', (r) => pick(title(r) as never, 'en-us')], ...more],
  };
}

export const bannersExport = contentExport<typeof adminListBanners, Row<typeof adminListBanners>>('banners', listBanners, (r) => r.title, [['position', (r) => r.position], ['sort', (r) => r.sort], ['visible', (r) => r.is_visible], ['link', (r) => r.link]]);
export const newsExport = contentExport<typeof adminListNews, Row<typeof adminListNews>>('news', listNews, (r) => r.title, [['status', (r) => r.status], ['published_at', (r) => r.published_at], ['likes', (r) => r.like_count], ['comments', (r) => r.comment_count]]);
export const noticesExport = contentExport<typeof adminListNotices, Row<typeof adminListNotices>>('notices', listNotices, (r) => r.title, [['visible', (r) => r.is_visible], ['published_at', (r) => r.published_at]]);
export const faqsExport = contentExport<typeof adminListFaqs, Row<typeof adminListFaqs>>('faqs', listFaqs, (r) => r.question, [['sort', (r) => r.sort]]);
export const popupsExport = contentExport<typeof adminListPopups, Row<typeof adminListPopups>>('popups', listPopups, (r) => r.title, [['audience', (r) => r.audience], ['starts_at', (r) => r.starts_at], ['ends_at', (r) => r.ends_at], ['sort', (r) => r.sort], ['visible', (r) => r.is_visible]]);

// ---------------------------------------------------------------- news comments (moderation)

type AdminNewsComment = EndpointData<typeof adminSetNewsCommentVisibility>;
type CommentRow = NonNullable<Awaited<ReturnType<typeof q.findAdminNewsComment>>>;

const toAdminNewsComment = (c: CommentRow, lang: Actor['lang']): AdminNewsComment => ({
  id: c.id,
  news_id: c.news_id,
  news_title: pick(c.news_title, lang),
  parent_id: c.parent_id,
  member_id: c.user_id,
  member: c.user_name ?? '',
  author_name: c.author_name,
  content: c.content,
  reply_count: c.reply_count,
  like_count: c.like_count,
  created_at: iso(c.created_at),
  visible: c.is_visible,
  parent_hidden: c.parent_hidden,
  moderation: c.moderated_by && c.moderated_at ? { by: c.moderated_by, at: iso(c.moderated_at), reason: c.moderation_reason } : null,
});

/** News comments and replies, newest first, by article and shown or hidden. */
export async function listNewsComments(db: Executor, actor: Actor, input: EndpointQuery<typeof adminListNewsComments>): Promise<EndpointData<typeof adminListNewsComments>> {
  operatorNameOf(actor);
  const rows = await q.findAdminNewsCommentsPage(db, { newsId: input.news_id, visible: input.visibility === undefined ? undefined : input.visibility === 'visible', limit: input.limit, offset: offset(input) });
  return page(rows, (r) => toAdminNewsComment(r, actor.lang), input);
}

/**
 * Hides a news comment from members (a top-level one with its replies) or shows it again, with the
 * reason. The article's comment count and the thread's reply count are counted again under the
 * article's lock, so the news list and the article's heading agree at once. A comment already so is
 * answered as it is, nothing recorded; never one the operator wrote with their own member account.
 */
export async function setNewsCommentVisibility(deps: AppDeps, actor: Actor, input: EndpointBody<typeof adminSetNewsCommentVisibility>): Promise<AdminNewsComment> {
  const operator = operatorNameOf(actor);
  return withTransaction(deps.db, async (tx) => {
    const found = await q.findAdminNewsComment(tx, input.id);
    if (!found) throw new AppError(ResponseCode.commentNotFound);
    refuseOwnAccount(actor, found.user_id);
    // The article's row first, as a member's new comment takes it: the counts below see every committed comment.
    await lockNewsForUpdate(tx, found.news_id);
    const changed = await q.updateNewsCommentVisibility(tx, { id: input.id, visible: input.visible, by: operator, reason: input.reason });
    if (changed) {
      await recountNewsComments(tx, changed.news_id);
      if (changed.parent_id !== null) await recountReplies(tx, changed.parent_id);
      await insertOperatorAction(tx, { operator, action: `news_comment.${input.visible ? 'show' : 'hide'}`, target_type: 'news_comment', target_id: input.id, reason: input.reason });
      contentChangedOnCommit(tx, deps);
    }
    return toAdminNewsComment((await q.findAdminNewsComment(tx, input.id))!, actor.lang);
  });
}
