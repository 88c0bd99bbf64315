import {
  collectNews,
  createNewsComment,
  getAgreement,
  getAppVersion,
  getCategoryTypes,
  getGoodsStock,
  getHomeCategories,
  getHomeData,
  getNews,
  getNewsComment,
  getNewsCommentThread,
  getNotice,
  getShareInfo,
  getWechatShare,
  likeNews,
  likeNewsComment,
  listFaq,
  listGoodsShelves,
  listNews,
  listNewsAttachments,
  listNewsBanners,
  listNewsComments,
  listNotices,
  listPopups,
  listSaleAreas,
  listSharePosters,
} from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import * as service from './content.service.js';

export function contentRoutes({ handle, deps }: Api): void {
  const { db } = deps;
  handle(getHomeData, ({ ctx }) => service.homeData(deps, ctx.lang));
  handle(getHomeCategories, ({ ctx }) => service.homeCategories(deps, ctx.lang));
  handle(getCategoryTypes, ({ ctx }) => service.categoryTypes(deps, ctx.lang));
  handle(listGoodsShelves, ({ ctx }) => service.goodsShelves(deps, ctx.lang));
  handle(listSharePosters, ({ ctx }) => service.sharePosters(deps, ctx.lang));
  handle(listSaleAreas, ({ ctx }) => service.saleAreas(deps, ctx.lang));
  handle(getGoodsStock, ({ query }) => service.goodsStock(db, query.goods_id));

  handle(listNewsBanners, ({ ctx }) => service.newsBanners(db, ctx.lang));
  handle(listNews, ({ query, ctx }) => service.newsPage(db, ctx.lang, query.page, query.limit));
  handle(getNews, ({ query, ctx, member }) => service.newsInfo(db, ctx.lang, query.id, member));
  handle(listNewsAttachments, ({ query }) => service.newsAttachments(db, query.news_id));
  handle(likeNews, ({ body, member }) => service.likeNews(db, member!, body.news_id, body.like));
  handle(collectNews, ({ body, member }) => service.collectNews(db, member!, body.news_id, body.collect));

  handle(listNewsComments, ({ query, member }) => service.listComments(db, member, query.news_id, query.page, query.limit));
  handle(getNewsComment, ({ query, member }) => service.commentInfo(db, member, query.id));
  handle(getNewsCommentThread, ({ query, member }) => service.commentThread(db, member, query.id, query.page, query.limit));
  handle(likeNewsComment, ({ body, member }) => service.likeComment(db, member!, body.comment_id, body.like));
  handle(createNewsComment, ({ body, member }) => service.createComment(db, member!, body), { rateLimit: { max: 20, timeWindow: 60_000 } });

  handle(listNotices, ({ query, ctx }) => service.noticePage(deps, ctx.lang, query.page, query.limit));
  handle(getNotice, ({ query, ctx }) => service.noticeInfo(db, ctx.lang, query.id));
  handle(listFaq, ({ query, ctx }) => service.faqPage(deps, ctx.lang, query.page, query.limit));
  handle(getAgreement, ({ query, ctx }) => service.agreement(deps, ctx.lang, query.type));
  handle(getAppVersion, ({ query }) => service.appVersion(deps, query));

  handle(listPopups, ({ ctx, member }) => service.popups(db, ctx.lang, member));
  handle(getShareInfo, ({ query, ctx, member }) => service.shareInfo(deps, ctx.lang, member, query));
  handle(getWechatShare, async ({ query, ctx, member }) => {
    const info = await service.shareInfo(deps, ctx.lang, member, query);
    return { title: info.title, desc: info.text, img_url: info.image, link: info.link };
  });
}
