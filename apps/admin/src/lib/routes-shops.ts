import { routeOf } from '@shop/contract/common';
import type { adminAdjustShopStock, adminDecideShopOrder, adminListShopOrders, adminListShops, adminListShopStockChanges, adminSetShopSettings, adminSetShopStatus, adminShopDetail, adminShopOrderDetail, adminShopSettings } from '@shop/contract/admin';

// Member shops' console calls as the contract declares them (types checked against the entries), without their schemas.
const op = { auth: 'operator', area: 'admin' } as const;
const base = '/admin/api/shops';
export const shopsRoute = routeOf<typeof adminListShops>({ method: 'GET', path: `${base}/list`, ...op });
export const shopDetailRoute = routeOf<typeof adminShopDetail>({ method: 'GET', path: `${base}/info`, ...op });
export const shopOrdersRoute = routeOf<typeof adminListShopOrders>({ method: 'GET', path: `${base}/orders`, ...op });
export const shopOrderDetailRoute = routeOf<typeof adminShopOrderDetail>({ method: 'GET', path: `${base}/orderInfo`, ...op });
export const shopStockChangesRoute = routeOf<typeof adminListShopStockChanges>({ method: 'GET', path: `${base}/stockChanges`, ...op });
export const setShopStatusRoute = routeOf<typeof adminSetShopStatus>({ method: 'POST', path: `${base}/status`, ...op });
export const adjustShopStockRoute = routeOf<typeof adminAdjustShopStock>({ method: 'POST', path: `${base}/stock`, ...op });
export const decideShopOrderRoute = routeOf<typeof adminDecideShopOrder>({ method: 'POST', path: `${base}/orderAuth`, ...op });
export const shopSettingsRoute = routeOf<typeof adminShopSettings>({ method: 'GET', path: `${base}/settings`, ...op });
export const setShopSettingsRoute = routeOf<typeof adminSetShopSettings>({ method: 'POST', path: `${base}/settings`, ...op });
