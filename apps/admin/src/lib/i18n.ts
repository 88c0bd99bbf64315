import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { packI18nOptions } from '@shop/client/packs';
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGE_TAGS, normalizeLanguage, type Language } from '@shop/contract/common';

/**
 * The console's i18next, set up as the member app's (`packI18nOptions`): flat packs of dotted keys
 * (`console.common.retry`), one per language. Its texts are the contract's `console-…` language packs
 * (packages/contract/src/i18n/packs/console-<area>/<lang>.json), bundled with the console and loaded
 * when their language is first shown; the API's messages come in the envelope, already localized.
 */
export const i18n = i18next.createInstance();
const LANG_KEY = 'admin.lang';

/** Each pack file of the console's areas, loaded on demand. */
const packFiles = import.meta.glob<Record<string, string>>('../../../../packages/contract/src/i18n/packs/console-*/*.json', { import: 'default' });

/** A language's texts: its file of every console area, merged. */
async function packOf(lang: Language): Promise<Record<string, string>> {
  const files = Object.entries(packFiles).filter(([file]) => file.endsWith(`/${lang}.json`));
  return Object.assign({}, ...(await Promise.all(files.map(([, load]) => load()))));
}

/** Each language's own name, as its speakers write it (the contract's list, shared with the member app). */
export { LANGUAGE_NAMES };

/** The language kept from the last visit, or the browser's, or English. */
export function initialLanguage(): Language {
  const saved = normalizeLanguage(localStorage.getItem(LANG_KEY) ?? undefined);
  if (saved) return saved;
  for (const l of navigator.languages ?? []) {
    const n = normalizeLanguage(l);
    if (n) return n;
  }
  return DEFAULT_LANGUAGE;
}

export async function initI18n(): Promise<void> {
  await i18n.use(initReactI18next).init(packI18nOptions);
  await changeLanguage(initialLanguage());
}

/** Loads a language's pack if needed, then switches to it and remembers it. */
export async function changeLanguage(lang: Language): Promise<void> {
  if (!i18n.hasResourceBundle(lang, 'translation')) i18n.addResourceBundle(lang, 'translation', await packOf(lang), true, true);
  localStorage.setItem(LANG_KEY, lang);
  // The page's language as a BCP 47 tag (`ja-JP`, not the wire's `jp`): screen readers pick their voice, browsers their fonts and hyphenation by it.
  document.documentElement.lang = LANGUAGE_TAGS[lang];
  await i18n.changeLanguage(lang);
}
