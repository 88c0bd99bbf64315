/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import {
  appPagePattern,
  NETWORK_WAIT_SECONDS,
  OFFLINE_CACHES,
  OFFLINE_MEDIA_MAX_AGE_SECONDS,
  OFFLINE_MEDIA_MAX_ENTRIES,
  OFFLINE_READ_PATHS,
  OFFLINE_READS_MAX_AGE_SECONDS,
  OFFLINE_READS_MAX_ENTRIES,
  SKIP_WAITING_MESSAGE,
} from '../src/config/offline';

/*
 * The app's service worker, scoped to /h5/ (docs/decisions/2026-11-24-installable-and-offline.md):
 * - the release's files are precached (the build lists them, with the document as the server wrote it);
 * - the document comes from the network first: the server writes the configuration and the policy's
 *   hashes into it; without a network, the release's own copy;
 * - public catalogue and content answers come from the network first and are kept for offline use,
 *   per language, region and login; pictures already seen are kept too; both with a size cap;
 * - nothing else is touched: member, money, order and payment answers go to the network and are never
 *   kept, and no write is ever answered or queued here.
 * A new release waits until the member chooses to reload (the page sends SKIP_WAITING).
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const DOCUMENT = 'index.html';

// The document first: a navigation to the app's page, whatever its query, is answered by the network, else by the release's copy.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        const answer = await Promise.race([
          fetch(request),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('network too slow')), NETWORK_WAIT_SECONDS * 1000)),
        ]);
        if (answer.ok) return answer;
        return (await matchPrecache(DOCUMENT)) ?? answer;
      } catch (e) {
        const kept = await matchPrecache(DOCUMENT);
        if (kept) return kept;
        throw e;
      }
    },
    { allowlist: [appPagePattern(new URL(self.registration.scope).pathname)] },
  ),
);

// After the document's route: a navigation to the scope never takes the precached copy first.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Only a successful envelope (`code: 200`) is kept: a refusal or an error is never shown again offline. */
const successfulEnvelopesOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200) return null;
    try {
      const body = (await response.clone().json()) as { code?: unknown };
      return body.code === 200 ? response : null;
    } catch {
      return null;
    }
  },
};

const hex = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer).slice(0, 12), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * One answer per language, region and login: the headers that change an answer join the address in
 * the cache's key. The login is kept as a digest, never the token itself.
 */
const keyedByCaller: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const url = new URL(request.url);
    const authorization = request.headers.get('Authorization') ?? '';
    url.searchParams.set('__lang', request.headers.get('think-lang') ?? request.headers.get('Accept-Language') ?? '');
    url.searchParams.set('__area', `${request.headers.get('Area') ?? ''}:${request.headers.get('Area-Name') ?? ''}`);
    url.searchParams.set('__login', authorization ? hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(authorization))) : '');
    return url.href;
  },
};

const readPaths = new Set(OFFLINE_READ_PATHS);
registerRoute(
  ({ request, url }) => request.method === 'GET' && readPaths.has(url.pathname),
  new NetworkFirst({
    cacheName: OFFLINE_CACHES.reads,
    networkTimeoutSeconds: NETWORK_WAIT_SECONDS,
    plugins: [
      keyedByCaller,
      successfulEnvelopesOnly,
      new ExpirationPlugin({ maxEntries: OFFLINE_READS_MAX_ENTRIES, maxAgeSeconds: OFFLINE_READS_MAX_AGE_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);

// Pictures of goods, banners and news (uploaded files and their resized copies), once seen. A
// member's private file (a signed address) is never kept here: it stays the browser's, for its hour.
registerRoute(
  ({ request, url }) => request.method === 'GET' && request.destination === 'image' && /^\/(media|uploads)\//.test(url.pathname) && !url.searchParams.has('sig'),
  new CacheFirst({
    cacheName: OFFLINE_CACHES.media,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: OFFLINE_MEDIA_MAX_ENTRIES, maxAgeSeconds: OFFLINE_MEDIA_MAX_AGE_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});
// The first release a browser installs takes the open page at once; later ones wait for the member.
clientsClaim();
