import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { runOpsCommand } from '../../../ops/commands.js';
import { call, freshIp, latestCode, registerMember, seedDemo } from '../../accounts/__tests__/account-helpers.js';
import { operatorCliActor } from '../../../lib/actor.js';
import { up as documentKeyUp } from '../../../db/migrations/2026_11_30_2710_certification_document_key.js';
import { realNameQueue } from '../../../console/console.service.js';
import { reviewRealName } from '../certification.service.js';
import { freshNationalId } from './fixtures.js';
import { opsOperators } from '../../../ops/__tests__/ops-operators.js';

let t: TestApp;
let ids: Record<string, number> = {};
/** How a command-line operator's decisions are recorded: as the console records them, `name#id`. */
const recordedAs = (name: string) => `${name}#${ids[name]}`;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t);
  // The console operators the commands run as (`--by`, else the default name).
  ids = await opsOperators(t.db, { alice: 'support', bob: 'support' });
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
      [recordedAs('alice'), 'realname.reject', 'Photo unreadable'],
      [recordedAs('bob'), 'realname.approve', null],
    ]);
    const reviewed = await t.db.selectFrom('certifications').select(['reviewed_by', 'reviewed_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(reviewed.reviewed_by).toBe(recordedAs('alice'));
    expect(reviewed.reviewed_at).toBeInstanceOf(Date);
  });

  it('the true name an approval sets joins its parts by the one rule: a space between Latin parts, none between Chinese or Japanese ones', async () => {
    const approvedName = async (path: string, body: Record<string, unknown>, extra: { mobile_pre?: string; mobile?: string } = {}) => {
      const m = await registerMember(t, extra);
      const sent = await call(t, 'POST', path, body, { token: m.token });
      expect(sent.body.code, JSON.stringify(sent.body)).toBe(200);
      await runOpsCommand(t.db, ['realname', 'approve', String(sent.body.data.record.id), '--by', 'bob'], 'ops');
      return (await call(t, 'GET', '/user/info/index', undefined, { token: m.token })).body.data.true_name;
    };
    // A Latin name sent on the mainland form: family name first, as that form asks for it, with a space.
    expect(await approvedName('/user/certification/auth', { document_type: 'passport', document_number: 'E98765432', surname: 'Tanaka', given_name: 'Hana' })).toBe('Tanaka Hana');
    // On the international form: the given name first, with a space; a Japanese name as Japanese writes it.
    expect(await approvedName('/user/certification/authGuoJi', { document_type: 'passport', document_number: 'A7654321', surname: 'Tan', given_name: 'Mei Ling', country: 'MY' }, { mobile_pre: '60', mobile: '123456784' })).toBe('Mei Ling Tan');
    expect(await approvedName('/user/certification/authGuoJi', { document_type: 'passport', document_number: 'TK1234567', surname: '田中', given_name: '花子', country: 'JP' }, { mobile_pre: '81', mobile: '9012345678' })).toBe('田中花子');
  });

  it('member B cannot read member A’s record', async () => {
    const a = await registerMember(t);
    const b = await registerMember(t);
    const record = (await call(t, 'POST', '/user/certification/auth', { ...mainland, document_number: freshNationalId() }, { token: a.token })).body.data.record;
    expect((await call(t, 'GET', `/user/certification/info?id=${record.id}`, undefined, { token: a.token })).body.data.record.id).toBe(record.id);
    const peek = await call(t, 'GET', `/user/certification/info?id=${record.id}`, undefined, { token: b.token });
    expect(peek.body).toEqual({ code: ResponseCode.realNameNotFound, msg: 'This real-name authentication request does not exist', data: null });
    expect((await call(t, 'GET', '/user/certification/info', undefined, { token: b.token })).body.data).toEqual({ status: 'none', record: null });
  });

  it('asking for a real-name request that does not exist names what is missing, in the member’s language', async () => {
    const m = await registerMember(t);
    const missing = await call(t, 'GET', '/user/certification/info?id=999999999', undefined, { token: m.token });
    expect(missing.body).toEqual({ code: ResponseCode.realNameNotFound, msg: 'This real-name authentication request does not exist', data: null });
    expect((await call(t, 'GET', '/user/certification/info?id=999999999', undefined, { token: m.token, lang: 'zh-cn' })).body.msg).toBe('该实名认证申请不存在');
  });

  it('international members submit with their country; the lists are localized', async () => {
    const m = await registerMember(t, { mobile_pre: '60', mobile: '123456782' });
    expect((await call(t, 'GET', '/user/certification/getUserType', undefined, { token: m.token })).body.data).toEqual({ kind: 'international', country: 'MY', status: 'none' });
    const res = await call(t, 'POST', '/user/certification/authGuoJi', { document_type: 'passport', document_number: 'A1234567', surname: 'Tan', given_name: 'Mei Ling', country: 'my' }, { token: m.token });
    expect(res.body.data.record).toMatchObject({ kind: 'international', country: 'MY', document_type: 'passport' });
    const types = (await call(t, 'GET', '/user/certification/authType', undefined, { lang: 'zh-cn' })).body.data;
    expect(types).toContainEqual({ value: 'passport', label: '护照' });
    const countries = (await call(t, 'GET', '/user/certification/countryList', undefined, { lang: 'jp' })).body.data as Array<{ code: string; name: string; pre: string }>;
    expect(countries.find((c) => c.code === 'MY')).toEqual({ code: 'MY', name: 'マレーシア', pre: '60' });
    expect(countries.some((c) => c.code === 'CN')).toBe(false);
  });

  it('the form starts from the country the member is known by: none without a phone or country, never mainland China by default', async () => {
    const kindOf = async (token: string) => (await call(t, 'GET', '/user/certification/getUserType', undefined, { token })).body.data;
    // Registered with an e-mail only: nothing says where the member lives.
    const unknown = await registerMember(t);
    expect(await kindOf(unknown.token)).toEqual({ kind: 'international', country: null, status: 'none' });
    const malaysian = await registerMember(t, { mobile_pre: '60', mobile: '123456783' });
    expect(await kindOf(malaysian.token)).toEqual({ kind: 'international', country: 'MY', status: 'none' });
    const mainlander = await registerMember(t, { mobile_pre: '86', mobile: '13800138000' });
    expect(await kindOf(mainlander.token)).toEqual({ kind: 'mainland', country: 'CN', status: 'none' });
    // A phone bound after registration names the country too.
    await t.db.updateTable('users').set({ mobile_pre: '855', mobile: '12345678', country: null }).where('id', '=', unknown.user.id).execute();
    expect(await kindOf(unknown.token)).toEqual({ kind: 'international', country: 'KH', status: 'none' });
  });

  it('the pay password needs the e-mailed code and the login password, not a real name (paying one\'s own order from one\'s own balance needs no review)', async () => {
    const m = await registerMember(t);
    await call(t, 'POST', '/user/send_code_with_token', { type: 'pay_password' }, { token: m.token });
    const code = await latestCode(t, m.email);
    const body = { password: '135790', password_confirm: '135790', code, current_password: m.password };
    expect((await call(t, 'POST', '/user/reset/pay_password', { ...body, password: '12345a', password_confirm: '12345a' }, { token: m.token })).body.msg).toBe('The payment password must be 6 digits');
    expect((await call(t, 'POST', '/user/reset/pay_password', { ...body, password_confirm: '135791' }, { token: m.token })).body.code).toBe(ResponseCode.passwordMismatch);
    expect((await call(t, 'POST', '/user/reset/pay_password', { ...body, current_password: 'wrong-password-1' }, { token: m.token })).body.code).not.toBe(200);
    expect((await call(t, 'GET', '/user/info/index', undefined, { token: m.token })).body.data).toMatchObject({ has_pay_password: false, real_name_status: 'none' });
    expect((await call(t, 'POST', '/user/reset/pay_password', body, { token: m.token })).body.code).toBe(200);
    expect((await call(t, 'GET', '/user/info/index', undefined, { token: m.token })).body.data).toMatchObject({ has_pay_password: true, real_name_status: 'none' });
  });

  it('refuses a pay password anyone would guess (six same digits, a run up or down), when first set and when changed, in the member’s language', async () => {
    const m = await registerMember(t);
    let code = '';
    const newCode = async () => {
      // The last code asked for a minute ago: another may be sent.
      await t.db.updateTable('verification_codes').set({ created_at: new Date(Date.now() - 61_000) }).where('destination', '=', m.email).execute();
      expect((await call(t, 'POST', '/user/send_code_with_token', { type: 'pay_password' }, { token: m.token, ip: freshIp() })).body.code).toBe(200);
      code = await latestCode(t, m.email);
    };
    const setPay = (password: string, lang?: string) =>
      call(t, 'POST', '/user/reset/pay_password', { password, password_confirm: password, code, current_password: m.password }, { token: m.token, lang, ip: freshIp() });
    await newCode();
    const hashOf = async () => (await t.db.selectFrom('users').select('pay_password_hash').where('id', '=', m.user.id).executeTakeFirstOrThrow()).pay_password_hash;
    for (const trivial of ['000000', '999999', '123456', '654321', '012345', '987654']) {
      const refused = await setPay(trivial);
      expect(refused.status, trivial).toBe(422);
      expect(refused.body.msg).toBe('This payment password is too easy to guess. Do not use six identical digits or a sequence such as 123456');
    }
    expect((await setPay('111111', 'km')).body.msg).toBe('ពាក្យសម្ងាត់ទូទាត់នេះងាយទាយពេក។ កុំប្រើលេខដូចគ្នា 6 ខ្ទង់ ឬលេខរៀងតគ្នាដូចជា 123456');
    expect(await hashOf()).toBeNull();
    expect((await setPay('271828')).body.code).toBe(200);
    const first = await hashOf();
    await newCode();
    expect((await setPay('234567')).status).toBe(422);
    expect(await hashOf()).toBe(first);
    expect((await setPay('112358')).body.code).toBe(200);
    expect(await hashOf()).not.toBe(first);
  });
});

