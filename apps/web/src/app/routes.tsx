import { Navigate, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { AppLayout } from '@/app/layouts/app-layout';
import { page } from '@/app/lazy-page';
import { RouteError } from '@/app/pages/route-error';

/*
 * Every page of the app, one line each (spec §2; paths from config/paths.ts).
 *
 * How a feature plugs its page in: write `features/<domain>/pages/<name>-page.tsx` with the page
 * component as its default export, then replace that path's line below, e.g.
 *   { path: paths.goods.goodsInfo, lazy: page(() => import('@/features/catalogue/pages/goods-info-page')) },
 * A page that composes several features (settings: language + account) lives in `app/pages/`,
 * since features never import each other.
 * `page()` loads the code on first visit with the app's loading, timeout and reload states. A page
 * reads its query parameters with `useSearchParams()` (`#/pages/goods/goodsInfo?id=7`).
 * Lines that still say `notBuilt` show the honest "not available yet" screen with the page's title.
 */
const notBuilt = page(() => import('@/app/pages/not-available-page'));

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to={paths.tabbar.index} replace /> },
      // Tab pages
      { path: paths.tabbar.index, lazy: page(() => import('@/features/catalogue/pages/home-page')) },
      { path: paths.tabbar.page, lazy: page(() => import('@/features/catalogue/pages/activity-page')) },
      { path: paths.tabbar.shop, lazy: notBuilt },
      { path: paths.tabbar.my, lazy: page(() => import('@/features/personal/pages/my-page')) },
      // Goods
      { path: paths.goods.goodsInfo, lazy: page(() => import('@/features/catalogue/pages/goods-info-page')) },
      { path: paths.goods.goodsPay, lazy: notBuilt },
      { path: paths.goods.payNext, lazy: notBuilt },
      { path: paths.goods.payFinish, lazy: notBuilt },
      { path: paths.goods.payFinish1, lazy: notBuilt },
      { path: paths.goods.weixinGo, lazy: notBuilt },
      { path: paths.goods.ZhiFU, lazy: notBuilt },
      { path: paths.goods.alione, lazy: notBuilt },
      // Address
      { path: paths.address.addressMessage, lazy: notBuilt },
      { path: paths.address.editAdd, lazy: notBuilt },
      // Order
      { path: paths.order.orderKind, lazy: notBuilt },
      { path: paths.order.orderInfo, lazy: notBuilt },
      { path: paths.order.saleInfo, lazy: notBuilt },
      { path: paths.order.realSale, lazy: notBuilt },
      { path: paths.order.salingAfter, lazy: notBuilt },
      { path: paths.order.orderSn, lazy: notBuilt },
      // Invite
      { path: paths.invite.index, lazy: notBuilt },
      // Login
      { path: paths.login.login, lazy: page(() => import('@/features/account/pages/login-page')) },
      { path: paths.login.reg, lazy: page(() => import('@/features/account/pages/register-page')) },
      { path: paths.login.forgetPwd, lazy: page(() => import('@/features/account/pages/forget-password-page')) },
      { path: paths.login.logOff, lazy: page(() => import('@/features/account/pages/log-off-page')) },
      { path: paths.login.logOffRightEmail, lazy: page(() => import('@/features/account/pages/log-off-right-email-page')) },
      { path: paths.login.logOffFinish, lazy: page(() => import('@/features/account/pages/log-off-finish-page')) },
      // Other
      { path: paths.other.setting, lazy: page(() => import('@/app/pages/setting-page')) },
      { path: paths.other.editPass, lazy: page(() => import('@/features/account/pages/edit-password-page')) },
      { path: paths.other.news, lazy: page(() => import('@/features/content/pages/news-page')) },
      { path: paths.other.mixdesk, lazy: notBuilt },
      { path: paths.other.cloudflare, lazy: page(() => import('@/features/account/pages/human-check-page')) },
      // My
      { path: paths.my.feedbacks, lazy: notBuilt },
      { path: paths.my.content, lazy: page(() => import('@/features/content/pages/content-page')) },
      { path: paths.my.presentList, lazy: notBuilt },
      // Business
      { path: paths.business.detail, lazy: page(() => import('@/features/content/pages/business-page')) },
      // Activity
      { path: paths.activity.company, lazy: page(() => import('@/features/content/pages/company-page')) },
      { path: paths.activity.goin, lazy: page(() => import('@/features/content/pages/join-page')) },
      { path: paths.activity.index, lazy: page(() => import('@/features/catalogue/pages/promotion-page')) },
      { path: paths.activity.kefu, lazy: page(() => import('@/features/content/pages/support-page')) },
      { path: paths.activity.RealTime, lazy: page(() => import('@/features/catalogue/pages/real-time-page')) },
      { path: paths.activity.contactUs, lazy: page(() => import('@/features/content/pages/contact-page')) },
      { path: paths.activity.allAct, lazy: page(() => import('@/features/catalogue/pages/all-categories-page')) },
      // Pay
      { path: paths.pay.stripePay, lazy: notBuilt },
      { path: paths.pay.payNormal, lazy: notBuilt },
      { path: paths.pay.airPay, lazy: notBuilt },
      { path: paths.pay.c2pPay, lazy: notBuilt },
      // System pages
      { path: paths.system.chooseLocation, lazy: notBuilt },
      { path: paths.system.openLocation, lazy: notBuilt },
      // Anything else
      { path: '*', lazy: page(() => import('@/app/pages/not-found-page')) },
    ],
  },
];
