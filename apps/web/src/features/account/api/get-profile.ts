import { queryOptions, useQuery } from '@tanstack/react-query';
import { getProfile } from '@shop/contract';
import { call } from '@/lib/request';
import { useSession } from '@/stores/session';

/** The member, fresh from the server; the session keeps the copy the rest of the app reads. */
export async function fetchProfile() {
  const user = await call(getProfile, undefined, { quiet: true });
  useSession.getState().setUser(user);
  return user;
}

export const profileQueryOptions = (token: string) => queryOptions({ queryKey: ['account', 'profile', token], queryFn: fetchProfile, staleTime: 10_000 });

export const useProfile = () => {
  const token = useSession((s) => s.token);
  return useQuery({ ...profileQueryOptions(token), enabled: Boolean(token) });
};
