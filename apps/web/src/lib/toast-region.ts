const REGION_ID = 'toast-region';

/**
 * Where toasts are drawn: a live region, a child of the body from the start (a region that appears
 * with its words is not read out by every screen reader, and one inside the page would be hidden
 * from them while a sheet or dialog is open). The toast's own words are what screen readers hear:
 * they are not written twice.
 */
export function toastRegion(): HTMLElement | undefined {
  if (typeof document === 'undefined' || !document.body) return undefined;
  const found = document.getElementById(REGION_ID);
  if (found) return found;
  const region = document.createElement('div');
  region.id = REGION_ID;
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-atomic', 'true');
  // antd-mobile hides its masks from screen readers, and a toast's words are inside one: here they are
  // shown to them (before a screen reader sees the toast, as a mutation's observer runs first).
  new MutationObserver(() => region.querySelectorAll('[aria-hidden]').forEach((el) => el.removeAttribute('aria-hidden'))).observe(region, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-hidden'] });
  document.body.append(region);
  return region;
}
