import { create } from 'zustand';
import { DEFAULT_LANGUAGE, LANGUAGES, normalizeLanguage, type Language } from '@shop/contract/common';
import { storage, storageKeys } from '@/lib/storage';

/** Values older versions of the app stored; spec §9 resets them to the default. */
const LEGACY_RESET = new Set(['zh_TW', 'en_US', 'KM', 'HU']);

/** The stored language, or the default when none, a legacy one, or an unknown one is stored. */
export function readStoredLanguage(): Language {
  const stored = storage.get(storageKeys.lang);
  if (!stored || LEGACY_RESET.has(stored)) return DEFAULT_LANGUAGE;
  return (LANGUAGES as readonly string[]).includes(stored) ? (stored as Language) : DEFAULT_LANGUAGE;
}

/** A language asked for from outside (the `lang` launch parameter), in any common spelling. */
export const parseLanguage = (tag: string | null | undefined): Language | undefined => normalizeLanguage(tag);

interface LanguageState {
  lang: Language;
  /** The version of the pack in use (the server's), '' before one is loaded. */
  packVersion: string;
  setLang: (lang: Language) => void;
  setPackVersion: (version: string) => void;
}

export const useLanguage = create<LanguageState>()((set) => ({
  lang: readStoredLanguage(),
  packVersion: '',
  setLang: (lang) => {
    storage.set(storageKeys.lang, lang);
    set({ lang });
  },
  setPackVersion: (packVersion) => set({ packVersion }),
}));
