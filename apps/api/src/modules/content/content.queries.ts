import { sql, type Transaction } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { executePage } from '../../lib/paging.js';

export const findBanners = (db: Executor, position: 'home' | 'share') =>
  db.selectFrom('banners').select(['id', 'title', 'text', 'image', 'link']).where('position', '=', position).where('is_visible', '=', true).orderBy('sort', 'desc').orderBy('id').execute();

export const findSaleAreas = (db: Executor) => db.selectFrom('sale_areas').select(['id', 'code', 'name', 'currency', 'flag']).orderBy('sort', 'desc').orderBy('id').execute();

export const findLatestNotices = (db: Executor, limit: number, offset = 0) =>
  db
    .selectFrom('notices')
    .select(['id', 'title', 'summary', 'published_at', sql<number>`count(*) over ()`.as('total')])
    .where('is_visible', '=', true)
    .where('published_at', '<=', sql<Date>`now()`)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .$call(executePage);

export const findNotice = (db: Executor, id: number) =>
  db.selectFrom('notices').selectAll().where('id', '=', id).where('is_visible', '=', true).where('published_at', '<=', sql<Date>`now()`).executeTakeFirst();

export const findFaqPage = (db: Executor, limit: number, offset: number) =>
  db.selectFrom('faqs').select(['id', 'question', 'answer', sql<number>`count(*) over ()`.as('total')]).orderBy('sort', 'desc').orderBy('id').limit(limit).offset(offset).$call(executePage);

export const findAgreement = (db: Executor, kind: string) => db.selectFrom('agreements').selectAll().where('kind', '=', kind).executeTakeFirst();

export const findActivePopups = (db: Executor, audiences: Array<'all' | 'visitor' | 'member'>) =>
  db
    .selectFrom('popups')
    .select(['id', 'title', 'content', 'image', 'link'])
    .where('is_visible', '=', true)
    .where('audience', 'in', audiences)
    .where('starts_at', '<=', sql<Date>`now()`)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', sql<Date>`now()`)]))
    .orderBy('sort', 'desc')
    .orderBy('id')
    .execute();

// ---------------------------------------------------------------- news

const publishedNews = (db: Executor) => db.selectFrom('news').where('status', '=', 'published').where('published_at', '<=', sql<Date>`now()`);

export const findNewsBanners = (db: Executor) =>
  publishedNews(db).select(['id', 'title', 'cover']).where('is_banner', '=', true).orderBy('published_at', 'desc').orderBy('id', 'desc').limit(10).execute();

export const findNewsPage = (db: Executor, limit: number, offset: number) =>
  publishedNews(db)
    .select(['id', 'title', 'summary', 'cover', 'published_at', 'like_count', 'comment_count', sql<number>`count(*) over ()`.as('total')])
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .$call(executePage);

export const findNews = (db: Executor, id: number) =>
  publishedNews(db)
    .selectAll()
    .select((eb) => eb.selectFrom('news_attachments').whereRef('news_attachments.news_id', '=', 'news.id').select(sql<number>`count(*)::int`.as('n')).as('annex_count'))
    .where('id', '=', id)
    .executeTakeFirst();

export const newsExists = async (db: Executor, id: number) => Boolean(await publishedNews(db).select('id').where('id', '=', id).executeTakeFirst());

export const findNewsAttachments = (db: Executor, newsId: number) =>
  db.selectFrom('news_attachments').select(['id', 'name', 'url', 'size', 'mime']).where('news_id', '=', newsId).orderBy('sort').orderBy('id').execute();

export async function memberNewsFlags(db: Executor, userId: number, newsId: number) {
  const [liked, collected] = await Promise.all([
    db.selectFrom('news_likes').select('news_id').where('user_id', '=', userId).where('news_id', '=', newsId).executeTakeFirst(),
    db.selectFrom('news_collects').select('news_id').where('user_id', '=', userId).where('news_id', '=', newsId).executeTakeFirst(),
  ]);
  return { liked: Boolean(liked), collected: Boolean(collected) };
}

/**
 * Adds or removes one member's reaction under the article's row lock, taken first: a member's
 * overlapping taps apply one after another, each seeing the last one's row. The counter moves only
 * when a row was really added or removed. Answers whether the reaction is there after the write,
 * read, never assumed from what was asked, with the count that goes with it.
 */
export async function setNewsReaction(trx: Transaction<DB>, table: 'news_likes' | 'news_collects', userId: number, newsId: number, on: boolean): Promise<{ on: boolean; count: number }> {
  const counter = table === 'news_likes' ? 'like_count' : 'collect_count';
  await lockNewsForUpdate(trx, newsId);
  const changed = on
    ? await trx.insertInto(table).values({ user_id: userId, news_id: newsId }).onConflict((oc) => oc.doNothing()).returning('news_id').executeTakeFirst()
    : await trx.deleteFrom(table).where('user_id', '=', userId).where('news_id', '=', newsId).returning('news_id').executeTakeFirst();
  const delta = changed ? (on ? 1 : -1) : 0;
  const row = await trx
    .updateTable('news')
    .set({ [counter]: sql<number>`greatest(${sql.ref(counter)} + ${delta}, 0)` })
    .where('id', '=', newsId)
    .returning(sql<number>`${sql.ref(counter)}`.as('count'))
    .executeTakeFirstOrThrow();
  const present = await trx.selectFrom(table).select('news_id').where('user_id', '=', userId).where('news_id', '=', newsId).executeTakeFirst();
  return { on: present !== undefined, count: row.count };
}

