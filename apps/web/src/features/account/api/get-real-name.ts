import { getRealName } from '@shop/contract/account';
import { useEndpointQuery, useQueryScope } from '@/lib/endpoint-query';

/** The member's last real-name request and its review. */
export function useRealName() {
  const { token } = useQueryScope();
  return useEndpointQuery(getRealName, {}, { enabled: Boolean(token) });
}
