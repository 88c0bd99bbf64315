import {
  infiniteQueryOptions,
  mutationOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { AnyEndpoint, EndpointData } from '@shop/contract/common';
import type { BaseCallOptions, CallInput } from './call.js';
import { endpointKey, endpointKeyPrefix, isSessionAnswer, type QueryScope } from './keys.js';

/**
 * The one way both apps read and write server state: every query key starts with the endpoint's
 * path (`keys.ts`), so a change names the endpoints whose answers it makes stale, never a
 * hand-written key. Each app binds the helpers to its request client and its scope once
 * (`apps/web/src/lib/endpoint-query.ts`, `apps/admin/src/lib/endpoint-query.ts`):
 *
 *   const profile = useEndpointQuery(getProfile, undefined);
 *   const save = useEndpointMutation(saveProfile, { invalidates: [getProfile] });
 */

/** An app's request client, as the helpers call it. */
export type EndpointCall<O extends BaseCallOptions> = (endpoint: AnyEndpoint, input?: unknown, options?: O) => Promise<unknown>;

export interface EndpointMutationOptions<E extends AnyEndpoint, O extends BaseCallOptions = BaseCallOptions> {
  /** The endpoints whose cached answers this change makes stale: read again once it succeeds. */
  invalidates?: readonly AnyEndpoint[];
  /** Options of the call (an idempotency key, `quiet`…). */
  call?: O;
  /** After success (and before the invalidated reads come back). */
  onSuccess?: (data: EndpointData<E>, input: CallInput<E>) => unknown;
  onError?: (error: Error, input: CallInput<E>) => unknown;
}

/** What a read's hook takes besides the endpoint and its params (`enabled`, `staleTime`, `placeholderData` …). */
export type EndpointQueryOptions<E extends AnyEndpoint, O extends BaseCallOptions> = Omit<UseQueryOptions<EndpointData<E>, Error, EndpointData<E>, QueryKey>, 'queryKey' | 'queryFn'> & { call?: O };

/** Invalidates every cached answer of the endpoints, whatever their params and scope. */
export const invalidateEndpoints = (client: QueryClient, endpoints: readonly AnyEndpoint[]) =>
  Promise.all(endpoints.map((e) => client.invalidateQueries({ queryKey: endpointKeyPrefix(e) })));

/** Forgets every answer that belonged to a session (signing out, a closed account). */
export const forgetSessionAnswers = (client: QueryClient) => client.removeQueries({ predicate: (q) => isSessionAnswer(q.queryKey) });

const defaultNextPage = (last: { page: number; has_more: boolean }) => (last.has_more ? last.page + 1 : undefined);

/** The helpers bound to an app's request client and the hook that gives the current scope. */
export function endpointQueries<O extends BaseCallOptions>(call: EndpointCall<O>, useScope: () => QueryScope) {
  /** Reads in the background: a failure shows no message of the client's (the page shows its own error state). */
  const readOptions = (options: O | undefined, signal: AbortSignal) => ({ quiet: true, signal, ...options }) as O;

  /** Query options of one read (GET or a POST that only reads): key from the path, the call from the contract. */
  function endpointQuery<E extends AnyEndpoint>(endpoint: E, params: CallInput<E>, scope: QueryScope, options?: O) {
    return queryOptions({
      queryKey: endpointKey(endpoint, params, scope),
      queryFn: ({ signal }) => call(endpoint, params, readOptions(options, signal)) as Promise<EndpointData<E>>,
    });
  }

  /** A paged read: the endpoint answers `{ page, has_more }` and takes `page`; the next page is asked for on demand. */
  function endpointInfiniteQuery<E extends AnyEndpoint>(
    endpoint: E,
    params: Omit<NonNullable<CallInput<E>>, 'page'>,
    scope: QueryScope,
    nextPage: (last: EndpointData<E>) => number | undefined = defaultNextPage as (last: EndpointData<E>) => number | undefined,
  ) {
    return infiniteQueryOptions({
      queryKey: endpointKey(endpoint, params, scope),
      queryFn: ({ pageParam, signal }) => call(endpoint, { ...params, page: pageParam }, readOptions(undefined, signal)) as Promise<EndpointData<E>>,
      initialPageParam: 1,
      getNextPageParam: nextPage,
    });
  }

  /** Mutation options of one write: the call from the contract, then the named endpoints are read again. */
  function endpointMutation<E extends AnyEndpoint>(client: QueryClient, endpoint: E, options: EndpointMutationOptions<E, O> = {}) {
    return mutationOptions<EndpointData<E>, Error, CallInput<E>>({
      mutationKey: endpointKeyPrefix(endpoint),
      mutationFn: (input) => call(endpoint, input, options.call) as Promise<EndpointData<E>>,
      onSuccess: async (data, input) => {
        await options.onSuccess?.(data, input);
        if (options.invalidates?.length) await invalidateEndpoints(client, options.invalidates);
      },
      onError: options.onError && ((error, input) => void options.onError!(error, input)),
    });
  }

  /** `useQuery(endpointQuery(…))` in the current scope; `enabled`, `staleTime` and the like pass through. */
  function useEndpointQuery<E extends AnyEndpoint>(endpoint: E, params: CallInput<E>, options: EndpointQueryOptions<E, O> = {}) {
    const { call: callOptions, ...query } = options;
    return useQuery({ ...endpointQuery(endpoint, params, useScope(), callOptions), ...query });
  }

  /** `useInfiniteQuery(endpointInfiniteQuery(…))` in the current scope. */
  function useEndpointInfiniteQuery<E extends AnyEndpoint>(
    endpoint: E,
    params: Omit<NonNullable<CallInput<E>>, 'page'>,
    options: { enabled?: boolean; nextPage?: (last: EndpointData<E>) => number | undefined } = {},
  ) {
    return useInfiniteQuery({ ...endpointInfiniteQuery(endpoint, params, useScope(), options.nextPage), enabled: options.enabled });
  }

  /** `useMutation(endpointMutation(…))` with the app's query client. */
  function useEndpointMutation<E extends AnyEndpoint>(endpoint: E, options: EndpointMutationOptions<E, O> = {}) {
    return useMutation(endpointMutation(useQueryClient(), endpoint, options));
  }

  return { endpointQuery, endpointInfiniteQuery, endpointMutation, useEndpointQuery, useEndpointInfiniteQuery, useEndpointMutation };
}
