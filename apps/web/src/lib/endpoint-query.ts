import { endpointQueries, forgetSessionAnswers, type EndpointMutationOptions as MutationOptionsOf } from '@shop/client/query';
import type { AnyEndpoint } from '@shop/contract/common';
import { useQueryScope } from '@/lib/endpoint-key';
import { call, type CallOptions } from '@/lib/request';

export { endpointKey, endpointKeyPrefix, useCachedAnswer, useQueryScope, type QueryScope } from '@/lib/endpoint-key';
export { invalidateEndpoints } from '@shop/client/query';

/**
 * The app's binding of the shared endpoint layer (`@shop/client/query`) to its request client and
 * the member's scope: every query key starts with the endpoint's path, so a change names the
 * endpoints whose answers it makes stale, never a hand-written key.
 *
 *   features/<area>/api/get-profile.ts:  export const profileQuery = (scope) => endpointQuery(getProfile, undefined, scope)
 *   a mutation:                          endpointMutation(saveProfile, { invalidates: [getProfile] })
 */
export const { endpointQuery, endpointInfiniteQuery, endpointMutation, useEndpointQuery, useEndpointInfiniteQuery, useEndpointMutation } = endpointQueries<CallOptions>(
  call as (endpoint: AnyEndpoint, input?: unknown, options?: CallOptions) => Promise<unknown>,
  useQueryScope,
);

export type EndpointMutationOptions<E extends AnyEndpoint> = MutationOptionsOf<E, CallOptions>;

/** Forgets every answer that belonged to a member (logout, a closed account). */
export const forgetMemberAnswers = forgetSessionAnswers;
