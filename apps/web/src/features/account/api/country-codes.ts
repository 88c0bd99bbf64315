import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDefaultCallingCode, listCountryCodes, type Language } from '@shop/contract';
import { call } from '@/lib/request';
import { useLanguage } from '@/stores/language';

export const countryCodesQueryOptions = (lang: Language) =>
  queryOptions({ queryKey: ['account', 'country-codes', lang], queryFn: () => call(listCountryCodes, undefined, { quiet: true }), staleTime: Infinity });

/** Every country with its calling code, named in the app's language. */
export const useCountryCodes = () => useQuery(countryCodesQueryOptions(useLanguage((s) => s.lang)));

/** The calling code to start with (the language's home country). */
export const useDefaultAreaPre = () => {
  const lang = useLanguage((s) => s.lang);
  return useQuery({ queryKey: ['account', 'area-pre', lang], queryFn: () => call(getDefaultCallingCode, {}, { quiet: true }), staleTime: Infinity });
};
