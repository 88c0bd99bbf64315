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
/** A trip to pick an address longer than this is another visit: checkout starts empty again. */
export const CHECKOUT_DRAFT_MAX_AGE_MS = 30 * 60_000;

interface Kept {
  checkout: string;
  draft: CheckoutDraft;
  /** When the member left this checkout to pick an address (ms); none while they are on it. */
  pickingSince?: number;
}

function readKept(): Kept | undefined {
  try {
    const raw = window.sessionStorage.getItem(DRAFT_KEY);
    return raw ? (JSON.parse(raw) as Kept) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The draft of the checkout the member is coming back to from picking an address, in the same
 * visit: `checkout` names what is being bought (its page query without the address), so another
 * checkout starts empty, and so does this one opened again any other way (from the goods page, the
 * cart, a day later) or after a trip to the address list longer than `CHECKOUT_DRAFT_MAX_AGE_MS`.
 * Storage refused (private mode, a WebView without it) only forgets.
 */
export function readCheckoutDraft(checkout: string): CheckoutDraft | undefined {
  const kept = readKept();
  if (!kept) return undefined;
  const since = kept.pickingSince;
  const fresh = typeof since === 'number' && Date.now() - since >= 0 && Date.now() - since <= CHECKOUT_DRAFT_MAX_AGE_MS;
  if (kept.checkout === checkout && fresh) return kept.draft;
  dropCheckoutDraft();
  return undefined;
}

/** Keeps this checkout's draft, as the member changes it, in place of any other; an empty one is nothing to keep. */
export function keepCheckoutDraft(checkout: string, draft: CheckoutDraft): void {
  const empty = !draft.remarks && !draft.couponInput && !draft.coupon && Object.keys(draft.points).length === 0;
  try {
    if (empty) window.sessionStorage.removeItem(DRAFT_KEY);
    else window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ checkout, draft } satisfies Kept));
  } catch {
    // Nothing to do: the choices live as long as the page.
  }
}

/** The member leaves this checkout to pick an address: its draft waits for their return (for a while). */
export function keepCheckoutDraftWhilePicking(checkout: string): void {
  const kept = readKept();
  if (!kept || kept.checkout !== checkout) return;
  try {
    window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ ...kept, pickingSince: Date.now() } satisfies Kept));
  } catch {
    // ignore
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
