import { useEffect, useLayoutEffect, useRef } from 'react';
import { Popup, type PopupProps } from 'antd-mobile';
import { useBackCloses } from '@/lib/router';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

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
      <SheetDialog visible={Boolean(popup.visible)} label={label} onEscape={dismissable ? popup.onClose : undefined} />
      {children}
    </Popup>
  );
}

/** The dialog's part: antd-mobile draws the sheet's panel and takes no role or name for it, so they are set on it here. */
function SheetDialog({ visible, label, onEscape }: { visible: boolean; label: string; onEscape?: () => void }) {
  const marker = useRef<HTMLSpanElement>(null);
  const escape = useRef(onEscape);
  escape.current = onEscape;

  // A dialog while open; closing, it stops being one at once (its panel still slides away, and may stay
  // drawn out of sight), so nothing reads a closed sheet as an open dialog.
  useLayoutEffect(() => {
    const panel = marker.current?.closest<HTMLElement>('.adm-popup-body');
    if (!panel) return;
    if (!visible) {
      for (const name of ['role', 'aria-modal', 'aria-label']) panel.removeAttribute(name);
      return;
    }
    panel.setAttribute('role', 'dialog');
    panel.setAttribute('aria-modal', 'true');
    panel.setAttribute('aria-label', label);
    panel.tabIndex = -1;
  }, [label, visible]);

  // After the commit (not in its layout phase): React puts the focus back where it was at the end of
  // a commit's changes, which would undo a move made earlier in it.
  useEffect(() => {
    const panel = marker.current?.closest<HTMLElement>('.adm-popup-body');
    if (!panel || !visible) return;
    const opener = document.activeElement instanceof HTMLElement && !panel.contains(document.activeElement) ? document.activeElement : undefined;
    // A field that takes the focus itself on opening (autoFocus) keeps it.
    if (!panel.contains(document.activeElement)) panel.focus({ preventScroll: true });
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && escape.current) {
        e.stopPropagation();
        escape.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const inside = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden], [aria-hidden="true"]'));
      if (inside.length === 0) {
        e.preventDefault();
        return;
      }
      const first = inside[0]!;
      const last = inside[inside.length - 1]!;
      const at = document.activeElement;
      if (e.shiftKey && (at === first || at === panel)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && at === last) {
        e.preventDefault();
        first.focus();
      }
    };
    panel.addEventListener('keydown', onKeyDown);
    return () => {
      panel.removeEventListener('keydown', onKeyDown);
      // Closed (or gone): back to where the member was, if that is still on the page.
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [visible]);

  return <span ref={marker} hidden />;
}
