/**
 * Every page of the app (spec §2), exactly as the spec names them; the app routes each as
 * `#/<path>`. Link and navigate only through these constants.
 */
export const paths = {
  root: '/',
  tabbar: {
    index: '/pages/tabbar/index',
    page: '/pages/tabbar/page',
    shop: '/pages/tabbar/shop',
    my: '/pages/tabbar/my',
  },
  goods: {
    goodsInfo: '/pages/goods/goodsInfo',
    goodsPay: '/pages/goods/goodsPay',
    payNext: '/pages/goods/payNext',
    payFinish: '/pages/goods/payFinish',
    payFinish1: '/pages/goods/payFinish1',
    weixinGo: '/pages/goods/weixinGo',
    ZhiFU: '/pages/goods/ZhiFU',
    alione: '/pages/goods/alione',
  },
  address: {
    addressMessage: '/pages/address/addressMessage',
    editAdd: '/pages/address/edit_add',
  },
  order: {
    orderKind: '/pages/order/orderKind',
    orderInfo: '/pages/order/orderInfo',
    saleInfo: '/pages/order/saleInfo',
    realSale: '/pages/order/realSale',
    salingAfter: '/pages/order/salingAfter',
    orderSn: '/pages/order/orderSn',
  },
  invite: {
    index: '/pages/invite/index',
  },
  login: {
    login: '/pages/login/login/login',
    reg: '/pages/login/reg/reg',
    forgetPwd: '/pages/login/forgetPwd/forgetPwd',
    logOff: '/pages/login/logOff/index',
    logOffRightEmail: '/pages/login/logOff/rightEmail',
    logOffFinish: '/pages/login/logOff/finish',
  },
  other: {
    setting: '/pages/other/setting',
    editPass: '/pages/other/editPass',
    news: '/pages/other/news',
    mixdesk: '/pages/other/mixdesk',
    cloudflare: '/pages/other/cloudflare/index',
  },
  my: {
    feedbacks: '/pages/my/feedbacks',
    content: '/pages/my/content',
    presentList: '/pages/my/presentList',
  },
  business: {
    detail: '/pages/business/detail',
  },
  activity: {
    company: '/pages/activity/company',
    goin: '/pages/activity/goin',
    index: '/pages/activity/index',
    kefu: '/pages/activity/kefu',
    RealTime: '/pages/activity/RealTime',
    contactUs: '/pages/activity/contactUs',
    allAct: '/pages/activity/allAct',
  },
  pay: {
    stripePay: '/pages/pay/stripePay',
    payNormal: '/pages/pay/payNormal',
    airPay: '/pages/pay/airPay',
    c2pPay: '/pages/pay/2c2pPay',
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
/** Every page path (the spec's list plus the root). */
export const allPagePaths = leaves(paths) as PagePath[];

/** The four pages of the tab bar, in order. */
export const tabPaths = [paths.tabbar.index, paths.tabbar.page, paths.tabbar.shop, paths.tabbar.my] as const;
export type TabPath = (typeof tabPaths)[number];

/** The i18n key of each page's title (headers, the document title, the "not available yet" screen). */
export const pageTitleKeys: Record<Exclude<PagePath, '/'>, string> = {
  [paths.tabbar.index]: 'app.page.home',
  [paths.tabbar.page]: 'app.page.activity',
  [paths.tabbar.shop]: 'app.page.cart',
  [paths.tabbar.my]: 'app.page.my',
  [paths.goods.goodsInfo]: 'app.page.goodsInfo',
  [paths.goods.goodsPay]: 'app.page.goodsPay',
  [paths.goods.payNext]: 'app.page.payNext',
  [paths.goods.payFinish]: 'app.page.payFinish',
  [paths.goods.payFinish1]: 'app.page.payFinish',
  [paths.goods.weixinGo]: 'app.page.weixinGo',
  [paths.goods.ZhiFU]: 'app.page.alipay',
  [paths.goods.alione]: 'app.page.alipay',
  [paths.address.addressMessage]: 'app.page.addresses',
  [paths.address.editAdd]: 'app.page.editAddress',
  [paths.order.orderKind]: 'app.page.orders',
  [paths.order.orderInfo]: 'app.page.orderInfo',
  [paths.order.saleInfo]: 'app.page.afterSaleInfo',
  [paths.order.realSale]: 'app.page.afterSaleApply',
  [paths.order.salingAfter]: 'app.page.afterSales',
  [paths.order.orderSn]: 'app.page.tracking',
  [paths.invite.index]: 'app.page.invite',
  [paths.login.login]: 'app.page.login',
  [paths.login.reg]: 'app.page.register',
  [paths.login.forgetPwd]: 'app.page.forgetPassword',
  [paths.login.logOff]: 'app.page.cancelAccount',
  [paths.login.logOffRightEmail]: 'app.page.cancelAccountConfirm',
  [paths.login.logOffFinish]: 'app.page.cancelAccountDone',
  [paths.other.setting]: 'app.page.settings',
  [paths.other.editPass]: 'app.page.changePassword',
  [paths.other.news]: 'app.page.news',
  [paths.other.mixdesk]: 'app.page.support',
  [paths.other.cloudflare]: 'app.page.humanCheck',
  [paths.my.feedbacks]: 'app.page.feedback',
  [paths.my.content]: 'app.page.article',
  [paths.my.presentList]: 'app.page.giftCards',
  [paths.business.detail]: 'app.page.business',
  [paths.activity.company]: 'app.page.company',
  [paths.activity.goin]: 'app.page.joinUs',
  [paths.activity.index]: 'app.page.activityDetail',
  [paths.activity.kefu]: 'app.page.support',
  [paths.activity.RealTime]: 'app.page.realTimePrices',
  [paths.activity.contactUs]: 'app.page.contactUs',
  [paths.activity.allAct]: 'app.page.allActivities',
  [paths.pay.stripePay]: 'app.page.cardPayment',
  [paths.pay.payNormal]: 'app.page.payment',
  [paths.pay.airPay]: 'app.page.cardPayment',
  [paths.pay.c2pPay]: 'app.page.cardPayment',
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
  paths.order.orderInfo,
  paths.goods.payNext,
  paths.my.content,
  paths.address.addressMessage,
  paths.goods.goodsPay,
  paths.goods.goodsInfo,
  paths.activity.RealTime,
  paths.activity.allAct,
  paths.other.mixdesk,
]);
