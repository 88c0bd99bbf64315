/** What the member chose on a checkout besides the address, kept while they pick or add an address (the page is left and opened again). */
export interface CheckoutDraft {
  remarks: string;
  /** The coupon code as typed, and the one applied. */
  couponInput: string;
  coupon: string;
  /** Points switched on, per kind: the most the order could take when they were. */
  points: Partial<Record<'points' | 'shopping_points', number>>;
}

const DRAFT_KEY = 'orders.checkoutDraft';

/**
 * One checkout's draft, for the tab's life: `checkout` names what is being bought (its page query
 * without the address), so another checkout starts empty. Storage refused (private mode, a WebView
 * without it) only forgets.
 */
export function readCheckoutDraft(checkout: string): CheckoutDraft | undefined {
  try {
    const raw = window.sessionStorage.getItem(DRAFT_KEY);
    if (!raw) return undefined;
    const kept = JSON.parse(raw) as { checkout: string; draft: CheckoutDraft };
    return kept.checkout === checkout ? kept.draft : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps this checkout's draft in place of any other; an empty one is nothing to keep. */
export function keepCheckoutDraft(checkout: string, draft: CheckoutDraft): void {
  const empty = !draft.remarks && !draft.couponInput && !draft.coupon && Object.keys(draft.points).length === 0;
  try {
    if (empty) window.sessionStorage.removeItem(DRAFT_KEY);
    else window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ checkout, draft }));
  } catch {
    // Nothing to do: the choices live as long as the page.
  }
}

/** Forgets the draft: its order was placed. */
export function dropCheckoutDraft(): void {
  try {
    window.sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // ignore
  }
}
