import { register, type SessionData } from '@shop/contract/account';
import type { EndpointBodyInput } from '@shop/contract/common';
import { call } from '@/lib/request';
import { useSession } from '@/stores/session';

/** Registers (mainland form) and logs the new member in; the page shows a refusal itself (spec §8). */
export async function registerMember(input: EndpointBodyInput<typeof register>): Promise<SessionData> {
  const session = await call(register, input, { showsFailureItself: true });
  useSession.getState().signIn(session.token, session.user);
  return session;
}
