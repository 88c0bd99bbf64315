import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE } from '@shop/contract/common';

/**
 * The app's i18next. Packs are flat maps of dotted keys (`app.tab.home`), one per language, merged
 * from every namespace on the server: no key or namespace separators.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  resources: {},
  // Our codes are lower case (en-us, zh-cn, jp …): i18next must not rewrite them to en-US.
  lowerCaseLng: true,
  load: 'currentOnly',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  returnEmptyString: false,
  initAsync: false,
  react: { useSuspense: false },
});
