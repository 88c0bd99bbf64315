import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencyExponent, fromMinorUnits, toMinorUnits } from '@shop/contract';
import type { Database } from '../../../db/database.js';
import { openTestDatabase } from '../../../test/test-database.js';

let db: Database;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await openTestDatabase());
});
afterAll(() => close());

describe('currencies', () => {
  it('the app and the ledger agree on every currency’s minor units (IDR and KHR have 2, yen none)', async () => {
    const rows = await db.selectFrom('currencies').select(['code', 'minor_units']).execute();
    expect(rows.length).toBeGreaterThan(5);
    for (const { code, minor_units } of rows) expect([code, currencyExponent(code)]).toEqual([code, minor_units]);
    expect(toMinorUnits('15000', 'IDR')).toBe(1_500_000);
    expect(fromMinorUnits(1234, 'JPY')).toBe('1234');
  });
});
