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
  document.body.append(region);
  return region;
}
