import { routeOf } from '../common/endpoint.js';
import type { countCartGoods } from './cart.endpoints.js';

/**
 * `countCartGoods` without its schemas: the tab bar's badge asks for it on the first screen, which
 * must not carry zod. Same method, path and auth (a test compares them with the endpoint).
 */
export const cartCountRoute = routeOf<typeof countCartGoods>({ method: 'GET', path: '/shop/cart/cartGoodsTotal', auth: 'member', area: 'cart' });
