import type { Permission } from '@shop/contract/common';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';
import { meRoute } from '../lib/routes';
import { useSession } from '../lib/session';

/** The signed-in operator (name, role, permissions), asked once per session. */
export function useOperator() {
  const { token } = useSession();
  return useQuery({ queryKey: ['admin', 'me', token], queryFn: () => api(meRoute), enabled: token !== null, staleTime: 5 * 60_000 });
}

/** Whether the signed-in operator's role grants `permission`. */
export function useCan(): (permission: Permission) => boolean {
  const me = useOperator();
  return (p) => me.data?.permissions.includes(p) ?? false;
}