// ---------------------------------------------------------------- comments

export function findCommentsPage(db: Executor, where: { newsId?: number; parentId: number | null }, limit: number, offset: number) {
  let q = db
    .selectFrom('news_comments')
    .selectAll()
    .select(sql<number>`count(*) over ()`.as('total'))
    .where('is_visible', '=', true);
  if (where.newsId !== undefined) q = q.where('news_id', '=', where.newsId);
  q = where.parentId === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', where.parentId);
  // Replies read oldest first, like a conversation; top-level comments newest first.
  q = where.parentId === null ? q.orderBy('id', 'desc') : q.orderBy('id');
  return q.limit(limit).offset(offset).$call(executePage);
}

/** A comment members may see: shown, and a reply only while the comment it hangs under is shown too. */
export const findComment = (db: Executor, id: number) =>
  db
    .selectFrom('news_comments')
    .selectAll()
    .where('id', '=', id)
    .where('is_visible', '=', true)
    .where((eb) => eb.or([eb('parent_id', 'is', null), eb.exists(eb.selectFrom('news_comments as p').select('p.id').whereRef('p.id', '=', 'news_comments.parent_id').where('p.is_visible', '=', true))]))
    .executeTakeFirst();

export const likedCommentIds = async (db: Executor, userId: number, ids: number[]) =>
  ids.length
    ? new Set((await db.selectFrom('news_comment_likes').select('comment_id').where('user_id', '=', userId).where('comment_id', 'in', ids).execute()).map((r) => r.comment_id))
    : new Set<number>();

/** Locks a comment's row until the transaction ends: its likes change one at a time. */
export const lockCommentForUpdate = (trx: Transaction<DB>, commentId: number) => trx.selectFrom('news_comments').select('id').where('id', '=', commentId).forUpdate().executeTakeFirst();

/**
 * Adds or removes one member's like of a comment under the comment's row lock, taken first (as for
 * articles); answers whether the like is there after the write, read, with the count that goes with it.
 */
export async function setCommentLike(trx: Transaction<DB>, userId: number, commentId: number, on: boolean): Promise<{ on: boolean; count: number }> {
  await lockCommentForUpdate(trx, commentId);
  const changed = on
    ? await trx.insertInto('news_comment_likes').values({ user_id: userId, comment_id: commentId }).onConflict((oc) => oc.doNothing()).returning('comment_id').executeTakeFirst()
    : await trx.deleteFrom('news_comment_likes').where('user_id', '=', userId).where('comment_id', '=', commentId).returning('comment_id').executeTakeFirst();
  const delta = changed ? (on ? 1 : -1) : 0;
  const row = await trx
    .updateTable('news_comments')
    .set((eb) => ({ like_count: sql<number>`greatest(${eb.ref('like_count')} + ${delta}, 0)` }))
    .where('id', '=', commentId)
    .returning('like_count')
    .executeTakeFirstOrThrow();
  const present = await trx.selectFrom('news_comment_likes').select('comment_id').where('user_id', '=', userId).where('comment_id', '=', commentId).executeTakeFirst();
  return { on: present !== undefined, count: row.like_count };
}

/** When the next scheduled notice appears, if one is scheduled. */
export const findNextNoticeTime = async (db: Executor): Promise<Date | undefined> => {
  const row = await db.selectFrom('notices').select((eb) => eb.fn.min('published_at').as('next')).where('is_visible', '=', true).where('published_at', '>', sql<Date>`now()`).executeTakeFirst();
  return row?.next ? new Date(row.next as unknown as string) : undefined;
};

// ---------------------------------------------------------------- comment writes

export const addToReplyCount = (db: Executor, commentId: number, by: number) =>
  db.updateTable('news_comments').set((eb) => ({ reply_count: eb('reply_count', '+', by) })).where('id', '=', commentId).execute();

export const addToCommentCount = (db: Executor, newsId: number, by: number) =>
  db.updateTable('news').set((eb) => ({ comment_count: eb('comment_count', '+', by) })).where('id', '=', newsId).execute();

export const insertComment = (db: Executor, c: { news_id: number; parent_id: number | null; user_id: number; author_name: string; content: string }) =>
  db.insertInto('news_comments').values(c).returningAll().executeTakeFirstOrThrow();

/** Locks an article's row until the transaction ends: its comment counters change one at a time. */
export const lockNewsForUpdate = (trx: Transaction<DB>, newsId: number) => trx.selectFrom('news').select('id').where('id', '=', newsId).forUpdate().executeTakeFirst();

/**
 * Counts an article's comments again as members see them: every shown comment and reply, a reply
 * only while its comment is shown (the news list and the article's heading both read this count).
 */
export const recountNewsComments = (db: Executor, newsId: number) =>
  db
    .updateTable('news')
    .set({
      comment_count: sql<number>`(select count(*)::int from news_comments c where c.news_id = ${newsId} and c.is_visible
        and (c.parent_id is null or exists (select 1 from news_comments p where p.id = c.parent_id and p.is_visible)))`,
    })
    .where('id', '=', newsId)
    .execute();

/** Counts a comment's shown replies again. */
export const recountReplies = (db: Executor, commentId: number) =>
  db
    .updateTable('news_comments')
    .set({ reply_count: sql<number>`(select count(*)::int from news_comments r where r.parent_id = ${commentId} and r.is_visible)` })
    .where('id', '=', commentId)
    .execute();
