import { useCallback, useSyncExternalStore } from 'react';
import { endpointKey, type QueryScope } from '@shop/client/keys';
import type { AnyEndpoint, EndpointData } from '@shop/contract/common';
import { queryClient } from '@/lib/query-client';
import { useLanguage } from '@/stores/language';
import { useSession } from '@/stores/session';

// The app's scope of the shared keys (`@shop/client/keys`), apart from `endpoint-query.ts` so the
// first screen (the tab bar's badges) can read a cached answer without carrying the query machinery.

export { endpointKey, endpointKeyPrefix, type QueryScope } from '@shop/client/keys';

/** The scope of the current member and language; a component re-renders when either changes. */
export function useQueryScope(): QueryScope {
  const lang = useLanguage((s) => s.lang);
  const token = useSession((s) => s.token);
  return { lang, token };
}

/**
 * An endpoint's answer as cached by whichever page asked for it, without asking: a tab badge shows
 * what the page read last. Re-renders when that answer changes.
 */
export function useCachedAnswer<E extends AnyEndpoint>(endpoint: E, params: unknown, enabled = true): EndpointData<E> | undefined {
  const scope = useQueryScope();
  const key = endpointKey(endpoint, params, scope);
  const hash = JSON.stringify(key);
  const subscribe = useCallback((changed: () => void) => queryClient.getQueryCache().subscribe(changed), []);
  const read = useCallback(() => (enabled ? queryClient.getQueryData<EndpointData<E>>(key) : undefined), [hash, enabled]);
  return useSyncExternalStore(subscribe, read, read);
}
