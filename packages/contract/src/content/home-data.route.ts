import { routeOf } from '../common/endpoint.js';
import type { getHomeData } from './content.endpoints.js';

/**
 * `getHomeData` without its schemas: the app asks for it at start, alongside its language pack, to
 * fetch the home page's first banner (its largest paint) before the page's code has arrived. Same
 * method, path and auth (a test compares them with the endpoint).
 */
export const homeDataRoute = routeOf<typeof getHomeData>({ method: 'GET', path: '/attractive/page/indexApiData', auth: 'optional', area: 'content' });

/**
 * The `<meta>` of the app's document naming the picture of the home page's first banner as the shop
 * knows it when it sends the document: the early script starts that picture at once, beside the home
 * data instead of after it (the data still decides what the page shows).
 */
export const HOME_PICTURE_META = 'shop-home-picture';
