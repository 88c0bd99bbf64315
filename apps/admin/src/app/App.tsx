import { App as AntApp, ConfigProvider, Spin } from 'antd';
import type { Locale } from 'antd/es/locale';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HashRouter, Navigate, Route, Routes } from 'react-router';
import type { Language } from '@shop/contract/common';
import { consoleTheme, FocusRings } from '../components/FocusRings';
import { useLessMotion } from '../lib/motion';
import { ApiError } from '../lib/request';
import { useSession } from '../lib/session';

// The sign-in pages and the signed-in shell are chunks of their own: the first screen loads only one of them.
const Shell = lazy(() => import('./Shell').then((m) => ({ default: m.Shell })));
const SignIn = lazy(() => import('./SignIn').then((m) => ({ default: m.SignIn })));
const SignInAgain = lazy(() => import('./SignInAgain').then((m) => ({ default: m.SignInAgain })));
const SetupPassword = lazy(() => import('./SetupPassword').then((m) => ({ default: m.SetupPassword })));

const Dashboard = lazy(() => import('../pages/dashboard/Dashboard'));
const RealNames = lazy(() => import('../pages/reviews/RealNames'));
const Cancellations = lazy(() => import('../pages/reviews/Cancellations'));
const Recharges = lazy(() => import('../pages/reviews/Recharges'));
const Withdrawals = lazy(() => import('../pages/reviews/Withdrawals'));
const AfterSales = lazy(() => import('../pages/after-sales/AfterSales'));
const AfterSalesSettings = lazy(() => import('../pages/after-sales/AfterSalesSettings'));
const ReferralTree = lazy(() => import('../pages/referral/Tree'));
const ReferralCommissions = lazy(() => import('../pages/referral/Commissions'));
const ReferralPlan = lazy(() => import('../pages/referral/Plan'));
const ReferralApplications = lazy(() => import('../pages/referral/Applications'));
const Orders = lazy(() => import('../pages/orders/Orders'));
const Members = lazy(() => import('./MembersPage'));
const Audit = lazy(() => import('../pages/audit/Audit'));
const Settings = lazy(() => import('../pages/settings/Settings'));
const Operators = lazy(() => import('../pages/settings/Operators'));
const Categories = lazy(() => import('../pages/catalogue/Categories'));
const Goods = lazy(() => import('../pages/catalogue/Goods'));
const GoodsEditor = lazy(() => import('../pages/catalogue/GoodsEditor'));
const GroupBuys = lazy(() => import('../pages/catalogue/GroupBuys'));
const Coupons = lazy(() => import('../pages/catalogue/Coupons'));
const Reviews = lazy(() => import('../pages/catalogue/Reviews'));
const Content = lazy(() => import('../pages/content/Content'));
const NewsComments = lazy(() => import('../pages/content/NewsComments'));
const Ledger = lazy(() => import('../pages/money/Ledger'));
const Adjustments = lazy(() => import('../pages/money/Adjustments'));
const Approvals = lazy(() => import('../pages/money/Approvals'));
const GiftCards = lazy(() => import('../pages/money/GiftCards'));
const MoneySettings = lazy(() => import('../pages/money/MoneySettings'));
const Payments = lazy(() => import('../pages/payments/Payments'));
const Charity = lazy(() => import('../pages/charity/Charity'));
const Feedback = lazy(() => import('../pages/support/Feedback'));
const SupportMessages = lazy(() => import('../pages/support/Messages'));
const ChatDesk = lazy(() => import('../pages/support/ChatDesk'));
const Reminders = lazy(() => import('../pages/orders/Reminders'));
const Shops = lazy(() => import('../pages/shops/Shops'));
const ShopDetail = lazy(() => import('../pages/shops/ShopDetail'));
const ShopOrders = lazy(() => import('../pages/shops/ShopOrders'));
const ShopSettings = lazy(() => import('../pages/shops/ShopSettings'));

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      refetchOnWindowFocus: false,
      // A refusal (no permission, not found) is an answer; only a call that got none is asked again.
      retry: (count, e) => e instanceof ApiError && (e.kind === 'network' || e.kind === 'timeout') && count < 2,
    },
    // A decision is sent now or fails now: never held while offline and sent by itself on reconnect.
    mutations: { networkMode: 'always' },
  },
});

// antd's own texts (pagination, pickers …) in the console's language, loaded with it.
const antdLocales: Record<Language, () => Promise<{ default: Locale }>> = {
  'en-us': () => import('antd/es/locale/en_US'),
  'zh-cn': () => import('antd/es/locale/zh_CN'),
  'zh-tw': () => import('antd/es/locale/zh_TW'),
  jp: () => import('antd/es/locale/ja_JP'),
  may: () => import('antd/es/locale/ms_MY'),
  hu: () => import('antd/es/locale/hu_HU'),
  id: () => import('antd/es/locale/id_ID'),
  km: () => import('antd/es/locale/km_KH'),
  th: () => import('antd/es/locale/th_TH'),
};

