import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { runOpsCommand } from '../../../ops/commands.js';
import { call, latestCode, registerMember, seedDemo } from '../../accounts/__tests__/account-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t);
});
afterAll(() => t.close());

const mainland = { document_type: 'id_card', document_number: '11010519491231002X', surname: '张', given_name: '三', title: 'mr', birthday: '1949-12-31', referral_code: 'DEMO2026' };

describe('real-name authentication', () => {
  it('goes pending → rejected with a reason → resubmitted → approved, which sets the true name', async () => {
    const m = await registerMember(t);
    expect((await call(t, 'GET', '/user/certification/info', undefined, { token: m.token })).body.data).toEqual({ status: 'none', record: null });

    const bad = await call(t, 'POST', '/user/certification/auth', { ...mainland, document_number: '110105194912310021' }, { token: m.token });
    expect(bad.status).toBe(422);

    const sent = await call(t, 'POST', '/user/certification/auth', mainland, { token: m.token });
    expect(sent.body.data).toMatchObject({ status: 'pending', record: { status: 'pending', document_number: '110************02X', surname: '张', birthday: '1949-12-31' } });
    expect((await call(t, 'POST', '/user/certification/auth', mainland, { token: m.token })).body).toMatchObject({ code: ResponseCode.realNamePending, msg: 'Your real-name authentication is under review' });

    const id = sent.body.data.record.id as number;
    expect(await runOpsCommand(t.db, ['realname', 'reject', String(id), '--reason', 'Photo unreadable', '--by', 'alice'], 'ops')).toContain('rejected');
    const rejected = (await call(t, 'GET', '/user/certification/info', undefined, { token: m.token })).body.data;
    expect(rejected).toMatchObject({ status: 'rejected', record: { reason: 'Photo unreadable' } });

    const again = await call(t, 'POST', '/user/certification/auth', mainland, { token: m.token });
    expect(again.body.data.status).toBe('pending');
    await runOpsCommand(t.db, ['realname', 'approve', String(again.body.data.record.id), '--by', 'bob'], 'ops');
    const profile = (await call(t, 'GET', '/user/info/index', undefined, { token: m.token })).body.data;
    expect(profile).toMatchObject({ true_name: '张三', real_name_status: 'approved' });
    expect((await call(t, 'POST', '/user/certification/auth', mainland, { token: m.token })).body.code).toBe(ResponseCode.realNameApproved);

    const log = await t.db.selectFrom('operator_actions').selectAll().where('target_type', '=', 'certification').orderBy('id').execute();
    expect(log.map((l) => [l.operator, l.action, l.reason])).toEqual([
      ['alice', 'realname.reject', 'Photo unreadable'],
      ['bob', 'realname.approve', null],
    ]);
    const reviewed = await t.db.selectFrom('certifications').select(['reviewed_by', 'reviewed_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(reviewed.reviewed_by).toBe('alice');
    expect(reviewed.reviewed_at).toBeInstanceOf(Date);
  });

  it('member B cannot read member A’s record', async () => {
    const a = await registerMember(t);
    const b = await registerMember(t);
    const record = (await call(t, 'POST', '/user/certification/auth', mainland, { token: a.token })).body.data.record;
    expect((await call(t, 'GET', `/user/certification/info?id=${record.id}`, undefined, { token: a.token })).body.data.record.id).toBe(record.id);
    const peek = await call(t, 'GET', `/user/certification/info?id=${record.id}`, undefined, { token: b.token });
    expect(peek.body).toMatchObject({ code: ResponseCode.notFound, data: null });
    expect((await call(t, 'GET', '/user/certification/info', undefined, { token: b.token })).body.data).toEqual({ status: 'none', record: null });
  });

  it('international members submit with their country; the lists are localized', async () => {
    const m = await registerMember(t, { mobile_pre: '60', mobile: '123456782' });
    expect((await call(t, 'GET', '/user/certification/getUserType', undefined, { token: m.token })).body.data).toEqual({ kind: 'international', status: 'none' });
    const res = await call(t, 'POST', '/user/certification/authGuoJi', { document_type: 'passport', document_number: 'A1234567', surname: 'Tan', given_name: 'Mei Ling', country: 'my' }, { token: m.token });
    expect(res.body.data.record).toMatchObject({ kind: 'international', country: 'MY', document_type: 'passport' });
    const types = (await call(t, 'GET', '/user/certification/authType', undefined, { lang: 'zh-cn' })).body.data;
    expect(types).toContainEqual({ value: 'passport', label: '护照' });
    const countries = (await call(t, 'GET', '/user/certification/countryList', undefined, { lang: 'jp' })).body.data as Array<{ code: string; name: string; pre: string }>;
    expect(countries.find((c) => c.code === 'MY')).toEqual({ code: 'MY', name: 'マレーシア', pre: '60' });
    expect(countries.some((c) => c.code === 'CN')).toBe(false);
  });

  it('the pay password needs the e-mailed code and the login password, not a real name (paying one\'s own order from one\'s own balance needs no review)', async () => {
    const m = await registerMember(t);
    await call(t, 'POST', '/user/send_code_with_token', { type: 'pay_password' }, { token: m.token });
    const code = await latestCode(t, m.email);
    const body = { password: '123456', password_confirm: '123456', code, current_password: m.password };
    expect((await call(t, 'POST', '/user/reset/pay_password', { ...body, password: '12345a', password_confirm: '12345a' }, { token: m.token })).body.msg).toBe('The payment password must be 6 digits');
    expect((await call(t, 'POST', '/user/reset/pay_password', { ...body, password_confirm: '654321' }, { token: m.token })).body.code).toBe(ResponseCode.passwordMismatch);
    expect((await call(t, 'POST', '/user/reset/pay_password', { ...body, current_password: 'wrong-password-1' }, { token: m.token })).body.code).not.toBe(200);
    expect((await call(t, 'GET', '/user/info/index', undefined, { token: m.token })).body.data).toMatchObject({ has_pay_password: false, real_name_status: 'none' });
    expect((await call(t, 'POST', '/user/reset/pay_password', body, { token: m.token })).body.code).toBe(200);
    expect((await call(t, 'GET', '/user/info/index', undefined, { token: m.token })).body.data).toMatchObject({ has_pay_password: true, real_name_status: 'none' });
  });
});
