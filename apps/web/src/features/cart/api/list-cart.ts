import { useEffect } from 'react';
import { listCart } from '@shop/contract/cart';
import { useEndpointQuery } from '@/lib/endpoint-query';
import { useCartCount } from '@/stores/app-flags';
import { useSession } from '@/stores/session';

/** The member's cart with live prices, stock and availability; keeps the tab badge in step. */
export function useCart() {
  const token = useSession((s) => s.token);
  const query = useEndpointQuery(listCart, undefined, { enabled: Boolean(token), staleTime: 0 });
  const count = query.data?.total_count;
  useEffect(() => {
    if (count !== undefined) useCartCount.getState().setCount(count);
  }, [count]);
  return query;
}
