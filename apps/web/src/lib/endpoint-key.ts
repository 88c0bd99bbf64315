import { useCallback, useSyncExternalStore } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { AnyEndpoint, EndpointData, Language } from '@shop/contract/common';
import { queryClient } from '@/lib/query-client';
import { useLanguage } from '@/stores/language';
import { useSession } from '@/stores/session';

// The keys of `endpoint-query.ts`, apart so the first screen (the tab bar's badges) can read a
// cached answer without carrying the query and mutation machinery.

/**
 * Whose answer and in which language: the last part of every key, so one member never sees
 * another's answer and a language switch never shows the old language's texts. Calls sent without
 * a token (`auth: 'none'`) are the same for everyone and leave the member out.
 */
export interface QueryScope {
  lang: Language;
  token: string;
}

/** The scope of the current member and language; a component re-renders when either changes. */
export function useQueryScope(): QueryScope {
  const lang = useLanguage((s) => s.lang);
  const token = useSession((s) => s.token);
  return { lang, token };
}

/** The scope as a key part: the member only for calls that carry the token. */
const scopeKey = (endpoint: AnyEndpoint, scope: QueryScope) => (endpoint.auth === 'none' ? { lang: scope.lang } : { lang: scope.lang, member: scope.token });

/** `[path, params, scope]`: the key of one endpoint's answer. */
export const endpointKey = (endpoint: AnyEndpoint, params: unknown, scope: QueryScope): QueryKey => [endpoint.path, params ?? null, scopeKey(endpoint, scope)];

/** Every cached answer of an endpoint, whatever the params: what `invalidates` and `removeQueries` match. */
export const endpointKeyPrefix = (endpoint: AnyEndpoint): QueryKey => [endpoint.path];

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
