import { Button, Layout, Menu, Result, Space, Spin, Tag, Typography } from 'antd';
import type { Permission } from '@shop/contract/common';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageErrorBoundary } from './PageErrorBoundary';
import { call } from '../lib/request';
import { signOutRoute } from '../lib/routes';
import { sessionStore, watchIdle } from '../lib/session';
import { LanguageSelect } from './LanguageSelect';
import { useOperator } from '../lib/operator';
import { usePageTitle } from '../lib/page-title';
import { useNarrowWindow } from '../lib/narrow-window';
import { ModalDrawer } from '../components/ModalDrawer';

interface Item {
  /** The page's route; `:id` stands for a number (a page reached from a list, not from the menu). */
  path: string;
  label: string;
  permission: Permission;
  /** Reached from another page, not listed in the menu. */
  hidden?: boolean;
}

/** Whether a route of PAGES (with `:id` parts) is the address shown. */
const matches = (path: string, pathname: string) => new RegExp(`^${path.replace(/:[a-z]+/g, '[^/]+')}$`).test(pathname);

/** Every page of the menu with the permission it needs: what the role forbids is not shown. */
export const PAGES = (t: (k: string) => string): Array<Item | { group: string; children: Item[] }> => [
  { path: '/', label: t('console.nav.dashboard'), permission: 'session' },
  {
    group: t('console.nav.reviews'),
    children: [
      { path: '/reviews/realname', label: t('console.nav.realname'), permission: 'realname.review' },
      { path: '/reviews/cancellation', label: t('console.nav.cancellation'), permission: 'cancellation.review' },
      { path: '/reviews/recharges', label: t('console.nav.recharges'), permission: 'withdrawals.review' },
      { path: '/reviews/withdrawals', label: t('console.nav.withdrawals'), permission: 'withdrawals.review' },
    ],
  },
  {
    group: t('console.nav.orders'),
    children: [
      { path: '/orders', label: t('console.nav.orders'), permission: 'orders.read' },
      { path: '/orders/reminders', label: t('console.nav.reminders'), permission: 'orders.read' },
      { path: '/orders/after-sales', label: t('console.afterSales.nav'), permission: 'aftersales.read' },
      { path: '/orders/after-sales/settings', label: t('console.afterSales.settings.nav'), permission: 'settings.write' },
      { path: '/charity', label: t('console.nav.charity'), permission: 'orders.read' },
    ],
  },
  { path: '/members', label: t('console.nav.members'), permission: 'members.read' },
  {
    group: t('console.shops.nav.group'),
    children: [
      { path: '/shops', label: t('console.shops.nav.list'), permission: 'shops.manage' },
      { path: '/shops/:id', label: t('console.shops.nav.detail'), permission: 'shops.manage', hidden: true },
      { path: '/shops/orders', label: t('console.shops.nav.orders'), permission: 'shops.manage' },
      { path: '/shops/settings', label: t('console.shops.nav.settings'), permission: 'shops.manage' },
    ],
  },
  {
    group: t('console.referral.nav.group'),
    children: [
      { path: '/referral/tree', label: t('console.referral.nav.tree'), permission: 'referral.read' },
      { path: '/referral/commissions', label: t('console.referral.nav.commissions'), permission: 'referral.read' },
      { path: '/referral/plan', label: t('console.referral.nav.plan'), permission: 'referral.read' },
      { path: '/referral/applications', label: t('console.referral.nav.applications'), permission: 'applications.review' },
    ],
  },
  {
    group: t('console.support.nav.group'),
    children: [
      { path: '/support/chat', label: t('console.support.nav.chat'), permission: 'support.chat' },
      { path: '/support/feedback', label: t('console.support.nav.feedback'), permission: 'support.feedback' },
      { path: '/support/messages', label: t('console.support.nav.messages'), permission: 'support.feedback' },
    ],
  },
  {
    group: t('console.catalogue.nav.group'),
    children: [
      { path: '/catalogue/goods', label: t('console.catalogue.nav.goods'), permission: 'catalogue.write' },
      { path: '/catalogue/goods/:id', label: t('console.catalogue.nav.goodsEditor'), permission: 'catalogue.write', hidden: true },
      { path: '/catalogue/categories', label: t('console.catalogue.nav.categories'), permission: 'catalogue.write' },
      { path: '/catalogue/group-buys', label: t('console.catalogue.nav.groupBuys'), permission: 'catalogue.write' },
      { path: '/catalogue/coupons', label: t('console.catalogue.nav.coupons'), permission: 'settings.write' },
      { path: '/catalogue/reviews', label: t('console.catalogue.nav.reviews'), permission: 'reviews.moderate' },
    ],
  },
  {
    group: t('console.content.nav.group'),
    children: [
      ...(['news', 'notices', 'faqs', 'agreements', 'popups', 'banners'] as const).map((k) => ({ path: `/content/${k}`, label: t(`console.content.nav.${k}`), permission: 'settings.write' as const })),
      // Moderating what members write is the moderators' (the roles of reviews.moderate), as for goods reviews.
      { path: '/content/comments', label: t('console.content.nav.comments'), permission: 'reviews.moderate' as const },
    ],
  },
  {
    group: t('console.money.nav.group'),
    children: [
      { path: '/money/ledger', label: t('console.money.nav.ledger'), permission: 'ledger.read' },
      { path: '/money/adjustments', label: t('console.money.nav.adjustments'), permission: 'ledger.read' },
      { path: '/money/gift-cards', label: t('console.money.nav.giftCards'), permission: 'ledger.read' },
      { path: '/money/settings', label: t('console.money.nav.settings'), permission: 'ledger.read' },
    ],
  },
  { path: '/approvals', label: t('console.money.nav.approvals'), permission: 'session' },
  { path: '/payments', label: t('console.payments.nav'), permission: 'ledger.read' },
  { path: '/audit', label: t('console.nav.audit'), permission: 'audit.read' },
  { path: '/settings', label: t('console.settings.menu.settings'), permission: 'settings.write' },
  { path: '/operators', label: t('console.settings.menu.operators'), permission: 'operators.manage' },
];

