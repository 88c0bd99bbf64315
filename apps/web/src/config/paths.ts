// By path, not '@shop/contract/common': vite.config.ts imports this file, and Node loads the
// packages a config names without reading the contract's TypeScript (pages.ts imports nothing).
import { APP_PAGE_PATHS, APP_PATHS, type AppPagePath } from '../../../../packages/contract/src/common/pages';

/**
 * Every page of the app (spec §2), exactly as the spec names them; the app routes each as
 * `#/<path>`. Link and navigate only through these constants. The list itself is the contract's
 * (`APP_PATHS`), which also checks operators' links to app pages.
 */
export const paths = APP_PATHS;

/** Any page path of the app. */
export type PagePath = AppPagePath;
/** Every page path (the spec's list, the wallet's pages and the root). */
export const allPagePaths = APP_PAGE_PATHS;

/** The four pages of the tab bar, in order. */
export const tabPaths = [paths.tabbar.home, paths.tabbar.activity, paths.tabbar.cart, paths.tabbar.my] as const;
export type TabPath = (typeof tabPaths)[number];

/** The i18n key of each page's title (headers, the document title, the "not available yet" screen). */
export const pageTitleKeys: Record<Exclude<PagePath, '/'>, string> = {
  [paths.tabbar.home]: 'app.page.home',
  [paths.tabbar.activity]: 'app.page.activity',
  [paths.tabbar.cart]: 'app.page.cart',
  [paths.tabbar.my]: 'app.page.my',
  [paths.goods.details]: 'app.page.goodsInfo',
  [paths.goods.checkout]: 'app.page.goodsPay',
  [paths.goods.payNext]: 'app.page.payNext',
  [paths.goods.paid]: 'app.page.payFinish',
  [paths.goods.paidAlternate]: 'app.page.payFinish',
  [paths.goods.openInWechat]: 'app.page.weixinGo',
  [paths.goods.chinaWalletPay]: 'payments.page.chinaWalletPay',
  [paths.goods.alipayReturn]: 'app.page.alipay',
  [paths.address.list]: 'app.page.addresses',
  [paths.address.edit]: 'app.page.editAddress',
  [paths.order.list]: 'app.page.orders',
  [paths.order.details]: 'app.page.orderInfo',
  [paths.order.afterSaleDetails]: 'app.page.afterSaleInfo',
  [paths.order.afterSaleApply]: 'app.page.afterSaleApply',
  [paths.order.afterSales]: 'app.page.afterSales',
  [paths.shop.my]: 'userShop.page.myShop',
  [paths.shop.settings]: 'userShop.page.settings',
  [paths.shop.goods]: 'userShop.page.goods',
  [paths.shop.orders]: 'userShop.page.orders',
  [paths.shop.slips]: 'userShop.page.slips',
  [paths.shop.home]: 'userShop.page.shop',
  [paths.shop.cart]: 'userShop.page.cart',
  [paths.shop.buyerOrders]: 'userShop.page.buyerOrders',
  [paths.order.tracking]: 'app.page.tracking',
  [paths.invite.index]: 'app.page.invite',
  [paths.team.members]: 'referral.page.members',
  [paths.team.placement]: 'referral.page.placement',
  [paths.team.records]: 'referral.page.records',
  [paths.team.star]: 'referral.page.star',
  [paths.team.applications]: 'referral.page.applications',
  [paths.login.login]: 'app.page.login',
  [paths.login.register]: 'app.page.register',
  [paths.login.forgotPassword]: 'app.page.forgetPassword',
  [paths.login.cancelAccount]: 'app.page.cancelAccount',
  [paths.login.cancelAccountConfirm]: 'app.page.cancelAccountConfirm',
  [paths.login.cancelAccountDone]: 'app.page.cancelAccountDone',
  [paths.other.settings]: 'app.page.settings',
  [paths.other.changePassword]: 'app.page.changePassword',
  [paths.other.news]: 'app.page.news',
  [paths.other.customerChat]: 'app.page.support',
  [paths.other.humanCheck]: 'app.page.humanCheck',
  [paths.other.shellCheck]: 'app.page.shellCheck',
  [paths.my.feedback]: 'app.page.feedback',
  [paths.my.article]: 'app.page.article',
  [paths.my.giftCards]: 'app.page.giftCards',
  [paths.my.messages]: 'support.page.messages',
  [paths.wallet.assets]: 'wallet.page.assets',
  [paths.wallet.transfer]: 'wallet.page.transfer',
  [paths.wallet.transfers]: 'wallet.page.transfers',
  [paths.wallet.withdraw]: 'wallet.page.withdraw',
  [paths.wallet.withdrawals]: 'wallet.page.withdrawals',
  [paths.wallet.withdrawInfo]: 'wallet.page.withdrawal',
  [paths.wallet.transferInfo]: 'wallet.page.transferRecord',
  [paths.wallet.bankCards]: 'wallet.page.bankCards',
  [paths.wallet.bankCardEdit]: 'wallet.page.bankCardEdit',
  [paths.wallet.recharge]: 'wallet.page.recharge',
  [paths.wallet.recharges]: 'wallet.page.recharges',
  [paths.wallet.rechargeInfo]: 'wallet.page.recharges',
  [paths.wallet.points]: 'wallet.page.points',
  [paths.wallet.rewards]: 'wallet.page.rewards',
  [paths.business.detail]: 'app.page.business',
  [paths.activity.company]: 'app.page.company',
  [paths.activity.joinUs]: 'app.page.joinUs',
  [paths.activity.details]: 'app.page.activityDetail',
  [paths.activity.support]: 'app.page.support',
  [paths.activity.realTimePrices]: 'app.page.realTimePrices',
  [paths.activity.contactUs]: 'app.page.contactUs',
  [paths.activity.allActivities]: 'app.page.allActivities',
  [paths.pay.stripe]: 'app.page.cardPayment',
  [paths.pay.payment]: 'app.page.payment',
  [paths.pay.airwallex]: 'payments.page.airwallex',
  [paths.pay.pay2c2p]: 'payments.page.2c2p',
  [paths.groupBuy.list]: 'orders.page.groupBuys',
  [paths.groupBuy.goods]: 'orders.page.groupBuyGoods',
  [paths.groupBuy.group]: 'orders.page.groupProgress',
  [paths.charity.index]: 'orders.page.charity',
  [paths.charity.orders]: 'orders.page.charityOrders',
  [paths.system.chooseLocation]: 'app.page.chooseLocation',
  [paths.system.openLocation]: 'app.page.location',
};

