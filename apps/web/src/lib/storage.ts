/**
 * localStorage that never throws (private mode, full quota, storage disabled in a WebView):
 * the app keeps working, it only forgets.
 */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Nothing to do: the value lives for this visit only.
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // ignore
    }
  },
  getJson<T>(key: string): T | undefined {
    const text = storage.get(key);
    if (text === null) return undefined;
    try {
      return JSON.parse(text) as T;
    } catch {
      return undefined;
    }
  },
  setJson(key: string, value: unknown): void {
    storage.set(key, JSON.stringify(value));
  },
};

/** The keys the app keeps in localStorage, in one place. */
export const storageKeys = {
  session: 'shop.session',
  sessionRefreshedAt: 'shop.session.refreshedAt',
  /** Tokens of sessions logged out here whose end the server has not heard of yet. */
  owedLogouts: 'shop.owedLogouts',
  lang: 'lang',
  langPack: (lang: string) => `shop.langPack.${lang}`,
  shareCode: 'shop.shareCode',
  region: 'shop.region',
  popupSnooze: 'popupSnooze',
  appPromptDismissed: 'shop.appPromptDismissed',
  /** The native app's version whose optional update the member has already answered (once per version). */
  appUpdateSeen: 'shop.appUpdateSeen',
  /** What one tab last told the others, where BroadcastChannel is missing (`lib/tab-signals.ts`). */
  tabSignal: 'shop.tabSignal',
} as const;
