import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, normalizeLanguage, type Language } from '@shop/contract/common';
import { enUs } from '../locales/en-us';

/** The console's texts live in their own namespace, apart from the member app's packs. */
export const NS = 'admin';
const LANG_KEY = 'admin.lang';

const loaders: Record<Language, () => Promise<object>> = {
  'en-us': async () => enUs,
  'zh-cn': () => import('../locales/zh-cn').then((m) => m.zhCn),
  'zh-tw': () => import('../locales/zh-tw').then((m) => m.zhTw),
  jp: () => import('../locales/jp').then((m) => m.jp),
  may: () => import('../locales/may').then((m) => m.may),
  hu: () => import('../locales/hu').then((m) => m.hu),
  id: () => import('../locales/id').then((m) => m.id),
  km: () => import('../locales/km').then((m) => m.km),
  th: () => import('../locales/th').then((m) => m.th),
};

/** Each language's own name, as its speakers write it (the contract's list, shared with the member app). */
export { LANGUAGE_NAMES };

export const i18n = i18next.createInstance();

/** The language kept from the last visit, or the browser's, or English. */
export function initialLanguage(): Language {
  const saved = normalizeLanguage(localStorage.getItem(LANG_KEY) ?? undefined);
  if (saved) return saved;
  for (const l of navigator.languages ?? []) {
    const n = normalizeLanguage(l);
    if (n) return n;
  }
  return 'en-us';
}

export async function initI18n(): Promise<void> {
  const lang = initialLanguage();
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    fallbackLng: 'en-us',
    supportedLngs: [...LANGUAGES],
    lowerCaseLng: true,
    ns: [NS],
    defaultNS: NS,
    resources: { 'en-us': { [NS]: enUs } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await changeLanguage(lang);
}

/** Loads a language's pack if needed, then switches to it and remembers it. */
export async function changeLanguage(lang: Language): Promise<void> {
  if (!i18n.hasResourceBundle(lang, NS)) i18n.addResourceBundle(lang, NS, await loaders[lang](), true, true);
  localStorage.setItem(LANG_KEY, lang);
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
}
