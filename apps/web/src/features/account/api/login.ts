import type { login, SessionData } from '@shop/contract/account';
import type { EndpointBodyInput } from '@shop/contract/common';
import { call } from '@/lib/request';
import { useSession } from '@/stores/session';

/** Logs in and keeps the session (token and member) for the whole app. The call's definition (and zod) loads at the first try: the login page is a first screen. */
export async function loginMember(input: EndpointBodyInput<typeof login>): Promise<SessionData> {
  const { login: loginCall } = await import('@shop/contract/account');
  const session = await call(loginCall, input);
  useSession.getState().signIn(session.token, session.user);
  return session;
}
