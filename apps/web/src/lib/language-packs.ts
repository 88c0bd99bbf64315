import { DEFAULT_LANGUAGE, LANGUAGE_TAGS, type Language } from '@shop/contract/common';
import { languagePackRoute } from '@shop/contract/lang';
import { i18n } from '@/lib/i18n';
import { call } from '@/lib/request';
import { storage, storageKeys } from '@/lib/storage';
import { useLanguage } from '@/stores/language';

interface CachedPack {
  version: string;
  pack: Record<string, string>;
}

/**
 * Asks for `lang`'s pack, sending the version held. Before the first paint, so by the call's
 * method, path and auth only (`languagePackRoute`): no schemas on the first screen. A background
 * read: a failure leaves the cached pack in use, without a toast.
 */
const fetchLanguagePack = (lang: Language, version?: string, part?: 'first' | 'rest') => call(languagePackRoute, { client: 'h5', version, part }, { lang, quiet: true });

const readCached = (lang: Language): CachedPack | undefined => {
  const c = storage.getJson<CachedPack>(storageKeys.langPack(lang));
  return c && typeof c.version === 'string' && c.pack && typeof c.pack === 'object' ? c : undefined;
};

/** The document's `lang` in BCP 47 (the wire's `jp`/`may` are not), so browsers pick the right fonts and voices. */
const manifestHref = (lang: Language) => `./${lang === DEFAULT_LANGUAGE ? 'manifest.webmanifest' : `manifest.${lang}.webmanifest`}`;
let documentLanguage: Language = DEFAULT_LANGUAGE;

/** The document in `lang`: its `lang`, and the web app manifest that names the app in it (an installed app keeps the name it had). */
function markDocument(lang: Language): void {
  documentLanguage = lang;
  document.documentElement.lang = LANGUAGE_TAGS[lang];
  const manifest = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (manifest) manifest.href = manifestHref(lang);
}

/**
 * Links the web app manifest of the document's language, which makes the app installable. Done once
 * the page is usable: a manifest linked from the start is fetched while the first screen loads.
 */
export function linkManifest(): void {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = manifestHref(documentLanguage);
  document.head.append(link);
}

function applyPack(lang: Language, pack: Record<string, string>, version: string): void {
  i18n.addResourceBundle(lang, 'translation', pack, false, true);
  useLanguage.getState().setPackVersion(version);
  markDocument(lang);
}

/**
 * Asks the server for `lang`'s pack, sending the cached version: the server answers the pack only
 * when its version differs. The new pack replaces the cached one. Answers whether a pack is in use.
 */
async function refreshPack(lang: Language, cached: CachedPack | undefined): Promise<boolean> {
  try {
    const answer = await fetchLanguagePack(lang, cached?.version);
    if (answer.pack && Object.keys(answer.pack).length) {
      keepPack(lang, answer.pack, answer.version);
      if (i18n.language === lang) await i18n.changeLanguage(lang);
      return true;
    }
    return Boolean(cached);
  } catch {
    return Boolean(cached);
  }
}

/** A whole pack from the server: cached, and in use. */
function keepPack(lang: Language, pack: Record<string, string>, version: string): void {
  storage.setJson(storageKeys.langPack(lang), { version, pack } satisfies CachedPack);
  applyPack(lang, pack, version);
}

/**
 * The English texts of the whole pack (`english-texts.ts`, a chunk of its own, precached by the
 * service worker), under the server's English texts: what shows, rather than key names, when no
 * pack of the member's language can be had. Answers whether they are in use (without a network or a
 * worker yet, the chunk itself may not arrive).
 */
async function applyBundledFallback(): Promise<boolean> {
  try {
    const { englishTexts } = await import('./english-texts');
    i18n.addResourceBundle(DEFAULT_LANGUAGE, 'translation', englishTexts, true, false);
    return true;
  } catch {
    return false;
  }
}

/**
 * The language shown in English for want of its pack: its pack is asked for again when the network
 * returns and on the next page, and replaces the English once it arrives.
 */
let standIn: { lang: Language; retry?: Promise<void> } | undefined;

