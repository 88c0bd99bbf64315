import { infiniteQueryOptions, mutationOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AnyEndpoint, EndpointData } from '@shop/contract/common';
import { endpointKey, endpointKeyPrefix, useQueryScope, type QueryScope } from '@/lib/endpoint-key';
import { call, type CallInput, type CallOptions } from '@/lib/request';

export { endpointKey, endpointKeyPrefix, useCachedAnswer, useQueryScope, type QueryScope } from '@/lib/endpoint-key';

/**
 * The one way the app reads and writes server state: every query key starts with the endpoint's
 * path, so a change names the endpoints whose answers it makes stale, never a hand-written key.
 *
 *   features/<area>/api/get-profile.ts:  export const profileQuery = (scope) => endpointQuery(getProfile, undefined, scope)
 *   a mutation:                          endpointMutation(saveProfile, { invalidates: [getProfile] })
 */

/** Reads in the background: a failure shows no toast (the page shows its own error state). */
const readOptions = (options: CallOptions | undefined, signal: AbortSignal): CallOptions => ({ quiet: true, signal, ...options });

/** Query options of one read (GET or a POST that only reads): key from the path, the call from the contract. */
export function endpointQuery<E extends AnyEndpoint>(endpoint: E, params: CallInput<E>, scope: QueryScope, options?: CallOptions) {
  return queryOptions({
    queryKey: endpointKey(endpoint, params, scope),
    queryFn: ({ signal }) => (call as CallAny)(endpoint, params, readOptions(options, signal)) as Promise<EndpointData<E>>,
  });
}

/** A paged read: the endpoint answers `{ page, has_more }` and takes `page`; the next page is asked for on demand. */
export function endpointInfiniteQuery<E extends AnyEndpoint>(
  endpoint: E,
  params: Omit<NonNullable<CallInput<E>>, 'page'>,
  scope: QueryScope,
  nextPage: (last: EndpointData<E>) => number | undefined = defaultNextPage as (last: EndpointData<E>) => number | undefined,
) {
  return infiniteQueryOptions({
    queryKey: endpointKey(endpoint, params, scope),
    queryFn: ({ pageParam, signal }) => (call as CallAny)(endpoint, { ...params, page: pageParam }, readOptions(undefined, signal)) as Promise<EndpointData<E>>,
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

const defaultNextPage = (last: { page: number; has_more: boolean }) => (last.has_more ? last.page + 1 : undefined);

export interface EndpointMutationOptions<E extends AnyEndpoint> {
  /** The endpoints whose cached answers this change makes stale: read again once it succeeds. */
  invalidates?: readonly AnyEndpoint[];
  /** Options of the call (an idempotency key, `quiet`…). */
  call?: CallOptions;
  /** After success (and before the invalidated reads come back). */
  onSuccess?: (data: EndpointData<E>, input: CallInput<E>) => unknown;
}

/** Invalidates every cached answer of the endpoints, whatever their params and scope. */
export const invalidateEndpoints = (client: QueryClient, endpoints: readonly AnyEndpoint[]) =>
  Promise.all(endpoints.map((e) => client.invalidateQueries({ queryKey: endpointKeyPrefix(e) })));

/** Forgets every answer that belonged to a member (logout, a closed account). */
export const forgetMemberAnswers = (client: QueryClient) =>
  client.removeQueries({ predicate: (q) => typeof q.queryKey[2] === 'object' && q.queryKey[2] !== null && Boolean((q.queryKey[2] as { member?: string }).member) });

/** Mutation options of one write: the call from the contract, then the named endpoints are read again. */
export function endpointMutation<E extends AnyEndpoint>(client: QueryClient, endpoint: E, options: EndpointMutationOptions<E> = {}) {
  return mutationOptions<EndpointData<E>, Error, CallInput<E>>({
    mutationKey: endpointKeyPrefix(endpoint),
    mutationFn: (input) => (call as CallAny)(endpoint, input, options.call) as Promise<EndpointData<E>>,
    onSuccess: async (data, input) => {
      await options.onSuccess?.(data, input);
      if (options.invalidates?.length) await invalidateEndpoints(client, options.invalidates);
    },
  });
}

/** `useQuery(endpointQuery(…))` in the current scope; `enabled` and the like pass through. */
export function useEndpointQuery<E extends AnyEndpoint>(endpoint: E, params: CallInput<E>, options: { enabled?: boolean; staleTime?: number; retry?: boolean; call?: CallOptions } = {}) {
  const { call: callOptions, ...query } = options;
  return useQuery({ ...endpointQuery(endpoint, params, useQueryScope(), callOptions), ...query });
}

/** `useInfiniteQuery(endpointInfiniteQuery(…))` in the current scope. */
export function useEndpointInfiniteQuery<E extends AnyEndpoint>(
  endpoint: E,
  params: Omit<NonNullable<CallInput<E>>, 'page'>,
  options: { enabled?: boolean; nextPage?: (last: EndpointData<E>) => number | undefined } = {},
) {
  return useInfiniteQuery({ ...endpointInfiniteQuery(endpoint, params, useQueryScope(), options.nextPage), enabled: options.enabled });
}

/** `useMutation(endpointMutation(…))` with the app's query client. */
export function useEndpointMutation<E extends AnyEndpoint>(endpoint: E, options: EndpointMutationOptions<E> = {}) {
  return useMutation(endpointMutation(useQueryClient(), endpoint, options));
}

// `call`'s rest arguments depend on whether the input is optional; the helpers pass it through as given.
type CallAny = (endpoint: AnyEndpoint, input?: unknown, options?: CallOptions) => Promise<unknown>;
