import {
  GOODS_SHELVES,
  ResponseCode,
  type Banner,
  type EndpointData,
  type EndpointQuery,
  type IndexData,
  type Language,
  type NewsComment,
  type NewsInfo,
  type Page,
  getAgreement,
  getAppVersion,
  getCategoryTypes,
  getHomeCategories,
  getHomeData,
  type getShareInfo,
  listFaq,
  listNotices,
  listSaleAreas,
  listSharePosters,
} from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Database, Executor } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { publicBaseUrl } from '../../lib/public-url.js';
import { memberIdOf, type Actor } from '../../lib/actor.js';
import { Expiring, responseCache, type CachedAnswer } from '../../lib/cache.js';
import type { PreSerialized } from '../../lib/pre-serialized.js';
import { allCategories, findGoods } from '../catalogue/catalogue.service.js';
import { findCategoryTypes, findGoodsById, findSkusOfGoods } from '../catalogue/catalogue.queries.js';
import { CacheTag } from '../catalogue/response-cache.js';
import { pick, sanitizeRich } from '../catalogue/texts.js';
import { iso } from '../../lib/dates.js';
import * as q from './content.queries.js';
import { withTransaction } from '../../lib/transaction.js';
import { countMinuteAndDay } from '../../lib/rate-limiter.js';
import { findUserById } from '../members/members.queries.js';
import { nextRatesDay, ratesInto, SHOP_CURRENCY } from '../rates/rates.service.js';
import { totalOf } from '../../lib/paging.js';

/** The member behind an optional-login call, if any. */
const memberOf = (actor: Actor): Member | undefined => (actor.memberId === undefined ? undefined : { userId: actor.memberId });
type Member = { userId: number };

const pageOf = <T>(list: T[], total: number, page: number, limit: number): Page<T> => ({ list, total, page, limit, has_more: page * limit < total });

// ---------------------------------------------------------------- home and activity

const HOME_CATEGORIES = 10;
const HOME_NOTICES = 5;
const SHELF_SIZE = 8;

async function homeBanners(db: Executor, lang: Language): Promise<Banner[]> {
  return (await q.findBanners(db, 'home')).map((b) => ({ id: b.id, title: pick(b.title, lang), image: b.image, link: b.link }));
}

/**
 * The picture of the home page's first banner (the one `homeData` answers first), kept until the
 * home's content changes: the app's document names it, so a first visit starts it at once.
 */
export const homePicture = (deps: Pick<AppDeps, 'db' | 'config' | 'redis'>): Promise<string | undefined> =>
  responseCache(deps).memo({ id: 'home-picture', tags: [CacheTag.home] }, async () => (await q.findBanners(deps.db, 'home'))[0]?.image);

async function latestNotices(db: Executor, lang: Language, limit: number, offset = 0) {
  const rows = await q.findLatestNotices(db, limit, offset);
  return { rows, list: rows.map((n) => ({ id: n.id, title: pick(n.title, lang), summary: pick(n.summary, lang), published_at: iso(n.published_at) })) };
}

/** The home page in one answer: banners, category grid, notices and goods shelves (cached per language). */
export async function homeData(deps: AppDeps, actor: Actor): Promise<CachedAnswer<EndpointData<typeof getHomeData>>> {
  const { lang } = actor;
  return responseCache(deps).cached(getHomeData, { id: lang, tags: [CacheTag.home] }, async (): Promise<Expiring<IndexData>> => {
    const [nextNotice, banners, categories, notices, ...shelves] = await Promise.all([
      q.findNextNoticeTime(deps.db),
      homeBanners(deps.db, lang),
      allCategories(deps, lang),
      latestNotices(deps.db, lang, HOME_NOTICES),
      ...GOODS_SHELVES.map((shelf) => findGoods(deps, lang, { shelf, sort: shelf === 'new' ? 'new' : shelf === 'hot' ? 'sales' : 'default', page: 1, limit: SHELF_SIZE })),
    ]);
    // A notice scheduled for later makes this answer stale at that moment.
    return new Expiring(
      {
        banners,
        categories: categories.filter((c) => c.parent_id === null).slice(0, HOME_CATEGORIES).map((c) => ({ id: c.id, name: c.name, icon: c.icon })),
        notices: notices.list,
        shelves: GOODS_SHELVES.map((key, i) => ({ key, title: deps.i18n.t(lang, `catalogue.shelf.${key}`), goods: shelves[i]!.list })),
      },
      nextNotice,
    );
  });
}

