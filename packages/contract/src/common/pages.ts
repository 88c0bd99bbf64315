/**
 * Every page of the member app (spec §2), exactly as the spec names them, plus the app's own pages
 * (wallet, referral team, member shops …); the app routes each as `#/<path>`. The one list: the app
 * links and routes through it (apps/web/src/config/paths.ts), and operators' links to app pages
 * (banners, popups, messages) are checked against it, so a link never lands on "Page not found".
 */
export const APP_PATHS = {
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
export type AppPagePath = Leaves<typeof APP_PATHS>;

const leaves = (o: unknown): string[] => (typeof o === 'string' ? [o] : Object.values(o as object).flatMap(leaves));
/** Every page path of the app (the root too). */
export const APP_PAGE_PATHS = leaves(APP_PATHS) as AppPagePath[];

const pages: ReadonlySet<string> = new Set(APP_PAGE_PATHS.filter((p) => p.startsWith('/pages/')));
/** Whether `link` opens a page of the app: a `/pages/…` path the app routes, with or without a query (`?id=5`). */
export const isAppPageLink = (link: string): boolean => pages.has(link.split(/[?#]/, 1)[0]!);
