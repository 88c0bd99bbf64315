import { afterEach, expect } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { ledgerCheck } from '../../ledger/ledger.service.js';

/**
 * After every test of the file: every entry balances per currency, every cached balance equals its
 * postings, no member balance is negative and no hold was settled twice. `app` is read when the
 * test ends (the file builds its app in `beforeAll`).
 */
export function checkLedgerAfterEach(app: () => TestApp | undefined): void {
  afterEach(async () => {
    const t = app();
    if (t) expect(await ledgerCheck(t.db)).toEqual([]);
  });
}
