import { routeOf } from '../common/endpoint.js';
import type { getHomeData } from './content.endpoints.js';

/**
 * `getHomeData` without its schemas: the app asks for it at start, alongside its language pack, to
 * fetch the home page's first banner (its largest paint) before the page's code has arrived. Same
 * method, path and auth (a test compares them with the endpoint).
 */
export const homeDataRoute = routeOf<typeof getHomeData>({ method: 'GET', path: '/attractive/page/indexApiData', auth: 'optional', area: 'content' });
