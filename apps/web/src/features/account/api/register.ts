import { register, registerInternational, type RegisterBody, type SessionData } from '@shop/contract';
import { call } from '@/lib/request';
import { useSession } from '@/stores/session';

/** Registers (international form when a country other than China is chosen) and logs the new member in. */
export async function registerMember(input: RegisterBody & { country?: string }): Promise<SessionData> {
  const session = input.country && input.country !== 'CN' && input.mobile
    ? await call(registerInternational, { ...input, country: input.country, mobile_pre: input.mobile_pre!, mobile: input.mobile })
    : await call(register, input);
  useSession.getState().signIn(session.token, session.user);
  return session;
}
