import { countCartGoods } from '@shop/contract/cart';
import { useEndpointQuery } from '@/lib/endpoint-query';
import { useSession } from '@/stores/session';

/** Units in the member's cart (the tab badge reads the same cached answer through `useCartBadgeCount`). */
export function useCartGoodsCount() {
  const token = useSession((s) => s.token);
  return useEndpointQuery(countCartGoods, undefined, { enabled: Boolean(token) });
}
