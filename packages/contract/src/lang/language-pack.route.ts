import { routeOf } from '../common/endpoint.js';
import type { getLanguagePack } from './lang.endpoints.js';

/**
 * `getLanguagePack` without its schemas: the pack is loaded before the first paint, which must not
 * carry zod. Same method, path and auth (a test compares them with the endpoint).
 */
export const languagePackRoute = routeOf<typeof getLanguagePack>({ method: 'GET', path: '/user/getLangBag', auth: 'optional', area: 'account' });
