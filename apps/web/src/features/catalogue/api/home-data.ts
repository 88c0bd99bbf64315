import { queryOptions, useQuery } from '@tanstack/react-query';
import { getHomeData, listGoodsShelves, getHomeCategories } from '@shop/contract';
import { call } from '@/lib/request';
import { useLanguage } from '@/stores/language';

export const homeDataQuery = (lang: string) => queryOptions({ queryKey: ['home', lang], queryFn: () => call(getHomeData, undefined, { quiet: true }) });
export const useHomeData = () => useQuery(homeDataQuery(useLanguage((s) => s.lang)));

export const useGoodsShelves = () => {
  const lang = useLanguage((s) => s.lang);
  return useQuery({ queryKey: ['shelves', lang], queryFn: () => call(listGoodsShelves, undefined, { quiet: true }), staleTime: 10 * 60_000 });
};

export const useHomeCategories = () => {
  const lang = useLanguage((s) => s.lang);
  return useQuery({ queryKey: ['home-categories', lang], queryFn: () => call(getHomeCategories, undefined, { quiet: true }), staleTime: 10 * 60_000 });
};
