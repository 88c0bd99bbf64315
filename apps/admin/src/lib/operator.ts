import type { Permission } from '@shop/contract/common';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpointQuery } from './endpoint-query';
import { meRoute } from './routes';
import { useSession } from './session';

/** The signed-in operator (name, role, permissions), asked once per session (a language switch keeps the shell on screen while it is asked again). */
export function useOperator() {
  const { token } = useSession();
  return useEndpointQuery(meRoute, undefined, { enabled: token !== null, staleTime: 5 * 60_000, placeholderData: keepPreviousData });
}

/** Whether the signed-in operator's role grants `permission`. */
export function useCan(): (permission: Permission) => boolean {
  const me = useOperator();
  return (p) => me.data?.permissions.includes(p) ?? false;
}
