import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { hashPassword } from '../../members/identity.js';
import { settleDeliveries } from '../../verification/verification.service.js';
import { walletMember } from '../../wallet/__tests__/fixtures.js';
import { DEMO_MEMBER, call, freshIp, latestCode, registerMember, seedDemo } from './account-helpers.js';

// One typed identifier (user name, phone, invitation code) names one member for everyone: a new
// member cannot take another's phone number or invitation code as a user name, and where old
// accounts already collide no lookup silently picks one of them.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t);
  await t.db.insertInto('account_settings').values({ key: 'captcha_mode', value: 'off', updated_by: 'test' }).execute();
});
afterAll(() => t.close());

const ATTACKER_PASSWORD = 'Copper-Kettle-77';
let legacyCount = 0;
/** A member from before the rules (their user name collides): written past the database's refusal, as old rows are. */
async function legacyMember(userName: string, extra: { mobile_pre?: string; mobile?: string } = {}) {
  await sql`alter table users disable trigger user`.execute(t.db);
  try {
    return await t.db
      .insertInto('users')
      .values({ user_name: userName, nickname: 'Attacker', email: `legacy${++legacyCount}-${Date.now()}@probe.test`, password_hash: await hashPassword(ATTACKER_PASSWORD), ...extra })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
  } finally {
    await sql`alter table users enable trigger user`.execute(t.db);
  }
}

const outboxFor = async (to: string) => (await call(t, 'GET', `/dev/outbox?to=${encodeURIComponent(to)}&limit=5`, undefined, { ip: '127.0.0.1' })).body.data as unknown[];
const login = (body: Record<string, unknown>) => call(t, 'POST', '/user/no_auth/login', body, { ip: freshIp() });

async function registerAs(userName: string) {
  const email = `atk${Date.now()}${++legacyCount}@probe.test`;
  const ip = freshIp();
  expect((await call(t, 'POST', '/user/send_code', { type: 'register', email }, { ip })).body.code).toBe(200);
  const code = await latestCode(t, email);
  return call(t, 'POST', '/user/no_auth/register', { user_name: userName, nickname: 'Atk', password: ATTACKER_PASSWORD, email, invite_code: DEMO_MEMBER.invite_code, code }, { ip });
}

describe('registration', () => {
  it('refuses a user name that is all digits (a phone number) or another member’s invitation code', async () => {
    const digits = await registerAs('123456789');
    expect(digits.status).toBe(422);
    expect(digits.body.msg).toBe('The username must contain at least one letter');
    const code = await registerAs('demo2026');
    expect(code.body).toMatchObject({ code: ResponseCode.userNameTaken, msg: 'This username is already taken' });
    expect((await registerAs(`okname${Date.now().toString(36)}`)).body.code).toBe(200);
  });

  it('the database refuses a user name equal to an invitation code and an invitation code equal to a user name', async () => {
    const m = await registerMember(t);
    const other = await registerMember(t);
    const inviteOfOther = (await t.db.selectFrom('users').select('invite_code').where('id', '=', other.user.id).executeTakeFirstOrThrow()).invite_code!;
    await expect(t.db.updateTable('users').set({ user_name: inviteOfOther.toLowerCase() }).where('id', '=', m.user.id).execute()).rejects.toMatchObject({ code: '23505' });
    await expect(t.db.updateTable('users').set({ invite_code: other.user.user_name.toUpperCase() }).where('id', '=', m.user.id).execute()).rejects.toMatchObject({ code: '23505' });
    await expect(t.db.updateTable('users').set({ user_name: '60123456789' }).where('id', '=', m.user.id).execute()).rejects.toMatchObject({ code: '23514' });
    // Other changes to an old colliding row still go through: the rules hold for new values.
    const legacy = await legacyMember('5550001234');
    await t.db.updateTable('users').set({ nickname: 'Renamed' }).where('id', '=', legacy.id).execute();
  });
});

