import { useEffect, useRef } from 'react';
import { Dialog } from 'antd-mobile';
import { useLocation } from '@/lib/router';
import { useStarProgress } from '../api/referral';
import { useTranslation } from '@/lib/i18n';

/** How long a reading of the member's star counts as fresh before a page change asks again. */
const RECHECK_MS = 60_000;

/**
 * The star popup on any page: when the member has reached a new star, one dialog, once (the server
 * marks the star seen when it answers with `popup`). Asked when the app opens and again on a page
 * change once the last reading is a minute old; the star page's own reading feeds it too.
 */
export default function StarPopup() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const star = useStarProgress();
  const shown = useRef(0);
  const { dataUpdatedAt, refetch } = star;
  useEffect(() => {
    if (dataUpdatedAt && Date.now() - dataUpdatedAt > RECHECK_MS) void refetch();
  }, [pathname, dataUpdatedAt, refetch]);
  const data = star.data;
  useEffect(() => {
    if (!data?.popup || data.star <= shown.current) return;
    shown.current = data.star;
    void Dialog.alert({ content: <span data-testid="star-popup">{t('referral.app.starReached', { n: data.star })}</span>, confirmText: t('referral.app.ok') });
  }, [data?.popup, data?.star, t]);
  return null;
}
