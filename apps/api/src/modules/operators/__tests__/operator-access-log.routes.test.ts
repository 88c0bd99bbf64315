import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, freshIp } from '../../accounts/__tests__/account-helpers.js';
import { operatorCliActor, systemActor } from '../../../lib/actor.js';
import { createOperator, signInOperator } from '../operators.service.js';
import { signedInOperator } from './operator-fixtures.js';

// The audit log held no operator sign-in: who signed in to the console, who
// failed (and with which name), from which address, who was locked out, set a password, bound an
// authenticator or signed out. The owner now reads each there, with the time and the address.

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInOperator>>;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInOperator(t, 'owner');
});
afterAll(() => t.close());

const PASSWORD = 'Console-Beacon-2026';
const codeAt = (secret: string, offsetSteps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
const wrongCode = async (secret: string) => {
  const accepted = new Set([await codeAt(secret, -1), await codeAt(secret), await codeAt(secret, 1)]);
  for (let c = 345_678; ; c++) if (!accepted.has(String(c))) return String(c);
};
const signIn = (body: Record<string, unknown>, ip: string) => call(t, 'POST', '/admin/api/auth/sign-in', body, { ip });

interface Entry {
  operator: string;
  action: string;
  target_type: string;
  target_id: number;
  created_at: string;
}
/** The audit log as the owner reads it in the console: the entries of one kind of the console's door from one address. */
async function logged(kind: string, ip: string): Promise<Entry[]> {
  const res = await call(t, 'GET', `/admin/api/audit?kind=${kind}&limit=100`, undefined, { token: owner.token });
  expect(res.body.code).toBe(200);
  return (res.body.data.list as Entry[]).filter((e) => e.action === `${kind} ${ip}`);
}
const recent = (e: Entry) => Math.abs(Date.parse(e.created_at) - Date.now()) < 60_000;

describe('the audit log of the console’s sign-in', () => {
  it('records a password set, the first sign-in, the authenticator bound, a wrong password, a wrong code, a sign-in and a sign-out, with who, when and from where', async () => {
    const userName = `opaudit${Date.now().toString(36)}`;
    const { id, setupToken } = await createOperator(t.db, operatorCliActor('olivia'), { userName, role: 'support' });
    const recordedAs = `${userName}#${id}`;
    const [setIp, firstIp, bindIp, wrongIp, codeIp, laterIp] = [freshIp(), freshIp(), freshIp(), freshIp(), freshIp(), freshIp()];

    expect((await call(t, 'POST', '/admin/api/auth/setup-password', { token: setupToken, password: PASSWORD }, { ip: setIp })).body.code).toBe(200);
    const first = await signIn({ user_name: userName, password: PASSWORD }, firstIp);
    const secret = first.body.data.totp_setup.secret as string;
    expect((await call(t, 'POST', '/admin/api/auth/totp/confirm', { totp_code: await codeAt(secret) }, { token: first.body.data.token, ip: bindIp })).body.code).toBe(200);
    expect((await signIn({ user_name: userName, password: 'Not-The-Password-1' }, wrongIp)).body.code).toBe(ResponseCode.loginFailed);
    expect((await signIn({ user_name: userName, password: PASSWORD, totp_code: await wrongCode(secret) }, codeIp)).body.code).toBe(ResponseCode.loginFailed);
    const later = await signIn({ user_name: userName, password: PASSWORD, totp_code: await codeAt(secret, 1) }, laterIp);
    expect(later.body.code).toBe(200);
    expect((await call(t, 'POST', '/admin/api/auth/sign-out', {}, { token: later.body.data.token, ip: laterIp })).body.code).toBe(200);

    for (const [kind, ip] of [
      ['access.password_set', setIp],
      ['access.signed_in', firstIp],
      ['access.totp_bound', bindIp],
      ['access.wrong_password', wrongIp],
      ['access.wrong_code', codeIp],
      ['access.signed_in', laterIp],
      ['access.signed_out', laterIp],
    ] as const) {
      const entries = await logged(kind, ip);
      expect(entries, `${kind} ${ip}`).toEqual([expect.objectContaining({ operator: recordedAs, target_type: 'operator', target_id: id })]);
      expect(recent(entries[0]!)).toBe(true);
    }
    // The owner finds them all under the operator's name.
    const mine = await call(t, 'GET', `/admin/api/audit?operator=${userName}&kind=access&limit=100`, undefined, { token: owner.token });
    expect(mine.body.data.total).toBe(7);
  });

  it('records a failed sign-in with a name no operator has as the name tried, while the client is answered as for a real name', async () => {
    const real = `opreal${Date.now().toString(36)}`;
    const { setupToken } = await createOperator(t.db, operatorCliActor('olivia'), { userName: real, role: 'support' });
    await call(t, 'POST', '/admin/api/auth/setup-password', { token: setupToken, password: PASSWORD }, { ip: freshIp() });
    const unknown = `nobody${Date.now().toString(36)}`;
    const [realIp, unknownIp] = [freshIp(), freshIp()];
    const forReal = await signIn({ user_name: real, password: 'Not-The-Password-1' }, realIp);
    const forUnknown = await signIn({ user_name: unknown, password: 'Not-The-Password-1' }, unknownIp);
    expect([forUnknown.status, forUnknown.body]).toEqual([forReal.status, forReal.body]);
    expect(await logged('access.wrong_password', unknownIp)).toEqual([expect.objectContaining({ operator: `"${unknown}"`, target_type: 'operator', target_id: 0 })]);
  });

  it('records a lockout once per address and window, and the sign-in’s rate limit once, however many tries they refuse', async () => {
    const userName = `oplocked${Date.now().toString(36)}`;
    const { id, setupToken } = await createOperator(t.db, operatorCliActor('olivia'), { userName, role: 'support' });
    await call(t, 'POST', '/admin/api/auth/setup-password', { token: setupToken, password: PASSWORD }, { ip: freshIp() });
    const stranger = freshIp();
    for (let i = 0; i < 10; i++) expect((await signIn({ user_name: userName, password: `Wrong-${i}-Beacon` }, stranger)).body.code).toBe(ResponseCode.loginFailed);
    expect(await logged('access.wrong_password', stranger)).toHaveLength(10);

    // Past 10 a minute for this name from this address: refused before any check, recorded once with the address and the name.
    for (let i = 0; i < 5; i++) expect((await signIn({ user_name: userName, password: PASSWORD }, stranger)).status).toBe(429);
    expect(await logged('access.rate_limited', stranger)).toEqual([expect.objectContaining({ operator: `${userName}#${id}`, target_type: 'operator', target_id: id })]);

    // Locked out (asked of the service itself, past the call's limit): the name tried, once.
    for (let i = 0; i < 5; i++) {
      await expect(signInOperator(t.deps, { ...systemActor('visitor'), ip: stranger }, { user_name: userName, password: PASSWORD })).rejects.toMatchObject({ code: ResponseCode.loginLocked });
    }
    expect(await logged('access.locked', stranger)).toEqual([expect.objectContaining({ operator: `${userName}#${id}`, target_id: id })]);
    // Nothing more of the refused tries: 10 wrong passwords, one limit, one lockout.
    const all = await call(t, 'GET', `/admin/api/audit?kind=access&limit=100`, undefined, { token: owner.token });
    expect((all.body.data.list as Entry[]).filter((e) => e.action.endsWith(` ${stranger}`))).toHaveLength(12);
  });
});