describe('a phone number that is also an old member’s user name', () => {
  it('logs the phone’s owner in, resets their password and previews them as the receiver; the bare number is refused as ambiguous for a transfer', async () => {
    const victim = await registerMember(t, { mobile_pre: '60', mobile: '123456780' });
    const attacker = await legacyMember('123456780');

    // The national number alone: each member's own password says which of the two it is.
    const byPhone = await login({ account: '123456780', password: victim.password });
    expect(byPhone.body.code, byPhone.body.msg).toBe(200);
    expect(byPhone.body.data.user.id).toBe(victim.user.id);
    expect((await login({ account: '123456780', password: ATTACKER_PASSWORD })).body.data.user.id).toBe(attacker.id);
    expect((await login({ account: '123456780', password: 'Wrong-Password-1' })).body.code).toBe(ResponseCode.loginFailed);
    // With the country code it is the phone, and only the phone.
    expect((await login({ account: '123456780', mobile_pre: '60', password: victim.password })).body.data.user.id).toBe(victim.user.id);
    expect((await login({ account: '123456780', mobile_pre: '60', password: ATTACKER_PASSWORD })).body.code).toBe(ResponseCode.loginFailed);
    expect((await login({ account: '+60123456780', password: victim.password })).body.data.user.id).toBe(victim.user.id);

    // A reset asked for the bare number goes to nobody (the answer is the one an unknown account gets) ...
    const victimMail = (await outboxFor(victim.email)).length;
    const ambiguous = await call(t, 'POST', '/user/sendWithUsername', { type: 'forget', user_name: '123456780' }, { ip: freshIp() });
    const unknown = await call(t, 'POST', '/user/sendWithUsername', { type: 'forget', user_name: '123456781' }, { ip: freshIp() });
    expect(ambiguous.body.code).toBe(200);
    expect(Object.keys(ambiguous.body.data)).toEqual(Object.keys(unknown.body.data));
    await settleDeliveries();
    expect(await outboxFor(attacker.email!)).toEqual([]);
    expect(await outboxFor(victim.email)).toHaveLength(victimMail);
    // ... and with the country code to the phone's owner, who resets their password.
    expect((await call(t, 'POST', '/user/sendWithUsername', { type: 'forget', user_name: '+60123456780' }, { ip: freshIp() })).body.code).toBe(200);
    const code = await latestCode(t, victim.email);
    expect(await outboxFor(attacker.email!)).toEqual([]);
    const reset = await call(t, 'POST', '/user/no_auth/forget', { account: '+60123456780', code, password: 'Harbor-Lights-93', password_confirm: 'Harbor-Lights-93' }, { ip: freshIp() });
    expect(reset.body.code, reset.body.msg).toBe(200);
    expect((await login({ account: victim.user.user_name, password: 'Harbor-Lights-93' })).body.data.user.id).toBe(victim.user.id);

    // The transfer preview: the bare number is refused as ambiguous, the number with its country code is the phone's owner.
    const sender = await walletMember(t);
    const preview = (account: string) => t.app.inject({ method: 'GET', url: `/user/transfer/info?account=${encodeURIComponent(account)}`, headers: sender.headers }).then((r) => r.json() as { code: number; msg: string; data: any });
    const bare = await preview('123456780');
    expect(bare).toMatchObject({ code: ResponseCode.receiverAmbiguous, msg: 'More than one member answers to this: enter their user name, or their phone number with its country code (e.g. +60…)' });
    // Masked only: a phone typed never reveals its owner's login name (docs/decisions/2026-11-30-receiver-lookups.md).
    expect((await preview('+60123456780')).data.receiver).toEqual({ masked_name: expect.any(String), matched_by: 'mobile', matched: '+60 123***780' });
    expect((await preview(victim.user.user_name)).data.receiver).toEqual({ masked_name: expect.any(String), matched_by: 'user_name', matched: expect.stringContaining('*') });
    const transfer = await t.app.inject({ method: 'POST', url: '/user/transfer/create', headers: { ...sender.keyed(), 'content-type': 'application/json' }, payload: { account: '123456780', amount: '1', currency: 'USD', pay_password: '246810' } });
    expect(transfer.json().code).toBe(ResponseCode.receiverAmbiguous);
  });

  it('an invitation code that is also an old member’s user name is ambiguous; the demo member’s own code with no collision previews them', async () => {
    const sender = await walletMember(t);
    const preview = (account: string) => t.app.inject({ method: 'GET', url: `/user/transfer/info?account=${encodeURIComponent(account)}`, headers: sender.headers }).then((r) => r.json() as { code: number; data: any });
    expect((await preview('DEMO2026')).data.receiver).toEqual({ masked_name: expect.any(String), matched_by: 'invite_code', matched: 'DEM**026' });
    await legacyMember('demo2026');
    expect((await preview('DEMO2026')).code).toBe(ResponseCode.receiverAmbiguous);
  });
});

describe('a national number held in several countries', () => {
  it('is ambiguous for a transfer; a login tells the members apart by their password; the country code names one', async () => {
    const th = await legacyMember(`thmember${Date.now().toString(36)}`, { mobile_pre: '66', mobile: '812340001' });
    const my = await legacyMember(`mymember${Date.now().toString(36)}`, { mobile_pre: '60', mobile: '812340001' });
    await t.db.updateTable('users').set({ password_hash: await hashPassword('Other-Country-55') }).where('id', '=', my.id).execute();
    expect((await login({ account: '812340001', password: ATTACKER_PASSWORD })).body.data.user.id).toBe(th.id);
    expect((await login({ account: '812340001', password: 'Other-Country-55' })).body.data.user.id).toBe(my.id);
    expect((await login({ account: '812340001', mobile_pre: '60', password: ATTACKER_PASSWORD })).body.code).toBe(ResponseCode.loginFailed);
    const sender = await walletMember(t);
    const preview = (account: string) => t.app.inject({ method: 'GET', url: `/user/transfer/info?account=${encodeURIComponent(account)}`, headers: sender.headers }).then((r) => r.json() as { code: number; data: any });
    expect((await preview('812340001')).code).toBe(ResponseCode.receiverAmbiguous);
  });
});
