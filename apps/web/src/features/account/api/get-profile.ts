import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getProfile } from '@shop/contract/account';
import { endpointQuery, useQueryScope, type QueryScope } from '@/lib/endpoint-query';
import { useSession } from '@/stores/session';

// The model of a feature's API file: one call of the contract, its query options from the shared
// helper (the key is the endpoint's path, then the params, the member and the language), and the
// hook pages use. Every type comes from the contract entry; nothing is retyped here.

export const profileQuery = (scope: QueryScope) => ({ ...endpointQuery(getProfile, undefined, scope), staleTime: 10_000 });

/** The logged-in member, fresh from the server; until it answers, the copy stored at login (spec §3). */
export function useProfile() {
  const scope = useQueryScope();
  const stored = useSession((s) => s.user);
  const query = useQuery({ ...profileQuery(scope), enabled: Boolean(scope.token), placeholderData: stored ?? undefined });
  const fresh = query.isPlaceholderData ? undefined : query.data;
  // The stored copy follows each fresh answer, for the next start.
  useEffect(() => {
    if (fresh && useSession.getState().token === scope.token) useSession.getState().setUser(fresh);
  }, [fresh, scope.token]);
  return query;
}
