import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The window's title names the page ("Orders · Shop console") in the operator's language: it is what
 * a screen reader announces on arrival and what a tab or the history shows.
 */
export function usePageTitle(page: string | undefined | null): void {
  const { t } = useTranslation();
  const app = t('console.app.title');
  useEffect(() => {
    // null: a dialog over a page, which goes on naming the window.
    if (page === null) return;
    document.title = page ? `${page} · ${app}` : app;
  }, [page, app]);
}
