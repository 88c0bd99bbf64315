/**
 * What the service worker keeps for a member without a network (docs/decisions/2026-11-24-installable-and-offline.md).
 * Shared by the worker (`apps/web/sw/sw.ts`) and the app; plain data (and one pattern), so the worker stays small.
 */

/** Cache Storage names; the precache of the release's files is Workbox's own. */
export const OFFLINE_CACHES = {
  /** The app's document, as the server wrote it (configuration and policy hashes included). */
  document: 'shop-document',
  /** Public catalogue and content answers, and the language packs. */
  reads: 'shop-reads',
  /** Pictures of goods, banners and news already seen. */
  media: 'shop-media',
} as const;

/**
 * The reads kept for offline use: catalogue and content answers anyone may read (and the language
 * pack). Nothing of a member's own (profile, wallet, orders, payments, cart, messages) is here,
 * and no write is ever kept: a test checks each path against the contract.
 */
export const OFFLINE_READ_PATHS: readonly string[] = [
  '/user/getLangBag',
  '/attractive/page/indexApiData',
  '/attractive/page/goodsCate',
  '/attractive/page/goodsCateType',
  '/attractive/page/goodsType',
  '/attractive/page/areaList',
  '/attractive/popup/list',
  '/shop/cate/list',
  '/shop/cate/info',
  '/shop/cate/cateAll',
  '/shop/goods/list',
  '/shop/goods/info',
  '/shop/goods/sukInfo',
  '/shop/goods_comment/total',
  '/shop/goods_comment/list',
  '/web/news/banner',
  '/web/news/list',
  '/web/news/info',
  '/web/notice/list',
  '/web/notice/info',
  '/web/question/list',
  '/web/agreement',
];

/** At most this many answers are kept (the oldest go first), each for at most a week. */
export const OFFLINE_READS_MAX_ENTRIES = 300;
export const OFFLINE_READS_MAX_AGE_SECONDS = 7 * 24 * 3600;
/** At most this many pictures, each for at most 30 days. */
export const OFFLINE_MEDIA_MAX_ENTRIES = 200;
export const OFFLINE_MEDIA_MAX_AGE_SECONDS = 30 * 24 * 3600;
/** Online, a read waits this long for the network before the kept answer is shown (and then refreshed). */
export const NETWORK_WAIT_SECONDS = 4;

/**
 * Which navigations are to the app's page, for the worker's document route: the scope or its
 * index.html, whatever the query (`?lang=km`, the native shell's `?isFlutter=1`). Workbox's
 * NavigationRoute matches the path and the query together.
 */
export const appPagePattern = (scopePath: string): RegExp => new RegExp(`^${scopePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(index\\.html)?(\\?.*)?$`);

/** The message a page sends to a waiting new release's worker to take over. */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';
