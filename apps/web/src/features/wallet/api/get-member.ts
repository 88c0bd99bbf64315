import { getProfile } from '@shop/contract/account';
import { useEndpointQuery } from '@/lib/endpoint-query';
import { useSession } from '@/stores/session';

/**
 * What the wallet's forms need to know of the member: whether a pay password is set and an
 * authenticator bound, whether the real name is verified. The same read as the account's profile (one cached answer for both).
 */
export function useMemberSecurity() {
  const stored = useSession((s) => s.user);
  const token = useSession((s) => s.token);
  const fresh = useEndpointQuery(getProfile, undefined, { enabled: Boolean(token), staleTime: 10_000 }).data;
  const user = fresh ?? stored;
  // The real-name state only from the server's fresh answer: the stored one may be days old.
  return { googleBound: Boolean(user?.google_bound), hasPayPassword: Boolean(user?.has_pay_password), realNameStatus: fresh?.real_name_status };
}
