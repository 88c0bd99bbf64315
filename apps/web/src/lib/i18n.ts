import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { packI18nOptions } from '@shop/client/packs';

/** The app's i18next: the packs the server merges from every namespace but the console's, read as both apps read them. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init(packI18nOptions);
