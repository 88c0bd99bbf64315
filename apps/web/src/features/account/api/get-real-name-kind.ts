import { getRealNameKind } from '@shop/contract/account';
import { useEndpointQuery, useQueryScope } from '@/lib/endpoint-query';

/** Which real-name form applies to the member: mainland or international. */
export function useRealNameKind() {
  const { token } = useQueryScope();
  return useEndpointQuery(getRealNameKind, undefined, { enabled: Boolean(token) });
}
