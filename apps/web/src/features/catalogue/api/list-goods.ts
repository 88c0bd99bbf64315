import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { listGoods, listSearchLog } from '@shop/contract/catalogue';
import type { EndpointQueryInput } from '@shop/contract/common';
import { endpointInfiniteQuery, invalidateEndpoints, useQueryScope } from '@/lib/endpoint-query';

export type GoodsFilter = Omit<NonNullable<EndpointQueryInput<typeof listGoods>>, 'page'>;

/** A paged goods list (category, shelf, keyword, sort), one page more at a time. */
export function useGoodsPages(filter: GoodsFilter, enabled = true) {
  const scope = useQueryScope();
  const client = useQueryClient();
  const query = endpointInfiniteQuery(listGoods, filter, scope);
  return useInfiniteQuery({
    ...query,
    queryFn: async (context) => {
      const page = await query.queryFn!(context);
      // A member's keyword goes to their search log, which is then out of date.
      if (filter.keyword && scope.token) void invalidateEndpoints(client, [listSearchLog]);
      return page;
    },
    enabled,
  });
}
