import { login, type SessionData } from '@shop/contract/account';
import type { EndpointBodyInput } from '@shop/contract/common';
import { call } from '@/lib/request';
import { useSession } from '@/stores/session';

/** Logs in and keeps the session (token and member) for the whole app. */
export async function loginMember(input: EndpointBodyInput<typeof login>): Promise<SessionData> {
  const session = await call(login, input);
  useSession.getState().signIn(session.token, session.user);
  return session;
}
