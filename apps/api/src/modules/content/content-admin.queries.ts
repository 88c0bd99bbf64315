import { sql, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { SortOrder } from '@shop/contract';
import type { Executor } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { nextUpdatedAt } from '../../lib/row-version.queries.js';
import { orderList } from '../../lib/list-order.queries.js';
import type { Texts } from '../catalogue/catalogue.table.js';
import { containing } from '../../lib/like.js';
import { executePage } from '../../lib/paging.js';

// The shop's content as operators change it: every row, shown or not, scheduled or not.

const json = (t: Texts) => JSON.stringify(t);
const total = sql<string>`count(*) over ()`.as('total');

/** What an operator asks of a content list: part of a title in any language, a column to sort by, one page. */
export interface ContentListInput<S extends string> {
  q?: string;
  sort?: S;
  order?: SortOrder;
  limit: number;
  offset: number;
}

/** The content tables whose rows an editor loads and saves whole (agreements are keyed by kind). */
export type EditedTable = 'banners' | 'news' | 'notices' | 'faqs' | 'popups';
/** A row's `updated_at`, locked to the end of the transaction; undefined when there is no such row. */
export async function lockContentVersionForUpdate(trx: Transaction<DB>, table: EditedTable, id: number): Promise<Date | undefined> {
  const { rows } = await sql<{ updated_at: Date }>`select updated_at from ${sql.table(table)} where id = ${id} for update`.execute(trx);
  return rows[0]?.updated_at;
}

/** The page of a list: found by `column` (texts per language), in the chosen order, else the list's own. */
function listed<DB, TB extends keyof DB, O extends { total: string }, S extends string>(qb: SelectQueryBuilder<DB, TB, O>, input: ContentListInput<S>, column: string, columns: Record<S, string>, byDefault: (qb: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, O>) {
  const found = input.q ? qb.where(sql<boolean>`${sql.ref(column)}::text ilike ${containing(input.q)}`) : qb;
  const ordered = input.sort ? orderList(found, input, columns, { sort: input.sort, order: 'asc' }, 'id') : byDefault(found);
  return ordered.limit(input.limit).offset(input.offset).$call(executePage);
}

export const findBannersPage = (db: Executor, input: ContentListInput<'id' | 'position' | 'sort'>) =>
  listed(db.selectFrom('banners').selectAll().select(total), input, 'title', { id: 'id', position: 'position', sort: 'sort' }, (qb) => qb.orderBy('position').orderBy('sort', 'desc').orderBy('id'));
export const findBanner = (db: Executor, id: number) => db.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
export interface BannerFields {
  position: 'home' | 'share';
  title: Texts;
  text: Texts;
  image: string;
  link: string;
  sort: number;
  is_visible: boolean;
}
export const insertBanner = (db: Executor, b: BannerFields) => db.insertInto('banners').values({ ...b, title: json(b.title), text: json(b.text) }).returning('id').executeTakeFirstOrThrow();
export const updateBanner = (db: Executor, id: number, b: BannerFields) => db.updateTable('banners').set({ ...b, title: json(b.title), text: json(b.text), updated_at: nextUpdatedAt }).where('id', '=', id).returning('id').executeTakeFirst();
export const deleteBanner = (db: Executor, id: number) => db.deleteFrom('banners').where('id', '=', id).returning('id').executeTakeFirst();

export const findNewsPage = (db: Executor, input: ContentListInput<'id' | 'published_at'>) =>
  listed(db.selectFrom('news').selectAll().select(total), input, 'title', { id: 'id', published_at: 'published_at' }, (qb) => qb.orderBy('published_at', 'desc').orderBy('id', 'desc'));
export const findNewsRow = (db: Executor, id: number) => db.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirst();
export const findAttachmentsOf = (db: Executor, newsIds: number[]) =>
  newsIds.length ? db.selectFrom('news_attachments').selectAll().where('news_id', 'in', newsIds).orderBy('sort').orderBy('id').execute() : Promise.resolve([]);
export interface NewsFields {
  title: Texts;
  summary: Texts;
  content: Texts;
  cover: string;
  is_banner: boolean;
  status: 'draft' | 'published';
  published_at: Date;
}
const newsColumns = (n: NewsFields) => ({ ...n, title: json(n.title), summary: json(n.summary), content: json(n.content) });
export const insertNews = (db: Executor, n: NewsFields) => db.insertInto('news').values(newsColumns(n)).returning('id').executeTakeFirstOrThrow();
export const updateNews = (db: Executor, id: number, n: NewsFields) => db.updateTable('news').set({ ...newsColumns(n), updated_at: nextUpdatedAt }).where('id', '=', id).returning('id').executeTakeFirst();
export const deleteNews = (db: Executor, id: number) => db.deleteFrom('news').where('id', '=', id).returning('id').executeTakeFirst();
/** Replaces a news item's attachments with these, in order. */
export async function replaceAttachments(db: Executor, newsId: number, list: Array<{ name: string; url: string; mime: string; size: number }>): Promise<void> {
  await db.deleteFrom('news_attachments').where('news_id', '=', newsId).execute();
  if (list.length) await db.insertInto('news_attachments').values(list.map((a, i) => ({ ...a, news_id: newsId, sort: i }))).execute();
}

export const findNoticesPage = (db: Executor, input: ContentListInput<'id' | 'published_at'>) =>
  listed(db.selectFrom('notices').selectAll().select(total), input, 'title', { id: 'id', published_at: 'published_at' }, (qb) => qb.orderBy('published_at', 'desc').orderBy('id', 'desc'));
export interface NoticeFields {
  title: Texts;
  summary: Texts;
  content: Texts;
  is_visible: boolean;
  published_at: Date;
}
const noticeColumns = (n: NoticeFields) => ({ ...n, title: json(n.title), summary: json(n.summary), content: json(n.content) });
export const findNotice = (db: Executor, id: number) => db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirst();
export const insertNotice = (db: Executor, n: NoticeFields) => db.insertInto('notices').values(noticeColumns(n)).returning('id').executeTakeFirstOrThrow();
export const updateNotice = (db: Executor, id: number, n: NoticeFields) => db.updateTable('notices').set({ ...noticeColumns(n), updated_at: nextUpdatedAt }).where('id', '=', id).returning('id').executeTakeFirst();
export const deleteNotice = (db: Executor, id: number) => db.deleteFrom('notices').where('id', '=', id).returning('id').executeTakeFirst();

export const findFaqsPage = (db: Executor, input: ContentListInput<'id' | 'sort'>) =>
  listed(db.selectFrom('faqs').selectAll().select(total), input, 'question', { id: 'id', sort: 'sort' }, (qb) => qb.orderBy('sort', 'desc').orderBy('id'));
export const findFaq = (db: Executor, id: number) => db.selectFrom('faqs').selectAll().where('id', '=', id).executeTakeFirst();
export const insertFaq = (db: Executor, f: { question: Texts; answer: Texts; sort: number }) =>
  db.insertInto('faqs').values({ question: json(f.question), answer: json(f.answer), sort: f.sort }).returning('id').executeTakeFirstOrThrow();
export const updateFaq = (db: Executor, id: number, f: { question: Texts; answer: Texts; sort: number }) =>
  db.updateTable('faqs').set({ question: json(f.question), answer: json(f.answer), sort: f.sort, updated_at: nextUpdatedAt }).where('id', '=', id).returning('id').executeTakeFirst();
export const deleteFaq = (db: Executor, id: number) => db.deleteFrom('faqs').where('id', '=', id).returning('id').executeTakeFirst();

export const findAllAgreements = (db: Executor) => db.selectFrom('agreements').selectAll().orderBy('kind').execute();
/** One agreement's `updated_at`, locked to the end of the transaction; undefined when the kind is not written yet. */
export const lockAgreementVersionForUpdate = async (trx: Transaction<DB>, kind: string) =>
  (await trx.selectFrom('agreements').select('updated_at').where('kind', '=', kind).forUpdate().executeTakeFirst())?.updated_at;
/** Writes a kind's first agreement; undefined when one was written meanwhile (nothing is changed then). */
export const insertAgreement = (db: Executor, a: { kind: string; title: Texts; content: Texts }) =>
  db
    .insertInto('agreements')
    .values({ kind: a.kind, title: json(a.title), content: json(a.content), updated_at: sql`date_trunc('milliseconds', now())` })
    .onConflict((oc) => oc.column('kind').doNothing())
    .returningAll()
    .executeTakeFirst();
/** Replaces one agreement's texts. */
export const updateAgreement = (db: Executor, a: { kind: string; title: Texts; content: Texts }) =>
  db.updateTable('agreements').set({ title: json(a.title), content: json(a.content), updated_at: nextUpdatedAt }).where('kind', '=', a.kind).returningAll().executeTakeFirstOrThrow();

export const findPopupsPage = (db: Executor, input: ContentListInput<'id' | 'starts_at' | 'ends_at' | 'sort'>) =>
  listed(db.selectFrom('popups').selectAll().select(total), input, 'title', { id: 'id', starts_at: 'starts_at', ends_at: 'ends_at', sort: 'sort' }, (qb) => qb.orderBy('starts_at', 'desc').orderBy('id', 'desc'));
export interface PopupFields {
  title: Texts;
  content: Texts;
  image: string;
  link: string;
  audience: 'all' | 'visitor' | 'member';
  starts_at: Date;
  ends_at: Date | null;
  sort: number;
  is_visible: boolean;
}
const popupColumns = (p: PopupFields) => ({ ...p, title: json(p.title), content: json(p.content) });
export const findPopup = (db: Executor, id: number) => db.selectFrom('popups').selectAll().where('id', '=', id).executeTakeFirst();
export const insertPopup = (db: Executor, p: PopupFields) => db.insertInto('popups').values(popupColumns(p)).returning('id').executeTakeFirstOrThrow();
export const updatePopup = (db: Executor, id: number, p: PopupFields) => db.updateTable('popups').set({ ...popupColumns(p), updated_at: nextUpdatedAt }).where('id', '=', id).returning('id').executeTakeFirst();
export const deletePopup = (db: Executor, id: number) => db.deleteFrom('popups').where('id', '=', id).returning('id').executeTakeFirst();

// ---------------------------------------------------------------- news comments (moderation)

/** Comments with their article's title, the member's user name and whether the comment they hang under is hidden. */
const commentsWithNews = (db: Executor) =>
  db
    .selectFrom('news_comments as c')
    .innerJoin('news as n', 'n.id', 'c.news_id')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('news_comments as p', 'p.id', 'c.parent_id')
    .selectAll('c')
    .select(['n.title as news_title', 'u.user_name', sql<boolean>`coalesce(not p.is_visible, false)`.as('parent_hidden')]);

/** One page of comments and replies, newest first, by article and shown or hidden, each row with the total count. */
export function findAdminNewsCommentsPage(db: Executor, f: { newsId?: number; visible?: boolean; limit: number; offset: number }) {
  let qb = commentsWithNews(db).select(total);
  if (f.newsId !== undefined) qb = qb.where('c.news_id', '=', f.newsId);
  if (f.visible !== undefined) qb = qb.where('c.is_visible', '=', f.visible);
  return qb.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').limit(f.limit).offset(f.offset).$call(executePage);
}

/** One comment, shown or hidden. */
export const findAdminNewsComment = (db: Executor, id: number) => commentsWithNews(db).where('c.id', '=', id).executeTakeFirst();

/** Hides a comment or shows it again, with who and why, only when it is not so already; answers it when it changed. */
export const updateNewsCommentVisibility = (db: Executor, input: { id: number; visible: boolean; by: string; reason: string }) =>
  db
    .updateTable('news_comments')
    .set({ is_visible: input.visible, moderated_by: input.by, moderated_at: new Date(), moderation_reason: input.reason })
    .where('id', '=', input.id)
    .where('is_visible', '=', !input.visible)
    .returning(['id', 'news_id', 'parent_id'])
    .executeTakeFirst();