/** The category entry grid: top-level categories. */
export async function homeCategories(deps: AppDeps, actor: Actor): Promise<CachedAnswer<EndpointData<typeof getHomeCategories>>> {
  const { lang } = actor;
  return responseCache(deps).cached(getHomeCategories, { id: lang, tags: [CacheTag.categories] }, async () => ({ list: (await allCategories(deps, lang)).filter((c) => c.parent_id === null) }));
}

/** Category types, each with its top-level categories. */
export async function categoryTypes(deps: AppDeps, actor: Actor): Promise<CachedAnswer<EndpointData<typeof getCategoryTypes>>> {
  const { lang } = actor;
  return responseCache(deps).cached(getCategoryTypes, { id: lang, tags: [CacheTag.categories] }, async () => {
    const [types, categories] = await Promise.all([findCategoryTypes(deps.db), allCategories(deps, lang)]);
    return { list: types.map((t) => ({ id: t.id, name: pick(t.name, lang), categories: categories.filter((c) => c.type_id === t.id && c.parent_id === null) })) };
  });
}

/** The goods shelves, named in the request language. */
export function goodsShelves(deps: Pick<AppDeps, 'i18n'>, actor: Actor) {
  return { list: GOODS_SHELVES.map((key) => ({ key, name: deps.i18n.t(actor.lang, `catalogue.shelf.${key}`) })) };
}

/** Posters members can share. */
export async function sharePosters(deps: AppDeps, actor: Actor): Promise<CachedAnswer<EndpointData<typeof listSharePosters>>> {
  const { lang } = actor;
  return responseCache(deps).cached(listSharePosters, { id: lang, tags: [CacheTag.content] }, async () => ({
    list: (await q.findBanners(deps.db, 'share')).map((b) => ({ id: b.id, title: pick(b.title, lang), text: pick(b.text, lang), image: b.image })),
  }));
}

/**
 * The countries the shop sells in, each with today's rate of its currency from the rates module (as
 * `areaHuilvList` gives it: rate, source and date; none where none is recorded). Kept until the
 * content or the rates change, or the day ends.
 */
export async function saleAreas(deps: AppDeps, actor: Actor): Promise<CachedAnswer<EndpointData<typeof listSaleAreas>>> {
  const { lang } = actor;
  return responseCache(deps).cached(listSaleAreas, { id: lang, tags: [CacheTag.content, CacheTag.rates] }, async () => {
    const areas = await q.findSaleAreas(deps.db);
    const rates = await ratesInto(deps.db, SHOP_CURRENCY, areas.map((a) => a.currency));
    const list = areas.map((a) => {
      const r = rates.get(a.currency);
      return { id: a.id, code: a.code, name: pick(a.name, lang), currency: a.currency, flag: a.flag, rate: r?.rate ?? null, source: r?.source ?? null, date: r?.date ?? null };
    });
    return new Expiring({ base_currency: SHOP_CURRENCY, list }, nextRatesDay());
  });
}

/** Live stock of one goods and each of its SKUs. */
export async function goodsStock(db: Database, _actor: Actor, input: { goods_id: number }) {
  const goodsId = input.goods_id;
  if (!(await findGoodsById(db, goodsId))) throw new AppError(ResponseCode.goodsNotFound);
  const skus = (await findSkusOfGoods(db, goodsId)).map((s) => ({ id: s.id, stock: s.stock }));
  return { goods_id: goodsId, stock: skus.reduce((n, s) => n + s.stock, 0), skus };
}

// ---------------------------------------------------------------- news

/** News shown as banners. */
export async function newsBanners(db: Database, actor: Actor) {
  const { lang } = actor;
  return { list: (await q.findNewsBanners(db)).map((n) => ({ id: n.id, title: pick(n.title, lang), image: n.cover, link: `/pages/other/news?id=${n.id}` })) };
}

