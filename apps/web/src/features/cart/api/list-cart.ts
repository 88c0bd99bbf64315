import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { countCartGoods, listCart } from '@shop/contract/cart';
import { endpointKey, useEndpointQuery, useQueryScope } from '@/lib/endpoint-query';
import { useSession } from '@/stores/session';

/** The member's cart with live prices, stock and availability; keeps the tab badge's count in step. */
export function useCart() {
  const token = useSession((s) => s.token);
  const client = useQueryClient();
  const scope = useQueryScope();
  const query = useEndpointQuery(listCart, undefined, { enabled: Boolean(token), staleTime: 0 });
  const count = query.data?.total_count;
  useEffect(() => {
    if (count !== undefined) client.setQueryData(endpointKey(countCartGoods, undefined, scope), { total: count });
  }, [count, client, scope.token, scope.lang]);
  return query;
}
