import { useQueryClient } from '@tanstack/react-query';
import { countCartGoods, listCart, removeFromCart, selectAllCartItems, updateCartItem, updateCartItems, type CartData } from '@shop/contract/cart';
import { endpointKey, invalidateEndpoints, useEndpointMutation, useQueryScope } from '@/lib/endpoint-query';

/** The cart a change answered replaces the shown one at once; a refused change reads it again. */
function useShowCart() {
  const client = useQueryClient();
  const scope = useQueryScope();
  return {
    show: (cart: CartData) => {
      client.setQueryData(endpointKey(countCartGoods, undefined, scope), { total: cart.total_count });
      client.setQueryData(endpointKey(listCart, undefined, scope), cart);
    },
    refresh: () => invalidateEndpoints(client, [listCart, countCartGoods]),
  };
}

const quietly = { call: { showLoading: false } } as const;

/** Sets one line's quantity and/or selection. */
export function useUpdateCartLine() {
  const { show } = useShowCart();
  return useEndpointMutation(updateCartItem, { ...quietly, onSuccess: show });
}

/** Sets quantities and/or selection of several lines at once. */
export function useUpdateCartLines() {
  const { show } = useShowCart();
  return useEndpointMutation(updateCartItems, { ...quietly, onSuccess: show });
}

/** Selects or clears every line. */
export function useSelectAllCartLines() {
  const { show } = useShowCart();
  return useEndpointMutation(selectAllCartItems, { ...quietly, onSuccess: show });
}

/** Removes lines from the cart. */
export const useRemoveCartLines = () => useEndpointMutation(removeFromCart, { invalidates: [listCart, countCartGoods] });

export { useShowCart };
