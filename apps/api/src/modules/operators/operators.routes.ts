import { adminLedgerCheck, adminMe, adminRateQuote, adminSetRate, adminSetupPassword, adminSignIn, adminSignOut } from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import { describeFinding, ledgerCheck } from '../ledger/ledger.service.js';
import { rateFor, setOperatorRate } from '../rates/rates.service.js';
import { operatorProfile, setupOperatorPassword, signInOperator, signOutOperator } from './operators.service.js';

/** The operator calls under /admin/api/ (the console comes later; these are its first calls). */
export function operatorRoutes(api: Api): void {
  const { db } = api.deps;
  const strict = { rateLimit: { max: 10, timeWindow: 60_000 } };
  api.handle(adminSetupPassword, ({ body }) => setupOperatorPassword(db, body), strict);
  api.handle(adminSignIn, ({ actor, body }) => signInOperator(api.deps, actor, body), strict);
  api.handle(adminSignOut, ({ actor }) => signOutOperator(db, actor));
  api.handle(adminMe, ({ actor }) => operatorProfile(db, actor));
  api.handle(adminRateQuote, async ({ query }) => ({ from: query.from, to: query.to, ...(await rateFor(db, query.from, query.to, query.date)) }));
  api.handle(adminSetRate, async ({ actor, body }) => {
    const set = await setOperatorRate(db, actor, { base: body.base, quote: body.quote, rate: body.rate, date: body.date, reason: body.reason });
    return { from: body.base, to: body.quote, rate: set.rate, source: set.source, date: set.date };
  });
  api.handle(adminLedgerCheck, async () => {
    const findings = await ledgerCheck(db);
    return { ok: findings.length === 0, findings: findings.map(describeFinding) };
  });
}
