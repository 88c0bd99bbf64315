import type { ReactNode } from 'react';
import { NavBar } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';

interface PageHeaderProps {
  title: ReactNode;
  /** No back arrow (the tab pages). */
  root?: boolean;
  right?: ReactNode;
}

/** The bar at the top of a page: title and a way back (home when the page was opened directly). */
export function PageHeader({ title, root, right }: PageHeaderProps) {
  const navigate = useNavigate();
  const back = () => {
    // history.state.idx is the router's position: 0 means this page was the first one opened.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(paths.tabbar.home, { replace: true });
  };
  return (
    <NavBar className="page-header" backIcon={!root} back={root ? null : ''} onBack={back} right={right}>
      {title}
    </NavBar>
  );
}
