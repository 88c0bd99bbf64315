import 'antd-mobile/es/components/tab-bar/tab-bar.css';
import './tab-bar.css';
import { Badge, SafeArea } from 'antd-mobile';
import { AppOutline, FireFill, ShopbagOutline, UserOutline } from 'antd-mobile-icons';
import { Link } from '@/lib/router';
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

/**
 * The custom tab bar of the four tab pages (spec §2): the current tab comes from the address, so it
 * survives reloads and deep links. Drawn with antd-mobile's tab bar classes, but each tab is a link
 * (antd-mobile's tabs are plain boxes that Tab and screen readers pass by).
 */
export function AppTabBar({ current }: { current: TabPath }) {
  const { t } = useTranslation();
  const cartCount = useCartBadgeCount();
  const unread = useUnreadBadge();
  const badgeOf = (path: TabPath) => {
    if (path === paths.tabbar.cart && cartCount > 0) return cartCount > 99 ? '99+' : String(cartCount);
    if (path === paths.tabbar.my && unread > 0) return Badge.dot;
    return undefined;
  };
  return (
    <nav className="app-tabbar" aria-label={t('app.tab.label')}>
      <div className="adm-tab-bar">
        <div className="adm-tab-bar-wrap">
          {tabs.map((tab) => {
            const active = tab.path === current;
            return (
              <Link
                key={tab.path}
                to={tab.path}
                // The tab already open stays where it is (its scroll, its state) rather than opening again.
                onClick={(e) => active && e.preventDefault()}
                className={active ? 'adm-tab-bar-item adm-tab-bar-item-active' : 'adm-tab-bar-item'}
                aria-current={active ? 'page' : undefined}
                data-tab={tab.path}
              >
                <Badge content={badgeOf(tab.path)} className="adm-tab-bar-icon-badge">
                  <div className="adm-tab-bar-item-icon" aria-hidden>
                    {tab.icon}
                  </div>
                </Badge>
                <div className="adm-tab-bar-item-title adm-tab-bar-item-title-with-icon">{t(tab.labelKey)}</div>
              </Link>
            );
          })}
        </div>
        <SafeArea position="bottom" />
      </div>
    </nav>
  );
}
