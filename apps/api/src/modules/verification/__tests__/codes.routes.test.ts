import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, freshIp, latestCode } from '../../accounts/__tests__/account-helpers.js';
import { settleDeliveries } from '../verification.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Moves the codes of an address back in time, as if `ms` had passed. */
async function age(address: string, ms: number) {
  const rows = await t.db.selectFrom('verification_codes').select(['id', 'created_at', 'expires_at']).where('destination', '=', address).execute();
  for (const r of rows) {
    await t.db
      .updateTable('verification_codes')
      .set({ created_at: new Date(new Date(r.created_at).getTime() - ms), expires_at: new Date(new Date(r.expires_at).getTime() - ms) })
      .where('id', '=', r.id)
      .execute();
  }
}

const check = (email: string, code: string) => call(t, 'POST', '/user/checkCode', { type: 'register', email, code });

describe('verification codes', () => {
  it('sends 6 random digits to the outbox, stores only a hash, and says where (masked) and for how long', async () => {
    const email = 'codes1@example.com';
    const res = await call(t, 'POST', '/user/send_code', { type: 'register', email }, { ip: freshIp() });
    expect(res.body).toMatchObject({ code: 200, data: { resend_in: 60, expires_in: 600 } });
    expect(res.body.data.to).toMatch(/^cod\*+com$/);
    const code = await latestCode(t, email);
    expect(code).toMatch(/^\d{6}$/);
    const row = await t.db.selectFrom('verification_codes').selectAll().where('destination', '=', email).executeTakeFirstOrThrow();
    expect(row.code_hash.toString('hex')).not.toContain(Buffer.from(code).toString('hex'));
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it('refuses a second code within 60 s, and allows it after', async () => {
    const email = 'codes2@example.com';
    const ip = freshIp();
    await call(t, 'POST', '/user/send_code', { type: 'register', email }, { ip });
    const again = await call(t, 'POST', '/user/send_code', { type: 'register', email }, { ip });
    expect(again.body.code).toBe(ResponseCode.codeTooSoon);
    expect(again.body.msg).toMatch(/^Please wait (60|59) seconds before requesting another code$/);
    await age(email, 61_000);
    expect((await call(t, 'POST', '/user/send_code', { type: 'register', email }, { ip })).body.code).toBe(200);
  });

  it('is single use: checking does not use it, the action does, and a second use fails', async () => {
    const email = 'codes3@example.com';
    await call(t, 'POST', '/user/send_code', { type: 'register', email }, { ip: freshIp() });
    const code = await latestCode(t, email);
    expect((await check(email, code)).body.code).toBe(200);
    expect((await check(email, code)).body.code).toBe(200);
    const { verifyCode } = await import('../verification.service.js');
    await verifyCode(t.db, { purpose: 'register', destination: email, code, consume: true, ip: '10.0.0.1' });
    expect((await check(email, code)).body.code).toBe(ResponseCode.codeExpired);
  });

  it('expires after 10 minutes', async () => {
    const email = 'codes4@example.com';
    await call(t, 'POST', '/user/send_code', { type: 'register', email }, { ip: freshIp() });
    const code = await latestCode(t, email);
    await age(email, 10 * 60_000 + 1000);
    expect((await check(email, code)).body).toMatchObject({ code: ResponseCode.codeExpired });
  });

  it('is void after 5 wrong tries, even for the right code', async () => {
    const email = 'codes5@example.com';
    await call(t, 'POST', '/user/send_code', { type: 'register', email }, { ip: freshIp() });
    const code = await latestCode(t, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) expect((await check(email, wrong)).body.code).toBe(ResponseCode.codeInvalid);
    expect((await check(email, wrong)).body.code).toBe(ResponseCode.codeLocked);
    expect((await check(email, code)).body).toMatchObject({ code: ResponseCode.codeLocked, msg: 'Too many wrong attempts, please get a new verification code' });
  });

  it('a new code replaces the previous one', async () => {
    const email = 'codes6@example.com';
    const ip = freshIp();
    await call(t, 'POST', '/user/send_code', { type: 'register', email }, { ip });
    const first = await latestCode(t, email);
    await age(email, 61_000);
    await call(t, 'POST', '/user/send_code', { type: 'register', email }, { ip });
    const second = await latestCode(t, email);
    if (first !== second) expect((await check(email, first)).body.code).toBe(ResponseCode.codeInvalid);
    expect((await check(email, second)).body.code).toBe(200);
  });

  it('limits codes per destination (5 an hour) and per client address (20 an hour)', async () => {
    const email = 'codes7@example.com';
    for (let i = 0; i < 5; i++) {
      expect((await call(t, 'POST', '/user/send_code', { type: 'register', email }, { ip: freshIp() })).body.code).toBe(200);
      await age(email, 61_000);
    }
    expect((await call(t, 'POST', '/user/send_code', { type: 'register', email }, { ip: freshIp() })).body).toMatchObject({
      code: ResponseCode.codeLimit,
      msg: 'Too many verification codes requested, please try again later',
    });

    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await call(t, 'POST', '/user/send_code', { type: 'register', email: `spread${i}@example.com` }, { ip })).body.code).toBe(200);
    expect((await call(t, 'POST', '/user/send_code', { type: 'register', email: 'spread-last@example.com' }, { ip })).body.code).toBe(ResponseCode.codeLimit);
    expect((await call(t, 'POST', '/user/send_code', { type: 'register', email: 'spread-last@example.com' }, { ip: freshIp() })).body.code).toBe(200);

    // An IPv6 client is its /64: a new address in it for every request does not reset the count.
    for (let i = 0; i < 20; i++) expect((await call(t, 'POST', '/user/send_code', { type: 'register', email: `six${i}@example.com` }, { ip: `2001:db8:c0de:7:${i + 1}::${i + 1}` })).body.code).toBe(200);
    expect((await call(t, 'POST', '/user/send_code', { type: 'register', email: 'six-last@example.com' }, { ip: '2001:db8:c0de:7:ff::1' })).body.code).toBe(ResponseCode.codeLimit);
    expect((await call(t, 'POST', '/user/send_code', { type: 'register', email: 'six-last@example.com' }, { ip: '2001:db8:c0de:8::1' })).body.code).toBe(200);
  });

  it('caps codes to one e-mail at 10 a day across hours', async () => {
    const email = 'daily@example.com';
    const send = () => call(t, 'POST', '/user/send_code', { type: 'register', email }, { ip: freshIp() });
    for (let hour = 0; hour < 2; hour++) {
      for (let i = 0; i < 5; i++) {
        expect((await send()).body.code, `hour ${hour}, code ${i + 1}`).toBe(200);
        await age(email, 61_000);
      }
      // The next hour: the hourly limit is behind us.
      await age(email, 60 * 60_000);
    }
    expect(await t.db.selectFrom('verification_codes').select('id').where('destination', '=', email).where('created_at', '>', new Date(Date.now() - 3_600_000)).execute()).toHaveLength(0);
    const capped = await send();
    expect(capped.body).toMatchObject({ code: ResponseCode.codeLimit, msg: 'Too many verification codes requested, please try again later' });
    // A day after the first codes the address may receive again.
    await age(email, 22 * 60 * 60_000);
    expect((await send()).body.code).toBe(200);
  });

  it('caps codes by user name the same way whether or not the member exists', async () => {
    const { seedDemoMember, DEMO_MEMBER } = await import('../../accounts/accounts.seed.js');
    await seedDemoMember(t.deps);
    const ask = (user_name: string) => call(t, 'POST', '/user/sendWithUsername', { user_name }, { ip: freshIp() });
    const answers: Record<string, unknown[]> = { real: [], ghost: [] };
    for (const [who, user_name, address] of [['real', DEMO_MEMBER.user_name, DEMO_MEMBER.email], ['ghost', 'ghost-of-demo', 'account:ghost-of-demo']] as const) {
      for (let i = 0; i < 11; i++) {
        answers[who]!.push((await ask(user_name)).body);
        await age(address, i % 5 === 4 ? 61 * 60_000 : 61_000);
      }
    }
    expect(answers.real!.map((b) => ({ ...(b as object), data: null }))).toEqual(answers.ghost!.map((b) => ({ ...(b as object), data: null })));
    expect(answers.real!.map((b) => (b as { code: number }).code)).toEqual([...Array(10).fill(200), ResponseCode.codeLimit]);
  });

  it('strangers asking codes for a member use up only what they typed: the signed-in member still gets codes, within caps of their own', async () => {
    const { registerMember } = await import('../../accounts/__tests__/account-helpers.js');
    const m = await registerMember(t);
    // A stranger, without the member's session, asks once a minute by user name and by e-mail until the caps stop both.
    const byName = () => call(t, 'POST', '/user/sendWithUsername', { user_name: m.user.user_name, type: 'forget' }, { ip: freshIp() });
    const byEmail = () => call(t, 'POST', '/user/send_code', { type: 'forget', email: m.email }, { ip: freshIp() });
    const answers: number[][] = [];
    for (let i = 0; i < 12; i++) {
      answers.push([(await byName()).body.code, (await byEmail()).body.code]);
      await age(m.email, i % 5 === 4 ? 61 * 60_000 : 61_000);
    }
    expect(answers.at(-1)).toEqual([ResponseCode.codeLimit, ResponseCode.codeLimit]);

    // The member, signed in, still gets every code they need, and from the stranger's own address too.
    const own = (type: string, ip = freshIp()) => call(t, 'POST', '/user/send_code_with_token', { type, channel: 'email' }, { token: m.token, ip });
    for (const type of ['pay_password', 'forget', 'cancel']) {
      const res = await own(type);
      expect(res.body.code, type).toBe(200);
      expect(await latestCode(t, m.email)).toMatch(/^\d{6}$/);
    }
    // The member's own limits still hold: one a minute per purpose, 5 an hour.
    expect((await own('pay_password')).body.code).toBe(ResponseCode.codeTooSoon);
    await age(m.email, 61_000);
    for (const type of ['pay_password', 'forget']) expect((await own(type)).body.code, type).toBe(200);
    await age(m.email, 61_000);
    expect((await own('cancel')).body.code).toBe(ResponseCode.codeLimit);
    // And the stranger is still held at the caps of what they typed.
    expect((await byName()).body.code).toBe(ResponseCode.codeLimit);
  });

  it('caps codes to one phone by its own setting', async () => {
    const small = await buildTestApp({ CODES_PER_PHONE_PER_DAY: '2' });
    try {
      const send = () => call(small, 'POST', '/user/send_code', { type: 'register', mobile_pre: '60', mobile: '123456789' }, { ip: freshIp() });
      for (let i = 0; i < 2; i++) {
        expect((await send()).body.code).toBe(200);
        await small.db.updateTable('verification_codes').set({ created_at: new Date(Date.now() - (i + 1) * 2 * 3_600_000) }).where('destination', '=', '+60123456789').where('created_at', '>', new Date(Date.now() - 60_000)).execute();
      }
      expect((await send()).body.code).toBe(ResponseCode.codeLimit);
      // E-mail keeps its own cap.
      expect((await call(small, 'POST', '/user/send_code', { type: 'register', email: 'phonecap@example.com' }, { ip: freshIp() })).body.code).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('has a shop-wide brake: 600 codes a minute, whoever asks', async () => {
    // The rest of the shop's traffic this minute, counted where every API process counts it.
    for (let i = 0; i < 600; i++) await t.deps.limiter.hit('code:global', 600, 60_000);
    const res = await call(t, 'POST', '/user/send_code', { type: 'register', email: 'brake@example.com' }, { ip: freshIp() });
    expect(res.body.code).toBe(ResponseCode.codeLimit);
    await t.deps.limiter.reset('code:global');
    expect((await call(t, 'POST', '/user/send_code', { type: 'register', email: 'brake@example.com' }, { ip: freshIp() })).body.code).toBe(200);
  });

  it('sends to a phone checked against its country code', async () => {
    const bad = await call(t, 'POST', '/user/send_code', { type: 'register', mobile_pre: '86', mobile: '12345' }, { ip: freshIp() });
    expect(bad.body.msg).toBe('Please enter the correct phone number');
    const ok = await call(t, 'POST', '/user/sendCodeV4', { type: 'register', account: '13800138000', mobile_pre: '+86' }, { ip: freshIp() });
    expect(ok.body.code).toBe(200);
    expect(ok.body.data.to).toMatch(/^\+86\*+000$/);
    expect(await latestCode(t, '+8613800138000')).toMatch(/^\d{6}$/);
  });

  it('mails one address only: a list of addresses or a display name typed as the account is refused as every e-mail field refuses it, and nothing is sent', async () => {
    const sent = async () => {
      await settleDeliveries();
      return t.db.selectFrom('outbox_messages').select(['recipient']).where('recipient', 'like', '%evil.test%').execute();
    };
    const outboxBefore = (await t.db.selectFrom('outbox_messages').select('id').execute()).length;
    const codesBefore = (await t.db.selectFrom('verification_codes').select('id').execute()).length;
    for (const account of ['victim@example.com,x1@evil.test', 'victim@example.com, x2@evil.test', '"X" <x3@evil.test>', 'victim@example.com;x4@evil.test', 'victim@example.com x5@evil.test']) {
      for (const type of ['register', 'bind', 'forget']) {
        for (const lang of ['en-us', 'zh-cn', 'jp']) {
          const v4 = await call(t, 'POST', '/user/sendCodeV4', { type, account }, { ip: freshIp(), lang });
          // The same localized refusal an e-mail field gives (`/user/send_code`'s `email`), naming the field typed.
          const asEmail = await call(t, 'POST', '/user/send_code', { type, email: account }, { ip: freshIp(), lang });
          expect(v4.status, `${account} ${type} ${lang}`).toBe(422);
          expect(v4.body, `${account} ${type} ${lang}`).toMatchObject({ code: ResponseCode.validation, msg: asEmail.body.msg, data: { errors: [{ field: 'account', msg: asEmail.body.msg }] } });
          expect(asEmail.status).toBe(422);
        }
      }
    }
    expect((await call(t, 'POST', '/user/sendCodeV4', { type: 'register', account: 'a@b.co,x6@evil.test' }, { ip: freshIp() })).body.msg).toBe('Please enter a valid email');
    // Nothing sent, nothing stored: no caps counted under the list either.
    expect(await sent()).toEqual([]);
    expect((await t.db.selectFrom('outbox_messages').select('id').execute()).length).toBe(outboxBefore);
    expect((await t.db.selectFrom('verification_codes').select('id').execute()).length).toBe(codesBefore);

    // One address, however it is capitalized, still gets its code.
    const ok = await call(t, 'POST', '/user/sendCodeV4', { type: 'register', account: 'One.Address@Example.com' }, { ip: freshIp() });
    expect(ok.body.code).toBe(200);
    expect(await latestCode(t, 'one.address@example.com')).toMatch(/^\d{6}$/);
    expect((await t.db.selectFrom('outbox_messages').select('recipient').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()).recipient).toBe('one.address@example.com');
  });

  it('lists the outbox only outside production', async () => {
    const prod = await buildTestApp({ NODE_ENV: 'production', MAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://127.0.0.1:1', SMS_PROVIDER: 'http', SMS_HTTP_URL: 'http://127.0.0.1:1/sms', SECRETS_KEY: Buffer.alloc(32, 1).toString('base64') });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
