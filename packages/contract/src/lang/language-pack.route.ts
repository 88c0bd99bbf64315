import { routeOf } from '../common/endpoint.js';
import type { getLanguagePack } from './lang.endpoints.js';

/**
 * `getLanguagePack` without its schemas: the pack is loaded before the first paint, which must not
 * carry zod. Same method, path and auth (a test compares them with the endpoint).
 */
export const languagePackRoute = routeOf<typeof getLanguagePack>({ method: 'GET', path: '/user/getLangBag', auth: 'optional', area: 'account' });

/**
 * The first segments of the keys a first visit's first screens (home, goods, sign-in) need: the
 * pack's `first` part. The `rest` part is every other key; the app asks for it right after its first
 * paint, and its other pages wait for it.
 */
export const FIRST_PART_PREFIXES: readonly string[] = ['app', 'account', 'catalogue', 'code', 'validation', 'field', 'request'];

/** Whether `key` belongs to the pack's `first` part. */
export const inFirstPart = (key: string): boolean => FIRST_PART_PREFIXES.includes(key.split('.', 1)[0]!);
