import { endpoint } from '../common/endpoint.js';
import { exportOf } from '../common/list-sort.js';
import * as s from '../after-sales/after-sales.schemas.js';

// The console's after-sales calls (under /admin/api/after-sales/): the queue of cases and every decision on them.

/** Cases, oldest waiting first within a state, by state, kind, number or member. */
export const adminListAfterSales = endpoint({ method: 'GET', path: '/admin/api/after-sales/list', auth: 'operator', permission: 'aftersales.read', area: 'admin', query: s.adminAfterSaleListQuery, data: s.adminAfterSaleListData });
/** One case with its evidence, history and what the order may still refund. */
export const adminAfterSaleDetail = endpoint({ method: 'GET', path: '/admin/api/after-sales/detail', auth: 'operator', permission: 'aftersales.read', area: 'admin', query: s.adminAfterSaleIdQuery, data: s.adminAfterSaleDetailData });
/** Approves a case under review (a return with its refund, at most what its lines may refund): the member sends the goods back. */
export const adminApproveAfterSale = endpoint({ method: 'POST', path: '/admin/api/after-sales/approve', auth: 'operator', permission: 'aftersales.decide', area: 'admin', idempotent: true, body: s.adminAfterSaleApproveBody, data: s.adminAfterSaleChangedData });
/** Rejects a case under review with a reason the member reads. */
export const adminRejectAfterSale = endpoint({ method: 'POST', path: '/admin/api/after-sales/reject', auth: 'operator', permission: 'aftersales.decide', area: 'admin', idempotent: true, body: s.adminAfterSaleReasonBody, data: s.adminAfterSaleChangedData });
/** The goods sent back arrived; resellable ones go back on sale. */
export const adminReceiveAfterSale = endpoint({ method: 'POST', path: '/admin/api/after-sales/receive', auth: 'operator', permission: 'aftersales.decide', area: 'admin', idempotent: true, body: s.adminAfterSaleReceiveBody, data: s.adminAfterSaleChangedData });
/** The goods sent back are refused (not what was sold, damaged by the member …), with the reason. */
export const adminRefuseAfterSaleReceipt = endpoint({ method: 'POST', path: '/admin/api/after-sales/refuse-receipt', auth: 'operator', permission: 'aftersales.decide', area: 'admin', idempotent: true, body: s.adminAfterSaleReasonBody, data: s.adminAfterSaleChangedData });
/** Refunds a received return through the order's payment, once. */
export const adminRefundAfterSale = endpoint({ method: 'POST', path: '/admin/api/after-sales/refund', auth: 'operator', permission: 'refunds.decide', area: 'admin', idempotent: true, body: s.adminAfterSaleIdBody, data: s.adminAfterSaleChangedData });
/** Ships the replacement (or the repaired goods) of a received exchange or warranty case. */
export const adminShipAfterSaleReplacement = endpoint({ method: 'POST', path: '/admin/api/after-sales/ship', auth: 'operator', permission: 'aftersales.decide', area: 'admin', idempotent: true, body: s.adminAfterSaleShipBody, data: s.adminAfterSaleChangedData });
/** Closes an open case before its goods are received, with the reason. */
export const adminCloseAfterSale = endpoint({ method: 'POST', path: '/admin/api/after-sales/close', auth: 'operator', permission: 'aftersales.decide', area: 'admin', idempotent: true, body: s.adminAfterSaleReasonBody, data: s.adminAfterSaleChangedData });
/** The cases of the list's filters as a CSV file. */
export const adminExportAfterSales = exportOf(adminListAfterSales);
/** The windows, the exchange cap and the other days of after-sales, with the return addresses, service points and carriers. */
export const adminAfterSaleSettings = endpoint({ method: 'GET', path: '/admin/api/after-sales/settings', auth: 'operator', permission: 'aftersales.decide', area: 'admin', data: s.adminAfterSaleSettingsData });
/** Changes the windows, the exchange cap and the other days (recorded); refused (4020) when saved from a copy changed since. */
export const adminSetAfterSaleSettings = endpoint({ method: 'POST', path: '/admin/api/after-sales/settings', auth: 'operator', permission: 'settings.write', area: 'admin', idempotent: true, body: s.afterSaleSettingsBody, data: s.adminAfterSaleSettingsData });
/** Adds or changes a return address (one per country) or a service point (recorded). */
export const adminSaveAfterSaleAddress = endpoint({ method: 'POST', path: '/admin/api/after-sales/addresses/save', auth: 'operator', permission: 'settings.write', area: 'admin', idempotent: true, body: s.adminAfterSaleAddressBody, data: s.adminAfterSaleSettingsData });
/** Adds or changes a reason members may give for a kind, with its names per language (recorded). */
export const adminSaveAfterSaleReason = endpoint({ method: 'POST', path: '/admin/api/after-sales/reasons/save', auth: 'operator', permission: 'settings.write', area: 'admin', idempotent: true, body: s.adminSaveAfterSaleReasonBody, data: s.adminAfterSaleSettingsData });
/** Adds or changes a carrier goods may be sent back with (recorded). */
export const adminSaveAfterSaleCarrier = endpoint({ method: 'POST', path: '/admin/api/after-sales/carriers/save', auth: 'operator', permission: 'settings.write', area: 'admin', idempotent: true, body: s.adminAfterSaleCarrierBody, data: s.adminAfterSaleSettingsData });
