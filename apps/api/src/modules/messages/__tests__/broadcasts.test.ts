import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { purgeOldMessages } from '../messages.service.js';

// Operators' messages to all members or a segment, in several languages; old messages removed
// after the retention setting, the unread counts following at once.

let t: TestApp;
let owner: Awaited<ReturnType<typeof newOperatorSession>>;
let support: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await newOperatorSession(t.db, 'owner');
  support = await newOperatorSession(t.db, 'support');
}, 60_000);
afterAll(() => t.close());

type Headers = Record<string, string>;
let keyN = 0;
const keyed = (h: Headers) => ({ ...h, 'idempotency-key': `broadcast-${Date.now()}-${keyN++}` });
const get = (url: string, headers?: Headers, lang?: string) => call(t, 'GET', url, { headers, lang });
const post = (url: string, body: unknown, headers: Headers) => call(t, 'POST', url, { headers: keyed(headers), body });
/** The support settings saved as the console's card saves them: naming the version it read. */
const saveSupport = async (body: Record<string, unknown>, headers: Headers) =>
  post('/admin/api/messages/settings/save', { ...body, base_updated_at: (await get('/admin/api/messages/settings', headers)).body.data.updated_at }, headers);
const unread = async (h: Headers) => (await get('/user/message/total', h)).body.data.unread as number;
const texts = { 'en-us': { title: 'Holiday hours', text: 'Support answers from 9 to 18 during the holidays.' }, th: { title: 'เวลาทำการช่วงวันหยุด', text: 'ฝ่ายบริการตอบกลับเวลา 9 ถึง 18 น. ในช่วงวันหยุด' } };

