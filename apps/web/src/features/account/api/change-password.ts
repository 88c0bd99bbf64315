import { changePassword } from '@shop/contract';
import { call } from '@/lib/request';
import { useSession } from '@/stores/session';

/** Changes the password; the server ends every session, so the app forgets its own. */
export async function changeMemberPassword(input: { old_password: string; password: string; password_confirm: string; google_code?: string }) {
  await call(changePassword, input);
  useSession.getState().clear();
}
