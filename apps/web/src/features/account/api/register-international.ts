import { registerInternational, type SessionData } from '@shop/contract/account';
import type { EndpointBodyInput } from '@shop/contract/common';
import { call } from '@/lib/request';
import { useSession } from '@/stores/session';

/** Registers with a country other than China (its phone number required) and logs the new member in. */
export async function registerInternationalMember(input: EndpointBodyInput<typeof registerInternational>): Promise<SessionData> {
  const session = await call(registerInternational, input, { showsFailureItself: true });
  useSession.getState().signIn(session.token, session.user);
  return session;
}
