import { getGoods } from '@shop/contract/catalogue';
import { getGroupBuyGoods, joinGroupBuy, listGroupBuyGroups, listOrders } from '@shop/contract/orders';
import { useEndpointMutation } from '@/lib/endpoint-query';

/** Opens a group or joins one with an order at the group price (one key per visit of the page); goods pages show what the group buy has left. */
export const useJoinGroupBuy = (idempotencyKey: string) => useEndpointMutation(joinGroupBuy, { call: { idempotencyKey }, invalidates: [getGroupBuyGoods, listGroupBuyGroups, listOrders, getGoods] });
