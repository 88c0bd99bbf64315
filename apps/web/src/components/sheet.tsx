import { Popup, type PopupProps } from 'antd-mobile';
import { useBackCloses } from '@/lib/router';
import { ModalFocus } from './modal-focus';

/**
 * The app's sheet (a panel rising from the bottom, or from a side): antd-mobile's Popup, said to screen
 * readers as a dialog named `label`. Opening it takes the keyboard's focus into it, Tab stays inside
 * while it is open, Escape closes it (unless `dismissable` is false: a sheet that must be answered),
 * and closing it gives the focus back to the control that opened it. Back closes it too, and only it
 * (`useBackCloses`). Every sheet of the app is this one.
 */
export function Sheet({ label, dismissable = true, children, ...popup }: PopupProps & { label: string; dismissable?: boolean }) {
  useBackCloses(Boolean(popup.visible), dismissable ? popup.onClose : undefined);
  return (
    <Popup {...popup}>
      {/* antd-mobile draws the sheet's panel and takes no role or name for it: they are set on it here. */}
      <ModalFocus panel=".adm-popup-body" visible={Boolean(popup.visible)} label={label} onEscape={dismissable ? popup.onClose : undefined} />
      {children}
    </Popup>
  );
}
