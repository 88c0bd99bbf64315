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
import { dropOnChanges } from '../../lib/cache.js';
import type { Api } from '../../plugins/routes.js';
import { CacheTag } from '../catalogue/response-cache.js';
import * as service from './content.service.js';

export function contentRoutes({ handle, deps, app }: Api): void {
  const { db } = deps;
  // The sale areas show today's rates: their cached answers go when rates are recorded or set.
  const stopDropping = dropOnChanges(deps, (c) => (c.kind === 'rates' || c.kind === 'all' ? [CacheTag.rates] : []));
  app.addHook('onClose', async () => stopDropping());
  handle(getHomeData, ({ actor }) => service.homeData(deps, actor));
  handle(getHomeCategories, ({ actor }) => service.homeCategories(deps, actor));
  handle(getCategoryTypes, ({ actor }) => service.categoryTypes(deps, actor));
  handle(listGoodsShelves, ({ actor }) => service.goodsShelves(deps, actor));
  handle(listSharePosters, ({ actor }) => service.sharePosters(deps, actor));
  handle(listSaleAreas, ({ actor }) => service.saleAreas(deps, actor));
  handle(getGoodsStock, ({ actor, query }) => service.goodsStock(db, actor, query));

  handle(listNewsBanners, ({ actor }) => service.newsBanners(db, actor));
  handle(listNews, ({ actor, query }) => service.newsPage(db, actor, query));
  handle(getNews, ({ actor, query }) => service.newsInfo(db, actor, query));
  handle(listNewsAttachments, ({ actor, query }) => service.newsAttachments(db, actor, query));
  handle(likeNews, ({ actor, body }) => service.likeNews(db, actor, body));
  handle(collectNews, ({ actor, body }) => service.collectNews(db, actor, body));

  handle(listNewsComments, ({ actor, query }) => service.listComments(db, actor, query));
  handle(getNewsComment, ({ actor, query }) => service.commentInfo(db, actor, query));
  handle(getNewsCommentThread, ({ actor, query }) => service.commentThread(db, actor, query));
  handle(likeNewsComment, ({ actor, body }) => service.likeComment(db, actor, body));
  // Each member has their own limit (in the service); the address's is for many members behind one carrier address.
  handle(createNewsComment, ({ actor, body }) => service.createComment(deps, actor, body), { rateLimit: { max: 60, timeWindow: 60_000 } });

  handle(listNotices, ({ actor, query }) => service.noticePage(deps, actor, query));
  handle(getNotice, ({ actor, query }) => service.noticeInfo(db, actor, query));
  handle(listFaq, ({ actor, query }) => service.faqPage(deps, actor, query));
  handle(getAgreement, ({ actor, query }) => service.agreement(deps, actor, query));
  handle(getAppVersion, ({ query }) => service.appVersion(deps, query));

  handle(listPopups, ({ actor }) => service.popups(db, actor));
  handle(getShareInfo, ({ actor, query }) => service.shareInfo(deps, actor, query));
  handle(getWechatShare, async ({ actor, query }) => {
    const info = await service.shareInfo(deps, actor, query);
    return { title: info.title, desc: info.text, img_url: info.image, link: info.link };
  });
}
