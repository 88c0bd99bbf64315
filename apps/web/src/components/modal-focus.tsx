import { useEffect, useId, useLayoutEffect, useRef } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalFocusProps {
  /** Open: a modal dialog holding the keyboard; closed, none (its panel may still be drawn, sliding away). */
  visible: boolean;
  /** The element that is the dialog: the nearest ancestor of the marker matching this selector. */
  panel: string;
  /** The dialog's name; without one, it is named by the first element in it matching `labelledBy` (its title, else its question). */
  label?: string;
  labelledBy?: string;
  /** `alertdialog` for a question that must be answered before going on (a confirm). */
  role?: 'dialog' | 'alertdialog';
  /** Where the focus goes on opening (a selector in the dialog: its safe choice); else the dialog itself. */
  initialFocus?: string;
  /** Escape's answer; without one, Escape does nothing (a dialog that must be answered). */
  onEscape?: () => void;
}

const ATTRIBUTES = ['role', 'aria-modal', 'aria-label', 'aria-labelledby'];

/**
 * The keyboard's part of every modal layer of the app (sheets, dialogs, the promotion): antd-mobile draws
 * the panel and takes no care of focus, so this hidden marker inside it makes the panel a modal dialog
 * with a name, takes the focus into it on opening, keeps Tab inside while open, answers Escape, and gives
 * the focus back to the control that opened it once closed.
 */
export function ModalFocus({ visible, panel: selector, label, labelledBy, role = 'dialog', initialFocus, onEscape }: ModalFocusProps) {
  const marker = useRef<HTMLSpanElement>(null);
  const nameId = useId();
  const escape = useRef(onEscape);
  escape.current = onEscape;

  // A dialog while open; closing, it stops being one at once (its panel still slides away, and may stay
  // drawn out of sight), so nothing reads a closed layer as an open dialog.
  useLayoutEffect(() => {
    const panel = marker.current?.closest<HTMLElement>(selector);
    if (!panel) return;
    if (!visible) {
      for (const name of ATTRIBUTES) panel.removeAttribute(name);
      return;
    }
    panel.setAttribute('role', role);
    panel.setAttribute('aria-modal', 'true');
    const naming = !label && labelledBy ? panel.querySelector<HTMLElement>(labelledBy) : null;
    if (label) panel.setAttribute('aria-label', label);
    else if (naming) {
      if (!naming.id) naming.id = nameId;
      panel.setAttribute('aria-labelledby', naming.id);
    }
    panel.tabIndex = -1;
  }, [selector, label, labelledBy, role, visible, nameId]);

  // After the commit (not in its layout phase): React puts the focus back where it was at the end of
  // a commit's changes, which would undo a move made earlier in it.
  useEffect(() => {
    const panel = marker.current?.closest<HTMLElement>(selector);
    if (!panel || !visible) return;
    const opener = document.activeElement instanceof HTMLElement && !panel.contains(document.activeElement) ? document.activeElement : undefined;
    // A field that takes the focus itself on opening (autoFocus) keeps it.
    if (!panel.contains(document.activeElement)) ((initialFocus ? panel.querySelector<HTMLElement>(initialFocus) : null) ?? panel).focus({ preventScroll: true });
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
  }, [selector, initialFocus, visible]);

  return <span ref={marker} hidden />;
}
