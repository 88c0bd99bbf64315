import { addToCart, countCartGoods, listCart } from '@shop/contract/cart';
import { useEndpointMutation } from '@/lib/endpoint-query';

/** Puts an SKU in the member's cart; the cart and its badge are read again. */
export const useAddToCart = () => useEndpointMutation(addToCart, { invalidates: [listCart, countCartGoods] });