/** Published news, newest first. */
export async function newsPage(db: Database, actor: Actor, input: { page: number; limit: number }) {
  const { lang } = actor;
  const { page, limit } = input;
  const rows = await q.findNewsPage(db, limit, (page - 1) * limit);
  return pageOf(
    rows.map((n) => ({ id: n.id, title: pick(n.title, lang), summary: pick(n.summary, lang), cover: n.cover, published_at: iso(n.published_at), like_count: n.like_count, comment_count: n.comment_count })),
    totalOf(rows),
    page,
    limit,
  );
}

/** One article with the member's like and collect flags. */
export async function newsInfo(db: Database, actor: Actor, input: { id: number }): Promise<NewsInfo> {
  const { lang } = actor;
  const { id } = input;
  const member = memberOf(actor);
  const n = await q.findNews(db, id);
  if (!n) throw new AppError(ResponseCode.newsNotFound);
  const flags = member ? await q.memberNewsFlags(db, member.userId, id) : { liked: false, collected: false };
  return {
    id: n.id,
    title: pick(n.title, lang),
    summary: pick(n.summary, lang),
    cover: n.cover,
    published_at: iso(n.published_at),
    content: sanitizeRich(pick(n.content, lang)),
    like_count: n.like_count,
    collect_count: n.collect_count,
    comment_count: n.comment_count,
    annex_count: Number(n.annex_count ?? 0),
    is_liked: flags.liked,
    is_collected: flags.collected,
  };
}

/** Attachments of one article. */
export async function newsAttachments(db: Database, _actor: Actor, input: { news_id: number }) {
  const newsId = input.news_id;
  if (!(await q.newsExists(db, newsId))) throw new AppError(ResponseCode.newsNotFound);
  return { list: await q.findNewsAttachments(db, newsId) };
}

/** Likes or unlikes an article; repeating either changes nothing. Answers the member's like as it is after the write, with its count. */
export async function likeNews(db: Database, actor: Actor, input: { news_id: number; like: boolean }) {
  const member = { userId: memberIdOf(actor) };
  const { news_id: newsId, like } = input;
  return withTransaction(db, async (trx) => {
    if (!(await q.newsExists(trx, newsId))) throw new AppError(ResponseCode.newsNotFound);
    const after = await q.setNewsReaction(trx, 'news_likes', member.userId, newsId, like);
    return { liked: after.on, like_count: after.count };
  });
}

/** Collects or un-collects an article; repeating either changes nothing. Answers the member's collect as it is after the write, with its count. */
export async function collectNews(db: Database, actor: Actor, input: { news_id: number; collect: boolean }) {
  const member = { userId: memberIdOf(actor) };
  const { news_id: newsId, collect } = input;
  return withTransaction(db, async (trx) => {
    if (!(await q.newsExists(trx, newsId))) throw new AppError(ResponseCode.newsNotFound);
    const after = await q.setNewsReaction(trx, 'news_collects', member.userId, newsId, collect);
    return { collected: after.on, collect_count: after.count };
  });
}

// ---------------------------------------------------------------- comments

type CommentRow = NonNullable<Awaited<ReturnType<typeof q.findComment>>>;
const toComment = (c: CommentRow, member: Member | undefined, liked: Set<number>): NewsComment => ({
  id: c.id,
  news_id: c.news_id,
  parent_id: c.parent_id,
  user_name: c.author_name,
  content: c.content,
  like_count: c.like_count,
  reply_count: c.reply_count,
  is_liked: liked.has(c.id),
  is_mine: member !== undefined && c.user_id === member.userId,
  created_at: iso(c.created_at),
});

async function commentsPage(db: Database, member: Member | undefined, where: { newsId?: number; parentId: number | null }, page: number, limit: number) {
  const rows = await q.findCommentsPage(db, where, limit, (page - 1) * limit);
  const liked = member ? await q.likedCommentIds(db, member.userId, rows.map((r) => r.id)) : new Set<number>();
  return pageOf(rows.map((r) => toComment(r, member, liked)), totalOf(rows), page, limit);
}

