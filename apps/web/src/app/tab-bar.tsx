import { Badge, TabBar } from 'antd-mobile';
import { AppOutline, FireFill, ShopbagOutline, UserOutline } from 'antd-mobile-icons';
import { useNavigate } from '@/lib/router';
import { paths, type TabPath } from '@/config/paths';
import { useUnreadBadge } from '@/features/personal/unread-count';
import { useCartBadgeCount } from '@/features/cart/cart-badge';
import { useTranslation } from '@/lib/i18n';

const tabs: Array<{ path: TabPath; labelKey: string; icon: React.ReactNode }> = [
  { path: paths.tabbar.home, labelKey: 'app.tab.home', icon: <AppOutline /> },
  { path: paths.tabbar.activity, labelKey: 'app.tab.activity', icon: <FireFill /> },
  { path: paths.tabbar.cart, labelKey: 'app.tab.cart', icon: <ShopbagOutline /> },
  { path: paths.tabbar.my, labelKey: 'app.tab.my', icon: <UserOutline /> },
];

/** The custom tab bar of the four tab pages (spec §2): the current tab comes from the address, so it survives reloads and deep links. */
export function AppTabBar({ current }: { current: TabPath }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cartCount = useCartBadgeCount();
  const unread = useUnreadBadge();
  const badgeOf = (path: TabPath) => {
    if (path === paths.tabbar.cart && cartCount > 0) return cartCount > 99 ? '99+' : String(cartCount);
    if (path === paths.tabbar.my && unread > 0) return Badge.dot;
    return undefined;
  };
  return (
    <nav className="app-tabbar" aria-label={t('app.tab.label')}>
      <TabBar safeArea activeKey={current} onChange={(key) => key !== current && navigate(key)}>
        {tabs.map((tab) => (
          <TabBar.Item key={tab.path} icon={tab.icon} title={t(tab.labelKey)} badge={badgeOf(tab.path)} aria-current={tab.path === current ? 'page' : undefined} data-tab={tab.path} />
        ))}
      </TabBar>
    </nav>
  );
}
