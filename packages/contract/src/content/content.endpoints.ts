import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { categorySchema } from '../catalogue/catalogue.schemas.js';
import {
  agreementData,
  agreementQuery,
  annexQuery,
  annexSchema,
  bannerSchema,
  categoryTypeSchema,
  collectNewsBody,
  collectNewsData,
  commentInfoQuery,
  commentListData,
  commentListQuery,
  commentSchema,
  commentThreadData,
  commentThreadQuery,
  createCommentBody,
  faqListData,
  faqQuery,
  goodsStockData,
  goodsStockQuery,
  goodsTypeSchema,
  indexData,
  likeCommentBody,
  likeData,
  likeNewsBody,
  newsInfoData,
  newsInfoQuery,
  newsListData,
  newsListQuery,
  noticeInfoData,
  noticeInfoQuery,
  noticeListData,
  popupSchema,
  saleAreaSchema,
  shareInfoData,
  shareInfoQuery,
  sharePosterSchema,
  shareWxData,
  shareWxQuery,
  versionData,
  versionQuery,
} from './content.schemas.js';
import { pageQuery } from '../common/pagination.js';

export * from './content.schemas.js';

// Pages and content: home and activity data, news and its comments, notices, FAQ, agreement,
// app version, popups and sharing.

/** The category entry grid of the home page. */
export const getHomeCategories = endpoint({ method: 'GET', path: '/attractive/page/goodsCate', auth: 'optional', area: 'content', data: z.object({ list: z.array(categorySchema) }) });
/** Category types, each with its categories (the category page's left column). */
export const getCategoryTypes = endpoint({ method: 'GET', path: '/attractive/page/goodsCateType', auth: 'optional', area: 'content', data: z.object({ list: z.array(categoryTypeSchema) }) });
/** The home page in one call: banners, category grid, notices and goods shelves. */
export const getHomeData = endpoint({ method: 'GET', path: '/attractive/page/indexApiData', auth: 'optional', area: 'content', data: indexData });
/** Posters a member can share. */
export const listSharePosters = endpoint({ method: 'GET', path: '/attractive/page/shareList', auth: 'optional', area: 'content', data: z.object({ list: z.array(sharePosterSchema) }) });
/** Countries the shop sells in, with today's currency rates (the RealTime page). */
export const listSaleAreas = endpoint({ method: 'GET', path: '/attractive/page/areaList', auth: 'optional', area: 'content', data: z.object({ base_currency: z.string(), list: z.array(saleAreaSchema) }) });
/** The goods shelves (hot, new, recommended): the tabs of the activity page. */
export const listGoodsShelves = endpoint({ method: 'GET', path: '/attractive/page/goodsType', auth: 'optional', area: 'content', data: z.object({ list: z.array(goodsTypeSchema) }) });
/** Live stock of one goods and its SKUs. */
export const getGoodsStock = endpoint({ method: 'GET', path: '/attractive/page/goodsStock', auth: 'optional', area: 'content', query: goodsStockQuery, data: goodsStockData });
/** News shown as banners. */
export const listNewsBanners = endpoint({ method: 'GET', path: '/web/news/banner', auth: 'optional', area: 'content', data: z.object({ list: z.array(bannerSchema) }) });
/** Published news, newest first. */
export const listNews = endpoint({ method: 'GET', path: '/web/news/list', auth: 'optional', area: 'content', query: newsListQuery, data: newsListData });
/** One news article with the member's like and collect flags. */
export const getNews = endpoint({ method: 'GET', path: '/web/news/info', auth: 'optional', area: 'content', query: newsInfoQuery, data: newsInfoData });
/** Attachments of one news article. */
export const listNewsAttachments = endpoint({ method: 'GET', path: '/web/news/annex', auth: 'optional', area: 'content', query: annexQuery, data: z.object({ list: z.array(annexSchema) }) });
/** An agreement (user, privacy, purchase) in the request language. */
export const getAgreement = endpoint({ method: 'GET', path: '/web/agreement', auth: 'optional', area: 'content', query: agreementQuery, data: agreementData });
/** The current app version and whether the client must update. */
export const getAppVersion = endpoint({ method: 'GET', path: '/web/version', auth: 'optional', area: 'content', query: versionQuery, data: versionData });
/** Likes (or unlikes) a news article; liking twice counts once. */
export const likeNews = endpoint({ method: 'POST', path: '/web/news/dianzan', auth: 'member', area: 'content', body: likeNewsBody, data: likeData });
/** Collects (or un-collects) a news article; idempotent. */
export const collectNews = endpoint({ method: 'POST', path: '/web/news/collect', auth: 'member', area: 'content', body: collectNewsBody, data: collectNewsData });
/** Top-level comments of a news article, newest first. */
export const listNewsComments = endpoint({ method: 'GET', path: '/web/comment/list', auth: 'optional', area: 'content', query: commentListQuery, data: commentListData });
/** One comment. */
export const getNewsComment = endpoint({ method: 'GET', path: '/web/comment/info', auth: 'optional', area: 'content', query: commentInfoQuery, data: commentSchema });
/** One comment with its replies, paged. */
export const getNewsCommentThread = endpoint({ method: 'GET', path: '/web/comment/infoAllComment', auth: 'optional', area: 'content', query: commentThreadQuery, data: commentThreadData });
/** Likes (or unlikes) a comment; idempotent. */
export const likeNewsComment = endpoint({ method: 'POST', path: '/web/comment/dianzan', auth: 'member', area: 'content', body: likeCommentBody, data: likeData });
/** Writes a comment (or a reply): plain text kept as typed, never HTML; clients show it as text. */
export const createNewsComment = endpoint({ method: 'POST', path: '/web/comment/create', auth: 'member', area: 'content', body: createCommentBody, data: commentSchema, idempotent: true });
/** Notices, newest first. */
export const listNotices = endpoint({ method: 'GET', path: '/web/notice/list', auth: 'optional', area: 'content', query: pageQuery, data: noticeListData });
/** One notice. */
export const getNotice = endpoint({ method: 'GET', path: '/web/notice/info', auth: 'optional', area: 'content', query: noticeInfoQuery, data: noticeInfoData });
/** Frequently asked questions. */
export const listFaq = endpoint({ method: 'GET', path: '/web/question/list', auth: 'optional', area: 'content', query: faqQuery, data: faqListData });
/** Popups for the current member or visitor (the client hides snoozed ones). */
export const listPopups = endpoint({ method: 'GET', path: '/attractive/popup/list', auth: 'optional', area: 'content', data: z.object({ list: z.array(popupSchema) }) });
/** Share title, text, image and a link carrying the member's share code. */
export const getShareInfo = endpoint({ method: 'GET', path: '/shop/share/shareInfo', auth: 'optional', area: 'content', query: shareInfoQuery, data: shareInfoData });
/** The same for WeChat's share card. */
export const getWechatShare = endpoint({ method: 'GET', path: '/shop/share/shareWx', auth: 'optional', area: 'content', query: shareWxQuery, data: shareWxData });

