import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { getGoods, getSku, listGoods, type EndpointQueryInput } from '@shop/contract';
import { call } from '@/lib/request';
import { useLanguage } from '@/stores/language';
import { useSession } from '@/stores/session';

export type GoodsFilter = Omit<NonNullable<EndpointQueryInput<typeof listGoods>>, 'page'>;

/** A paged goods list (category, shelf, keyword, sort), one page more at a time. */
export function useGoodsPages(filter: GoodsFilter, enabled = true) {
  const lang = useLanguage((s) => s.lang);
  const token = useSession((s) => s.token);
  const client = useQueryClient();
  return useInfiniteQuery({
    // The token is part of the key: a member's search goes to their search log.
    queryKey: ['goods', lang, filter, Boolean(token)],
    queryFn: async ({ pageParam }) => {
      const page = await call(listGoods, { ...filter, page: pageParam }, { quiet: true });
      if (filter.keyword && token) void client.invalidateQueries({ queryKey: ['search-log'] });
      return page;
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled,
  });
}

export function useGoodsInfo(id: number) {
  const lang = useLanguage((s) => s.lang);
  const token = useSession((s) => s.token);
  return useQuery({ queryKey: ['goods-info', lang, id, token], queryFn: () => call(getGoods, { id }, { quiet: true }), enabled: id > 0 });
}

/** The live price and stock of one SKU. */
export const fetchSku = (goodsId: number, skuId: number) => call(getSku, { goods_id: goodsId, sku_id: skuId }, { quiet: true });
