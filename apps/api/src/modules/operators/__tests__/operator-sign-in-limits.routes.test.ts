import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, freshIp } from '../../accounts/__tests__/account-helpers.js';
import { operatorCliActor } from '../../../lib/actor.js';
import { createOperator } from '../operators.service.js';

// The console's sign-in was limited to 10 a minute per address: the operators of one office, behind
// one address, locked each other out. The tight limit is now per address and name; a looser one per
// address (60 a minute) still stops one address trying name after name.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t.close());

const PASSWORD = 'Console-Harbour-2026';
const signIn = (user_name: string, ip: string, password = PASSWORD) => call(t, 'POST', '/admin/api/auth/sign-in', { user_name, password }, { ip });
let made = 0;
/** An operator with a password set (their first sign-in then shows the authenticator to bind). */
async function operator(): Promise<string> {
  const userName = `office${++made}${Date.now().toString(36)}`;
  const { setupToken } = await createOperator(t.db, operatorCliActor('admin'), { userName, role: 'support' });
  expect((await call(t, 'POST', '/admin/api/auth/setup-password', { token: setupToken, password: PASSWORD }, { ip: freshIp() })).body.code).toBe(200);
  return userName;
}

describe('the operator sign-in’s rate limits', () => {
  it('lets a dozen operators of one office sign in from its one address within a minute', async () => {
    const office = freshIp();
    const names = await Promise.all(Array.from({ length: 12 }, () => operator()));
    for (const name of names) {
      const res = await signIn(name, office);
      expect([res.status, res.body.code], name).toEqual([200, 200]);
    }
  });

  it('still allows one name only 10 tries a minute from one address, whatever the answers', async () => {
    const [name, ip] = [await operator(), freshIp()];
    for (let i = 0; i < 10; i++) expect((await signIn(name, ip, `Wrong-${i}-Harbour`)).body.code).toBe(ResponseCode.loginFailed);
    const refused = await signIn(name, ip);
    expect([refused.status, refused.body.code]).toEqual([429, ResponseCode.rateLimited]);
    // Another address is not held back by it.
    expect((await signIn(name, freshIp())).body.code).toBe(200);
  });

  it('stops one address trying name after name past 60 a minute', async () => {
    const sprayer = freshIp();
    for (let i = 0; i < 60; i++) expect((await signIn(`nobody${i}x${Date.now().toString(36)}`, sprayer, 'Not-The-Password-1')).status).not.toBe(429);
    const refused = await signIn(await operator(), sprayer);
    expect([refused.status, refused.body.code]).toEqual([429, ResponseCode.rateLimited]);
  });
});
