/**
 * Every page of the app (spec §2), exactly as the spec names them; the app routes each as
 * `#/<path>`. Link and navigate only through these constants.
 */
export const paths = {
  root: '/',
  tabbar: {
    home: '/pages/tabbar/index',
    activity: '/pages/tabbar/page',
    cart: '/pages/tabbar/shop',
    my: '/pages/tabbar/my',
  },
  goods: {
    details: '/pages/goods/goodsInfo',
    checkout: '/pages/goods/goodsPay',
    payNext: '/pages/goods/payNext',
    paid: '/pages/goods/payFinish',
    paidAlternate: '/pages/goods/payFinish1',
    openInWechat: '/pages/goods/weixinGo',
    /** Paying with a Chinese wallet app: WeChat Pay (its bridge inside WeChat, else its page) or Alipay. */
    chinaWalletPay: '/pages/goods/ZhiFU',
    /** Where Alipay sends the browser back: the payment is asked of Alipay, never taken from the return. */
    alipayReturn: '/pages/goods/alione',
  },
  address: {
    list: '/pages/address/addressMessage',
    edit: '/pages/address/edit_add',
  },
  order: {
    list: '/pages/order/orderKind',
    details: '/pages/order/orderInfo',
    afterSaleDetails: '/pages/order/saleInfo',
    afterSaleApply: '/pages/order/realSale',
    afterSales: '/pages/order/salingAfter',
    tracking: '/pages/order/orderSn',
  },
  invite: {
    index: '/pages/invite/index',
  },
  /** The referral team's own pages (extensions of the spec, like the wallet's). */
  team: {
    members: '/pages/team/members',
    placement: '/pages/team/placement',
    records: '/pages/team/records',
    star: '/pages/team/star',
    applications: '/pages/team/applications',
  },
  login: {
    login: '/pages/login/login/login',
    register: '/pages/login/reg/reg',
    forgotPassword: '/pages/login/forgetPwd/forgetPwd',
    cancelAccount: '/pages/login/logOff/index',
    cancelAccountConfirm: '/pages/login/logOff/rightEmail',
    cancelAccountDone: '/pages/login/logOff/finish',
  },
  other: {
    settings: '/pages/other/setting',
    changePassword: '/pages/other/editPass',
    news: '/pages/other/news',
    customerChat: '/pages/other/mixdesk',
    humanCheck: '/pages/other/cloudflare/index',
    /** For the native shell's makers: each bridge message tried, with the shell's answer (docs/native-shell.md). */
    shellCheck: '/pages/other/shell',
  },
  my: {
    feedback: '/pages/my/feedbacks',
    article: '/pages/my/content',
    giftCards: '/pages/my/presentList',
    /** The member's messages (not named by the spec), reached from the personal tab's unread badge. */
    messages: '/pages/my/messages',
  },
  /** The wallet's pages (the spec names its calls, not its pages), reached from the personal tab. */
  wallet: {
    assets: '/pages/my/wallet',
    transfer: '/pages/my/transfer',
    transfers: '/pages/my/transferList',
    transferInfo: '/pages/my/transferInfo',
    withdraw: '/pages/my/withdraw',
    withdrawals: '/pages/my/withdrawList',
    withdrawInfo: '/pages/my/withdrawInfo',
    bankCards: '/pages/my/bankCards',
    bankCardEdit: '/pages/my/bankCardEdit',
    recharge: '/pages/my/recharge',
    recharges: '/pages/my/rechargeList',
    rechargeInfo: '/pages/my/rechargeInfo',
    points: '/pages/my/points',
    rewards: '/pages/my/rewards',
  },
  /** Group buys (the spec names their calls, not their pages), reached from the personal tab. */
  groupBuy: {
    list: '/pages/pintuan/index',
    goods: '/pages/pintuan/goodsInfo',
    group: '/pages/pintuan/group',
  },
  /** Charity pledges ("lovers"), reached from the personal tab. */
  charity: {
    index: '/pages/lovers/index',
    orders: '/pages/lovers/orderList',
  },
  business: {
    detail: '/pages/business/detail',
  },
  activity: {
    company: '/pages/activity/company',
    joinUs: '/pages/activity/goin',
    details: '/pages/activity/index',
    support: '/pages/activity/kefu',
    realTimePrices: '/pages/activity/RealTime',
    contactUs: '/pages/activity/contactUs',
    allActivities: '/pages/activity/allAct',
  },
  pay: {
    stripe: '/pages/pay/stripePay',
    payment: '/pages/pay/payNormal',
    airwallex: '/pages/pay/airPay',
    pay2c2p: '/pages/pay/2c2pPay',
  },
  /** Member shops (the spec names their calls, not their pages): the owner's pages, a shop's public page, its cart and the buyer's orders. */
  shop: {
    my: '/pages/shop/my',
    settings: '/pages/shop/settings',
    goods: '/pages/shop/goods',
    orders: '/pages/shop/orders',
    slips: '/pages/shop/slips',
    home: '/pages/shop/home',
    cart: '/pages/shop/cart',
    buyerOrders: '/pages/shop/buyerOrders',
  },
  system: {
    chooseLocation: '/choose-location',
    openLocation: '/open-location',
  },
} as const;

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];
/** Any page path of the app. */
export type PagePath = Leaves<typeof paths>;

const leaves = (o: unknown): string[] => (typeof o === 'string' ? [o] : Object.values(o as object).flatMap(leaves));
/** Every page path (the spec's list, the wallet's pages and the root). */
export const allPagePaths = leaves(paths) as PagePath[];

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