/** Top-level comments of an article, newest first. */
export async function listComments(db: Database, actor: Actor, input: { news_id: number; page: number; limit: number }) {
  const member = memberOf(actor);
  const { news_id: newsId, page, limit } = input;
  if (!(await q.newsExists(db, newsId))) throw new AppError(ResponseCode.newsNotFound);
  return commentsPage(db, member, { newsId, parentId: null }, page, limit);
}

async function visibleComment(db: Executor, id: number): Promise<CommentRow> {
  const c = await q.findComment(db, id);
  if (!c || !(await q.newsExists(db, c.news_id))) throw new AppError(ResponseCode.commentNotFound);
  return c;
}

/** One comment. */
export async function commentInfo(db: Database, actor: Actor, input: { id: number }) {
  const member = memberOf(actor);
  const { id } = input;
  const c = await visibleComment(db, id);
  const liked = member ? await q.likedCommentIds(db, member.userId, [id]) : new Set<number>();
  return toComment(c, member, liked);
}

/** One comment with its replies. */
export async function commentThread(db: Database, actor: Actor, input: { id: number; page: number; limit: number }) {
  const member = memberOf(actor);
  const { id, page, limit } = input;
  const comment = await commentInfo(db, actor, { id });
  // The article narrows the search to the (news, parent) index.
  return { comment, replies: await commentsPage(db, member, { newsId: comment.news_id, parentId: id }, page, limit) };
}

/** Likes or unlikes a comment; repeating either changes nothing. Answers the member's like as it is after the write, with its count. */
export async function likeComment(db: Database, actor: Actor, input: { comment_id: number; like: boolean }) {
  const member = { userId: memberIdOf(actor) };
  const { comment_id: commentId, like } = input;
  return withTransaction(db, async (trx) => {
    await visibleComment(trx, commentId);
    const after = await q.setCommentLike(trx, member.userId, commentId, like);
    return { liked: after.on, like_count: after.count };
  });
}

/** The most comments one member writes in a minute, and in a day (docs/decisions/2026-11-30-news-comments.md). */
export const COMMENTS_PER_MINUTE = 10;
export const COMMENTS_PER_DAY = 100;
/**
 * Counts one comment against the member's limits, whatever address it comes from (members behind
 * one carrier address keep their own counts).
 */
const countMemberComment = (limiter: AppDeps['limiter'], memberId: number) =>
  countMinuteAndDay(limiter, `comment:member:${memberId}`, { perMinute: COMMENTS_PER_MINUTE, perDay: COMMENTS_PER_DAY, code: ResponseCode.commentLimit, dailyMessageKey: 'catalogue.code.commentDailyLimit' });

/**
 * The comment a new one hangs under (a reply to a reply joins the same thread), null for a top-level
 * comment; refuses one on no such article, or under a comment members cannot see on that article.
 */
function threadOfComment(newsExists: boolean, parent: { id: number; news_id: number; parent_id: number | null } | undefined, input: { news_id: number; parent_id?: number }): number | null {
  if (!newsExists) throw new AppError(ResponseCode.newsNotFound);
  if (input.parent_id === undefined) return null;
  if (!parent || parent.news_id !== input.news_id) throw new AppError(ResponseCode.commentNotFound);
  return parent.parent_id ?? parent.id;
}

/**
 * Writes a comment or a reply and counts it on the article, at most COMMENTS_PER_MINUTE a minute
 * and COMMENTS_PER_DAY a day per member. The text is kept as typed: it is plain text, never HTML,
 * and every client shows it as text (docs/decisions: text members write).
 */
