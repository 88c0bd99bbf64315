import type { CSSProperties } from 'react';
import { useState } from 'react';
import { Button, CenterPopup, Image } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { mediaUrl, withMediaHost } from '@/lib/media-url';
import { usePopups } from '@/stores/popups';
import { usePopupList } from '../api/popups';

// The popup's frame is centred by its own width limits (75 % of the screen by default): give it the card's width.
const POPUP_WIDTH = { '--min-width': 'min(86vw, 360px)', '--max-width': 'min(86vw, 360px)' } as CSSProperties;

/**
 * The promotional popups of the home page, one at a time. Closing hides one until the next visit;
 * "do not remind me today" hides it for 24 hours (spec §4).
 */
export function PopupHost() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = usePopupList();
  const snoozes = usePopups((s) => s.snoozes);
  const [closed, setClosed] = useState<Set<number>>(new Set());
  const visible = usePopups.getState().visible(data?.list ?? []).filter((p) => !closed.has(p.id));
  void snoozes;
  const popup = visible[0];
  if (!popup) return null;
  const close = () => setClosed(new Set(closed).add(popup.id));
  const open = () => {
    close();
    if (/^https?:\/\//.test(popup.link)) window.open(popup.link, '_blank', 'noopener');
    else if (popup.link) navigate(popup.link);
  };
  return (
    <CenterPopup visible onMaskClick={close} bodyClassName="promo-popup" style={POPUP_WIDTH} role="dialog" aria-label={popup.title}>
      <button type="button" className="promo-popup-close" aria-label={t('app.action.close')} onClick={close}>
        <CloseOutline />
      </button>
      {popup.image && <Image src={mediaUrl(popup.image)} alt={popup.title} className="promo-popup-image" onClick={open} />}
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
