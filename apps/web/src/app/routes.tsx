import { Navigate, type RouteObject } from '@/lib/router';
import { paths } from '@/config/paths';
import { AppLayout } from '@/app/layouts/app-layout';
import { page } from '@/app/lazy-page';
import { RouteError } from '@/app/pages/route-error';

/*
 * Every page of the app, one line each (spec §2; paths from config/paths.ts).
 *
 * How a feature plugs its page in: write `features/<domain>/pages/<name>-page.tsx` with the page
 * component as its default export, then replace that path's line below, e.g.
 *   { path: paths.goods.details, lazy: page(() => import('@/features/catalogue/pages/goods-info-page')) },
 * A page that composes several features (settings: language + account) lives in `app/pages/`,
 * since features never import each other.
 * `page()` loads the code on first visit with the app's loading, timeout and reload states. A page
 * reads its query parameters with `useSearchParams()` (`#/pages/goods/goodsInfo?id=7`).
 * A page of an area still to build points at `page(() => import('@/app/pages/not-available-page'))`:
 * the honest "not available yet" screen with the page's title.
 * `firstScreen` marks a page a first visit often lands on whose texts are all in the language pack's
 * first part: a first visit there paints before the rest of the pack arrives.
 */

const firstScreen = { firstScreen: true };

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to={paths.tabbar.home} replace /> },
      // Tab pages
      { path: paths.tabbar.home, lazy: page(() => import('@/features/catalogue/pages/home-page'), firstScreen) },
      { path: paths.tabbar.activity, lazy: page(() => import('@/features/catalogue/pages/activity-page'), firstScreen) },
      { path: paths.tabbar.cart, lazy: page(() => import('@/features/cart/pages/cart-page')) },
      { path: paths.tabbar.my, lazy: page(() => import('@/features/personal/pages/my-page')) },
      // Goods
      { path: paths.goods.details, lazy: page(() => import('@/features/catalogue/pages/goods-info-page'), firstScreen) },
      { path: paths.goods.checkout, lazy: page(() => import('@/features/orders/pages/checkout-page')) },
      { path: paths.goods.payNext, lazy: page(() => import('@/features/payments/pages/pay-next-page')) },
      { path: paths.goods.paid, lazy: page(() => import('@/features/payments/pages/pay-finish-page')) },
      { path: paths.goods.paidAlternate, lazy: page(() => import('@/features/payments/pages/pay-finish-page')) },
      { path: paths.goods.openInWechat, lazy: page(() => import('@/features/payments/pages/weixin-go-page')) },
      { path: paths.goods.chinaWalletPay, lazy: page(() => import('@/features/payments/pages/china-wallet-pay-page')) },
      { path: paths.goods.alipayReturn, lazy: page(() => import('@/features/payments/pages/alipay-return-page')) },
      // Address
      { path: paths.address.list, lazy: page(() => import('@/features/address/pages/address-list-page')) },
      { path: paths.address.edit, lazy: page(() => import('@/features/address/pages/address-edit-page')) },
      // Order
      { path: paths.order.list, lazy: page(() => import('@/features/orders/pages/order-list-page')) },
      { path: paths.order.details, lazy: page(() => import('@/features/orders/pages/order-info-page')) },
      { path: paths.order.afterSaleDetails, lazy: page(() => import('@/features/after-sales/pages/case-info-page')) },
      { path: paths.order.afterSaleApply, lazy: page(() => import('@/features/after-sales/pages/apply-page')) },
      { path: paths.order.afterSales, lazy: page(() => import('@/features/after-sales/pages/cases-page')) },
      { path: paths.order.tracking, lazy: page(() => import('@/features/orders/pages/tracking-page')) },
      // Member shops
      { path: paths.shop.my, lazy: page(() => import('@/features/user-shop/pages/my-shop-page')) },
      { path: paths.shop.settings, lazy: page(() => import('@/features/user-shop/pages/shop-settings-page')) },
      { path: paths.shop.goods, lazy: page(() => import('@/features/user-shop/pages/shop-goods-page')) },
      { path: paths.shop.orders, lazy: page(() => import('@/features/user-shop/pages/shop-orders-page')) },
      { path: paths.shop.slips, lazy: page(() => import('@/features/user-shop/pages/shop-slips-page')) },
      { path: paths.shop.home, lazy: page(() => import('@/features/user-shop/pages/shop-home-page')) },
      { path: paths.shop.cart, lazy: page(() => import('@/features/user-shop/pages/shop-cart-page')) },
      { path: paths.shop.buyerOrders, lazy: page(() => import('@/features/user-shop/pages/buyer-orders-page')) },
      // Invite
      { path: paths.invite.index, lazy: page(() => import('@/features/referral/pages/invite-page')) },
      { path: paths.team.members, lazy: page(() => import('@/features/referral/pages/team-page')) },
      { path: paths.team.placement, lazy: page(() => import('@/features/referral/pages/placement-page')) },
      { path: paths.team.records, lazy: page(() => import('@/features/referral/pages/records-page')) },
      { path: paths.team.star, lazy: page(() => import('@/features/referral/pages/star-page')) },
      { path: paths.team.applications, lazy: page(() => import('@/features/referral/pages/applications-page')) },
      // Login
      { path: paths.login.login, lazy: page(() => import('@/features/account/pages/login-page'), firstScreen) },
      { path: paths.login.register, lazy: page(() => import('@/features/account/pages/register-page'), firstScreen) },
      { path: paths.login.forgotPassword, lazy: page(() => import('@/features/account/pages/forget-password-page'), firstScreen) },
      { path: paths.login.cancelAccount, lazy: page(() => import('@/features/account/pages/log-off-page')) },
      { path: paths.login.cancelAccountConfirm, lazy: page(() => import('@/features/account/pages/log-off-right-email-page')) },
      { path: paths.login.cancelAccountDone, lazy: page(() => import('@/features/account/pages/log-off-finish-page')) },
      // Other
      { path: paths.other.settings, lazy: page(() => import('@/app/pages/setting-page')) },
      { path: paths.other.changePassword, lazy: page(() => import('@/features/account/pages/edit-password-page')) },
      { path: paths.other.news, lazy: page(() => import('@/features/content/pages/news-page')) },
      { path: paths.other.customerChat, lazy: page(() => import('@/features/support/pages/chat-page')) },
      { path: paths.other.humanCheck, lazy: page(() => import('@/features/account/pages/human-check-page')) },
      { path: paths.other.shellCheck, lazy: page(() => import('@/features/native-shell/pages/shell-check-page')) },
      // My
      { path: paths.my.feedback, lazy: page(() => import('@/features/support/pages/feedback-page')) },
      { path: paths.my.article, lazy: page(() => import('@/features/content/pages/content-page')) },
      { path: paths.my.messages, lazy: page(() => import('@/features/support/pages/messages-page')) },
      { path: paths.my.giftCards, lazy: page(() => import('@/features/wallet/pages/gift-cards-page')) },
      // Wallet
      { path: paths.wallet.assets, lazy: page(() => import('@/features/wallet/pages/wallet-page')) },
      { path: paths.wallet.transfer, lazy: page(() => import('@/features/wallet/pages/transfer-page')) },
      { path: paths.wallet.transfers, lazy: page(() => import('@/features/wallet/pages/transfer-list-page')) },
      { path: paths.wallet.withdraw, lazy: page(() => import('@/features/wallet/pages/withdraw-page')) },
      { path: paths.wallet.withdrawals, lazy: page(() => import('@/features/wallet/pages/withdraw-list-page')) },
      { path: paths.wallet.withdrawInfo, lazy: page(() => import('@/features/wallet/pages/withdraw-info-page')) },
      { path: paths.wallet.transferInfo, lazy: page(() => import('@/features/wallet/pages/transfer-info-page')) },
      { path: paths.wallet.bankCards, lazy: page(() => import('@/features/wallet/pages/bank-cards-page')) },
      { path: paths.wallet.bankCardEdit, lazy: page(() => import('@/features/wallet/pages/bank-card-edit-page')) },
      { path: paths.wallet.recharge, lazy: page(() => import('@/features/wallet/pages/recharge-page')) },
      { path: paths.wallet.recharges, lazy: page(() => import('@/features/wallet/pages/recharge-list-page')) },
      { path: paths.wallet.rechargeInfo, lazy: page(() => import('@/features/wallet/pages/recharge-info-page')) },
      { path: paths.wallet.points, lazy: page(() => import('@/features/wallet/pages/points-page')) },
      { path: paths.wallet.rewards, lazy: page(() => import('@/features/wallet/pages/rewards-page')) },
      // Business
      { path: paths.business.detail, lazy: page(() => import('@/features/content/pages/business-page')) },
      // Activity
      { path: paths.activity.company, lazy: page(() => import('@/features/content/pages/company-page')) },
      { path: paths.activity.joinUs, lazy: page(() => import('@/features/content/pages/join-page')) },
      { path: paths.activity.details, lazy: page(() => import('@/features/catalogue/pages/promotion-page'), firstScreen) },
      { path: paths.activity.support, lazy: page(() => import('@/features/content/pages/support-page')) },
      { path: paths.activity.realTimePrices, lazy: page(() => import('@/features/catalogue/pages/real-time-page'), firstScreen) },
      { path: paths.activity.contactUs, lazy: page(() => import('@/features/content/pages/contact-page')) },
      { path: paths.activity.allActivities, lazy: page(() => import('@/features/catalogue/pages/all-categories-page'), firstScreen) },
      // Pay
      { path: paths.pay.stripe, lazy: page(() => import('@/features/payments/pages/stripe-pay-page')) },
      { path: paths.pay.payment, lazy: page(() => import('@/features/payments/pages/pay-normal-page')) },
      { path: paths.pay.airwallex, lazy: page(() => import('@/features/payments/pages/air-pay-page')) },
      { path: paths.pay.pay2c2p, lazy: page(() => import('@/features/payments/pages/pay-2c2p-page')) },
      // Group buys and charity pledges
      { path: paths.groupBuy.list, lazy: page(() => import('@/features/group-buy/pages/group-buy-list-page')) },
      { path: paths.groupBuy.goods, lazy: page(() => import('@/features/group-buy/pages/group-buy-goods-page')) },
      { path: paths.groupBuy.group, lazy: page(() => import('@/features/group-buy/pages/group-progress-page')) },
      { path: paths.charity.index, lazy: page(() => import('@/features/charity/pages/charity-page')) },
      { path: paths.charity.orders, lazy: page(() => import('@/features/charity/pages/charity-orders-page')) },
      // System pages
      { path: paths.system.chooseLocation, lazy: page(() => import('@/features/address/pages/choose-location-page')) },
      { path: paths.system.openLocation, lazy: page(() => import('@/features/address/pages/open-location-page')) },
      // Anything else
      { path: '*', lazy: page(() => import('@/app/pages/not-found-page')) },
    ],
  },
];
