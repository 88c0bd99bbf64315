import { Drawer, type DrawerProps } from 'antd';
import type { KeyboardEvent } from 'react';

/** Elements Tab may stop on (those with a negative tabindex, disabled or hidden are left out below). */
const CANDIDATES = 'a[href], area[href], button, input, select, textarea, iframe, summary, [contenteditable="true"], [tabindex]';

/** The elements inside `root` that Tab stops on, in the order it visits them. */
export function tabStops(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(CANDIDATES)].filter(
    (el) =>
      el.tabIndex >= 0 &&
      !(el as HTMLButtonElement).disabled &&
      !(el instanceof HTMLInputElement && el.type === 'hidden') &&
      !el.closest('[hidden], [inert], [aria-hidden="true"]') &&
      // Tab skips what is not drawn (a collapsed panel, `display: none`).
      (typeof el.checkVisibility !== 'function' || el.checkVisibility()),
  );
}

/**
 * Tab and Shift+Tab go round inside the drawer (or a dialog: the handler's element). antd's own trap
 * brings focus back only when it lands on another element of the page: past the drawer's last control
 * (the drawer is the page's last element) focus left the page for the browser's own bar, every few presses.
 */
export function keepTabInside(e: KeyboardEvent<HTMLElement>): void {
  if (e.key !== 'Tab' || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
  const section = e.currentTarget;
  // Keys of a layer drawn elsewhere (a select's options, an image preview) are that layer's.
  if (!(e.target instanceof Node) || !section.contains(e.target)) return;
  const stops = tabStops(section);
  const first = stops[0];
  const last = stops.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  const next = e.shiftKey ? (active === first || active === section ? last : undefined) : active === last ? first : undefined;
  if (!next) return;
  e.preventDefault();
  next.focus();
}

/**
 * The console's drawer: antd's, modal (`aria-modal`) and keeping the keyboard inside it as a dialog
 * does. Every drawer of the console is this one. Its title wraps inside its own room, beside the
 * buttons of the header: a case number, longer than the room left (Hungarian), breaks rather than
 * running under them. A drawer of a width of its own is never wider than the window: at 768 px an
 * order's 880 px drawer ran its tables past the window's edge; it takes the window's width instead.
 */
export function ModalDrawer({ onKeyDown, styles, size, placement, ...props }: Omit<DrawerProps, 'styles'> & { styles?: Exclude<DrawerProps['styles'], (...args: never[]) => unknown> }) {
  const sideways = placement === undefined || placement === 'left' || placement === 'right';
  return (
    <Drawer
      {...props}
      placement={placement}
      size={typeof size === 'number' && sideways ? `min(${size}px, 100vw)` : size}
      styles={{ ...styles, title: { minWidth: 0, overflowWrap: 'anywhere', ...styles?.title } }}
      onKeyDown={(e) => {
        onKeyDown?.(e);
        keepTabInside(e);
      }}
    />
  );
}
