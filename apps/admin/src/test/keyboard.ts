import { act, fireEvent } from '@testing-library/react';
import { tabStops } from '../components/ModalDrawer';

/**
 * A key pressed where the focus is, as a browser does it: the page's handlers first; then, unless one
 * of them took the key, Tab moves to the next stop in the page's order (past the last one the focus
 * leaves the page: `document.body`), and Enter or Space on a button clicks it.
 */
export async function press(key: 'Tab' | 'Enter' | 'Escape' | ' ', options: { shift?: boolean } = {}): Promise<void> {
  await act(async () => {
    const target = (document.activeElement ?? document.body) as HTMLElement;
    const untaken = fireEvent.keyDown(target, { key, shiftKey: options.shift ?? false });
    if (untaken && key === 'Tab') {
      const stops = tabStops(document.body);
      const at = stops.indexOf(target);
      const next = options.shift ? (at === -1 ? stops.at(-1) : stops[at - 1]) : at === -1 ? stops[0] : stops[at + 1];
      if (next) next.focus();
      else target.blur();
    }
    fireEvent.keyUp(target, { key });
    if (untaken && (key === 'Enter' || key === ' ') && target instanceof HTMLButtonElement && !target.disabled) fireEvent.click(target);
  });
}

/** The focused element, or `null` when the focus is on nothing (the page's body). */
export const focused = (): Element | null => (document.activeElement === document.body ? null : document.activeElement);
