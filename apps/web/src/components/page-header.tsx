import type { ReactNode } from 'react';
import { LeftOutline } from 'antd-mobile-icons';
import { useNavigate } from '@/lib/router';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n';

interface PageHeaderProps {
  title: ReactNode;
  /** No back arrow (the tab pages). */
  root?: boolean;
  right?: ReactNode;
  /**
   * The title is the page's one `h1` (the default), except on a page whose content has its own (a goods'
   * name, an article's title): the bar's title is then plain text, and the page keeps one main heading.
   */
  heading?: boolean;
}

/** The bar at the top of a page: title and a way back (home when the page was opened directly). */
export function PageHeader({ title, root, right, heading = true }: PageHeaderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = () => {
    // history.state.idx is the router's position: 0 means this page was the first one opened.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(paths.tabbar.home, { replace: true });
  };
  // Our own bar rather than antd-mobile's NavBar, whose left area is a nameless role="button"
  // wrapped around whatever it holds: here the back control is one named button.
  return (
    <header className="page-header">
      <div className="page-header-left">
        {!root && (
          <button type="button" className="page-header-back" aria-label={t('app.action.back')} onClick={back}>
            <LeftOutline aria-hidden />
          </button>
        )}
      </div>
      {heading ? <h1 className="page-header-title">{title}</h1> : <div className="page-header-title">{title}</div>}
      <div className="page-header-right">{right}</div>
    </header>
  );
}
