import { generate } from 'otplib';
import type { OperatorRole } from '@shop/contract';
import type { TestApp } from '../../../test/build-test-app.js';
import { call, freshIp } from '../../accounts/__tests__/account-helpers.js';
import { operatorCliActor } from '../../../lib/actor.js';
import { createOperator } from '../operators.service.js';

const PASSWORD = 'Console-Lantern-2026';
let made = 0;

/** An operator of `role`, password set and signed in once, the authenticator shown then bound (as the console's first sign-in does). */
export async function signedInOperator(t: TestApp, role: OperatorRole) {
  const userName = `op${role}${++made}${Date.now().toString(36)}`;
  const { id, setupToken } = await createOperator(t.db, operatorCliActor('olivia'), { userName, role });
  await call(t, 'POST', '/admin/api/auth/setup-password', { token: setupToken, password: PASSWORD }, { ip: freshIp() });
  const first = await call(t, 'POST', '/admin/api/auth/sign-in', { user_name: userName, password: PASSWORD }, { ip: freshIp() });
  if (first.body.code !== 200) throw new Error(`sign-in of ${userName}: ${JSON.stringify(first.body)}`);
  const token = first.body.data.token as string;
  await bindAuthenticator(t, token, first.body.data.totp_setup.secret);
  return { id, userName, token, recordedAs: `${userName}#${id}` };
}

/** Confirms the authenticator a first sign-in showed: until then its session may do nothing else. */
export async function bindAuthenticator(t: TestApp, token: string, secret: string): Promise<void> {
  const bound = await call(t, 'POST', '/admin/api/auth/totp/confirm', { totp_code: await generate({ secret }) }, { token, ip: freshIp() });
  if (bound.body.code !== 200) throw new Error(`binding the authenticator: ${JSON.stringify(bound.body)}`);
}

/** Ends an operator's session as 31 idle minutes would. */
export async function idleOut(t: TestApp, operatorId: number): Promise<void> {
  await t.db.updateTable('operator_sessions').set({ last_seen_at: new Date(Date.now() - 31 * 60_000) }).where('operator_id', '=', operatorId).execute();
}

/** A POST with an Idempotency-Key, as the console sends its decisions. */
export async function decide(t: TestApp, url: string, body: unknown, token: string, key: string) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    remoteAddress: '10.0.0.1',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: any }, headers: res.headers };
}
