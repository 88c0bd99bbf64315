import { countCartGoods, listCart } from '@shop/contract/cart';
import { createOrder, listOrders } from '@shop/contract/orders';
import { useEndpointMutation } from '@/lib/endpoint-query';

/** Places the order; the cart and the order list are read again. */
export const useCreateOrder = (idempotencyKey: string) => useEndpointMutation(createOrder, { call: { idempotencyKey }, invalidates: [listCart, countCartGoods, listOrders] });
