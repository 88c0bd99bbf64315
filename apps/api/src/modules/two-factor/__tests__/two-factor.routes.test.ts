import { codeAt } from './authenticator.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, latestCode, registerMember, seedDemo } from '../../accounts/__tests__/account-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t);
});
afterAll(() => t.close());

/** The authenticator app: the code of `secret` for a time `offsetSteps` steps away from now. */

describe('Google Authenticator', () => {
  it('binds after one valid code, checks codes, and never accepts a code twice', async () => {
    const m = await registerMember(t);
    const created = await call(t, 'POST', '/user/google_authenticator/createCode', {}, { token: m.token });
    const { secret, uri, qr_code } = created.body.data as { secret: string; uri: string; qr_code: string };
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(qr_code).toMatch(/^data:image\/png;base64,/);

    expect((await call(t, 'POST', '/user/google_authenticator/save', { code: '000000' === (await codeAt(secret)) ? '111111' : '000000', current_password: m.password }, { token: m.token })).body.code).toBe(ResponseCode.twoFactorInvalid);
    const first = await codeAt(secret, -1);
    expect((await call(t, 'POST', '/user/google_authenticator/save', { code: first, current_password: m.password }, { token: m.token })).body).toMatchObject({ code: 200, data: { bound: true } });
    expect((await call(t, 'GET', '/user/info/index', undefined, { token: m.token })).body.data.google_bound).toBe(true);

    // The same code again, and an older one, are refused: each time step is accepted once.
    expect((await call(t, 'POST', '/user/google_authenticator/check', { code: first }, { token: m.token })).body).toMatchObject({
      code: ResponseCode.twoFactorInvalid,
      msg: 'The Google Authenticator code is incorrect or has already been used',
    });
    const now = await codeAt(secret);
    expect((await call(t, 'POST', '/user/google_authenticator/check', { code: now }, { token: m.token })).body.code).toBe(200);
    expect((await call(t, 'POST', '/user/google_authenticator/check', { code: now }, { token: m.token })).body.code).toBe(ResponseCode.twoFactorInvalid);
    expect((await call(t, 'POST', '/user/google_authenticator/createCode', {}, { token: m.token })).body.code).toBe(ResponseCode.twoFactorBound);
  });

  it('once bound, changing the password or the e-mail needs a fresh code', async () => {
    const m = await registerMember(t);
    const { secret } = (await call(t, 'POST', '/user/google_authenticator/createCode', {}, { token: m.token })).body.data;
    await call(t, 'POST', '/user/google_authenticator/save', { code: await codeAt(secret, -1), current_password: m.password }, { token: m.token });

    const pw = { old_password: m.password, password: 'Changed123', password_confirm: 'Changed123' };
    expect((await call(t, 'POST', '/user/reset/password', pw, { token: m.token })).body).toMatchObject({ code: ResponseCode.twoFactorRequired, msg: 'Please enter the Google Authenticator code' });

    const newEmail = `bound-${m.user.id}@example.com`;
    await call(t, 'POST', '/user/send_code', { type: 'bind', email: newEmail }, { ip: m.ip });
    const code = await latestCode(t, newEmail);
    expect((await call(t, 'POST', '/user/reset/email', { email: newEmail, code }, { token: m.token })).body.code).toBe(ResponseCode.twoFactorRequired);
    const changed = await call(t, 'POST', '/user/reset/email', { email: newEmail, code, google_code: await codeAt(secret) }, { token: m.token });
    expect(changed.body).toMatchObject({ code: 200, data: { email: newEmail } });

    expect((await call(t, 'POST', '/user/reset/password', { ...pw, google_code: await codeAt(secret) }, { token: m.token })).body.code).toBe(ResponseCode.twoFactorInvalid);
    expect((await call(t, 'POST', '/user/reset/password', { ...pw, google_code: await codeAt(secret, 1) }, { token: m.token })).body.code).toBe(200);
  });
});
