/** antd-mobile's sideways-scrolling tab strips: lists of plain divs a keyboard cannot reach. */
const STRIPS = '.adm-capsule-tabs-tab-list, .adm-tabs-tab-list';

/**
 * Makes every such strip under `root` focusable (now and as pages render them), so a keyboard or
 * switch user can scroll it with the arrow keys, as WCAG 2.1.1 asks. Returns a function that stops.
 */
export function keepScrollStripsReachable(root: HTMLElement): () => void {
  const mark = () => {
    for (const el of root.querySelectorAll<HTMLElement>(STRIPS)) if (!el.hasAttribute('tabindex')) el.tabIndex = 0;
  };
  mark();
  const observer = new MutationObserver(mark);
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
