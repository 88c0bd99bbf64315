import {
  applyForOrderAfterSale,
  submitOrderAfterSale,
} from '@shop/contract/orders';
import {
  cancelAfterSale,
  confirmAfterSaleReceipt,
  estimateAfterSaleRefund,
  getAfterSale,
  listAfterSaleCarriers,
  listAfterSales,
  listExchangeGoods,
  saveAfterSaleShipment,
  submitAfterSale,
  trackAfterSaleShipment,
} from '@shop/contract/after-sales';
import { getOrder, listOrders } from '@shop/contract/orders';
import { getMemberShopOrder, listMemberShopOrders } from '@shop/contract/user-shop';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpointInfiniteQuery, useEndpointMutation, useEndpointQuery } from '@/lib/endpoint-query';

const caseReads = [listAfterSales, getAfterSale, trackAfterSaleShipment, getOrder, listOrders, getMemberShopOrder, listMemberShopOrders] as const;

/** What may be asked for an order now (it writes nothing; read fresh each time the page opens). */
export const useApplyInfo = () => useEndpointMutation(applyForOrderAfterSale);
/**
 * What returning these units (`<line>:<units>,…`) would refund, surcharge and freight included, as the
 * refund will make it; the last answer stays shown while the next is read.
 */
export const useRefundEstimate = (order: { order_id: number } | { shop_order_id: number }, lines: string, enabled: boolean) =>
  useEndpointQuery(estimateAfterSaleRefund, { ...order, lines }, { enabled: enabled && lines !== '', staleTime: 0, placeholderData: keepPreviousData });
/** Opens a case; the member's cases are read again. */
export const useSubmitCase = (idempotencyKey: string) => useEndpointMutation(submitOrderAfterSale, { call: { idempotencyKey }, invalidates: caseReads });
/** The member's cases, page by page: all of them, or those of one order or shop order. */
export const useCases = (view: 'all' | 'open' | 'done', of: { order_id?: number; shop_order_id?: number } = {}) => useEndpointInfiniteQuery(listAfterSales, { view, limit: 10, ...of });
/** One case with its history. */
export const useCase = (id: number) => useEndpointQuery(getAfterSale, { id }, { enabled: id > 0, staleTime: 0 });
/** Carriers the goods may go back with. */
export const useCarriers = (enabled: boolean) => useEndpointQuery(listAfterSaleCarriers, undefined, { enabled, staleTime: 60_000 });
/** Where the goods of a case are. */
export const useCaseTracking = (caseId: number, leg: 'return' | 'replacement', enabled: boolean) => useEndpointQuery(trackAfterSaleShipment, { case_id: caseId, leg }, { enabled: enabled && caseId > 0, staleTime: 0 });
export const useCancelCase = () => useEndpointMutation(cancelAfterSale, { invalidates: caseReads });
export const useSaveShipment = () => useEndpointMutation(saveAfterSaleShipment, { invalidates: caseReads });
export const useConfirmReplacement = () => useEndpointMutation(confirmAfterSaleReceipt, { invalidates: caseReads });
/** Sends a rejected case again with the member's reason, words and evidence; the member's cases are read again. */
export const useResubmitCase = (idempotencyKey: string) => useEndpointMutation(submitAfterSale, { call: { idempotencyKey }, invalidates: caseReads });
/** SKUs a line may be exchanged to, and the exchanges left. */
export const useExchangeTargets = (lineId: number, enabled: boolean, shop = false) => useEndpointQuery(listExchangeGoods, shop ? { shop_order_line_id: lineId } : { order_line_id: lineId }, { enabled });