export async function createComment(deps: Pick<AppDeps, 'db' | 'limiter'>, actor: Actor, input: { news_id: number; parent_id?: number; content: string }): Promise<NewsComment> {
  const member = { userId: memberIdOf(actor) };
  const content = input.content.trim();
  if (!content) throw new AppError(ResponseCode.commentEmpty);
  // Checked first without locks, so a comment refused for its article or parent uses up none of the
  // limit; counted before the article's row is locked: a shared limiter's round trip never holds the lock.
  const [exists, parent] = await Promise.all([q.newsExists(deps.db, input.news_id), input.parent_id === undefined ? undefined : q.findComment(deps.db, input.parent_id)]);
  threadOfComment(exists, parent, input);
  await countMemberComment(deps.limiter, member.userId);
  return withTransaction(deps.db, async (trx) => {
    if (!(await q.newsExists(trx, input.news_id))) throw new AppError(ResponseCode.newsNotFound);
    // The article's row first (as moderation takes it): a comment hidden meanwhile is seen hidden
    // below, and the article's count and the thread's agree with what members see.
    await q.addToCommentCount(trx, input.news_id, 1);
    const parentId = threadOfComment(true, input.parent_id === undefined ? undefined : await q.findComment(trx, input.parent_id), input);
    if (parentId !== null) await q.addToReplyCount(trx, parentId, 1);
    const user = await findUserById(trx, member.userId);
    const row = await q.insertComment(trx, { news_id: input.news_id, parent_id: parentId, user_id: member.userId, author_name: user!.nickname || user!.user_name, content });
    return toComment(row, member, new Set());
  });
}

// ---------------------------------------------------------------- notices, FAQ, agreement

/** Notices, newest first (cached per language and page). */
export async function noticePage(deps: AppDeps, actor: Actor, input: { page: number; limit: number }): Promise<CachedAnswer<EndpointData<typeof listNotices>>> {
  const { lang } = actor;
  const { page, limit } = input;
  return responseCache(deps).cached(listNotices, { id: `${lang}:${page}:${limit}`, tags: [CacheTag.content] }, async () => {
    const [{ rows, list }, nextNotice] = await Promise.all([latestNotices(deps.db, lang, limit, (page - 1) * limit), q.findNextNoticeTime(deps.db)]);
    return new Expiring(pageOf(list, totalOf(rows), page, limit), nextNotice);
  });
}

/** One notice. */
export async function noticeInfo(db: Database, actor: Actor, input: { id: number }) {
  const { lang } = actor;
  const { id } = input;
  const n = await q.findNotice(db, id);
  if (!n) throw new AppError(ResponseCode.noticeNotFound);
  return { id: n.id, title: pick(n.title, lang), summary: pick(n.summary, lang), content: sanitizeRich(pick(n.content, lang)), published_at: iso(n.published_at) };
}

/** Frequently asked questions (cached per language and page). */
export async function faqPage(deps: AppDeps, actor: Actor, input: { page: number; limit: number }): Promise<CachedAnswer<EndpointData<typeof listFaq>>> {
  const { lang } = actor;
  const { page, limit } = input;
  return responseCache(deps).cached(listFaq, { id: `${lang}:${page}:${limit}`, tags: [CacheTag.content] }, async () => {
    const rows = await q.findFaqPage(deps.db, limit, (page - 1) * limit);
    return pageOf(rows.map((f) => ({ id: f.id, question: pick(f.question, lang), answer: sanitizeRich(pick(f.answer, lang)) })), totalOf(rows), page, limit);
  });
}

/** An agreement in the request language. */
export async function agreement(deps: AppDeps, actor: Actor, input: { type: 'user' | 'privacy' | 'purchase' }): Promise<CachedAnswer<EndpointData<typeof getAgreement>>> {
  const { lang } = actor;
  const kind = input.type;
  return responseCache(deps).cached(getAgreement, { id: `${lang}:${kind}`, tags: [CacheTag.content] }, async () => {
    const a = await q.findAgreement(deps.db, kind);
    if (!a) throw new AppError(ResponseCode.notFound);
    return { type: kind, title: pick(a.title, lang), content: sanitizeRich(pick(a.content, lang)), updated_at: iso(a.updated_at) };
  });
}

// ---------------------------------------------------------------- app version

/** The app version of this release and the oldest one still allowed to run. */
export const APP_VERSION = '1.6.7';
export const MIN_APP_VERSION = '1.6.0';

const versionParts = (v: string) => v.split('.').map(Number);
/** Compares dotted versions numerically: `compareVersions('1.10', '1.9') > 0`. */
export function compareVersions(a: string, b: string): number {
  const x = versionParts(a);
  const y = versionParts(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d) return d;
  }
  return 0;
}

