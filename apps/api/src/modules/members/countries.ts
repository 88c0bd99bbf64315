import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js';
import { HOME_COUNTRY, type Language } from '@shop/contract';

const LOCALES: Record<Language, string> = {
  'en-us': 'en', 'zh-cn': 'zh-Hans', 'zh-tw': 'zh-Hant', jp: 'ja', may: 'ms', hu: 'hu', id: 'id', km: 'km', th: 'th',
};

/** Places CLDR names by their long official form ("中國香港特別行政區"): shown by their common short name ("香港"), as people say them. */
const SHORT_NAMED = new Set(['HK', 'MO']);

const cache = new Map<Language, Array<{ code: string; name: string; pre: string }>>();

/** Every country with its calling code, named in the request's language, sorted by name. */
export function listCountries(lang: Language): Array<{ code: string; name: string; pre: string }> {
  let list = cache.get(lang);
  if (!list) {
    const names = new Intl.DisplayNames([LOCALES[lang], 'en'], { type: 'region', fallback: 'code' });
    const short = new Intl.DisplayNames([LOCALES[lang], 'en'], { type: 'region', style: 'short', fallback: 'code' });
    const collator = new Intl.Collator(LOCALES[lang]);
    list = getCountries()
      .map((code) => ({ code, name: (SHORT_NAMED.has(code) ? short : names).of(code) ?? code, pre: String(getCountryCallingCode(code)) }))
      .sort((a, b) => collator.compare(a.name, b.name));
    cache.set(lang, list);
  }
  return list;
}

/** The same list with the reader's own country first (a Traditional Chinese reader's Taiwan), then the others by name. */
export function listCountriesHomeFirst(lang: Language): Array<{ code: string; name: string; pre: string }> {
  const home = HOME_COUNTRY[lang];
  const all = listCountries(lang);
  return [...all.filter((c) => c.code === home), ...all.filter((c) => c.code !== home)];
}

/** The calling code of a country, or of the language's home country. */
export function areaPre(lang: Language, country?: string): { country: string; pre: string } {
  const code = (country?.toUpperCase() as CountryCode | undefined) ?? HOME_COUNTRY[lang];
  const found = listCountries(lang).find((c) => c.code === code) ?? listCountries(lang).find((c) => c.code === HOME_COUNTRY[lang])!;
  return { country: found.code, pre: found.pre };
}
