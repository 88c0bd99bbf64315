import { endpointQueries, type EndpointCall } from '@shop/client/query';
import type { QueryScope } from '@shop/client/keys';
import { normalizeLanguage } from '@shop/contract/common';
import { useTranslation } from 'react-i18next';
import { call, type CallOptions } from './request';
import { useSession } from './session';

export { invalidateEndpoints } from '@shop/client/query';

/** The operator's session and the console's language: a page re-renders, and reads again, when either changes. */
export function useQueryScope(): QueryScope {
  const { token } = useSession();
  const { i18n } = useTranslation();
  return { lang: normalizeLanguage(i18n.language) ?? 'en-us', token: token ?? '' };
}

/**
 * The console's binding of the endpoint layer it shares with the member app (`@shop/client/query`):
 * every query key is `[endpoint.path, params, { lang, member }]` (the operator's session), and a
 * change names the endpoints whose answers it makes stale.
 *
 *   const journal = useEndpointQuery(journalRoute, { ...filters, ...paging }, { placeholderData: keepPreviousData });
 *   const save = useEndpointMutation(saveGoodsRoute, { invalidates: [goodsListRoute] });
 */
export const { useEndpointQuery, useEndpointMutation } = endpointQueries<CallOptions>(call as EndpointCall<CallOptions>, useQueryScope);
