import { adminLedgerCheck, adminMe, adminRateQuote, adminSetRate, adminSetupPassword, adminSignIn, adminSignOut } from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import { describeFinding, ledgerCheck } from '../ledger/ledger.service.js';
import { rateFor, setOperatorRate } from '../rates/rates.service.js';
import { operatorProfile, setupOperatorPassword, signInOperator, signOutOperator } from './operators.service.js';

/** The operator calls under /admin/api/ (the console comes later; these are its first calls). */
export function operatorRoutes(api: Api): void {
  const { db, secrets } = api.deps;
  const strict = { rateLimit: { max: 10, timeWindow: 60_000 } };
  api.handle(adminSetupPassword, ({ body }) => setupOperatorPassword(db, body), strict);
  api.handle(
    adminSignIn,
    ({ body, ctx, request }) =>
      signInOperator(db, secrets, { userName: body.user_name, password: body.password, totpCode: body.totp_code, ip: ctx.ip, userAgent: request.headers['user-agent'] }),
    strict,
  );
  api.handle(adminSignOut, ({ operator }) => signOutOperator(db, operator.sessionId));
  api.handle(adminMe, ({ operator }) => operatorProfile(db, operator.operatorId));
  api.handle(adminRateQuote, async ({ query }) => ({ from: query.from, to: query.to, ...(await rateFor(db, query.from, query.to, query.date)) }));
  api.handle(adminSetRate, async ({ body, operator }) => {
    const set = await setOperatorRate(db, `${operator.userName}#${operator.operatorId}`, { base: body.base, quote: body.quote, rate: body.rate, date: body.date, reason: body.reason });
    return { from: body.base, to: body.quote, rate: set.rate, source: set.source, date: set.date };
  });
  api.handle(adminLedgerCheck, async () => {
    const findings = await ledgerCheck(db);
    return { ok: findings.length === 0, findings: findings.map(describeFinding) };
  });
}
