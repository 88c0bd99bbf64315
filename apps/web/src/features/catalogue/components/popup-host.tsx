import type { CSSProperties } from 'react';
import { useEffect, useState } from 'react';
import { Button, CenterPopup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useNavigate } from '@/lib/router';
import { MediaImage } from '@/components/media-image';
import { ModalFocus } from '@/components/modal-focus';
import { withMediaHost } from '@/lib/media-url';
import { usePageUsable } from '@/lib/page-usable';
import { useOwnPopupsHeld, usePopups } from '@/stores/popups';
import { usePopupList } from '../api/popups';
import { useTranslation } from '@/lib/i18n';

// The popup's frame is centred by its own width limits (75 % of the screen by default): give it the card's width.
const POPUP_WIDTH = { '--min-width': 'min(86vw, 360px)', '--max-width': 'min(86vw, 360px)' } as CSSProperties;

/** Set in this tab's sessionStorage once a promotion was shown: one per visit. */
const SHOWN_THIS_VISIT = 'shop.promotionShown';

const shownThisVisit = (): boolean => {
  try {
    return window.sessionStorage.getItem(SHOWN_THIS_VISIT) === '1';
  } catch {
    return false;
  }
};

const markShown = (): void => {
  try {
    window.sessionStorage.setItem(SHOWN_THIS_VISIT, '1');
  } catch {
    // Storage disabled: the promotion may show again on the next page load.
  }
};

/**
 * The promotional popups of the home page: at most one per visit, and only once the page is usable
 * (the first scroll, tap or key press after the load, else some seconds later), so the page is what
 * the member sees first and no promotion lands on top of another (nor on the native app's update dialog). Closing hides it until the next visit; "do not remind me
 * today" hides it for 24 hours (spec §4). The next popup of the list shows on a later visit.
 */
export function PopupHost() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [done, setDone] = useState(shownThisVisit);
  const ready = usePageUsable(undefined, !done);
  const { data } = usePopupList();
  const snoozes = usePopups((s) => s.snoozes);
  void snoozes;
  // Not while the native app is being checked or must be updated: the update dialog comes first, alone.
  const held = useOwnPopupsHeld();
  const popup = ready && !done && !held ? usePopups.getState().visible(data?.list ?? [])[0] : undefined;
  const shownId = popup?.id;
  // Shown once is this visit's promotion, even if the member leaves the page without closing it.
  useEffect(() => {
    if (shownId !== undefined) markShown();
  }, [shownId]);
  if (!popup) return null;
  const close = () => setDone(true);
  const open = () => {
    close();
    if (/^https?:\/\//.test(popup.link)) window.open(popup.link, '_blank', 'noopener');
    else if (popup.link) navigate(popup.link);
  };
  return (
    <CenterPopup visible onMaskClick={close} bodyClassName="promo-popup" style={POPUP_WIDTH}>
      {/* A modal dialog named by its title, as the app's sheets: the focus goes into it, Tab stays inside, Escape closes it, and the focus goes back. */}
      <ModalFocus panel=".adm-center-popup-wrap" visible label={popup.title} onEscape={close} />
      <button type="button" className="promo-popup-close" aria-label={t('app.action.close')} onClick={close}>
        <CloseOutline />
      </button>
      {/* Its room is kept before the picture arrives, so the text below never jumps. */}
      {popup.image && <MediaImage src={popup.image} alt={popup.title} className="promo-popup-image" width={600} height={720} sizes="min(86vw, 360px)" priority onClick={open} />}
      <div className="promo-popup-title">{popup.title}</div>
      <div className="promo-popup-text" dangerouslySetInnerHTML={{ __html: withMediaHost(popup.content) }} />
      <div className="promo-popup-actions">
        {popup.link && (
          <Button block color="primary" onClick={open}>
            {t('catalogue.popup.open')}
          </Button>
        )}
        <Button
          block
          fill="none"
          size="small"
          onClick={() => {
            usePopups.getState().snooze(popup.id);
            close();
          }}
        >
          {t('catalogue.popup.snooze')}
        </Button>
      </div>
    </CenterPopup>
  );
}
