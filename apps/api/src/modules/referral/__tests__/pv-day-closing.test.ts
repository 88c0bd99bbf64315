import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobActor } from '../../../lib/actor.js';
import { withTransaction } from '../../../lib/transaction.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { lockWaiters } from '../../../test/test-database.js';
import { pvDay, runPairingDay } from '../earnings.service.js';
import { closePvDay, findToday, lockPvDayAndFindToday } from '../referral.queries.js';
import { referralKit } from './fixtures.js';

// A settlement that chose its PV day just before midnight and committed just after it, while the
// day's pair run had already read the legs, left PV on a day that was paired without it: never paid.
// The run now closes the day first, waiting for every settlement still adding to it, and a settlement
// after the closing takes the next day.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ZONE = 'Asia/Kuala_Lumpur';
const dayAfter = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const waitingOnLocks = () => lockWaiters(t.db);

describe('closing a day’s PV before pairing it', () => {
  it('waits for a settlement still adding PV to the day, and pays what it added', async () => {
    await t.db.updateTable('referral_settings').set({ time_zone: ZONE } as never).execute();
    const sponsor = await referralKit(t).placedSponsor();
    const yesterday = dayAfter(await findToday(t.db, ZONE), -1);
    for (let round = 0; round < 5; round++) {
      const day = dayAfter(yesterday, -4 + round);
      let paired = false;
      let pairing: Promise<unknown> | undefined;
      // The settlement took its share of the lock before midnight and adds its PV to `day`; the run starts meanwhile.
      await withTransaction(t.db, async (tx) => {
        await lockPvDayAndFindToday(tx, ZONE);
        await sql`insert into leg_pv_days (member_id, day, left_pv, right_pv) values (${sponsor.userId}, ${day}::date, 100, 100)`.execute(tx);
        pairing = runPairingDay(t.deps, jobActor('pair', round), day).finally(() => (paired = true));
        await vi.waitFor(
          async () => {
            if (!paired && (await waitingOnLocks()) === 0) throw new Error('the run has not reached the closing yet');
          },
          { timeout: 10_000, interval: 10 },
        );
        expect(paired).toBe(false);
      });
      await pairing;
      const result = await t.db.selectFrom('pair_results').select(['pairs', 'paid_minor']).where('member_id', '=', sponsor.userId).where('day', '=', day as never).executeTakeFirst();
      expect(result, `round ${round}`).toMatchObject({ pairs: 1 });
    }
  });

  it('a settlement after the closing takes the next day', async () => {
    const today = await findToday(t.db, ZONE);
    expect(await withTransaction(t.db, (tx) => pvDay(tx, ZONE))).toBe(today);
    await withTransaction(t.db, (tx) => closePvDay(tx, today));
    expect(await withTransaction(t.db, (tx) => pvDay(tx, ZONE))).toBe(dayAfter(today, 1));
  });
});