/** Asks again for what a first visit could not have: a pack English stands in for, or the rest of a pack loaded in part. */
function askAgain(): void {
  if (partial) void loadRestOfPack();
  const held = standIn;
  if (!held || held.retry) return;
  held.retry = (async () => {
    const answer = await fetchLanguagePack(held.lang).catch(() => undefined);
    if (standIn !== held) return;
    held.retry = undefined;
    if (!answer?.pack || !Object.keys(answer.pack).length) return;
    standIn = undefined;
    keepPack(held.lang, answer.pack, answer.version);
    await i18n.changeLanguage(held.lang);
  })();
}

let listening = false;
/** Listens, once, for the moments worth asking again: the network's return and a move to another page. */
function listenToAskAgain(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('online', askAgain);
  window.addEventListener('hashchange', askAgain);
}

/**
 * A first visit to a first screen shows it with the first part of the pack (`part: 'first'`); the
 * rest is asked for once it is painted (`loadRestOfPack`). Until then this holds the rest's
 * arrival: other pages wait for it (`loadRestOfPack`) rather than show keys.
 */
let partial: { lang: Language; version: string; pack: Record<string, string>; rest?: Promise<void>; englishShown?: boolean } | undefined;

/**
 * Puts `lang` in use. With a cached pack the app shows at once and the pack is refreshed in the
 * background; without one it waits for the server (for a first screen, `firstPart`, only for that
 * screen's part of the pack); with neither, the bundled English texts until its pack can be had.
 */
export async function loadLanguage(lang: Language, options: { firstPart?: boolean } = {}): Promise<void> {
  partial = undefined;
  standIn = undefined;
  const cached = readCached(lang);
  if (cached) {
    applyPack(lang, cached.pack, cached.version);
    await i18n.changeLanguage(lang);
    void refreshPack(lang, cached);
    return;
  }
  const ok = options.firstPart ? await loadFirstPart(lang) : await refreshPack(lang, undefined);
  if (!ok) {
    await applyBundledFallback();
    standIn = { lang };
    listenToAskAgain();
  }
  await i18n.changeLanguage(ok ? lang : DEFAULT_LANGUAGE);
  markDocument(ok ? lang : DEFAULT_LANGUAGE);
}

/** The first screens' part of `lang`'s pack, in use but not cached (the whole pack is, once the rest arrives). */
async function loadFirstPart(lang: Language): Promise<boolean> {
  try {
    const answer = await fetchLanguagePack(lang, undefined, 'first');
    if (!answer.pack || !Object.keys(answer.pack).length) return false;
    partial = { lang, version: answer.version, pack: answer.pack };
    applyPack(lang, answer.pack, answer.version);
    return true;
  } catch {
    return false;
  }
}

/**
 * Completes a pack loaded in part: the rest of the same version (the whole pack if it changed in
 * between), then the whole is cached. Settles when done or failed (a later call tries again), at once
 * when the pack in use is whole: what the pages other than the first screens wait for.
 */
export function loadRestOfPack(): Promise<void> {
  const held = partial;
  if (!held) return Promise.resolve();
  return (held.rest ??= (async () => {
    try {
      const rest = await fetchLanguagePack(held.lang, undefined, 'rest');
      if (partial !== held) return;
      if (rest.version !== held.version || !rest.pack) {
        partial = undefined;
        await refreshPack(held.lang, undefined);
        return;
      }
      storage.setJson(storageKeys.langPack(held.lang), { version: rest.version, pack: { ...held.pack, ...rest.pack } } satisfies CachedPack);
      partial = undefined;
      // The page on screen shows only texts of the first part: it is drawn again only if it showed a key,
      // or English stood in for the rest.
      if (held.englishShown) i18n.addResourceBundle(held.lang, 'translation', rest.pack, true, true);
      else i18n.complete(held.lang, rest.pack);
    } catch {
      // Offline: the pages show the rest's texts in English, never their keys; the network's return and
      // the next page ask again.
      held.rest = undefined;
      held.englishShown = await applyBundledFallback();
      listenToAskAgain();
    }
  })());
}

/** The language switcher's action: remember the choice, then load and show its texts. */
export async function switchLanguage(lang: Language): Promise<void> {
  useLanguage.getState().setLang(lang);
  await loadLanguage(lang);
}
