import fs from 'node:fs';
import path from 'node:path';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import type { Database } from '../../../db/database.js';
import { AppError } from '../../../lib/errors.js';
import { openTestDatabase } from '../../../test/test-database.js';
import { ecbRateSource, parseEcbDaily } from '../ecb.js';
import { operatorCliActor } from '../../../lib/actor.js';
import { loadEcbSnapshot, rateFor, refreshEcbRates, setOperatorRate, SNAPSHOT_DIR } from '../rates.service.js';

const fiona = operatorCliActor('fiona', 2);

let db: Database;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await openTestDatabase());
});
afterAll(() => close());

const snapshot = fs.readFileSync(path.join(SNAPSHOT_DIR, 'ecb-eurofxref-daily-2026-11-20.xml'), 'utf8');

describe('exchange rates', () => {
  it('a fresh database gets the snapshot once, and answers rates with their source and date', async () => {
    expect(await loadEcbSnapshot(db)).toMatchObject({ date: '2026-11-20' });
    expect(await loadEcbSnapshot(db)).toEqual({ date: '2026-11-20', stored: 0 });
    expect(await rateFor(db, 'EUR', 'USD', '2026-11-21')).toEqual({ rate: '1.1573', source: 'ecb', date: '2026-11-20' });
    // A cross rate through EUR, exact to 15 significant digits (never a float).
    const usdMyr = await rateFor(db, 'USD', 'MYR', '2026-11-21');
    expect(usdMyr).toEqual({ rate: new Decimal('4.8135').div('1.1573').toSignificantDigits(15).toString(), source: 'ecb', date: '2026-11-20' });
    // Before the first published day there is nothing to answer.
    await expect(rateFor(db, 'USD', 'MYR', '2026-01-01')).rejects.toMatchObject({ code: ResponseCode.rateUnavailable });
  });

  it('KHR and TWD have rates only once an operator sets them, and an operator rate wins over the feed', async () => {
    const err = await rateFor(db, 'MYR', 'KHR', '2026-11-21').catch((e: unknown) => e);
    expect(err instanceof AppError && err.code).toBe(ResponseCode.rateUnavailable);
    await setOperatorRate(db, fiona, { base: 'USD', quote: 'KHR', rate: '4010', date: '2026-11-21', reason: 'bank board rate' });
    const myrKhr = await rateFor(db, 'MYR', 'KHR', '2026-11-21');
    expect(myrKhr.source).toBe('operator');
    expect(myrKhr.rate).toBe(new Decimal('1.1573').times('4010').div('4.8135').toSignificantDigits(15).toString());
    expect(await rateFor(db, 'KHR', 'USD', '2026-11-21')).toMatchObject({ source: 'operator', rate: new Decimal(1).div(4010).toSignificantDigits(15).toString() });

    await setOperatorRate(db, fiona, { base: 'EUR', quote: 'USD', rate: '1.2', date: '2026-11-21' });
    expect(await rateFor(db, 'EUR', 'USD', '2026-11-22')).toEqual({ rate: '1.2', source: 'operator', date: '2026-11-21' });
    const log = await db.selectFrom('operator_actions').selectAll().where('target_type', '=', 'exchange_rate').orderBy('id').execute();
    // The pair and the rate are facts the console words (not `USD/KHR=4010` after the kind).
    expect(log.map((r) => [r.operator, r.action, r.reason, r.facts])).toEqual([
      ['fiona#2', 'rate.set', 'bank board rate', { key: 'exchange_rate', base: 'USD', quote: 'KHR', rate: '4010' }],
      ['fiona#2', 'rate.set', null, { key: 'exchange_rate', base: 'EUR', quote: 'USD', rate: '1.2' }],
    ]);
    await expect(setOperatorRate(db, fiona, { base: 'USD', quote: 'USD', rate: '1' })).rejects.toMatchObject({ code: ResponseCode.rateInvalid });
    await expect(setOperatorRate(db, fiona, { base: 'USD', quote: 'XXX', rate: '1' })).rejects.toMatchObject({ code: ResponseCode.currencyUnsupported });
  });

  it('the refresh job reads the ECB file with the same parser and stores a newer day', async () => {
    const next = snapshot.replace("time='2026-11-20'", "time='2026-11-23'").replace("rate='4.8135'", "rate='4.8201'");
    const fakeEcb = (async () => new Response(next, { status: 200 })) as unknown as typeof fetch;
    expect(await refreshEcbRates(db, ecbRateSource(fakeEcb))).toEqual({ date: '2026-11-23', stored: 9 }); // the nine currencies the ECB publishes of ours (not KHR, TWD)
    expect(await rateFor(db, 'EUR', 'MYR', '2026-11-23')).toEqual({ rate: '4.8201', source: 'ecb', date: '2026-11-23' });
    // The snapshot never replaces a newer day.
    expect(await loadEcbSnapshot(db)).toEqual({ date: '2026-11-20', stored: 0 });
    const down = (async () => new Response('busy', { status: 503 })) as unknown as typeof fetch;
    await expect(refreshEcbRates(db, ecbRateSource(down))).rejects.toThrow(/HTTP 503/);
    expect(() => parseEcbDaily('<html>maintenance</html>')).toThrow(/not an ECB/);
  });
});
