import { login, type SessionData } from '@shop/contract';
import { call } from '@/lib/request';
import { useSession } from '@/stores/session';

/** Logs in and keeps the session (token and member) for the whole app. */
export async function loginMember(input: { account: string; password: string; captcha_token?: string }): Promise<SessionData> {
  const session = await call(login, input);
  useSession.getState().signIn(session.token, session.user);
  return session;
}
