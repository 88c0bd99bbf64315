import { useQuery } from '@tanstack/react-query';
import { getCancellation } from '@shop/contract/account';
import { endpointQuery, useQueryScope, type QueryScope } from '@/lib/endpoint-query';

export const cancellationQuery = (scope: QueryScope) => ({ ...endpointQuery(getCancellation, undefined, scope), staleTime: 0 });

/** The member's request to close the account, if any, and where its review stands. */
export function useCancellation() {
  const scope = useQueryScope();
  return useQuery({ ...cancellationQuery(scope), enabled: Boolean(scope.token) });
}
