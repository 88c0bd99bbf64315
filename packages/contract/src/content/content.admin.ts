import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { pageOf, pageQuery } from '../common/pagination.js';
import { fileUrl } from '../common/text.js';
import { isAppPageLink } from '../common/pages.js';
import { exportOf, sortQuery } from '../common/list-sort.js';
import { adminTextsSchema, baseUpdatedAt, shopPicture } from '../catalogue/catalogue.admin.js';
import { idParam } from '../catalogue/catalogue.schemas.js';
import { wholeNumber } from '../common/numbers.js';
import { AGREEMENT_KINDS } from './content.schemas.js';

// Operator calls of the shop's content (under /admin/api/content/): banners, news with their
// attachments, notices with the moment they appear, FAQ, agreements and popups, each text in
// several languages. Rich texts are stored reduced to safe markup.

const texts = adminTextsSchema;
const requiredTexts = (max: number) => texts(max).refine((t) => (t['en-us'] ?? '').trim().length > 0, { message: 'validation.required', path: ['en-us'] });
const isPagesPath = (v: string) => /^\/pages\/[^\s]*$/.test(v);
/**
 * Where a banner or popup takes a member: a page the app has (`/pages/…`, one of the contract's
 * APP_PATHS, with or without a query) or an http(s) address; empty is no link. Anything else
 * (`javascript:`, `//host`, a bare word) would run script or land on "Page not found", so it is
 * refused; a `/pages/…` path the app has no page for is refused with a message of its own.
 */
