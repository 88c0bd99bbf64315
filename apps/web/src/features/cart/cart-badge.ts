import { useEffect } from 'react';
import { cartCountRoute } from '@shop/contract/cart';
import { endpointKey, useCachedAnswer, useQueryScope } from '@/lib/endpoint-key';
import { queryClient } from '@/lib/query-client';
import { call } from '@/lib/request';

/**
 * Units in the member's cart, for the tab bar's badge: the cached `cartGoodsTotal` answer, asked for
 * once per member and language when nothing has cached it yet; the cart's pages and changes keep it
 * in step. Schema-free (`cartCountRoute`), so the first screen carries neither zod nor the query machinery.
 */
export function useCartBadgeCount(): number {
  const scope = useQueryScope();
  const signedIn = Boolean(scope.token);
  const answer = useCachedAnswer(cartCountRoute, undefined, signedIn);
  const missing = signedIn && answer === undefined;
  useEffect(() => {
    if (!missing) return;
    let live = true;
    call(cartCountRoute, undefined, { quiet: true })
      .then((data) => live && queryClient.setQueryData(endpointKey(cartCountRoute, undefined, scope), data))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [missing, scope.token, scope.lang]);
  return answer?.total ?? 0;
}
