import { routeOf } from '../common/endpoint.js';
import type { getGoods } from './catalogue.endpoints.js';

/**
 * `getGoods` without its schemas: the app asks for it at start when it opens on a goods page, so
 * the page renders whole in its first render. Same method, path and auth (a test compares them
 * with the endpoint).
 */
export const goodsInfoRoute = routeOf<typeof getGoods>({ method: 'GET', path: '/shop/goods/info', auth: 'optional', area: 'catalogue' });
