import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';

// Members' feedback: categories in the member's language, sending with their own images within
// the limits, their list and detail; an operator's one reply, which messages the member.

let t: TestApp;
let support: Awaited<ReturnType<typeof newOperatorSession>>;
let catalogue: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  support = await newOperatorSession(t.db, 'support');
  catalogue = await newOperatorSession(t.db, 'catalogue');
}, 60_000);
afterAll(() => t.close());

type Headers = Record<string, string>;
let n = 0;
const keyed = (h: Headers) => ({ ...h, 'idempotency-key': `feedback-${Date.now()}-${n++}` });
const get = (url: string, headers?: Headers, lang?: string) => call(t, 'GET', url, { headers, lang });
const post = (url: string, body: unknown, headers: Headers, lang?: string) => call(t, 'POST', url, { headers: keyed(headers), body, ...(lang ? { lang } : {}) });
const feedbackCount = async (memberId: number) => Number((await t.db.selectFrom('feedbacks').select((eb) => eb.fn.countAll<string>().as('n')).where('member_id', '=', memberId).executeTakeFirstOrThrow()).n);

/** An image the member uploaded (as /upload2 stores it). */
async function uploadOf(userId: number, kind: 'image' | 'video' = 'image') {
  const key = `test/${userId}-${n++}.webp`;
  const row = await t.db.insertInto('uploads').values({ user_id: userId, storage_key: key, mime: 'image/webp', kind, size: 100, original_name: null }).returning('id').executeTakeFirstOrThrow();
  return { id: Number(row.id), key };
}

