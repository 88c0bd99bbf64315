import { routeOf } from '@shop/contract/common';
import type {
  adminAfterSaleDetail,
  adminAfterSaleSettings,
  adminSaveAfterSaleAddress,
  adminSaveAfterSaleCarrier,
  adminSaveAfterSaleReason,
  adminSetAfterSaleSettings,
  adminApproveAfterSale,
  adminCloseAfterSale,
  adminListAfterSales,
  adminReceiveAfterSale,
  adminRefundAfterSale,
  adminRefuseAfterSaleReceipt,
  adminRejectAfterSale,
  adminShipAfterSaleReplacement,
} from '@shop/contract/admin';

// The after-sales queue's calls as the contract declares them (types checked against the entries), without their schemas.
const op = { auth: 'operator', area: 'admin' } as const;
const base = '/admin/api/after-sales';
export const afterSalesRoute = routeOf<typeof adminListAfterSales>({ method: 'GET', path: `${base}/list`, ...op });
export const afterSaleDetailRoute = routeOf<typeof adminAfterSaleDetail>({ method: 'GET', path: `${base}/detail`, ...op });
export const approveAfterSaleRoute = routeOf<typeof adminApproveAfterSale>({ method: 'POST', path: `${base}/approve`, ...op });
export const rejectAfterSaleRoute = routeOf<typeof adminRejectAfterSale>({ method: 'POST', path: `${base}/reject`, ...op });
export const receiveAfterSaleRoute = routeOf<typeof adminReceiveAfterSale>({ method: 'POST', path: `${base}/receive`, ...op });
export const refuseAfterSaleReceiptRoute = routeOf<typeof adminRefuseAfterSaleReceipt>({ method: 'POST', path: `${base}/refuse-receipt`, ...op });
export const refundAfterSaleRoute = routeOf<typeof adminRefundAfterSale>({ method: 'POST', path: `${base}/refund`, ...op });
export const shipAfterSaleRoute = routeOf<typeof adminShipAfterSaleReplacement>({ method: 'POST', path: `${base}/ship`, ...op });
export const closeAfterSaleRoute = routeOf<typeof adminCloseAfterSale>({ method: 'POST', path: `${base}/close`, ...op });
export const afterSaleSettingsRoute = routeOf<typeof adminAfterSaleSettings>({ method: 'GET', path: `${base}/settings`, ...op });
export const setAfterSaleSettingsRoute = routeOf<typeof adminSetAfterSaleSettings>({ method: 'POST', path: `${base}/settings`, ...op });
export const saveAfterSaleAddressRoute = routeOf<typeof adminSaveAfterSaleAddress>({ method: 'POST', path: `${base}/addresses/save`, ...op });
export const saveAfterSaleCarrierRoute = routeOf<typeof adminSaveAfterSaleCarrier>({ method: 'POST', path: `${base}/carriers/save`, ...op });
export const saveAfterSaleReasonRoute = routeOf<typeof adminSaveAfterSaleReason>({ method: 'POST', path: `${base}/reasons/save`, ...op });