/** What a client is told of its version: the web app's own for the web app, the native app's (the shop's settings) for a shell. */
function versionAnswer(config: AppDeps['config'], input: EndpointQuery<typeof getAppVersion>): EndpointData<typeof getAppVersion> {
  const below = (floor: string | undefined) => input.version !== undefined && floor !== undefined && compareVersions(input.version, floor) < 0;
  if (input.platform === 'h5') {
    return { version: APP_VERSION, min_version: MIN_APP_VERSION, update_required: below(MIN_APP_VERSION), update_available: below(APP_VERSION), download_url: '/h5/' };
  }
  // A shell's store version is its own count, apart from the web app's: compared only with the native releases the shop names.
  const min = config.NATIVE_APP_MIN_VERSION;
  const latest = config.NATIVE_APP_LATEST_VERSION ?? min;
  return {
    version: latest ?? input.version ?? '',
    min_version: min ?? '',
    update_required: below(min),
    update_available: below(latest),
    download_url: (input.platform === 'ios' ? config.NATIVE_APP_DOWNLOAD_IOS : config.NATIVE_APP_DOWNLOAD_ANDROID) ?? '',
  };
}

/** The answers given so far, per process settings (a test may run apps of several settings in one process). */
const versionAnswers = new WeakMap<AppDeps['config'], Map<string, PreSerialized<EndpointData<typeof getAppVersion>>>>();
/** The current version and whether the client's version must (or may) update; answered from memory. */
export function appVersion(deps: AppDeps, input: EndpointQuery<typeof getAppVersion>): PreSerialized<EndpointData<typeof getAppVersion>> {
  let answers = versionAnswers.get(deps.config);
  if (!answers) versionAnswers.set(deps.config, (answers = new Map()));
  const key = `${input.platform}:${input.version ?? ''}`;
  let answer = answers.get(key);
  if (!answer) {
    answer = responseCache(deps).serialized(getAppVersion, versionAnswer(deps.config, input));
    if (answers.size < 1000) answers.set(key, answer);
  }
  return answer;
}

// ---------------------------------------------------------------- popups and sharing

/** Popups for a visitor or a member, in the request language (the client hides the ones it snoozed). */
export async function popups(db: Database, actor: Actor) {
  const { lang } = actor;
  const member = memberOf(actor);
  const rows = await q.findActivePopups(db, member ? ['all', 'member'] : ['all', 'visitor']);
  return { list: rows.map((p) => ({ id: p.id, title: pick(p.title, lang), content: sanitizeRich(pick(p.content, lang)), image: p.image, link: p.link })) };
}

/** The member's share code: their invitation code (none for visitors and members without one). */
async function shareCodeOf(db: Database, member: Member | undefined): Promise<string> {
  if (!member) return '';
  return (await findUserById(db, member.userId))?.invite_code ?? '';
}

/** Share title, text, image and a link (to the shop or to one goods) carrying the member's share code. */
export async function shareInfo(deps: AppDeps, actor: Actor, input: EndpointQuery<typeof getShareInfo>): Promise<EndpointData<typeof getShareInfo>> {
  const { lang } = actor;
  const member = memberOf(actor);
  const shareCode = await shareCodeOf(deps.db, member);
  const base = publicBaseUrl(deps.config);
  const params = new URLSearchParams();
  let path = '/pages/tabbar/index';
  let title = deps.i18n.t(lang, 'catalogue.share.title');
  let text = deps.i18n.t(lang, 'catalogue.share.text');
  let image = `${base}/media/demo/poster-1.png`;
  if (input.goods_id !== undefined) {
    const g = await findGoodsById(deps.db, input.goods_id);
    if (!g) throw new AppError(ResponseCode.goodsNotFound);
    path = '/pages/goods/goodsInfo';
    params.set('id', String(g.id));
    title = pick(g.name, lang);
    text = deps.i18n.t(lang, 'catalogue.share.goodsText', { name: title });
    image = g.cover.startsWith('/') ? `${base}${g.cover}` : g.cover;
  } else {
    const poster = (await q.findBanners(deps.db, 'share'))[0];
    if (poster) image = poster.image.startsWith('/') ? `${base}${poster.image}` : poster.image;
  }
  if (shareCode) params.set('shareCode', shareCode);
  const query = params.toString();
  return { title, text, image, link: `${base}/h5/#${path}${query ? `?${query}` : ''}`, share_code: shareCode };
}
