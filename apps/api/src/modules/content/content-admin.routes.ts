import {
  adminDeleteBanner,
  adminDeleteFaq,
  adminDeleteNews,
  adminDeleteNotice,
  adminDeletePopup,
  adminExportBanners,
  adminExportFaqs,
  adminExportNews,
  adminExportNotices,
  adminExportPopups,
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
import { sendFile } from '../../plugins/file-reply.js';
import type { Api } from '../../plugins/routes.js';
import { exportList } from '../operator-actions/operator-actions.service.js';
import * as service from './content-admin.service.js';

/** The console's content: banners, news with attachments, notices, FAQ, agreements and popups; news comments' moderation. */
export function contentAdminRoutes({ handle, deps }: Api): void {
  const { db } = deps;
  handle(adminListBanners, ({ actor, query }) => service.listBanners(db, actor, query));
  handle(adminSaveBanner, ({ actor, body }) => service.saveBanner(deps, actor, body));
  handle(adminDeleteBanner, ({ actor, body }) => service.deleteContent(deps, actor, 'banner', body));
  handle(adminListNews, ({ actor, query }) => service.listNews(db, actor, query));
  handle(adminSaveNews, ({ actor, body }) => service.saveNews(deps, actor, body));
  handle(adminDeleteNews, ({ actor, body }) => service.deleteContent(deps, actor, 'news', body));
  handle(adminListNotices, ({ actor, query }) => service.listNotices(db, actor, query));
  handle(adminSaveNotice, ({ actor, body }) => service.saveNotice(deps, actor, body));
  handle(adminDeleteNotice, ({ actor, body }) => service.deleteContent(deps, actor, 'notice', body));
  handle(adminListFaqs, ({ actor, query }) => service.listFaqs(db, actor, query));
  handle(adminSaveFaq, ({ actor, body }) => service.saveFaq(deps, actor, body));
  handle(adminDeleteFaq, ({ actor, body }) => service.deleteContent(deps, actor, 'faq', body));
  handle(adminListAgreements, ({ actor }) => service.listAgreements(db, actor));
  handle(adminSaveAgreement, ({ actor, body }) => service.saveAgreement(deps, actor, body));
  handle(adminListPopups, ({ actor, query }) => service.listPopups(db, actor, query));
  handle(adminSavePopup, ({ actor, body }) => service.savePopup(deps, actor, body));
  handle(adminDeletePopup, ({ actor, body }) => service.deleteContent(deps, actor, 'popup', body));
  handle(adminListNewsComments, ({ actor, query }) => service.listNewsComments(db, actor, query));
  handle(adminSetNewsCommentVisibility, ({ actor, body }) => service.setNewsCommentVisibility(deps, actor, body));
  handle(adminExportBanners, async ({ actor, query, reply }) => sendFile(reply, await exportList(deps, actor, service.bannersExport, query)));
  handle(adminExportNews, async ({ actor, query, reply }) => sendFile(reply, await exportList(deps, actor, service.newsExport, query)));
  handle(adminExportNotices, async ({ actor, query, reply }) => sendFile(reply, await exportList(deps, actor, service.noticesExport, query)));
  handle(adminExportFaqs, async ({ actor, query, reply }) => sendFile(reply, await exportList(deps, actor, service.faqsExport, query)));
  handle(adminExportPopups, async ({ actor, query, reply }) => sendFile(reply, await exportList(deps, actor, service.popupsExport, query)));
}
