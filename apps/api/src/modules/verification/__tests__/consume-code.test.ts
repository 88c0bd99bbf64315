import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { AppError } from '../../../lib/errors.js';
import { withTransaction } from '../../../lib/transaction.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { consumeCode, reserveCode, verifyCode } from '../verification.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // Stands for the change a code authorizes (a new e-mail, a closed account …).
  await sql`create table code_guarded_changes (id serial primary key, destination text not null)`.execute(t.db);
});
afterAll(() => t.close());

let n = 0;
async function sentCode() {
  const destination = `member${++n}@example.com`;
  const ip = `192.0.2.${n}`;
  const { code } = await reserveCode(t.deps, { purpose: 'bind', address: destination, channel: 'email', ip });
  return { purpose: 'bind' as const, destination, code, ip };
}
const changes = async (destination: string) => Number((await sql<{ c: number }>`select count(*)::int as c from code_guarded_changes where destination = ${destination}`.execute(t.db)).rows[0]!.c);
const codeOf = (e: unknown) => (e instanceof AppError ? e.code : e);

describe('a verification code is used up with the change it authorizes', () => {
  it('when the change rolls back, the code is still good', async () => {
    const req = await sentCode();
    await expect(
      withTransaction(t.db, async (tx) => {
        await consumeCode(tx, req);
        await sql`insert into code_guarded_changes (destination) values (${req.destination})`.execute(tx);
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    await expect(verifyCode(t.db, { ...req, consume: false })).resolves.toBeUndefined();
    expect(await changes(req.destination)).toBe(0);
  });

  it('once the change commits, the code is gone', async () => {
    const req = await sentCode();
    await withTransaction(t.db, async (tx) => {
      await consumeCode(tx, req);
      await sql`insert into code_guarded_changes (destination) values (${req.destination})`.execute(tx);
    });
    expect(codeOf(await verifyCode(t.db, { ...req, consume: false }).catch((e: unknown) => e))).toBe(ResponseCode.codeExpired);
    expect(await changes(req.destination)).toBe(1);
  });

  it('two changes sent with one code at once: exactly one happens', async () => {
    const req = await sentCode();
    const attempt = () =>
      withTransaction(t.db, async (tx) => {
        await consumeCode(tx, req);
        await sql`insert into code_guarded_changes (destination) values (${req.destination})`.execute(tx);
      }).then(
        () => 'done',
        (e: unknown) => codeOf(e),
      );
    const outcomes = await Promise.all([attempt(), attempt(), attempt()]);
    expect(outcomes.sort()).toEqual([ResponseCode.codeExpired, ResponseCode.codeExpired, 'done'].sort());
    expect(await changes(req.destination)).toBe(1);
  });

  it('a wrong code is refused by the check before the change, and the try is counted', async () => {
    const req = await sentCode();
    const wrong = req.code === '000000' ? '111111' : '000000';
    expect(codeOf(await verifyCode(t.db, { ...req, code: wrong, consume: false }).catch((e: unknown) => e))).toBe(ResponseCode.codeInvalid);
    const [row] = await t.db.selectFrom('verification_codes').select('attempts').where('destination', '=', req.destination).execute();
    expect(row!.attempts).toBe(1);
    await expect(withTransaction(t.db, (tx) => consumeCode(tx, { ...req, code: wrong }))).rejects.toMatchObject({ code: ResponseCode.codeExpired });
  });
});