/** antd's texts in the console's language, an empty table's, list's or menu's in the console's own words ("Nothing here", never antd's "No data"). */
function useAntdLocale(): Locale {
  const { i18n, t } = useTranslation();
  const [locale, setLocale] = useState<Locale>();
  useEffect(() => {
    let live = true;
    void antdLocales[i18n.language as Language]?.().then((m) => live && setLocale(m.default));
    return () => {
      live = false;
    };
  }, [i18n.language]);
  const empty = t('console.common.empty');
  // Until the language's own texts are in, antd's English ones (as without a locale).
  return useMemo(() => ({ locale: 'en', ...locale, Empty: { description: empty } }), [locale, empty]);
}

function Routed() {
  const { token, scope } = useSession();
  const client = useQueryClient();
  // The session the page on screen was opened in. Another operator's session (signed in here or in
  // another tab) never shows it: the console goes to the dashboard first, then shows the new session.
  const [pageScope, setPageScope] = useState(scope);
  const replaced = pageScope !== '' && scope !== '' && scope !== pageScope;
  useEffect(() => {
    if (scope === pageScope) return;
    // A session's answers go with it (a sign-out, another operator): nothing of them stays in memory.
    if (pageScope !== '') client.removeQueries({ predicate: (q) => (q.queryKey[2] as { member?: string } | undefined)?.member === pageScope });
    setPageScope(scope);
  }, [client, scope, pageScope]);
  // A session that ended by itself (expired, idle) keeps the shell and its page open under the sign-in,
  // so nothing the operator typed is lost; one ended on purpose (a sign-out) goes to the sign-in page.
  const kept = token === null && scope !== '';
  const page = (el: React.ReactNode) => <Suspense fallback={<Spin style={{ display: 'block', margin: 64 }} />}>{el}</Suspense>;
  if (replaced) return <Navigate to="/" replace />;
  return (
    <>
      {kept && (
        <Suspense fallback={null}>
          <SignInAgain />
        </Suspense>
      )}
      <Routes>
        <Route path="/setup" element={page(<SetupPassword />)} />
        <Route path="/sign-in" element={token ? <Navigate to="/" replace /> : page(<SignIn />)} />
        <Route element={token || kept ? page(<Shell />) : <Navigate to="/sign-in" replace />}>
          <Route index element={page(<Dashboard />)} />
          <Route path="reviews/realname" element={page(<RealNames />)} />
          <Route path="reviews/cancellation" element={page(<Cancellations />)} />
          <Route path="reviews/recharges" element={page(<Recharges />)} />
          <Route path="reviews/withdrawals" element={page(<Withdrawals />)} />
          <Route path="orders" element={page(<Orders />)} />
          <Route path="orders/after-sales" element={page(<AfterSales />)} />
          <Route path="orders/after-sales/settings" element={page(<AfterSalesSettings />)} />
          <Route path="referral/tree" element={page(<ReferralTree />)} />
          <Route path="referral/commissions" element={page(<ReferralCommissions />)} />
          <Route path="referral/plan" element={page(<ReferralPlan />)} />
          <Route path="referral/applications" element={page(<ReferralApplications />)} />
          <Route path="members" element={page(<Members />)} />
          <Route path="audit" element={page(<Audit />)} />
          <Route path="settings" element={page(<Settings />)} />
          <Route path="operators" element={page(<Operators />)} />
          <Route path="catalogue/categories" element={page(<Categories />)} />
          <Route path="catalogue/goods" element={page(<Goods />)} />
          <Route path="catalogue/goods/:id" element={page(<GoodsEditor />)} />
          <Route path="catalogue/group-buys" element={page(<GroupBuys />)} />
          <Route path="catalogue/coupons" element={page(<Coupons />)} />
          <Route path="catalogue/reviews" element={page(<Reviews />)} />
          <Route path="content/comments" element={page(<NewsComments />)} />
          <Route path="content/:kind" element={page(<Content />)} />
          <Route path="money/ledger" element={page(<Ledger />)} />
          <Route path="money/adjustments" element={page(<Adjustments />)} />
          <Route path="money/gift-cards" element={page(<GiftCards />)} />
          <Route path="money/settings" element={page(<MoneySettings />)} />
          <Route path="approvals" element={page(<Approvals />)} />
          <Route path="payments" element={page(<Payments />)} />
          <Route path="charity" element={page(<Charity />)} />
          <Route path="orders/reminders" element={page(<Reminders />)} />
          <Route path="shops" element={page(<Shops />)} />
          <Route path="shops/orders" element={page(<ShopOrders />)} />
          <Route path="shops/settings" element={page(<ShopSettings />)} />
          <Route path="shops/:id" element={page(<ShopDetail />)} />
          <Route path="support/feedback" element={page(<Feedback />)} />
          <Route path="support/messages" element={page(<SupportMessages />)} />
          <Route path="support/chat" element={page(<ChatDesk />)} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </>
  );
}

export function App() {
  const locale = useAntdLocale();
  // For an operator who asked for less motion, dialogs, drawers and menus open and close without animating.
  const lessMotion = useLessMotion();
  return (
    // antd spaces out a two-character Chinese or Japanese button ("登 出", "検 索"): the console's words stay whole.
    <ConfigProvider locale={locale} theme={consoleTheme(lessMotion)} button={{ autoInsertSpace: false }}>
      <FocusRings />
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <HashRouter>
            <Routed />
          </HashRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
