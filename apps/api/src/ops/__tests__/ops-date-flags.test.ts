import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { walletMember } from '../../modules/wallet/__tests__/fixtures.js';
import { runOpsCommand } from '../commands.js';
import { opsOperators } from './ops-operators.js';

// `wallet gift-cards … --expires 2027-06-01` was refused ("expires_at is not in an accepted form")
// though the help says dates may be written as 2026-12-31: a day is taken as its last second, in this
// machine's time zone, as the console's expiry field takes it.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await opsOperators(t.db, { olivia: 'owner' });
}, 60_000);
afterAll(() => t.close());

const ops = (...args: string[]) => runOpsCommand(t.db, args, 'olivia');

describe('date flags of operator commands', () => {
  it('a gift-card batch expires at the end of a day written as 2027-06-01; a date that is none is refused in words', async () => {
    const m = await walletMember(t);
    const asked = await ops('wallet', 'gift-cards', m.userName, '--currency', 'USD', '--value', '500', '--count', '1', '--expires', '2027-06-01', '--reason', 'promotion');
    const id = Number(/request #(\d+)/.exec(asked)![1]);
    const request = await t.db.selectFrom('approval_requests').select('payload').where('id', '=', id).executeTakeFirstOrThrow();
    expect((request.payload as { expires_at: string }).expires_at).toBe(new Date('2027-06-01T23:59:59').toISOString());
    const refused = await ops('wallet', 'gift-cards', m.userName, '--currency', 'USD', '--value', '500', '--count', '1', '--expires', '2027-13-45', '--reason', 'promotion').then(() => '', (e: Error) => e.message);
    expect(refused).toBe('--expires: not a date (2026-12-31 or an ISO time)');
  });
});
