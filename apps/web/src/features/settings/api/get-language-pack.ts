import { queryOptions, useQuery } from '@tanstack/react-query';
import type { getLanguagePack, Language } from '@shop/contract';
import { call } from '@/lib/request';

/**
 * The pattern of a feature's API file: the fetcher, its TanStack Query options and the hook,
 * one call per file, typed by the contract entry (see also features/app-download/api).
 *
 * This one call runs before the first paint, so it must not bring the contract's zod schemas into
 * the first screen's code: it uses the entry's method, path and auth only, typed as the contract's
 * entry (a test checks they are the contract's).
 */
export const languagePackEndpoint = { method: 'GET', path: '/user/getLangBag', auth: 'optional', area: 'account' } as unknown as typeof getLanguagePack;

export const fetchLanguagePack = (lang: Language, version?: string) =>
  // A background read: a failure leaves the cached pack in use, without a toast.
  call(languagePackEndpoint, { client: 'h5', version }, { lang, quiet: true });

export const languagePackQueryOptions = (lang: Language, version?: string) =>
  queryOptions({
    queryKey: ['language-pack', lang, version ?? ''],
    queryFn: () => fetchLanguagePack(lang, version),
    staleTime: Infinity,
  });

export const useLanguagePack = (lang: Language, version?: string) => useQuery(languagePackQueryOptions(lang, version));
