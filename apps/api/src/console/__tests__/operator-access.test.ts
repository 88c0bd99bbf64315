import * as contract from '@shop/contract';
import { OPERATOR_ROLES, ResponseCode, roleAllows, type AnyEndpoint, type OperatorRole } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { registerMember, seedDemo } from '../../modules/accounts/__tests__/account-helpers.js';
import { signedInOperator } from '../../modules/operators/__tests__/operator-fixtures.js';

// Every operator call of the contract, read from the contract itself (a call added tomorrow is
// walked too): a member's token, an operator whose role lacks the call's permission, and an
// operator session that expired or was ended are each refused before anything is read or changed.

const isEndpoint = (v: unknown): v is AnyEndpoint => typeof v === 'object' && v !== null && 'path' in v && 'method' in v && 'auth' in v;
const operatorCalls = [...new Set((Object.values(contract) as unknown[]).filter(isEndpoint))].filter((e) => e.auth === 'operator');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t);
});
afterAll(() => t.close());

let ip = 0;
/** The call as a browser sends it, with `token`: a POST with an empty JSON body, a GET without a query. */
async function send(e: AnyEndpoint, token: string) {
  const res = await t.app.inject({
    method: e.method,
    url: e.path,
    remoteAddress: `10.77.${Math.floor(++ip / 250) % 250}.${(ip % 250) + 1}`,
    headers: { authorization: `Bearer ${token}`, ...(e.method === 'POST' ? { 'content-type': 'application/json', 'idempotency-key': `access-${ip}` } : {}) },
    ...(e.method === 'POST' ? { payload: '{}' } : {}),
  });
  const body = res.headers['content-type']?.toString().startsWith('application/json') ? (res.json() as { code: number }) : { code: -1 };
  return { status: res.statusCode, code: body.code };
}

describe('every operator call of the contract', () => {
  it('is found in the contract: more than a hundred, each naming the permission its role must grant', () => {
    expect(operatorCalls.length).toBeGreaterThan(100);
    expect(operatorCalls.filter((e) => !e.permission).map((e) => e.path)).toEqual([]);
    expect(operatorCalls.filter((e) => !e.path.startsWith('/admin/api/')).map((e) => e.path)).toEqual([]);
  });

  it('refuses a member’s token (2001), whatever the call', async () => {
    const member = await registerMember(t);
    const answers = await Promise.all(operatorCalls.map(async (e) => [`${e.method} ${e.path}`, (await send(e, member.token)).code] as const));
    expect(answers.filter(([, code]) => code !== ResponseCode.tokenInvalid)).toEqual([]);
  });

  it('refuses an operator whose role lacks the call’s permission (403), for every call and every such role', async () => {
    const sessions = new Map<OperatorRole, string>();
    for (const role of OPERATOR_ROLES) sessions.set(role, (await signedInOperator(t, role)).token);
    const refused: string[] = [];
    const checks: Array<Promise<void>> = [];
    for (const e of operatorCalls)
      for (const role of OPERATOR_ROLES.filter((r) => !roleAllows(r, e.permission!)))
        checks.push(
          send(e, sessions.get(role)!).then((a) => {
            if (a.status !== 403 || a.code !== ResponseCode.forbidden) refused.push(`${role} ${e.method} ${e.path} → ${a.status}/${a.code}`);
          }),
        );
    await Promise.all(checks);
    expect(refused).toEqual([]);
    // Every permission but the session itself is missing from at least one role: each call was tried at least once.
    const tried = operatorCalls.filter((e) => e.permission !== 'session' && OPERATOR_ROLES.some((r) => !roleAllows(r, e.permission!)));
    expect(tried.length).toBe(operatorCalls.filter((e) => e.permission !== 'session').length);
  });

  it('refuses an operator session that expired, was signed out, or whose operator was disabled (2001)', async () => {
    const expired = await signedInOperator(t, 'owner');
    await t.db.updateTable('operator_sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('operator_id', '=', expired.id).execute();
    const ended = await signedInOperator(t, 'owner');
    await t.db.updateTable('operator_sessions').set({ revoked_at: new Date() }).where('operator_id', '=', ended.id).execute();
    const disabled = await signedInOperator(t, 'owner');
    await t.db.updateTable('operators').set({ status: 'disabled' }).where('id', '=', disabled.id).execute();
    const wrong: string[] = [];
    await Promise.all(
      operatorCalls.flatMap((e) =>
        [expired, ended, disabled].map(async (op, i) => {
          const a = await send(e, op.token);
          if (a.code !== ResponseCode.tokenInvalid) wrong.push(`${['expired', 'ended', 'disabled'][i]} ${e.method} ${e.path} → ${a.status}/${a.code}`);
        }),
      ),
    );
    expect(wrong).toEqual([]);
    // Nothing was written by any of them.
    const written = await t.db.selectFrom('operator_actions').select('action').where('operator', 'in', [expired.recordedAs, ended.recordedAs, disabled.recordedAs]).where('action', 'not like', 'access.%').execute();
    expect(written).toEqual([]);
  });
});