export const contentLink = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || isPagesPath(v) || /^https?:\/\/[^\s/?#]+[^\s]*$/.test(v), { message: 'admin.validation.contentLink' })
  .refine((v) => !isPagesPath(v) || isAppPageLink(v), { message: 'admin.validation.appPageUnknown' });
const moment = z.iso.datetime({ offset: true });
const sort = z.number().min(-100_000).max(100_000).int().default(0);
const reason = z.string().trim().max(300).optional();

export const adminBannerSchema = z.object({ id: z.number().int(), position: z.enum(['home', 'share']), title: texts(120), text: texts(500), image: z.string(), link: z.string(), sort: z.number().int(), is_visible: z.boolean(), updated_at: z.string() });
export const saveBannerBody = z.object({ id: idParam.optional(), base_updated_at: baseUpdatedAt, position: z.enum(['home', 'share']).default('home'), title: requiredTexts(120), text: texts(500).default({}), image: shopPicture, link: contentLink.default(''), sort, is_visible: z.boolean().default(true), reason });

export const attachmentSchema = z.object({ name: z.string().trim().min(1).max(200), url: fileUrl, mime: z.string().max(100), size: z.number().min(0).max(1_000_000_000).int() });
export const adminNewsSchema = z.object({
  id: z.number().int(),
  title: texts(200),
  summary: texts(500),
  content: texts(200_000),
  cover: z.string(),
  is_banner: z.boolean(),
  status: z.enum(['draft', 'published']),
  published_at: z.string(),
  attachments: z.array(attachmentSchema),
  like_count: z.number().int(),
  comment_count: z.number().int(),
  updated_at: z.string(),
});
export const saveNewsBody = z.object({
  id: idParam.optional(),
  base_updated_at: baseUpdatedAt,
  title: requiredTexts(200),
  summary: texts(500).default({}),
  content: texts(200_000).default({}),
  /** A picture the shop stores (members' phones load it from here only); empty is none. */
  cover: z.union([shopPicture, z.literal('')]).default(''),
  is_banner: z.boolean().default(false),
  status: z.enum(['draft', 'published']).default('draft'),
  /** When members see it (a later moment schedules it); default now. */
  published_at: moment.optional(),
  /** Replaces the attachments, in this order. */
  attachments: z.array(attachmentSchema).max(20).default([]),
  reason,
});

export const adminNoticeSchema = z.object({ id: z.number().int(), title: texts(200), summary: texts(500), content: texts(200_000), is_visible: z.boolean(), published_at: z.string(), updated_at: z.string() });
export const saveNoticeBody = z.object({
  id: idParam.optional(),
  base_updated_at: baseUpdatedAt,
  title: requiredTexts(200),
  summary: texts(500).default({}),
  content: texts(200_000).default({}),
  is_visible: z.boolean().default(true),
  /** When members see it: a later moment schedules it; default now. */
  published_at: moment.optional(),
  reason,
});

export const adminFaqSchema = z.object({ id: z.number().int(), question: texts(300), answer: texts(20_000), sort: z.number().int(), updated_at: z.string() });
export const saveFaqBody = z.object({ id: idParam.optional(), base_updated_at: baseUpdatedAt, question: requiredTexts(300), answer: requiredTexts(20_000), sort, reason });

export const adminAgreementSchema = z.object({ kind: z.string(), title: texts(200), content: texts(200_000), updated_at: z.string() });
export const saveAgreementBody = z.object({
  /** Which agreement: the member's, privacy or purchase terms. */
  kind: z.enum(AGREEMENT_KINDS),
  /** The agreement's `updated_at` when the form was loaded; none for a kind not written yet. */
  base_updated_at: baseUpdatedAt,
  title: requiredTexts(200),
  content: requiredTexts(200_000),
  reason,
});

export const adminPopupSchema = z.object({
  id: z.number().int(),
  title: texts(200),
  content: texts(2000),
  image: z.string(),
  link: z.string(),
  audience: z.enum(['all', 'visitor', 'member']),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  sort: z.number().int(),
  is_visible: z.boolean(),
  updated_at: z.string(),
});
export const savePopupBody = z
  .object({
    id: idParam.optional(),
    base_updated_at: baseUpdatedAt,
    title: requiredTexts(200),
    content: texts(2000).default({}),
    /** A picture the shop stores, as a banner's; empty is none. */
    image: z.union([shopPicture, z.literal('')]).default(''),
    link: contentLink.default(''),
    audience: z.enum(['all', 'visitor', 'member']).default('all'),
    starts_at: moment,
    ends_at: moment.nullable().default(null),
    sort,
    is_visible: z.boolean().default(true),
    reason,
  })
  .refine((p) => p.ends_at === null || Date.parse(p.ends_at) > Date.parse(p.starts_at), { message: 'validation.invalid', path: ['ends_at'] });

export const deleteContentBody = z.object({ id: idParam, reason });
/** A content list: found by part of its title (question) in any language, sorted by one of its columns. */
const contentList = <const C extends readonly [string, ...string[]]>(sorts: C) => pageQuery.extend({ q: z.string().trim().max(100).optional(), ...sortQuery(sorts) });
export const adminBannerListQuery = contentList(['id', 'position', 'sort']);
export const adminNewsListQuery = contentList(['id', 'published_at']);
export const adminNoticeListQuery = contentList(['id', 'published_at']);
export const adminFaqListQuery = contentList(['id', 'sort']);
export const adminPopupListQuery = contentList(['id', 'starts_at', 'ends_at', 'sort']);
const deleted = z.object({ deleted: z.boolean() });
const op = { auth: 'operator', permission: 'settings.write', area: 'admin' } as const;

/** Banners of every position, shown or not, in the shop's order. */
export const adminListBanners = endpoint({ method: 'GET', path: '/admin/api/content/banners', ...op, query: adminBannerListQuery, data: pageOf(adminBannerSchema) });
/** Creates or changes a banner. */
export const adminSaveBanner = endpoint({ method: 'POST', path: '/admin/api/content/banners/save', ...op, idempotent: true, body: saveBannerBody, data: adminBannerSchema });
/** Deletes a banner. */
export const adminDeleteBanner = endpoint({ method: 'POST', path: '/admin/api/content/banners/delete', ...op, idempotent: true, body: deleteContentBody, data: deleted });
/** News, drafts and scheduled ones too, newest first. */
export const adminListNews = endpoint({ method: 'GET', path: '/admin/api/content/news', ...op, query: adminNewsListQuery, data: pageOf(adminNewsSchema) });
/** Creates or changes news with its attachments. */
export const adminSaveNews = endpoint({ method: 'POST', path: '/admin/api/content/news/save', ...op, idempotent: true, body: saveNewsBody, data: adminNewsSchema });
/** Deletes news with its attachments, likes and comments. */
export const adminDeleteNews = endpoint({ method: 'POST', path: '/admin/api/content/news/delete', ...op, idempotent: true, body: deleteContentBody, data: deleted });
/** Notices, scheduled ones too, newest first. */
export const adminListNotices = endpoint({ method: 'GET', path: '/admin/api/content/notices', ...op, query: adminNoticeListQuery, data: pageOf(adminNoticeSchema) });
/** Creates or changes a notice; a later `published_at` shows it then. */
export const adminSaveNotice = endpoint({ method: 'POST', path: '/admin/api/content/notices/save', ...op, idempotent: true, body: saveNoticeBody, data: adminNoticeSchema });
/** Deletes a notice. */
export const adminDeleteNotice = endpoint({ method: 'POST', path: '/admin/api/content/notices/delete', ...op, idempotent: true, body: deleteContentBody, data: deleted });
/** Questions and answers in the shop's order. */
export const adminListFaqs = endpoint({ method: 'GET', path: '/admin/api/content/faqs', ...op, query: adminFaqListQuery, data: pageOf(adminFaqSchema) });
/** Creates or changes a question and its answer. */
export const adminSaveFaq = endpoint({ method: 'POST', path: '/admin/api/content/faqs/save', ...op, idempotent: true, body: saveFaqBody, data: adminFaqSchema });
/** Deletes a question. */
export const adminDeleteFaq = endpoint({ method: 'POST', path: '/admin/api/content/faqs/delete', ...op, idempotent: true, body: deleteContentBody, data: deleted });
/** Every agreement (registration, privacy …). */
export const adminListAgreements = endpoint({ method: 'GET', path: '/admin/api/content/agreements', ...op, data: z.object({ list: z.array(adminAgreementSchema) }) });
/** Creates or replaces one agreement's texts. */
export const adminSaveAgreement = endpoint({ method: 'POST', path: '/admin/api/content/agreements/save', ...op, idempotent: true, body: saveAgreementBody, data: adminAgreementSchema });
/** Popups with their audience and window. */
export const adminListPopups = endpoint({ method: 'GET', path: '/admin/api/content/popups', ...op, query: adminPopupListQuery, data: pageOf(adminPopupSchema) });
/** Creates or changes a popup: its audience and the window it shows in. */
export const adminSavePopup = endpoint({ method: 'POST', path: '/admin/api/content/popups/save', ...op, idempotent: true, body: savePopupBody, data: adminPopupSchema });
/** Deletes a popup. */
export const adminDeletePopup = endpoint({ method: 'POST', path: '/admin/api/content/popups/delete', ...op, idempotent: true, body: deleteContentBody, data: deleted });

// ---------------------------------------------------------------- news comments (moderation)

// Operators whose role grants `reviews.moderate` (the moderators of what members write: catalogue,
// reviewer, owner) hide a news comment or show it again, with a reason. A hidden top-level comment
// takes its replies with it; the article's comment count follows at once.
export const NEWS_COMMENT_VISIBILITIES = ['visible', 'hidden'] as const;
export const adminNewsCommentListQuery = pageQuery.extend({
  /** Only this article's comments. */
  news_id: wholeNumber(1, 2_147_483_647).optional(),
  visibility: z.enum(NEWS_COMMENT_VISIBILITIES).optional(),
});
export const adminNewsCommentSchema = z.object({
  id: z.number().int(),
  news_id: z.number().int(),
  /** The article's title in the operator's language. */
  news_title: z.string(),
  /** The comment it replies to (null: a comment on the article itself). */
  parent_id: z.number().int().nullable(),
  /** The member who wrote it and their user name (null and empty: a member since removed). */
  member_id: z.number().int().nullable(),
  member: z.string(),
  /** The name members see. */
  author_name: z.string(),
  content: z.string(),
  reply_count: z.number().int(),
  like_count: z.number().int(),
  created_at: z.string(),
  /** Shown to members (a reply under a hidden comment is not, whatever this says). */
  visible: z.boolean(),
  /** Its top-level comment is hidden, so members see this reply nowhere. */
  parent_hidden: z.boolean(),
  /** The last hide or show: by whom, when and why (null: never moderated). */
  moderation: z.object({ by: z.string(), at: z.string(), reason: z.string() }).nullable(),
});
export const setNewsCommentVisibilityBody = z.object({
  id: idParam,
  visible: z.boolean(),
  /** Why (kept with the comment and in the audit log). */
  reason: z.string().trim().min(1, 'validation.required').max(300),
});
const moderate = { auth: 'operator', permission: 'reviews.moderate', area: 'admin' } as const;

/** News comments and replies, newest first, by article and shown or hidden. */
export const adminListNewsComments = endpoint({ method: 'GET', path: '/admin/api/content/news/comments', ...moderate, query: adminNewsCommentListQuery, data: pageOf(adminNewsCommentSchema) });
/** Hides a news comment (with its replies) from members, or shows it again, with the reason (recorded); repeating it changes nothing. */
export const adminSetNewsCommentVisibility = endpoint({ method: 'POST', path: '/admin/api/content/news/comments/visibility', ...moderate, idempotent: true, body: setNewsCommentVisibilityBody, data: adminNewsCommentSchema });

/** The lists as CSV files (same search and sort, every row). */
export const adminExportBanners = exportOf(adminListBanners);
export const adminExportNews = exportOf(adminListNews);
export const adminExportNotices = exportOf(adminListNotices);
export const adminExportFaqs = exportOf(adminListFaqs);
export const adminExportPopups = exportOf(adminListPopups);

export const contentAdminEndpoints = [
  adminListBanners, adminSaveBanner, adminDeleteBanner, adminListNews, adminSaveNews, adminDeleteNews, adminListNotices, adminSaveNotice, adminDeleteNotice, adminListFaqs, adminSaveFaq, adminDeleteFaq,
  adminListAgreements, adminSaveAgreement, adminListPopups, adminSavePopup, adminDeletePopup, adminExportBanners, adminExportNews, adminExportNotices, adminExportFaqs, adminExportPopups,
  adminListNewsComments, adminSetNewsCommentVisibility,
] as const;