/** The page title key of a path, if it is one of ours. */
export const pageTitleKey = (path: string): string | undefined => (pageTitleKeys as Record<string, string>)[path];

/**
 * Spec §2: arriving at these pages switches the global loading indicator off at once (they show
 * their own loading states); elsewhere it goes off when the page has loaded.
 */
export const loadingOffOnArrival: ReadonlySet<string> = new Set<string>([
  paths.root,
  ...tabPaths,
  paths.order.details,
  paths.goods.payNext,
  paths.my.article,
  paths.address.list,
  paths.goods.checkout,
  paths.goods.details,
  paths.activity.realTimePrices,
  paths.activity.allActivities,
  paths.other.customerChat,
]);

/**
 * The pages that open without a network from what the service worker kept (the catalogue and
 * content already seen); every other page shows its members' own data or acts, and says it needs
 * the network when it is opened offline.
 */
export const offlinePages: ReadonlySet<string> = new Set<string>([
  paths.root,
  paths.tabbar.home,
  paths.tabbar.activity,
  paths.goods.details,
  paths.activity.allActivities,
  paths.activity.details,
  paths.activity.company,
  paths.activity.joinUs,
  paths.activity.contactUs,
  paths.other.news,
  paths.my.article,
]);

/**
 * The pages a first visit most often starts on whose texts are all in the language pack's first part
 * (the contract's `FIRST_PART_PREFIXES`): a first visit there waits for that part only, and asks for
 * the rest once the page is painted. `routes.tsx` marks their pages `firstScreen` (a test holds the two
 * alike); the early script asks for the first part on them.
 */
export const firstScreenPaths: readonly string[] = [
  paths.root,
  paths.tabbar.home,
  paths.tabbar.activity,
  paths.goods.details,
  paths.login.login,
  paths.login.register,
  paths.login.forgotPassword,
  paths.activity.details,
  paths.activity.realTimePrices,
  paths.activity.allActivities,
];
