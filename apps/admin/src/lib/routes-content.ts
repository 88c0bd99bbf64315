import { routeOf } from '@shop/contract/common';
import type {
  adminDeleteBanner, adminDeleteFaq, adminDeleteNews, adminDeleteNotice, adminDeletePopup, adminListAgreements, adminListBanners, adminListFaqs, adminListNews, adminListNotices,
  adminListPopups, adminSaveAgreement, adminSaveBanner, adminSaveFaq, adminSaveNews, adminSaveNotice, adminSavePopup,
} from '@shop/contract/content';
import type { adminListNewsComments, adminSetNewsCommentVisibility } from '@shop/contract/content';

// The content pages' calls as the contract declares them (types checked against the entries), without their schemas.
const op = { auth: 'operator', area: 'admin' } as const;
const base = '/admin/api/content';
export const contentRoutes = {
  banners: {
    list: routeOf<typeof adminListBanners>({ method: 'GET', path: `${base}/banners`, ...op }),
    save: routeOf<typeof adminSaveBanner>({ method: 'POST', path: `${base}/banners/save`, ...op }),
    remove: routeOf<typeof adminDeleteBanner>({ method: 'POST', path: `${base}/banners/delete`, ...op }),
  },
  news: {
    list: routeOf<typeof adminListNews>({ method: 'GET', path: `${base}/news`, ...op }),
    save: routeOf<typeof adminSaveNews>({ method: 'POST', path: `${base}/news/save`, ...op }),
    remove: routeOf<typeof adminDeleteNews>({ method: 'POST', path: `${base}/news/delete`, ...op }),
  },
  notices: {
    list: routeOf<typeof adminListNotices>({ method: 'GET', path: `${base}/notices`, ...op }),
    save: routeOf<typeof adminSaveNotice>({ method: 'POST', path: `${base}/notices/save`, ...op }),
    remove: routeOf<typeof adminDeleteNotice>({ method: 'POST', path: `${base}/notices/delete`, ...op }),
  },
  faqs: {
    list: routeOf<typeof adminListFaqs>({ method: 'GET', path: `${base}/faqs`, ...op }),
    save: routeOf<typeof adminSaveFaq>({ method: 'POST', path: `${base}/faqs/save`, ...op }),
    remove: routeOf<typeof adminDeleteFaq>({ method: 'POST', path: `${base}/faqs/delete`, ...op }),
  },
  agreements: {
    list: routeOf<typeof adminListAgreements>({ method: 'GET', path: `${base}/agreements`, ...op }),
    save: routeOf<typeof adminSaveAgreement>({ method: 'POST', path: `${base}/agreements/save`, ...op }),
  },
  popups: {
    list: routeOf<typeof adminListPopups>({ method: 'GET', path: `${base}/popups`, ...op }),
    save: routeOf<typeof adminSavePopup>({ method: 'POST', path: `${base}/popups/save`, ...op }),
    remove: routeOf<typeof adminDeletePopup>({ method: 'POST', path: `${base}/popups/delete`, ...op }),
  },
} as const;

/** News comments as moderators see them, and hiding or showing one. */
export const newsCommentsRoute = routeOf<typeof adminListNewsComments>({ method: 'GET', path: `${base}/news/comments`, ...op });
export const newsCommentVisibilityRoute = routeOf<typeof adminSetNewsCommentVisibility>({ method: 'POST', path: `${base}/news/comments/visibility`, ...op });
