import {
  addToMemberShopCart,
  approveMyShopOrder,
  changeMyShopOrderState,
  confirmMemberShopOrder,
  countMemberShopCartGoods,
  countMyShopUnapprovedOrders,
  createMemberShopOrder,
  editMyShop,
  getMemberShopOrder,
  getMyShop,
  getMyShopGoods,
  getMyShopOrder,
  getMyShopTotals,
  getShopSettingsPage,
  listMemberShopCart,
  listMemberShopOrders,
  listMyShopGoods,
  listMyShopGoodsChoices,
  listMyShopOrders,
  listMyShopRestockOrders,
  listMyShopSales,
  recordMyShopSale,
  removeFromMemberShopCart,
  restockMyShop,
  setMyShopGoods,
  updateMemberShopCartItem,
} from '@shop/contract/user-shop';
import { listAddresses } from '@shop/contract/address';
import { useEndpointInfiniteQuery, useEndpointMutation, useEndpointQuery } from '@/lib/endpoint-query';

// Member shops: the owner's shop, goods, orders and slips; the buyer's shop cart and shop orders.

const shopReads = [getShopSettingsPage, getMyShop, getMyShopTotals, listMyShopGoods, getMyShopGoods, listMyShopGoodsChoices] as const;
const orderReads = [listMyShopOrders, getMyShopOrder, countMyShopUnapprovedOrders, getMyShopTotals, listMemberShopOrders, getMemberShopOrder, listMyShopGoods, getMyShopGoods] as const;
const cartReads = [listMemberShopCart, countMemberShopCartGoods] as const;

export const useShopSettingsPage = () => useEndpointQuery(getShopSettingsPage, undefined, { staleTime: 0 });
/** The member's own shop (no id) or another shop's public profile. */
export const useShop = (shopId?: number) => useEndpointQuery(getMyShop, shopId ? { shop_id: shopId } : {}, { staleTime: 0 });
export const useEditShop = () => useEndpointMutation(editMyShop, { invalidates: shopReads });
export const useShopTotals = () => useEndpointQuery(getMyShopTotals, undefined, { staleTime: 0 });
export const useUnapprovedCount = (enabled = true) => useEndpointQuery(countMyShopUnapprovedOrders, undefined, { enabled, staleTime: 0 });
/** A shop's goods, page by page: the owner's own (no id) or what a shop offers. */
export const useShopGoods = (shopId?: number) => useEndpointInfiniteQuery(listMyShopGoods, { ...(shopId ? { shop_id: shopId } : {}), limit: 20 });
export const useShopGoodsInfo = (id: number) => useEndpointQuery(getMyShopGoods, { id }, { enabled: id > 0, staleTime: 0 });
export const useGoodsChoices = (q: string) => useEndpointInfiniteQuery(listMyShopGoodsChoices, { ...(q ? { q } : {}), limit: 20 });
export const useSetShopGoods = () => useEndpointMutation(setMyShopGoods, { invalidates: shopReads });
export const useShopOrders = (view: 'all' | 'awaiting_audit' | 'to_ship' | 'shipped' | 'done' | 'rejected') => useEndpointInfiniteQuery(listMyShopOrders, { view, limit: 10 });
/** One order of the owner's shop, with where it goes (the buyer's address, or pickup) and its history; read only when asked (`refetch`) unless `enabled`. */
export const useShopOrderInfo = (id: number, enabled = true) => useEndpointQuery(getMyShopOrder, { id }, { enabled: enabled && id > 0, staleTime: 0 });
export const useAuditOrder = (idempotencyKey: string) => useEndpointMutation(approveMyShopOrder, { call: { idempotencyKey }, invalidates: orderReads });
export const useChangeOrderState = (idempotencyKey: string) => useEndpointMutation(changeMyShopOrderState, { call: { idempotencyKey }, invalidates: orderReads });
export const useSlips = () => useEndpointInfiniteQuery(listMyShopSales, { limit: 10 });
export const useRecordSlip = (idempotencyKey: string) => useEndpointMutation(recordMyShopSale, { call: { idempotencyKey }, invalidates: [listMyShopSales, getMyShopTotals, listMyShopGoods, getMyShopGoods] });
export const useShopCart = (shopId?: number) => useEndpointQuery(listMemberShopCart, shopId ? { shop_id: shopId } : {}, { staleTime: 0 });
export const useAddToShopCart = () => useEndpointMutation(addToMemberShopCart, { invalidates: cartReads });
export const useUpdateShopCartLine = () => useEndpointMutation(updateMemberShopCartItem, { invalidates: cartReads });
export const useRemoveShopCartLines = () => useEndpointMutation(removeFromMemberShopCart, { invalidates: cartReads });
export const useCreateShopOrder = (idempotencyKey: string) => useEndpointMutation(createMemberShopOrder, { call: { idempotencyKey }, invalidates: [...cartReads, listMemberShopOrders] });
export const useBuyerOrders = (view: 'all' | 'awaiting_payment' | 'awaiting_audit' | 'in_progress' | 'completed' | 'rejected') => useEndpointInfiniteQuery(listMemberShopOrders, { view, limit: 10 });
export const useConfirmShopOrder = (idempotencyKey: string) => useEndpointMutation(confirmMemberShopOrder, { call: { idempotencyKey }, invalidates: orderReads });

/** The member's addresses (the checkout ships to the default one unless the goods are picked up). */
export const useShippingAddresses = () => useEndpointQuery(listAddresses, undefined, { staleTime: 0 });

/** The owner's own received regular orders a restock would still take (not booked, units outside after-sales). */
export const useRestockableOrders = () => useEndpointInfiniteQuery(listMyShopRestockOrders, { limit: 20 });
export const useRestock = (idempotencyKey: string) => useEndpointMutation(restockMyShop, { call: { idempotencyKey }, invalidates: [...shopReads, listMyShopRestockOrders] });
