import { countCartGoods, listCart } from '@shop/contract/cart';
import { getGoods } from '@shop/contract/catalogue';
import { createOrder, listOrders } from '@shop/contract/orders';
import { useEndpointMutation } from '@/lib/endpoint-query';

/** Places the order; the cart, the order list and goods pages (their stock) are read again. */
export const useCreateOrder = (idempotencyKey: string) => useEndpointMutation(createOrder, { call: { idempotencyKey }, invalidates: [listCart, countCartGoods, listOrders, getGoods] });
