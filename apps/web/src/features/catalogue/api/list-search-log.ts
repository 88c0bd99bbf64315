import { listSearchLog } from '@shop/contract/catalogue';
import { useEndpointQuery, useQueryScope } from '@/lib/endpoint-query';

/** The member's recent searches. */
export function useSearchLog() {
  const { token } = useQueryScope();
  return useEndpointQuery(listSearchLog, undefined, { enabled: Boolean(token), staleTime: 0 });
}
