import { getProfile } from '@shop/contract/account';
import { useEndpointQuery } from '@/lib/endpoint-query';
import { useSession } from '@/stores/session';

/** Whether the member has a pay password and an authenticator bound (the profile's cached answer): what the pay-password form asks for. */
export function useMemberSecurity() {
  const stored = useSession((s) => s.user);
  const token = useSession((s) => s.token);
  const fresh = useEndpointQuery(getProfile, undefined, { enabled: Boolean(token), staleTime: 10_000 }).data;
  const user = fresh ?? stored;
  return { googleBound: Boolean(user?.google_bound), hasPayPassword: Boolean(user?.has_pay_password) };
}