/** A member's real-name request, from an address of its own (the call allows ten a minute per client). */
const submit = (token: string, body: Record<string, unknown>, o: { lang?: string; path?: string } = {}) =>
  call(t, 'POST', o.path ?? '/user/certification/auth', body, { token, lang: o.lang, ip: freshIp() });
const rowsOf = (userId: number) => t.db.selectFrom('certifications').select(['id', 'status', 'document_number']).where('user_id', '=', userId).orderBy('id').execute();
let passports = 0;
/** A passport number no other test here uses. */
const freshPassport = () => `X${Date.now().toString(36).toUpperCase()}${++passports}`;

describe('a real-name request holds a real birthday', () => {
  it('refuses a birthday in the future or before 1900, in the member’s language, and keeps nothing', async () => {
    const m = await registerMember(t);
    const body = { document_type: 'passport', document_number: freshPassport(), surname: 'Evil', given_name: 'One' };
    const future = await submit(m.token, { ...body, birthday: '2099-01-01' });
    expect(future.status).toBe(422);
    expect(future.body).toMatchObject({ code: ResponseCode.validation, msg: 'Please enter a real date of birth (from 1900 to today)' });
    expect((await submit(m.token, { ...body, birthday: '1899-12-31' }, { lang: 'zh-cn' })).body.msg).toBe('请输入真实的出生日期（1900年至今天）');
    expect((await submit(m.token, { ...body, birthday: '2023-02-29' }, { lang: 'th' })).body.msg).toBe('กรุณากรอกวันเกิดจริง (ตั้งแต่ปี 1900 ถึงวันนี้)');
    expect(await rowsOf(m.user.id)).toEqual([]);
    const ok = await submit(m.token, { ...body, birthday: '1900-01-01' });
    expect(ok.body.data.record).toMatchObject({ status: 'pending', birthday: '1900-01-01' });
  });
});

