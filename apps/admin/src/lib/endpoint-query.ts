import { endpointQueries, type EndpointCall, type EndpointMutationOptions } from '@shop/client/query';
import type { CallInput } from '@shop/client/call';
import type { QueryScope } from '@shop/client/keys';
import { normalizeLanguage, type AnyEndpoint, type EndpointData } from '@shop/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call, type CallOptions } from './request';
import { useRequestKeys } from './request-key';
import { useForgetEndedSession, useSession } from './session';

export { invalidateEndpoints } from '@shop/client/query';

/**
 * The operator's session and the console's language: a page re-renders, and reads again, when either
 * changes. A session that ended by itself keeps its scope while its operator signs in again over the
 * page (`sessionStore.resume`): the page's answers stay, and a form built from them is not reset.
 */
export function useQueryScope(): QueryScope {
  const { scope } = useSession();
  const { i18n } = useTranslation();
  return { lang: normalizeLanguage(i18n.language) ?? 'en-us', token: scope };
}

/**
 * The console's binding of the endpoint layer it shares with the member app (`@shop/client/query`):
 * every query key is `[endpoint.path, params, { lang, member }]` (the operator's session), and a
 * change names the endpoints whose answers it makes stale.
 *
 *   const journal = useEndpointQuery(journalRoute, { ...filters, ...paging }, { placeholderData: keepPreviousData });
 *   const save = useEndpointMutation(saveGoodsRoute, { invalidates: [goodsListRoute] });
 */
const endpoints = endpointQueries<CallOptions>(call as EndpointCall<CallOptions>, useQueryScope);
export const { useEndpointQuery } = endpoints;

/**
 * `useMutation` of one write, sent with one idempotency key per body (`useRequestKeys`) unless the
 * caller gives its own: a double click (or a retry after a lost answer) is one request, a body
 * corrected after a refusal a new one, and after a success the same body again a new one.
 */
export function useEndpointMutation<E extends AnyEndpoint>(endpoint: E, options: EndpointMutationOptions<E, CallOptions> = {}) {
  const keys = useRequestKeys();
  const mutation = endpoints.endpointMutation(useQueryClient(), endpoint, options);
  const result = useMutation({
    ...mutation,
    mutationFn: (input: CallInput<E>) => (call as EndpointCall<CallOptions>)(endpoint, input, { ...options.call, idempotencyKey: options.call?.idempotencyKey ?? keys.keyFor(input) }) as Promise<EndpointData<E>>,
    // Done: the same body sent again is a new request (a second identical message), not a repeat of this one.
    onSuccess: (...args: Parameters<NonNullable<typeof mutation.onSuccess>>) => {
      keys.renew();
      return mutation.onSuccess?.(...args);
    },
  });
  // "Please log in again" is stale once the operator has: the page shows no error until the next send.
  useForgetEndedSession(result.error, result.reset);
  return result;
}
