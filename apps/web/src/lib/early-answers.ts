/** An answer the early script asked for before the app ran (`early-requests.ts` at the app's root). */
interface EarlyAnswer {
  headers: Record<string, string>;
  answer: Promise<Response>;
}

declare global {
  interface Window {
    SHOP_EARLY?: Record<string, EarlyAnswer>;
    /** Set when the early script preloads the first screen's largest picture itself, from its answer. */
    SHOP_EARLY_IMAGE?: boolean;
    /** While the page's first files wait for its first picture to be drawn (the document's inline script, `chunking.ts`). */
    SHOP_PRELOAD?: (() => void) | null;
  }
}

/**
 * Resolves once the page's first files may be asked for: at once, unless the document holds them
 * until the splash has drawn the page's first picture (at most 1.5 s after the start). The app
 * asks for its page's code after that too, so the picture has the connection to itself.
 */
export const firstFilesReleased = (): Promise<void> =>
  typeof window === 'undefined' || !window.SHOP_PRELOAD ? Promise.resolve() : new Promise((go) => window.addEventListener('shop-preload', () => go(), { once: true }));

/** Whether the early script preloads the first screen's picture (the app need not). */
export const earlyScriptPreloadsImage = (): boolean => typeof window !== 'undefined' && window.SHOP_EARLY_IMAGE === true;

const sameHeaders = (a: Record<string, string>, b: Record<string, string>): boolean => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && a[k] === b[k]);
};

/**
 * The early script's answer for a GET of `url` with exactly these headers, taken once (the next
 * call asks the server afresh); `undefined` when there is none or it was asked differently.
 */
export function takeEarlyAnswer(url: string, method: string, headers: Record<string, string>): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.SHOP_EARLY;
  const found = method === 'GET' ? early?.[url] : undefined;
  if (!found || !early) return undefined;
  delete early[url];
  return sameHeaders(found.headers, headers) ? found.answer : undefined;
}