describe('one identity document verifies one account', () => {
  it('refuses a document another account has under review or verified, however it is written; the holder’s rejection frees it', async () => {
    const [a, b] = [await registerMember(t), await registerMember(t)];
    const number = freshPassport();
    const person = { document_type: 'passport', surname: 'Tan', given_name: 'Mei' };
    const held = await submit(a.token, { ...person, document_number: number });
    expect(held.body.data.record).toMatchObject({ status: 'pending' });

    // The same number in lower case with spaces and dashes, on either form.
    const written = `${number.slice(0, 3).toLowerCase()} ${number.slice(3, 6)}-${number.slice(6).toLowerCase()}`;
    const refused = await submit(b.token, { ...person, document_number: written });
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({ code: ResponseCode.realNameDocumentInUse, msg: 'This document is already used for another account. Please contact customer service', data: null });
    expect((await submit(b.token, { ...person, document_number: number, country: 'MY' }, { path: '/user/certification/authGuoJi', lang: 'zh-cn' })).body.msg).toBe('该证件已用于其他账户，请联系客服');
    expect(await rowsOf(b.user.id)).toEqual([]);
    // Another kind of document may carry the same number.
    const [c] = [await registerMember(t)];
    expect((await submit(c.token, { ...person, document_type: 'driving_license', document_number: number })).body.code).toBe(200);

    // Rejected, the document is free: B takes it, stored in one form; A's own resubmission is then refused.
    const aId = held.body.data.record.id as number;
    await runOpsCommand(t.db, ['realname', 'reject', String(aId), '--reason', 'Not your passport', '--by', 'alice'], 'ops');
    const taken = await submit(b.token, { ...person, document_number: written });
    expect(taken.body.data.record.status).toBe('pending');
    expect((await rowsOf(b.user.id)).map((r) => r.document_number)).toEqual([number]);
    expect((await submit(a.token, { ...person, document_number: number })).body.code).toBe(ResponseCode.realNameDocumentInUse);

    // Approved, it stays B's.
    await runOpsCommand(t.db, ['realname', 'approve', String(taken.body.data.record.id), '--by', 'bob'], 'ops');
    expect((await submit(a.token, { ...person, document_number: number })).body.code).toBe(ResponseCode.realNameDocumentInUse);
  });

  it('a member resubmits their own document after a rejection', async () => {
    const m = await registerMember(t);
    const body = { ...mainland, document_number: freshNationalId() };
    const first = await submit(m.token, body);
    await runOpsCommand(t.db, ['realname', 'reject', String(first.body.data.record.id), '--reason', 'Blurred', '--by', 'alice'], 'ops');
    expect((await submit(m.token, body)).body.data.record).toMatchObject({ status: 'pending' });
  });

  it('of members sending the same document at once, one is under review and the others are refused', async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => registerMember(t)));
    const number = freshPassport();
    const answers = await Promise.all(members.map((m) => submit(m.token, { document_type: 'passport', document_number: number, surname: 'Lee', given_name: 'Ann' })));
    const codes = answers.map((a) => a.body.code).sort();
    expect(codes).toEqual([200, ...Array(5).fill(ResponseCode.realNameDocumentInUse)]);
    const rows = await t.db.selectFrom('certifications').select('status').where('document_number', '=', number).execute();
    expect(rows).toEqual([{ status: 'pending' }]);
  });

  it('requests that shared a document before the rule stay as they were; approving a second one is refused; the queue warns of them', async () => {
    const [a, b, c] = [await registerMember(t), await registerMember(t), await registerMember(t)];
    const number = freshPassport();
    // The table as it was before the key: numbers compared without spaces or dashes only.
    await sql`drop index certifications_document_key_once`.execute(t.db);
    await sql`drop index certifications_document_key_idx`.execute(t.db);
    await sql`drop trigger certifications_document_key_default on certifications`.execute(t.db);
    await sql`drop function certifications_document_key_default()`.execute(t.db);
    await sql`alter table certifications drop column document_key`.execute(t.db);
    const row = (userId: number, status: 'pending' | 'approved', written: string) => ({ user_id: userId, kind: 'international' as const, country: 'MY', document_type: 'passport', document_number: written, surname: 'Tan', given_name: 'Mei', status });
    const [, later, third] = await (t.db as unknown as Kysely<any>)
      .insertInto('certifications')
      .values([row(a.user.id, 'approved', number), row(b.user.id, 'pending', `${number.slice(0, 2)}.${number.slice(2)}`), row(c.user.id, 'pending', fullWidth(number))])
      .returning('id')
      .execute();
    await documentKeyUp(t.db);

    expect((await rowsOf(b.user.id)).map((r) => r.status)).toEqual(['pending']);
    expect((await rowsOf(c.user.id)).map((r) => r.status)).toEqual(['pending']);
    const keys = await t.db.selectFrom('certifications').select('document_key').where('id', 'in', [later!.id, third!.id]).execute();
    expect(keys.map((k) => k.document_key)).toEqual([number, number]);
    // The reviewer sees the number whole and who else sent it.
    const queue = await realNameQueue(t.db, operatorCliActor('alice'), { status: 'pending', q: b.user.user_name, page: 1, limit: 20 });
    expect(queue.list[0]).toMatchObject({ id: later!.id, document_number: `${number.slice(0, 2)}.${number.slice(2)}` });
    expect(queue.list[0]!.same_document.map((o) => [o.user_id, o.status]).sort()).toEqual([[a.user.id, 'approved'], [c.user.id, 'pending']].sort());
    await expect(reviewRealName(t.db, operatorCliActor('alice'), { id: later!.id, decision: 'approve' })).rejects.toMatchObject({ code: ResponseCode.realNameDocumentInUse });
    expect((await rowsOf(b.user.id)).map((r) => r.status)).toEqual(['pending']);
    await reviewRealName(t.db, operatorCliActor('alice'), { id: later!.id, decision: 'reject', reason: 'Document verified for another account' });
    // The index holds for everyone else.
    const d = await registerMember(t);
    expect((await submit(d.token, { document_type: 'passport', document_number: number, surname: 'Tan', given_name: 'Mei' })).body.code).toBe(ResponseCode.realNameDocumentInUse);
  });
});

