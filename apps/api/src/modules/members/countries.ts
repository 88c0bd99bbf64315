import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js';
import type { Language } from '@shop/contract';

const LOCALES: Record<Language, string> = {
  'en-us': 'en', 'zh-cn': 'zh-Hans', 'zh-tw': 'zh-Hant', jp: 'ja', may: 'ms', hu: 'hu', id: 'id', km: 'km', th: 'th',
};

/** Where the shop's languages are mostly spoken: the default country of the phone field. */
const HOME_COUNTRY: Record<Language, CountryCode> = {
  'en-us': 'US', 'zh-cn': 'CN', 'zh-tw': 'TW', jp: 'JP', may: 'MY', hu: 'HU', id: 'ID', km: 'KH', th: 'TH',
};

const cache = new Map<Language, Array<{ code: string; name: string; pre: string }>>();

/** Every country with its calling code, named in the request's language, sorted by name. */
export function listCountries(lang: Language): Array<{ code: string; name: string; pre: string }> {
  let list = cache.get(lang);
  if (!list) {
    const names = new Intl.DisplayNames([LOCALES[lang], 'en'], { type: 'region', fallback: 'code' });
    const collator = new Intl.Collator(LOCALES[lang]);
    list = getCountries()
      .map((code) => ({ code, name: names.of(code) ?? code, pre: String(getCountryCallingCode(code)) }))
      .sort((a, b) => collator.compare(a.name, b.name));
    cache.set(lang, list);
  }
  return list;
}

/** The calling code of a country, or of the language's home country. */
export function areaPre(lang: Language, country?: string): { country: string; pre: string } {
  const code = (country?.toUpperCase() as CountryCode | undefined) ?? HOME_COUNTRY[lang];
  const found = listCountries(lang).find((c) => c.code === code) ?? listCountries(lang).find((c) => c.code === HOME_COUNTRY[lang])!;
  return { country: found.code, pre: found.pre };
}
