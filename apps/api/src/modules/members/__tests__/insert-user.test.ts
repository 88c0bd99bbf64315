import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../../lib/transaction.js';
import { openTestDatabase } from '../../../test/test-database.js';
import type { Database } from '../../../db/database.js';
import { insertUser, insertUserWithFreshInviteCode } from '../members.queries.js';

let db: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await openTestDatabase(2));
  await insertUser(db, { user_name: 'holder', password_hash: 'x', email: 'holder@example.com', invite_code: 'TAKEN001' });
});
afterAll(() => close());

describe('a new member and its invitation code', () => {
  it('a taken code writes nothing and leaves the transaction usable for the next code', async () => {
    const created = await withTransaction(db, async (trx) => {
      const first = await insertUserWithFreshInviteCode(trx, { user_name: 'newbie', password_hash: 'x', email: 'newbie@example.com', invite_code: 'TAKEN001' });
      expect(first).toBeUndefined();
      return insertUserWithFreshInviteCode(trx, { user_name: 'newbie', password_hash: 'x', email: 'newbie@example.com', invite_code: 'FRESH002' });
    });
    expect(created).toMatchObject({ user_name: 'newbie', invite_code: 'FRESH002' });
    const holders = await db.selectFrom('users').select('user_name').where('invite_code', '=', 'TAKEN001').execute();
    expect(holders).toEqual([{ user_name: 'holder' }]);
  });

  it('another taken value is still refused by its own constraint', async () => {
    await expect(insertUserWithFreshInviteCode(db, { user_name: 'holder', password_hash: 'x', email: 'other@example.com', invite_code: 'FRESH003' })).rejects.toMatchObject({
      constraint: 'users_user_name_key',
    });
  });
});