/** `text` with its letters and digits in their full-width forms (`ＡＡ１２３`), as East Asian keyboards type them. */
const fullWidth = (text: string) => text.replace(/[A-Za-z0-9]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0));

describe('a document number is one number however it is typed', () => {
  it('full-width digits, dots and look-alike letters name the same passport: refused for a second account, and the queue warns', async () => {
    const [a, b, c] = [await registerMember(t), await registerMember(t), await registerMember(t)];
    const number = `AA${Date.now().toString().slice(-7)}`;
    const person = { document_type: 'passport', surname: 'Tan', given_name: 'Mei' };
    const held = await submit(a.token, { ...person, document_number: number });
    expect(held.body.data.record).toMatchObject({ status: 'pending' });

    for (const written of [`AA${fullWidth(number.slice(2))}`, `AA.${number.slice(2)}`, `АА${number.slice(2)}` /* Cyrillic А */, fullWidth(number).toLowerCase(), `aa/${number.slice(2, 5)}.${number.slice(5)}`]) {
      const refused = await submit(b.token, { ...person, document_number: written });
      expect(refused.body, written).toMatchObject({ code: ResponseCode.realNameDocumentInUse });
    }
    expect(await rowsOf(b.user.id)).toEqual([]);

    // Under another document type the number may be sent, but the reviewer is told who else has it, in any state.
    const other = await submit(c.token, { ...person, document_type: 'residence_permit', document_number: `AA.${fullWidth(number.slice(2))}` });
    expect(other.body.data.record).toMatchObject({ status: 'pending' });
    expect((await rowsOf(c.user.id)).map((r) => r.document_number)).toEqual([number]);
    await runOpsCommand(t.db, ['realname', 'approve', String(held.body.data.record.id), '--by', 'bob'], 'ops');
    const queue = await realNameQueue(t.db, operatorCliActor('alice'), { status: 'pending', q: c.user.user_name, page: 1, limit: 20 });
    expect(queue.list).toHaveLength(1);
    expect(queue.list[0]).toMatchObject({ document_number: number, same_document: [{ user_id: a.user.id, user_name: a.user.user_name, document_type: 'passport', status: 'approved' }] });
    const approved = await realNameQueue(t.db, operatorCliActor('alice'), { status: 'approved', q: a.user.user_name, page: 1, limit: 20 });
    expect(approved.list[0]!.same_document).toMatchObject([{ user_id: c.user.id, status: 'pending' }]);
  });

  it('refuses a number without enough letters or digits, in the member’s language, and keeps nothing', async () => {
    const m = await registerMember(t);
    const body = { document_type: 'passport', surname: 'Tan', given_name: 'Mei' };
    for (const written of ['....', '-- --', 'A-1.2', '１２３４']) {
      const refused = await submit(m.token, { ...body, document_number: written });
      expect(refused.status, written).toBe(422);
      expect(refused.body.msg).toBe('Please enter the document number as printed on the document (at least 5 letters or digits)');
    }
    expect((await submit(m.token, { ...body, document_number: '....' }, { lang: 'zh-cn' })).body.msg).toBe('请按证件上印制的号码填写（至少5位字母或数字）');
    expect(await rowsOf(m.user.id)).toEqual([]);
  });
});
