import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRealName, getRealNameKind, listDocumentTypes, listRealNameCountries, submitRealName, submitRealNameInternational, type Language } from '@shop/contract';
import { call } from '@/lib/request';
import { useLanguage } from '@/stores/language';
import { useSession } from '@/stores/session';

export const realNameQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['account', 'real-name', token], queryFn: async () => ({ info: await call(getRealName, {}, { quiet: true }), kind: await call(getRealNameKind, undefined, { quiet: true }) }) });

export const useRealName = () => {
  const token = useSession((s) => s.token);
  return useQuery({ ...realNameQueryOptions(token), enabled: Boolean(token) });
};

const listsQueryOptions = (lang: Language) =>
  queryOptions({
    queryKey: ['account', 'real-name-lists', lang],
    queryFn: async () => ({ types: await call(listDocumentTypes, undefined, { quiet: true }), countries: await call(listRealNameCountries, undefined, { quiet: true }) }),
    staleTime: Infinity,
  });
export const useRealNameLists = () => useQuery(listsQueryOptions(useLanguage((s) => s.lang)));

type Fields = { document_type: 'id_card' | 'passport' | 'driving_license' | 'residence_permit'; document_number: string; surname: string; given_name: string; title?: 'mr' | 'ms' | 'mrs' | 'dr'; birthday?: string; referral_code?: string };
export const submitMainland = (input: Fields) => call(submitRealName, input);
export const submitInternational = (input: Fields & { country: string }) => call(submitRealNameInternational, input);
