import { countCartGoods } from '@shop/contract/cart';
import { getGoods } from '@shop/contract/catalogue';
import { getOrder, listOrders, cancelOrder, confirmOrderReceipt, remindOrderShipment, getOrderTracking, listOrderPackages } from '@shop/contract/orders';
import { useEndpointMutation } from '@/lib/endpoint-query';

const orderReads = [listOrders, getOrder, listOrderPackages, getOrderTracking, countCartGoods] as const;

/** Cancels an unpaid order (a paid, unshipped one goes to refunding); its goods are back on sale, so goods pages are read again. */
export const useCancelOrder = () => useEndpointMutation(cancelOrder, { invalidates: [...orderReads, getGoods] });
/** Confirms receipt of a shipped order. */
export const useConfirmReceipt = () => useEndpointMutation(confirmOrderReceipt, { invalidates: orderReads });
/** Asks the shop to ship a paid order. */
export const useRemindShipment = () => useEndpointMutation(remindOrderShipment, { invalidates: [getOrder] });
