import { randomBytes } from 'node:crypto';
import type { TestApp } from '../../../test/build-test-app.js';
import { insertSession, insertUser } from '../../members/members.queries.js';

let n = 0;

/** A member with a live session, made through the members queries (registration has tests of its own). */
export async function newMember(t: TestApp): Promise<{ id: number; token: string }> {
  const tag = `${Date.now().toString(36)}${++n}`;
  const user = await insertUser(t.db, { user_name: `addr${tag}`.slice(0, 20), password_hash: 'not-used-by-these-tests', email: `addr${tag}@example.com` });
  const token = randomBytes(24).toString('hex');
  await insertSession(t.db, { userId: user.id, token, expiresAt: new Date(Date.now() + 86_400_000) });
  return { id: user.id, token };
}

/** A valid Malaysian address; `overrides` change or add fields. */
export const malaysianAddress = (overrides: Record<string, unknown> = {}) => ({
  country: 'MY',
  name: 'Aisyah',
  surname: 'Rahman',
  mobile: '012-345 6789',
  address: 'Jalan Ampang 12',
  zip_code: '50450',
  ...overrides,
});
