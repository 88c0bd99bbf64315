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
 * `member` marks a page that shows a member's own data or acts as the member: a visitor arriving
 * there goes to login at once and comes back once logged in. A page that also serves visitors (the
 * cart, "Me", the goods page, settings, the chat) says so itself and is not marked.
 * `identity` names the query parameters that say which record a page shows (`goodsInfo?id=7`): a link
 * to another record opens the page afresh, so nothing chosen or typed for one shows on another's.
 * Parameters a page changes itself (a tab, a filter, a picked address) are never among them.
 */

const firstScreen = { firstScreen: true };
const member = { member: true };

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
      { path: paths.goods.details, identity: ['id'], lazy: page(() => import('@/features/catalogue/pages/goods-info-page'), firstScreen) },
      { path: paths.goods.checkout, lazy: page(() => import('@/features/orders/pages/checkout-page'), member) },
      { path: paths.goods.payNext, identity: ['order_id', 'order_type'], lazy: page(() => import('@/features/payments/pages/pay-next-page'), member) },
      { path: paths.goods.paid, lazy: page(() => import('@/features/payments/pages/pay-finish-page'), member) },
      { path: paths.goods.paidAlternate, lazy: page(() => import('@/features/payments/pages/pay-finish-page'), member) },
      { path: paths.goods.openInWechat, lazy: page(() => import('@/features/payments/pages/weixin-go-page')) },
      { path: paths.goods.chinaWalletPay, lazy: page(() => import('@/features/payments/pages/china-wallet-pay-page'), member) },
      { path: paths.goods.alipayReturn, lazy: page(() => import('@/features/payments/pages/alipay-return-page'), member) },
      // Address
      { path: paths.address.list, lazy: page(() => import('@/features/address/pages/address-list-page'), member) },
      { path: paths.address.edit, identity: ['id'], lazy: page(() => import('@/features/address/pages/address-edit-page'), member) },
      // Order
      { path: paths.order.list, lazy: page(() => import('@/features/orders/pages/order-list-page'), member) },
      { path: paths.order.details, identity: ['id'], lazy: page(() => import('@/features/orders/pages/order-info-page'), member) },
      { path: paths.order.afterSaleDetails, identity: ['id'], lazy: page(() => import('@/features/after-sales/pages/case-info-page'), member) },
      { path: paths.order.afterSaleApply, identity: ['order_id', 'shop_order_id', 'case_id'], lazy: page(() => import('@/features/after-sales/pages/apply-page'), member) },
      { path: paths.order.afterSales, lazy: page(() => import('@/features/after-sales/pages/cases-page'), member) },
      { path: paths.order.tracking, identity: ['id'], lazy: page(() => import('@/features/orders/pages/tracking-page'), member) },
      // Member shops
      { path: paths.shop.my, lazy: page(() => import('@/features/user-shop/pages/my-shop-page'), member) },
      { path: paths.shop.settings, lazy: page(() => import('@/features/user-shop/pages/shop-settings-page'), member) },
      { path: paths.shop.goods, lazy: page(() => import('@/features/user-shop/pages/shop-goods-page'), member) },
      { path: paths.shop.orders, lazy: page(() => import('@/features/user-shop/pages/shop-orders-page'), member) },
      { path: paths.shop.slips, lazy: page(() => import('@/features/user-shop/pages/shop-slips-page'), member) },
      { path: paths.shop.home, identity: ['id'], lazy: page(() => import('@/features/user-shop/pages/shop-home-page'), member) },
      { path: paths.shop.cart, identity: ['shop_id'], lazy: page(() => import('@/features/user-shop/pages/shop-cart-page'), member) },
      { path: paths.shop.buyerOrders, lazy: page(() => import('@/features/user-shop/pages/buyer-orders-page'), member) },
      // Invite
      { path: paths.invite.index, lazy: page(() => import('@/features/referral/pages/invite-page'), member) },
      { path: paths.team.members, lazy: page(() => import('@/features/referral/pages/team-page'), member) },
      { path: paths.team.placement, lazy: page(() => import('@/features/referral/pages/placement-page'), member) },
      { path: paths.team.records, lazy: page(() => import('@/features/referral/pages/records-page'), member) },
      { path: paths.team.star, lazy: page(() => import('@/features/referral/pages/star-page'), member) },
      { path: paths.team.applications, lazy: page(() => import('@/features/referral/pages/applications-page'), member) },
      // Login
      { path: paths.login.login, lazy: page(() => import('@/features/account/pages/login-page'), firstScreen) },
      { path: paths.login.register, lazy: page(() => import('@/features/account/pages/register-page'), firstScreen) },
      { path: paths.login.forgotPassword, lazy: page(() => import('@/features/account/pages/forget-password-page'), firstScreen) },
      { path: paths.login.cancelAccount, lazy: page(() => import('@/features/account/pages/log-off-page'), member) },
      { path: paths.login.cancelAccountConfirm, lazy: page(() => import('@/features/account/pages/log-off-right-email-page'), member) },
      { path: paths.login.cancelAccountDone, lazy: page(() => import('@/features/account/pages/log-off-finish-page')) },
      // Other
      { path: paths.other.settings, lazy: page(() => import('@/app/pages/setting-page')) },
      { path: paths.other.changePassword, lazy: page(() => import('@/features/account/pages/edit-password-page'), member) },
      { path: paths.other.news, lazy: page(() => import('@/features/content/pages/news-page')) },
      { path: paths.other.customerChat, lazy: page(() => import('@/features/support/pages/chat-page')) },
      { path: paths.other.humanCheck, lazy: page(() => import('@/features/account/pages/human-check-page')) },
      { path: paths.other.shellCheck, lazy: page(() => import('@/features/native-shell/pages/shell-check-page')) },
      // My
      { path: paths.my.feedback, identity: ['id'], lazy: page(() => import('@/features/support/pages/feedback-page'), member) },
      { path: paths.my.article, identity: ['type', 'id', 'kind'], lazy: page(() => import('@/features/content/pages/content-page')) },
      { path: paths.my.messages, lazy: page(() => import('@/features/support/pages/messages-page'), member) },
      { path: paths.my.giftCards, lazy: page(() => import('@/features/wallet/pages/gift-cards-page'), member) },
      // Wallet
      { path: paths.wallet.assets, lazy: page(() => import('@/features/wallet/pages/wallet-page'), member) },
      { path: paths.wallet.transfer, lazy: page(() => import('@/features/wallet/pages/transfer-page'), member) },
      { path: paths.wallet.transfers, lazy: page(() => import('@/features/wallet/pages/transfer-list-page'), member) },
      { path: paths.wallet.withdraw, lazy: page(() => import('@/features/wallet/pages/withdraw-page'), member) },
      { path: paths.wallet.withdrawals, lazy: page(() => import('@/features/wallet/pages/withdraw-list-page'), member) },
      { path: paths.wallet.withdrawInfo, identity: ['id'], lazy: page(() => import('@/features/wallet/pages/withdraw-info-page'), member) },
      { path: paths.wallet.transferInfo, identity: ['id'], lazy: page(() => import('@/features/wallet/pages/transfer-info-page'), member) },
      { path: paths.wallet.bankCards, lazy: page(() => import('@/features/wallet/pages/bank-cards-page'), member) },
      { path: paths.wallet.bankCardEdit, identity: ['id'], lazy: page(() => import('@/features/wallet/pages/bank-card-edit-page'), member) },
      { path: paths.wallet.recharge, lazy: page(() => import('@/features/wallet/pages/recharge-page'), member) },
      { path: paths.wallet.recharges, lazy: page(() => import('@/features/wallet/pages/recharge-list-page'), member) },
      { path: paths.wallet.rechargeInfo, identity: ['id'], lazy: page(() => import('@/features/wallet/pages/recharge-info-page'), member) },
      { path: paths.wallet.points, lazy: page(() => import('@/features/wallet/pages/points-page'), member) },
      { path: paths.wallet.rewards, lazy: page(() => import('@/features/wallet/pages/rewards-page'), member) },
      // Business
      { path: paths.business.detail, lazy: page(() => import('@/features/content/pages/business-page')) },
      // Activity
      { path: paths.activity.company, lazy: page(() => import('@/features/content/pages/company-page')) },
      { path: paths.activity.joinUs, lazy: page(() => import('@/features/content/pages/join-page')) },
      { path: paths.activity.details, identity: ['shelf'], lazy: page(() => import('@/features/catalogue/pages/promotion-page'), firstScreen) },
      { path: paths.activity.support, lazy: page(() => import('@/features/content/pages/support-page')) },
      { path: paths.activity.realTimePrices, lazy: page(() => import('@/features/catalogue/pages/real-time-page'), firstScreen) },
      { path: paths.activity.contactUs, lazy: page(() => import('@/features/content/pages/contact-page')) },
      { path: paths.activity.allActivities, lazy: page(() => import('@/features/catalogue/pages/all-categories-page'), firstScreen) },
      // Pay
      { path: paths.pay.stripe, lazy: page(() => import('@/features/payments/pages/stripe-pay-page'), member) },
      { path: paths.pay.payment, lazy: page(() => import('@/features/payments/pages/pay-normal-page'), member) },
      { path: paths.pay.airwallex, lazy: page(() => import('@/features/payments/pages/air-pay-page'), member) },
      { path: paths.pay.pay2c2p, lazy: page(() => import('@/features/payments/pages/pay-2c2p-page'), member) },
      // Group buys and charity pledges
      { path: paths.groupBuy.list, lazy: page(() => import('@/features/group-buy/pages/group-buy-list-page'), member) },
      { path: paths.groupBuy.goods, identity: ['id'], lazy: page(() => import('@/features/group-buy/pages/group-buy-goods-page'), member) },
      { path: paths.groupBuy.group, identity: ['order_id'], lazy: page(() => import('@/features/group-buy/pages/group-progress-page'), member) },
      { path: paths.charity.index, lazy: page(() => import('@/features/charity/pages/charity-page'), member) },
      { path: paths.charity.orders, lazy: page(() => import('@/features/charity/pages/charity-orders-page'), member) },
      // System pages
      { path: paths.system.chooseLocation, lazy: page(() => import('@/features/address/pages/choose-location-page')) },
      { path: paths.system.openLocation, lazy: page(() => import('@/features/address/pages/open-location-page')) },
      // Anything else
      { path: '*', lazy: page(() => import('@/app/pages/not-found-page')) },
    ],
  },
];
