import type { AppDeps } from '../../app-deps.js';
import { findUserByUserName, insertUser } from '../members/members.queries.js';
import { hashPassword } from '../members/identity.js';

/** The demo member: log in as demo001 / Demo2026!, or register with the invitation code DEMO2026. */
export const DEMO_MEMBER = { user_name: 'demo001', password: 'Demo2026!', invite_code: 'DEMO2026', email: 'demo001@shop.local' } as const;

export async function seedDemoMember({ db }: AppDeps): Promise<void> {
  if (await findUserByUserName(db, DEMO_MEMBER.user_name)) return;
  await insertUser(db, {
    user_name: DEMO_MEMBER.user_name,
    nickname: 'Demo',
    email: DEMO_MEMBER.email,
    mobile_pre: '60',
    mobile: '123456789',
    country: 'MY',
    password_hash: await hashPassword(DEMO_MEMBER.password),
    invite_code: DEMO_MEMBER.invite_code,
  });
}