describe('feedback', () => {
  it('a member sends feedback with their images and a contact; it shows in their list and detail, in their language, as typed', async () => {
    const m = await newMember(t);
    const cats = (await get('/user/feedback/cate', m.headers, 'zh-cn')).body.data.list;
    expect(cats.map((c: { name: string }) => c.name)).toEqual(['商品问题', '订单与物流', '支付与钱包', '账户问题', '功能建议', '其他']);
    const a = await uploadOf(m.userId);
    const b = await uploadOf(m.userId);
    const text = 'The <b>parcel</b> arrived late & the box was open';
    const sent = await post('/user/feedback/create', { cate_id: cats[1].id, content: text, images: [a.id, b.id], contact: 'mei@example.com' }, m.headers);
    expect(sent.body).toMatchObject({ code: 200, data: { status: 'pending' } });
    const list = (await get('/user/feedback/list', m.headers)).body.data;
    expect(list).toMatchObject({ total: 1, list: [{ id: sent.body.data.id, cate: { name: 'Orders and delivery' }, content: text, status: 'pending', replied_at: null }] });
    const info = (await get(`/user/feedback/info?id=${sent.body.data.id}`, m.headers)).body.data;
    expect(info).toMatchObject({ content: text, contact: 'mei@example.com', reply: null, status: 'pending' });
    expect(info.images).toHaveLength(2);
    // Private: signed for the reader.
    expect(info.images[0]).toMatch(new RegExp(`/uploads/${a.key}\\?exp=\\d+&sig=`));
    // Exactly 140 characters is accepted.
    expect((await post('/user/feedback/create', { cate_id: cats[0].id, content: 'x'.repeat(140) }, m.headers)).body.code).toBe(200);
  });

  it('refuses an unknown or hidden category, empty or longer than 140 characters, more than 9 images, images not the member\'s own; nothing is written', async () => {
    const m = await newMember(t);
    const other = await newMember(t);
    const cats = (await get('/user/feedback/cate', m.headers)).body.data.list;
    const ok = { cate_id: cats[0].id, content: 'Hello' };
    expect((await post('/user/feedback/create', { ...ok, cate_id: 999_999 }, m.headers)).body.code).toBe(ResponseCode.feedbackCategoryUnknown);
    const hidden = await t.db.insertInto('feedback_categories').values({ names: JSON.stringify({ 'en-us': 'Hidden' }) as unknown as Record<string, string>, enabled: false }).returning('id').executeTakeFirstOrThrow();
    expect((await post('/user/feedback/create', { ...ok, cate_id: hidden.id }, m.headers)).body.code).toBe(ResponseCode.feedbackCategoryUnknown);
    expect((await post('/user/feedback/create', { ...ok, content: '   ' }, m.headers)).status).toBe(422);
    expect((await post('/user/feedback/create', { ...ok, content: 'x'.repeat(141) }, m.headers)).status).toBe(422);
    const ten = await Promise.all(Array.from({ length: 10 }, () => uploadOf(m.userId)));
    const tooMany = await post('/user/feedback/create', { ...ok, images: ten.map((u) => u.id) }, m.headers);
    expect(tooMany.body).toMatchObject({ code: ResponseCode.feedbackTooManyImages, msg: 'You can add at most 9 images' });
    const theirs = await uploadOf(other.userId);
    // Another member's upload is told for what it is, not as a failed upload to try again.
    expect((await post('/user/feedback/create', { ...ok, images: [ten[0]!.id, theirs.id] }, m.headers)).body).toMatchObject({ code: ResponseCode.feedbackImageNotOwn, msg: 'A picture is not one you uploaded' });
    expect((await post('/user/feedback/create', { ...ok, images: [theirs.id] }, m.headers, 'hu')).body).toMatchObject({ code: ResponseCode.feedbackImageNotOwn, msg: 'A kép nem az Ön feltöltése' });
    // The member's own video is told as not a picture, as the chat tells it.
    const video = await uploadOf(m.userId, 'video');
    expect((await post('/user/feedback/create', { ...ok, images: [video.id] }, m.headers)).body).toMatchObject({ code: ResponseCode.feedbackImageNotOwn, msg: 'The file chosen is not a picture: please choose a picture' });
    expect(await feedbackCount(m.userId)).toBe(0);
    expect((await get('/user/feedback/list')).body.code).toBe(ResponseCode.loginRequired);
  });

  it('at most 10 in 24 hours, even sent 20 at once; the refusal says how long to wait', async () => {
    const m = await newMember(t);
    const cats = (await get('/user/feedback/cate', m.headers)).body.data.list;
    const sent = await Promise.all(Array.from({ length: 20 }, (_, i) => post('/user/feedback/create', { cate_id: cats[0].id, content: `Note ${i}` }, m.headers)));
    expect(sent.filter((r) => r.body.code === 200)).toHaveLength(10);
    const refused = sent.filter((r) => r.body.code !== 200);
    expect(refused.every((r) => r.body.code === ResponseCode.feedbackDailyLimit)).toBe(true);
    // The wait is told from the real time left, in hours (not "1440 minutes"), and in minutes within the last hour.
    expect(refused[0]!.body.msg).toBe('You have sent 10 feedback messages today. Please try again in 24 hours');
    expect(await feedbackCount(m.userId)).toBe(10);
    await t.db.updateTable('feedbacks').set({ created_at: sql`now() - interval '20 hours 10 minutes'` }).where('member_id', '=', m.userId).execute();
    expect((await post('/user/feedback/create', { cate_id: cats[0].id, content: 'Later' }, m.headers, 'zh-cn')).body).toMatchObject({ code: ResponseCode.feedbackDailyLimit, msg: '您今天已提交 10 条反馈，请 4 小时后再试' });
    await t.db.updateTable('feedbacks').set({ created_at: sql`now() - interval '23 hours 35 minutes'` }).where('member_id', '=', m.userId).execute();
    expect((await post('/user/feedback/create', { cate_id: cats[0].id, content: 'Soon' }, m.headers)).body.msg).toBe('You have sent 10 feedback messages today. Please try again in 25 minutes');
    // A day later, the oldest no longer count.
    await t.db.updateTable('feedbacks').set({ created_at: sql`now() - interval '25 hours'` }).where('member_id', '=', m.userId).execute();
    expect((await post('/user/feedback/create', { cate_id: cats[0].id, content: 'Next day' }, m.headers)).body.code).toBe(200);
  });

  it("another member's feedback is not found; an operator replies once and the member is messaged once, then it can be closed", async () => {
    const m = await newMember(t);
    const other = await newMember(t);
    const cats = (await get('/user/feedback/cate', m.headers)).body.data.list;
    const id = (await post('/user/feedback/create', { cate_id: cats[4].id, content: 'Please add dark mode' }, m.headers)).body.data.id as number;
    expect((await get(`/user/feedback/info?id=${id}`, other.headers)).body.code).toBe(ResponseCode.feedbackNotFound);
    expect((await get('/user/feedback/list', other.headers)).body.data.total).toBe(0);

    const queue = (await get(`/admin/api/feedback/list?status=pending&user_id=${m.userId}`, support.headers)).body.data;
    expect(queue.list).toMatchObject([{ id, user_id: m.userId, content: 'Please add dark mode', status: 'pending' }]);
    expect((await get('/admin/api/feedback/list', catalogue.headers)).body.code).not.toBe(200);
    expect((await post('/admin/api/feedback/reply', { id, reply: '' }, support.headers)).status).toBe(422);

    const [r1, r2] = await Promise.all([
      post('/admin/api/feedback/reply', { id, reply: 'Thank you, it is planned for next month.' }, support.headers),
      post('/admin/api/feedback/reply', { id, reply: 'Thanks!' }, support.headers),
    ]);
    expect([r1.body.code, r2.body.code].sort()).toEqual([200, ResponseCode.requestNotPending].sort());
    const info = (await get(`/user/feedback/info?id=${id}`, m.headers)).body.data;
    expect(info.status).toBe('replied');
    expect(info.replied_at).toEqual(expect.any(String));
    const messages = (await get('/user/message/list', m.headers)).body.data.list;
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ kind: 'support.feedback_replied', title: 'Your feedback was answered', link: `/pages/my/feedbacks?id=${id}` });
    expect(messages[0].text).toBe(`Our support team replied to your feedback: ${info.reply}`);

    // Already decided: the refusal names the state, in the operator's language.
    expect((await post('/admin/api/feedback/reply', { id, reply: 'Again' }, support.headers)).body).toMatchObject({ code: ResponseCode.requestNotPending, msg: 'This request has already been decided (Replied)' });
    expect((await post('/admin/api/feedback/close', { id }, support.headers)).body.data).toMatchObject({ status: 'closed' });
    expect((await post('/admin/api/feedback/close', { id }, support.headers, 'th')).body).toMatchObject({ code: ResponseCode.requestNotPending, msg: 'คำขอนี้ได้รับการพิจารณาแล้ว (ปิดแล้ว)' });
    expect((await post('/admin/api/feedback/reply', { id, reply: 'Too late' }, support.headers, 'zh-cn')).body).toMatchObject({ code: ResponseCode.requestNotPending, msg: '此申请已处理（已关闭）' });
    expect((await post('/admin/api/feedback/reply', { id: 999_999, reply: 'x' }, support.headers)).body.code).toBe(ResponseCode.feedbackNotFound);
  });

  it('a long reply is told to the member cut to 60 characters with "…", never inside an emoji', async () => {
    const m = await newMember(t);
    const cats = (await get('/user/feedback/cate', m.headers)).body.data.list;
    const id = (await post('/user/feedback/create', { cate_id: cats[4].id, content: 'Please add dark mode' }, m.headers)).body.data.id as number;
    const reply = `a${'😀'.repeat(80)}`;
    expect((await post('/admin/api/feedback/reply', { id, reply }, support.headers)).body.code).toBe(200);
    const [told] = (await get('/user/message/list', m.headers)).body.data.list;
    expect(told.text).toBe(`Our support team replied to your feedback: a${'😀'.repeat(59)}…`);
    expect(told.text).not.toMatch(/\uFFFD|[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('operators edit the categories: a hidden one is no longer offered, a new one is, named in each language', async () => {
    const owner = await newOperatorSession(t.db, 'owner');
    const m = await newMember(t);
    const created = await post('/admin/api/feedback/categories/save', { names: { 'en-us': 'Shipping fees', th: 'ค่าจัดส่ง' }, sort: 5 }, owner.headers);
    expect(created.body.code, created.body.msg).toBe(200);
    expect((await post('/admin/api/feedback/categories/save', { names: { th: 'ค่าจัดส่ง' } }, owner.headers)).status).toBe(422);
    expect((await get('/user/feedback/cate', m.headers, 'th')).body.data.list[0]).toEqual({ id: created.body.data.id, name: 'ค่าจัดส่ง' });
    const hidden = await post('/admin/api/feedback/categories/save', { id: created.body.data.id, base_updated_at: created.body.data.updated_at, names: { 'en-us': 'Shipping fees' }, sort: 5, enabled: false }, owner.headers);
    expect(hidden.body.code, hidden.body.msg).toBe(200);
    expect((await get('/user/feedback/cate', m.headers)).body.data.list.map((c: { name: string }) => c.name)).not.toContain('Shipping fees');
    expect((await get('/admin/api/feedback/categories', owner.headers)).body.data.list.find((c: { id: number }) => c.id === created.body.data.id)).toMatchObject({ enabled: false });
  });
  it('the contact must be an e-mail address or a phone number: anything else is refused in the member\'s language and nothing is written', async () => {
    const m = await newMember(t);
    const cats = (await get('/user/feedback/cate', m.headers)).body.data.list;
    const send = (contact: string | undefined, lang?: string) => post('/user/feedback/create', { cate_id: cats[0].id, content: 'Hello', ...(contact !== undefined ? { contact } : {}) }, m.headers, lang);
    for (const contact of ['javascript:alert(1)', '<img src=x onerror=alert(1)>', 'call me maybe', 'mei@', '12', '+1 (555) 010-0000-0000-00']) {
      const refused = await send(contact);
      expect(refused.status, contact).toBe(422);
      expect(refused.body.msg, contact).toBe('Enter an e-mail address or a phone number');
    }
    expect((await send('javascript:alert(1)', 'th')).body.msg).toBe('กรุณากรอกอีเมลหรือหมายเลขโทรศัพท์');
    expect(await feedbackCount(m.userId)).toBe(0);
    for (const contact of ['mei@example.com', '+66 81 234 5678', '13800138000', '(02) 123-4567', '  0812345678  ', '', undefined]) {
      expect((await send(contact)).body.code, String(contact)).toBe(200);
    }
    const list = (await get('/user/feedback/list?limit=20', m.headers)).body.data.list;
    const contacts = await Promise.all(list.map(async (f: { id: number }) => (await get(`/user/feedback/info?id=${f.id}`, m.headers)).body.data.contact));
    expect(contacts.sort()).toEqual(['', '', '(02) 123-4567', '+66 81 234 5678', '0812345678', '13800138000', 'mei@example.com'].sort());
  });
});
