import type { InitOptions } from 'i18next';
import { DEFAULT_LANGUAGE } from '@shop/contract/common';

/**
 * i18next as both apps read the contract's language packs: flat maps of dotted keys (`app.tab.home`,
 * `console.common.retry`), one per language, added when their language is loaded; no key or
 * namespace separators. Our codes are lower case (en-us, zh-cn, jp …): i18next must not rewrite
 * them to en-US.
 */
export const packI18nOptions: InitOptions = {
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  resources: {},
  lowerCaseLng: true,
  load: 'currentOnly',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  returnEmptyString: false,
  initAsync: false,
  react: { useSuspense: false },
};
