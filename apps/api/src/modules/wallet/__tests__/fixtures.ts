import { hashPassword } from '../../members/identity.js';
import type { TestApp } from '../../../test/build-test-app.js';
import { newMember } from '../../catalogue/__tests__/helpers.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';

export const PAY_PASSWORD = '246810';
let payHash: string | undefined;

/** A member ready to move money: approved real name (Mei Tan), a pay password, optionally some USD. */
export async function walletMember(t: TestApp, opts: { usd?: number; realName?: boolean; payPassword?: boolean } = {}) {
  const m = await newMember(t);
  const user = await t.db.selectFrom('users').select('user_name').where('id', '=', m.userId).executeTakeFirstOrThrow();
  if (opts.realName !== false) {
    await t.db
      .insertInto('certifications')
      .values({ user_id: m.userId, kind: 'international', country: 'MY', document_type: 'passport', document_number: `A${m.userId}0000`, surname: 'Tan', given_name: 'Mei', title: null, birthday: null, referral_code: null, status: 'approved', reason: null, reviewed_by: 'test', reviewed_at: new Date() })
      .execute();
  }
  if (opts.payPassword !== false) {
    payHash ??= await hashPassword(PAY_PASSWORD);
    await t.db.updateTable('users').set({ pay_password_hash: payHash }).where('id', '=', m.userId).execute();
  }
  if (opts.usd) await fund(t.db, m.userId, opts.usd, 'USD');
  let n = 0;
  /** Headers with a fresh Idempotency-Key. */
  const keyed = () => ({ ...m.headers, 'idempotency-key': `k-${m.userId}-${n++}-${Math.random().toString(36).slice(2)}` });
  return { ...m, userName: user.user_name, keyed };
}

/** A Maybank id (seeded bank list). */
export async function maybank(t: TestApp) {
  return (await t.db.selectFrom('banks').select('id').where('code', '=', 'MBBEMYKL').executeTakeFirstOrThrow()).id;
}