/** A page's entry in the sidebar: a long name (in any of the nine languages) wraps onto a second line instead of being cut. */
const WRAPPING: React.CSSProperties = { height: 'auto', minHeight: 40, lineHeight: 1.35, paddingBlock: 9, whiteSpace: 'normal' };
const navItem = (key: string, label: string) => ({ key, label, style: WRAPPING });

// Below antd's `lg` (992 px; a 1280 px screen zoomed to 200 % is 640 px wide) the menu is a drawer opened from the header (`useNarrowWindow`).

/** Three lines, the sign of a menu (beside its word, so the button reads the same in every language). */
const MenuLines = () => (
  <svg viewBox="0 0 16 16" width="1em" height="1em" aria-hidden="true" focusable="false" fill="currentColor">
    <rect x="1" y="3" width="14" height="1.6" rx="0.8" />
    <rect x="1" y="7.2" width="14" height="1.6" rx="0.8" />
    <rect x="1" y="11.4" width="14" height="1.6" rx="0.8" />
  </svg>
);

export function Shell() {
  const { t } = useTranslation();
  const me = useOperator();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => watchIdle(), []);
  const narrow = useNarrowWindow();
  const [menuOpen, setMenuOpen] = useState(false);
  const allowed = useMemo(() => new Set(me.data?.permissions ?? []), [me.data]);
  const pages = PAGES(t);
  const flat = pages.flatMap((p) => ('group' in p ? p.children : [p]));
  const current = flat.find((p) => p.path === pathname) ?? flat.find((p) => matches(p.path, pathname));
  usePageTitle(current?.label);
  // Another page opens at its top: the window kept the last page's scroll, so a page opened from low in the menu showed only its bottom.
  useEffect(() => {
    (document.scrollingElement ?? document.documentElement).scrollTop = 0;
  }, [pathname]);
  const items = pages
    .map((p) =>
      'group' in p
        ? { type: 'group' as const, key: p.group, label: p.group, children: p.children.filter((c) => !c.hidden && allowed.has(c.permission)).map((c) => navItem(c.path, c.label)) }
        : allowed.has(p.permission)
          ? navItem(p.path, p.label)
          : null,
    )
    .filter((i) => i !== null && (!('children' in i) || (i.children?.length ?? 0) > 0));

  const signOut = async () => {
    await call(signOutRoute).catch(() => undefined);
    sessionStore.end('signed_out');
  };

  let content: React.ReactNode = (
    <PageErrorBoundary resetKey={pathname}>
      <Outlet />
    </PageErrorBoundary>
  );
  if (me.isLoading) content = <Spin style={{ display: 'block', margin: 64 }} />;
  else if (me.isError) content = <Result status="error" title={t('console.common.error')} extra={<Button onClick={() => void me.refetch()}>{t('console.common.retry')}</Button>} />;
  else if (current && !allowed.has(current.permission)) content = <Result status="403" title={t('console.common.noPermission')} />;

  const menu = (
    <Menu
      mode="inline"
      selectedKeys={[current?.hidden ? current.path.replace(/\/:[a-z]+$/, '') : pathname]}
      items={items as never}
      onClick={(e) => {
        setMenuOpen(false);
        navigate(e.key);
      }}
      style={{ borderInlineEnd: 0 }}
    />
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {/* Wide: the menu beside the page, every entry in full. Narrow (or zoomed): no room for it, so a drawer with the same entries, opened from the header. */}
      {narrow ? (
        <ModalDrawer placement="left" size={300} open={menuOpen} onClose={() => setMenuOpen(false)} title={t('console.app.title')} id="console-menu" styles={{ body: { padding: 0 } }}>
          {menu}
        </ModalDrawer>
      ) : (
        // The menu stays in view while a long page scrolls, and scrolls on its own when it is taller than the window.
        <Layout.Sider width={220} theme="light" style={{ borderRight: '1px solid #f0f0f0', position: 'sticky', top: 0, height: '100vh', overflowY: 'auto' }}>
          <div style={{ padding: '18px 20px', fontWeight: 600, fontSize: 16 }}>{t('console.app.title')}</div>
          {menu}
        </Layout.Sider>
      )}
      {/* minWidth 0: a page wider than the window (a wide table) scrolls in its own frame, not the whole window sideways. */}
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          style={{ background: '#fff', height: 'auto', minHeight: 64, lineHeight: 'normal', padding: narrow ? '8px 16px' : '12px 24px', display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: 12, borderBottom: '1px solid #f0f0f0' }}
        >
          <Space size="middle" style={{ minWidth: 0 }}>
            {narrow && (
              <Button icon={<MenuLines />} aria-expanded={menuOpen} aria-controls="console-menu" onClick={() => setMenuOpen(true)} data-testid="menu-button">
                {t('console.app.menu')}
              </Button>
            )}
            <Typography.Title level={4} style={{ margin: 0, overflowWrap: 'anywhere' }}>
              {current?.label ?? ''}
            </Typography.Title>
          </Space>
          <Space size="middle" wrap>
            <LanguageSelect />
            {me.data && (
              <span data-testid="operator">
                {me.data.user_name} <Tag>{t(`console.app.roles.${me.data.role}`)}</Tag>
              </span>
            )}
            <Button onClick={() => void signOut()}>{t('console.app.signOut')}</Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: narrow ? 16 : 24, minWidth: 0 }}>{content}</Layout.Content>
      </Layout>
    </Layout>
  );
}