describe('messages from operators', () => {
  it('reach the members of the segment once, each in their language (English when the language is missing); the unread counts follow', async () => {
    const my = await newMember(t);
    const th = await newMember(t);
    const other = await newMember(t);
    await t.db.updateTable('users').set({ country: 'MY' }).where('id', '=', my.userId).execute();
    await t.db.updateTable('users').set({ country: 'TH' }).where('id', 'in', [th.userId, other.userId]).execute();
    // Each reads their messages once: that is the language a language segment selects.
    await get('/user/message/list', my.headers, 'zh-cn');
    await get('/user/message/list', th.headers, 'th');
    await get('/user/message/list', other.headers, 'en-us');
    expect(await unread(my.headers)).toBe(0);

    const toMy = await post('/admin/api/messages/broadcast', { texts, link: '/pages/activity/kefu', countries: ['MY'] }, owner.headers);
    expect(toMy.body.code, toMy.body.msg).toBe(200);
    expect(toMy.body.data).toMatchObject({ recipients: 1, countries: ['MY'], langs: [] });
    const toThai = await post('/admin/api/messages/broadcast', { texts, langs: ['th'] }, owner.headers);
    expect(toThai.body.data.recipients).toBe(1);

    expect([await unread(my.headers), await unread(th.headers), await unread(other.headers)]).toEqual([1, 1, 0]);
    // zh-cn is not among the texts: English.
    expect((await get('/user/message/list', my.headers, 'zh-cn')).body.data.list[0]).toMatchObject({ kind: 'notice.broadcast', title: 'Holiday hours', link: '/pages/activity/kefu', read: false });
    expect((await get('/user/message/list', th.headers, 'th')).body.data.list[0]).toMatchObject({ title: 'เวลาทำการช่วงวันหยุด', text: 'ฝ่ายบริการตอบกลับเวลา 9 ถึง 18 น. ในช่วงวันหยุด' });
    expect([await unread(my.headers), await unread(th.headers)]).toEqual([0, 0]);

    const list = await get('/admin/api/messages/broadcasts?limit=5', owner.headers);
    expect(list.body.data.list[0]).toMatchObject({ id: toThai.body.data.id, langs: ['th'], recipients: 1, texts });
  });

  it('reach the members of the star ranks named (0: no star yet), within the other filters', async () => {
    const [none, one, two] = [await newMember(t), await newMember(t), await newMember(t)];
    await t.db.updateTable('users').set({ country: 'KH' }).where('id', 'in', [none.userId, one.userId, two.userId]).execute();
    await t.db.insertInto('referral_stats').values([{ member_id: one.userId, star: 1 }, { member_id: two.userId, star: 2 }]).execute();
    const toTwo = await post('/admin/api/messages/broadcast', { texts, countries: ['KH'], stars: [2] }, owner.headers);
    expect(toTwo.body.data).toMatchObject({ recipients: 1, countries: ['KH'], stars: [2] });
    const toNoneAndOne = await post('/admin/api/messages/broadcast', { texts, countries: ['KH'], stars: [1, 0, 1] }, owner.headers);
    expect(toNoneAndOne.body.data).toMatchObject({ recipients: 2, stars: [0, 1] });
    expect([await unread(none.headers), await unread(one.headers), await unread(two.headers)]).toEqual([1, 1, 1]);
    expect((await get('/user/message/list', two.headers)).body.data.list.map((m: { title: string }) => m.title)).toEqual(['Holiday hours']);
    expect((await post('/admin/api/messages/broadcast', { texts, stars: [-1] }, owner.headers)).status).toBe(422);
    expect((await post('/admin/api/messages/broadcast', { texts, stars: ['gold'] }, owner.headers)).status).toBe(422);
  });

  it('refuses bad texts and segments, and operators without the permission; nothing is written', async () => {
    const before = Number((await t.db.selectFrom('message_broadcasts').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    expect((await post('/admin/api/messages/broadcast', { texts: { th: texts.th } }, owner.headers)).status).toBe(422);
    expect((await post('/admin/api/messages/broadcast', { texts: { 'en-us': { title: '', text: 'x' } } }, owner.headers)).status).toBe(422);
    expect((await post('/admin/api/messages/broadcast', { texts, countries: ['Malaysia'] }, owner.headers)).status).toBe(422);
    const offSite = await post('/admin/api/messages/broadcast', { texts, link: 'https://evil.example' }, owner.headers);
    expect(offSite.status).toBe(422);
    // A link that climbs out of the app's pages, or whose empty segment a browser reads as another host, is refused alike.
    for (const link of ['/pages/../..//evil.com', '/pages/./my', '/pages/my/..', '/pages//evil.com', '/pages/my//index']) {
      const refused = await post('/admin/api/messages/broadcast', { texts, link }, owner.headers);
      expect([refused.status, refused.body.msg], link).toEqual([422, offSite.body.msg]);
    }
    expect((await post('/admin/api/messages/broadcast', { texts }, support.headers)).body.code).not.toBe(200);
    const m = await newMember(t);
    expect((await post('/admin/api/messages/broadcast', { texts }, m.headers)).body.code).not.toBe(200);
    const after = Number((await t.db.selectFrom('message_broadcasts').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    expect(after).toBe(before);
  });

  it('refuses a link to a page the app does not have, on the link, in the operator’s language: the member would land on "Page not found"', async () => {
    const before = Number((await t.db.selectFrom('message_broadcasts').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    for (const link of ['/pages/charity/index', '/pages/lovers/index2', '/pages/lovers/index/extra?id=1', '/pages/my']) {
      const refused = await call(t, 'POST', '/admin/api/messages/broadcast', { headers: keyed(owner.headers), body: { texts, link }, lang: 'en-us' });
      expect([refused.status, refused.body.data?.errors?.[0]?.field], link).toEqual([422, 'link']);
      expect(refused.body.msg, link).toContain('is not a page of the app');
    }
    const th = await call(t, 'POST', '/admin/api/messages/broadcast', { headers: keyed(owner.headers), body: { texts, link: '/pages/charity/index' }, lang: 'th' });
    expect(th.body.msg).toContain('ไม่ใช่หน้าที่มีอยู่ในแอป');
    const after = Number((await t.db.selectFrom('message_broadcasts').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    expect(after).toBe(before);
    for (const link of ['/pages/lovers/index', '/pages/goods/goodsInfo?id=3']) {
      expect((await post('/admin/api/messages/broadcast', { texts, link, countries: ['ZZ'] }, owner.headers)).body.data, link).toMatchObject({ link });
    }
  });

  it('removes messages older than the retention setting; the unread count drops at once', async () => {
    expect((await get('/admin/api/messages/settings', owner.headers)).body.data).toEqual({ message_retention_days: 180, feedback_daily_limit: 10, chat_mode: 'builtin', external_chat_url: '', updated_by: 'system', updated_at: expect.any(String) });
    expect((await saveSupport({ message_retention_days: 3, feedback_daily_limit: 10 }, owner.headers)).status).toBe(422);
    const m = await newMember(t);
    await post('/admin/api/messages/broadcast', { texts }, owner.headers);
    await post('/admin/api/messages/broadcast', { texts }, owner.headers);
    expect(await unread(m.headers)).toBe(2);
    // One of them 200 days old.
    const oldest = await t.db.selectFrom('member_messages').select('id').where('member_id', '=', m.userId).orderBy('id').executeTakeFirstOrThrow();
    await t.db.updateTable('member_messages').set({ created_at: sql`now() - interval '200 days'` }).where('id', '=', oldest.id).execute();
    await purgeOldMessages(t.db);
    expect(await unread(m.headers)).toBe(1);
    // Kept for 30 days from now on: a 40-day-old message goes too.
    expect((await saveSupport({ message_retention_days: 30, feedback_daily_limit: 10 }, owner.headers)).body.data).toMatchObject({ message_retention_days: 30, feedback_daily_limit: 10 });
    await t.db.updateTable('member_messages').set({ created_at: sql`now() - interval '40 days'` }).where('member_id', '=', m.userId).execute();
    await purgeOldMessages(t.db);
    expect(await unread(m.headers)).toBe(0);
    expect((await get('/user/message/list', m.headers)).body.data.total).toBe(0);
    await saveSupport({ message_retention_days: 180, feedback_daily_limit: 10 }, owner.headers);
  });
});
