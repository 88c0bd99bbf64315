import { useEffect } from 'react';
import { countCartGoods } from '@shop/contract/cart';
import { useEndpointQuery } from '@/lib/endpoint-query';
import { useCartCount } from '@/stores/app-flags';
import { useSession } from '@/stores/session';

/** Units in the member's cart, written to the tab badge. */
export function useCartBadge() {
  const token = useSession((s) => s.token);
  const query = useEndpointQuery(countCartGoods, undefined, { enabled: Boolean(token) });
  const total = query.data?.total;
  useEffect(() => {
    if (total !== undefined) useCartCount.getState().setCount(total);
  }, [total]);
  return query;
}
