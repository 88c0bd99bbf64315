import { useQuery } from '@tanstack/react-query';
import { listCategoryTree } from '@shop/contract';
import { call } from '@/lib/request';
import { useLanguage } from '@/stores/language';

export const useCategoryTree = () => {
  const lang = useLanguage((s) => s.lang);
  return useQuery({ queryKey: ['category-tree', lang], queryFn: () => call(listCategoryTree, undefined, { quiet: true }), staleTime: 10 * 60_000 });
};
