import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { runDueJobs } from '../../../jobs/worker.js';
import { backfillLastMessageKinds } from '../../../db/migrations/2026_12_02_1410_chat_last_message_kind.js';

// The built-in support chat: a member writes (a conversation opens, assigned to an online agent or
// waiting), agents answer from the desk; each side asks for what came after the last message it
// has, so a client that was away gets every missed message once, in order.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t.close());

type Headers = Record<string, string>;
let n = 0;
const keyed = (h: Headers) => ({ ...h, 'idempotency-key': `chat-${Date.now()}-${n++}` });
const get = (url: string, headers?: Headers) => call(t, 'GET', url, { headers });
const post = (url: string, body: unknown, headers: Headers, lang?: string) => call(t, 'POST', url, { headers: keyed(headers), body, ...(lang ? { lang } : {}) });
/** The support settings saved as the console's card saves them: naming the version it read. */
const saveSupport = async (body: Record<string, unknown>, headers: Headers) =>
  post('/admin/api/messages/settings/save', { ...body, base_updated_at: (await get('/admin/api/messages/settings', headers)).body.data.updated_at }, headers);
const say = (h: Headers, text: string) => post('/user/chat/send', { kind: 'text', text }, h);
/** Every agent away from the desk (each test starts with nobody online). */
const nobodyOnline = () => t.db.updateTable('chat_agents').set({ seen_at: sql`now() - interval '1 hour'` }).execute();
const openConversation = (memberId: number) => t.db.selectFrom('chat_conversations').select(['id', 'agent_id']).where('member_id', '=', memberId).where('status', '=', 'open').executeTakeFirstOrThrow();
const chatNotes = async (h: Headers) => (await get('/user/message/list?kind=support', h)).body.data.list.filter((x: { kind: string }) => x.kind === 'support.chat_reply');
/**
 * The moment the answers' "still unread?" decisions fall due (a few seconds after each answer),
 * brought forward, and a worker run: whichever process runs the jobs decides them, so a decision
 * outlives the process that took the answer. Answers the tasks that ran.
 */
const awayDecisionsDue = async () => {
  await sql`update graphile_worker._private_jobs set run_at = now() where key like 'chat-away:%'`.execute(t.db);
  return (await runDueJobs(t.deps)).succeeded;
};

describe('support chat', () => {
  it('waits in the queue while no agent is online; an agent answering takes it; both sides read what they missed after their last message, once, in order', async () => {
    await nobodyOnline();
    const m = await newMember(t);
    expect((await get('/user/chat/state', m.headers)).body.data).toMatchObject({ conversation_id: null, status: 'none', agents_online: false });
    const first = await say(m.headers, 'Hello, where is my parcel?');
    expect(first.body).toMatchObject({ code: 200, data: { sender: 'member', kind: 'text', body: 'Hello, where is my parcel?' } });
    await say(m.headers, 'Order O42');
    expect((await get('/user/chat/state', m.headers)).body.data).toMatchObject({ status: 'waiting', agent: null, read_by_agent: false });

    const agent = await newOperatorSession(t.db, 'support');
    const waiting = (await get('/admin/api/chat/conversations?status=waiting', agent.headers)).body.data.list;
    const conv = waiting.find((c: { user_id: number }) => c.user_id === m.userId);
    expect(conv).toMatchObject({ status: 'waiting', unread: 2, last_message: 'Order O42' });
    const seen = (await get(`/admin/api/chat/messages?conversation_id=${conv.id}`, agent.headers)).body.data.list;
    expect(seen.map((x: { body: string }) => x.body)).toEqual(['Order O42', 'Hello, where is my parcel?']);

    expect((await get('/user/chat/state', m.headers)).body.data.read_by_agent).toBe(true);
    const reply = await post('/admin/api/chat/reply', { conversation_id: conv.id, text: 'It left the depot this morning.' }, agent.headers);
    expect(reply.body.data).toMatchObject({ sender: 'agent', agent_name: expect.any(String) });
    expect((await get('/user/chat/state', m.headers)).body.data).toMatchObject({ status: 'open', agent: { online: true }, unread: 1 });
    // The member was away: once the answer has stayed unread a few seconds, their messages tell them,
    // once, however many replies follow.
    await post('/admin/api/chat/reply', { conversation_id: conv.id, text: 'Expected tomorrow.' }, agent.headers);
    await awayDecisionsDue();
    const told = (await get('/user/message/list?kind=support', m.headers)).body.data.list;
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ kind: 'support.chat_reply', link: '/pages/other/mixdesk', text: 'New reply in your support chat: It left the depot this morning.' });

    // Back online with the last message it had: exactly the missed ones, in order.
    const missed = (await get(`/user/chat/messages?after_id=${first.body.data.id}`, m.headers)).body.data.list;
    expect(missed.map((x: { body: string }) => x.body)).toEqual(['Order O42', 'It left the depot this morning.', 'Expected tomorrow.']);
    const lastId = missed.at(-1).id;
    expect((await get(`/user/chat/messages?after_id=${lastId}`, m.headers)).body.data.list).toEqual([]);
    expect((await get('/user/chat/state', m.headers)).body.data.unread).toBe(0);
    // Older history, a page at a time, newest first.
    const older = (await get(`/user/chat/messages?before_id=${lastId}&limit=2`, m.headers)).body.data;
    expect(older.list.map((x: { body: string }) => x.body)).toEqual(['It left the depot this morning.', 'Order O42']);
    expect(older.has_more).toBe(true);
    // The desk's own resync.
    const after = (await get(`/admin/api/chat/conversations?status=open&mine=true`, agent.headers)).body.data.list;
    expect(after.map((c: { id: number }) => c.id)).toContain(conv.id);
  });

  it("the desk's last line of a picture or goods says what kind it was, for the desk to word in the operator's language (no English '[image]'); older rows too", async () => {
    await nobodyOnline();
    const agent = await newOperatorSession(t.db, 'support');
    const m = await newMember(t);
    // Asking for the desk's list puts the agent online: the member's next message is theirs (open).
    const row = async () => {
      const lists = await Promise.all(['waiting', 'open'].map(async (status) => (await call(t, 'GET', `/admin/api/chat/conversations?status=${status}&limit=100`, { headers: agent.headers, lang: 'hu' })).body.data.list));
      return lists.flat().find((c: { user_id: number }) => c.user_id === m.userId);
    };
    await say(m.headers, 'Hello');
    expect(await row()).toMatchObject({ last_message_kind: 'text', last_message: 'Hello' });
    const picture = await t.db.insertInto('uploads').values({ user_id: m.userId, storage_key: `test/chat-${n++}.webp`, mime: 'image/webp', kind: 'image', size: 10, original_name: null }).returning('id').executeTakeFirstOrThrow();
    expect((await post('/user/chat/send', { kind: 'image', upload_id: Number(picture.id) }, m.headers)).body.code).toBe(200);
    expect(await row()).toMatchObject({ last_message_kind: 'image', last_message: '' });
    const goods = await newGoods(t.db, undefined, { name: 'Teapot' });
    expect((await post('/user/chat/send', { kind: 'goods', goods_id: goods.goodsId }, m.headers)).body.code).toBe(200);
    expect(await row()).toMatchObject({ last_message_kind: 'goods', last_message: 'Teapot' });

    // A conversation written before the kind was kept ('[image]' stored as its last line) reads as a picture once migrated.
    const old = await newMember(t);
    const c = await t.db.insertInto('chat_conversations').values({ member_id: old.userId, last_message: '[image]' }).returning('id').executeTakeFirstOrThrow();
    const oldPicture = await t.db.insertInto('uploads').values({ user_id: old.userId, storage_key: `test/chat-${n++}.webp`, mime: 'image/webp', kind: 'image', size: 10, original_name: null }).returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('chat_messages').values({ conversation_id: c.id, member_id: old.userId, sender: 'member', agent_id: null, kind: 'image', body: '', upload_id: oldPicture.id, ref_id: null }).execute();
    await backfillLastMessageKinds(t.db);
    const migrated = (await get('/admin/api/chat/conversations?status=waiting&limit=100', agent.headers)).body.data.list.find((x: { id: number }) => x.id === Number(c.id));
    expect(migrated).toMatchObject({ last_message_kind: 'image', last_message: '' });
  });

  it("a member's next conversation goes to their previous agent when online, else to the least busy online agent", async () => {
    await nobodyOnline();
    const a = await newOperatorSession(t.db, 'support');
    const b = await newOperatorSession(t.db, 'support');
    await get('/admin/api/chat/conversations', a.headers);
    await get('/admin/api/chat/conversations', b.headers);
    // a already answers one conversation: b is the least busy.
    const busy = await newMember(t);
    await say(busy.headers, 'first');
    const bc = (await t.db.selectFrom('chat_conversations').select(['id', 'agent_id']).where('member_id', '=', busy.userId).executeTakeFirstOrThrow());
    if (Number(bc.agent_id) !== a.operatorId) await post('/admin/api/chat/transfer', { conversation_id: bc.id, operator_id: a.operatorId }, b.headers);
    const m = await newMember(t);
    await say(m.headers, 'hi');
    const c1 = await t.db.selectFrom('chat_conversations').select(['id', 'agent_id']).where('member_id', '=', m.userId).executeTakeFirstOrThrow();
    expect(Number(c1.agent_id)).toBe(b.operatorId);
    await post('/admin/api/chat/close', { conversation_id: c1.id }, b.headers);
    expect((await post('/admin/api/chat/close', { conversation_id: c1.id }, b.headers)).body.code).toBe(ResponseCode.requestNotPending);
    // b has nothing open now, a has one; a new conversation of m still goes to b, their previous agent.
    await say(m.headers, 'me again');
    const c2 = await t.db.selectFrom('chat_conversations').select(['id', 'agent_id']).where('member_id', '=', m.userId).where('status', '=', 'open').executeTakeFirstOrThrow();
    expect(c2.id).not.toBe(c1.id);
    expect(Number(c2.agent_id)).toBe(b.operatorId);
  });

  it("refuses another member's order or upload, unknown goods, too long a text and a flood; a member never reads another's conversation", async () => {
    const m = await newMember(t);
    const other = await newMember(t);
    await say(other.headers, 'my secret question');
    expect((await post('/user/chat/send', { kind: 'text', text: 'x'.repeat(1001) }, m.headers)).status).toBe(422);
    expect((await post('/user/chat/send', { kind: 'text', text: '   ' }, m.headers)).status).toBe(422);
    expect((await post('/user/chat/send', { kind: 'goods', goods_id: 99_999_999 }, m.headers)).body.code).toBe(ResponseCode.goodsNotFound);
    const theirs = await t.db.insertInto('uploads').values({ user_id: other.userId, storage_key: `test/chat-${n++}.webp`, mime: 'image/webp', kind: 'image', size: 10, original_name: null }).returning('id').executeTakeFirstOrThrow();
    // Another member's upload is told for what it is, not as a failed upload to try again.
    expect((await post('/user/chat/send', { kind: 'image', upload_id: Number(theirs.id) }, m.headers)).body).toMatchObject({ code: ResponseCode.feedbackImageNotOwn, msg: 'A picture is not one you uploaded' });
    expect((await post('/user/chat/send', { kind: 'image', upload_id: Number(theirs.id) }, m.headers, 'zh-cn')).body).toMatchObject({ code: ResponseCode.feedbackImageNotOwn, msg: '图片不是您上传的' });
    // The member's own video sent as a picture is told as such, not as someone else's file.
    const video = await t.db.insertInto('uploads').values({ user_id: m.userId, storage_key: `test/chat-${n++}.mp4`, mime: 'video/mp4', kind: 'video', size: 10, original_name: null }).returning('id').executeTakeFirstOrThrow();
    expect((await post('/user/chat/send', { kind: 'image', upload_id: Number(video.id) }, m.headers)).body).toMatchObject({ code: ResponseCode.feedbackImageNotOwn, msg: 'The file chosen is not a picture: please choose a picture' });
    expect((await post('/user/chat/send', { kind: 'order', order_id: 99_999_999 }, m.headers)).body.code).toBe(ResponseCode.orderNotFound);
    expect((await get('/user/chat/messages?after_id=0', m.headers)).body.data.list).toEqual([]);

    const sent = [];
    for (let i = 0; i < 12; i++) sent.push((await say(m.headers, `msg ${i}`)).body.code);
    expect(sent.filter((c) => c === 200)).toHaveLength(10);
    expect(sent.slice(10)).toEqual([ResponseCode.rateLimited, ResponseCode.rateLimited]);
    const mine = (await get('/user/chat/messages?after_id=0&limit=100', m.headers)).body.data.list;
    expect(mine).toHaveLength(10);
    expect(mine.some((x: { body: string }) => x.body === 'my secret question')).toBe(false);
    // Members cannot reach the desk's calls.
    expect((await get('/admin/api/chat/conversations', m.headers)).body.code).not.toBe(200);
  });

  it('a conversation is opened once: later messages reuse it without using up a conversation number, and two first messages at once open one', async () => {
    const a = await newMember(t);
    for (let i = 0; i < 4; i++) expect((await say(a.headers, `question ${i}`)).body.code).toBe(200);
    const b = await newMember(t);
    expect((await say(b.headers, 'hello')).body.code).toBe(200);
    // Numbers follow one another: A's four messages took one.
    expect(Number((await openConversation(b.userId)).id)).toBe(Number((await openConversation(a.userId)).id) + 1);

    const c = await newMember(t);
    const firsts = await Promise.all(Array.from({ length: 6 }, (_, i) => say(c.headers, `at once ${i}`)));
    expect(firsts.map((r) => r.body.code)).toEqual(Array(6).fill(200));
    const conversations = await t.db.selectFrom('chat_conversations').select('id').where('member_id', '=', c.userId).execute();
    expect(conversations).toHaveLength(1);
    expect(new Set(firsts.map((r) => r.body.data.conversation_id))).toEqual(new Set([Number(conversations[0]!.id)]));
  });

  it('an operator can send members to an outside chat service instead: the page gets its address with the member id, nothing else', async () => {
    const owner = await newOperatorSession(t.db, 'owner');
    const m = await newMember(t);
    expect((await get('/user/chat/state', m.headers)).body.data.external_url).toBeNull();
    expect((await saveSupport({ chat_mode: 'external' }, owner.headers)).body.code).toBe(ResponseCode.settingInvalid);
    expect((await saveSupport({ external_chat_url: 'javascript:alert(1)' }, owner.headers)).status).toBe(422);
    const saved = await saveSupport({ chat_mode: 'external', external_chat_url: 'https://chat.example.com/widget?app=shop' }, owner.headers);
    expect(saved.body.data).toMatchObject({ chat_mode: 'external', message_retention_days: 180 });
    expect((await get('/user/chat/state', m.headers)).body.data.external_url).toBe(`https://chat.example.com/widget?app=shop&customer_id=${m.userId}`);
    await saveSupport({ external_chat_url: 'https://chat.example.com/c/{member_id}' }, owner.headers);
    expect((await get('/user/chat/state', m.headers)).body.data.external_url).toBe(`https://chat.example.com/c/${m.userId}`);
    await saveSupport({ chat_mode: 'builtin' }, owner.headers);
    expect((await get('/user/chat/state', m.headers)).body.data.external_url).toBeNull();
  });

  it('an outside chat address no browser can open is refused as a wrong one is; one stored before leaves members on the built-in chat, not an error', async () => {
    const owner = await newOperatorSession(t.db, 'owner');
    const m = await newMember(t);
    const refusal = async (address: string, lang?: string) => {
      const base_updated_at = (await get('/admin/api/messages/settings', owner.headers)).body.data.updated_at;
      const r = await post('/admin/api/messages/settings/save', { chat_mode: 'external', external_chat_url: address, base_updated_at }, owner.headers, lang);
      return { status: r.status, code: r.body.code, msg: r.body.msg, data: r.body.data };
    };
    const before = (await get('/admin/api/messages/settings', owner.headers)).body.data;
    const notHttps = await refusal('http://chat.example.com/');
    expect(notHttps.status).toBe(422);
    // A port out of range, a broken escape, an unclosed address, a member id that would land in the port.
    for (const address of ['https://chat.example.com:99999/', 'https://%zz', 'https://[::1', 'https://chat.example.com:{member_id}/']) {
      expect(await refusal(address), address).toEqual(notHttps);
    }
    expect(await refusal('https://%zz', 'th')).toEqual(await refusal('http://chat.example.com/', 'th'));
    expect((await get('/admin/api/messages/settings', owner.headers)).body.data).toEqual(before);

    // Stored before saves checked it: the member's chat page still opens, on the built-in chat.
    for (const address of ['https://chat.example.com:99999/', 'https://[{member_id}/']) {
      await t.db.updateTable('support_settings').set({ chat_mode: 'external', external_chat_url: address }).where('id', '=', 1).execute();
      const state = await get('/user/chat/state', m.headers);
      expect(state.body, address).toMatchObject({ code: 200, data: { status: 'none', external_url: null } });
    }
    expect((await say(m.headers, 'Hello?')).body.code).toBe(200);
    await t.db.updateTable('support_settings').set({ chat_mode: 'builtin', external_chat_url: '' }).where('id', '=', 1).execute();
  });

  it('the desk keeps canned replies per language; bad ones are refused; members cannot reach them', async () => {
    const agent = await newOperatorSession(t.db, 'support');
    const m = await newMember(t);
    const saved = await post('/admin/api/chat/canned/save', { lang: 'th', title: 'ทักทาย', text: 'สวัสดีค่ะ ยินดีให้บริการ' }, agent.headers);
    expect(saved.body.data).toMatchObject({ lang: 'th', title: 'ทักทาย' });
    await post('/admin/api/chat/canned/save', { lang: 'en-us', title: 'Hello', text: 'Hello, how can I help?' }, agent.headers);
    expect((await post('/admin/api/chat/canned/save', { lang: 'xx', title: 'A', text: 'B' }, agent.headers)).status).toBe(422);
    expect((await post('/admin/api/chat/canned/save', { lang: 'th', title: 'A', text: 'x'.repeat(1001) }, agent.headers)).status).toBe(422);
    const thai = (await get('/admin/api/chat/canned?lang=th', agent.headers)).body.data.list;
    expect(thai.map((c: { title: string }) => c.title)).toContain('ทักทาย');
    expect(thai.every((c: { lang: string }) => c.lang === 'th')).toBe(true);
    const changed = await post('/admin/api/chat/canned/save', { id: saved.body.data.id, base_updated_at: saved.body.data.updated_at, lang: 'th', title: 'ทักทาย', text: 'สวัสดีค่ะ' }, agent.headers);
    expect(changed.body.code, changed.body.msg).toBe(200);
    expect((await get('/admin/api/chat/canned?lang=th', agent.headers)).body.data.list.find((c: { id: number }) => c.id === saved.body.data.id).text).toBe('สวัสดีค่ะ');
    expect((await post('/admin/api/chat/canned/delete', { id: saved.body.data.id, base_updated_at: changed.body.data.updated_at }, agent.headers)).body.data).toEqual({ deleted: true });
    expect((await post('/admin/api/chat/canned/delete', { id: saved.body.data.id, base_updated_at: changed.body.data.updated_at }, agent.headers)).body.code).toBe(ResponseCode.notFound);
    expect((await get('/admin/api/chat/canned', m.headers)).body.code).not.toBe(200);
  });
  it('a disabled operator, or one whose role no longer grants the chat, is neither given conversations nor counted online', async () => {
    await nobodyOnline();
    const owner = await newOperatorSession(t.db, 'owner');
    const s1 = await newOperatorSession(t.db, 'support');
    const s2 = await newOperatorSession(t.db, 'support');
    await get('/admin/api/chat/conversations', s1.headers);
    await get('/admin/api/chat/conversations', s2.headers);
    /** A member whose last conversation was answered by `agent` and closed; a new one would go back to that agent. */
    const formerlyWith = async (agent: { operatorId: number }) => {
      const m = await newMember(t);
      await say(m.headers, 'first question');
      const c = await openConversation(m.userId);
      if (Number(c.agent_id) !== agent.operatorId) expect((await post('/admin/api/chat/transfer', { conversation_id: c.id, operator_id: agent.operatorId }, s1.headers)).body.code).toBe(200);
      expect((await post('/admin/api/chat/close', { conversation_id: c.id }, s1.headers)).body.code).toBe(200);
      return m;
    };
    const b = await formerlyWith(s2);
    // A member in an open conversation with s2 when s2 is disabled.
    const e = await newMember(t);
    await say(e.headers, 'are you there?');
    const ec = await openConversation(e.userId);
    if (Number(ec.agent_id) !== s2.operatorId) await post('/admin/api/chat/transfer', { conversation_id: ec.id, operator_id: s2.operatorId }, s1.headers);
    expect((await get('/user/chat/state', e.headers)).body.data.agent.online).toBe(true);

    expect((await post('/admin/api/operators/status', { id: s2.operatorId, active: false, reason: 'Left the team' }, owner.headers)).body.code).toBe(200);
    // s2 visited the desk a moment ago, but is disabled: B's new conversation goes to s1, who is online.
    await say(b.headers, 'me again');
    expect(Number((await openConversation(b.userId)).agent_id)).toBe(s1.operatorId);
    expect((await get('/user/chat/state', b.headers)).body.data).toMatchObject({ status: 'open', agent: { online: true }, agents_online: true });
    expect((await get('/user/chat/state', e.headers)).body.data.agent.online).toBe(false);

    // Given the catalogue role, s3 is no longer anyone's agent, though the least busy and the previous one.
    const s3 = await newOperatorSession(t.db, 'support');
    await get('/admin/api/chat/conversations', s3.headers);
    const c = await formerlyWith(s3);
    expect((await post('/admin/api/operators/role', { id: s3.operatorId, role: 'catalogue', reason: 'Moved to the catalogue' }, owner.headers)).body.code).toBe(200);
    await say(c.headers, 'me again');
    expect(Number((await openConversation(c.userId)).agent_id)).toBe(s1.operatorId);

    // With s1 disabled too, nobody who may chat is online: the state says so and a new conversation waits.
    expect((await post('/admin/api/operators/status', { id: s1.operatorId, active: false, reason: 'On leave' }, owner.headers)).body.code).toBe(200);
    const d = await newMember(t);
    expect((await get('/user/chat/state', d.headers)).body.data.agents_online).toBe(false);
    await say(d.headers, 'hello?');
    expect((await get('/user/chat/state', d.headers)).body.data).toMatchObject({ status: 'waiting', agent: null, agents_online: false });
    expect((await openConversation(d.userId)).agent_id).toBeNull();
  });

  it('a closed conversation is refused with its state in the operator\'s language; a transfer to someone who is not a support operator is refused in it too', async () => {
    await nobodyOnline();
    const agent = await newOperatorSession(t.db, 'support');
    const catalogue = await newOperatorSession(t.db, 'catalogue');
    const m = await newMember(t);
    await say(m.headers, 'Hello');
    const c = await openConversation(m.userId);
    await post('/admin/api/chat/reply', { conversation_id: c.id, text: 'Hello, how can I help?' }, agent.headers);

    const refusals: Array<[number, string, string]> = [
      [99_999_999, 'th', 'ไม่มีเจ้าหน้าที่ฝ่ายบริการลูกค้าที่ใช้งานอยู่หมายเลข 99999999'],
      [catalogue.operatorId, 'zh-cn', `没有编号为 ${catalogue.operatorId} 的有效客服人员`],
      [99_999_999, 'en-us', 'No active support operator has number 99999999'],
    ];
    for (const [to, lang, msg] of refusals) {
      expect((await post('/admin/api/chat/transfer', { conversation_id: c.id, operator_id: to }, agent.headers, lang)).body).toMatchObject({ code: ResponseCode.notFound, msg });
    }
    expect(Number((await openConversation(m.userId)).agent_id)).toBe(agent.operatorId);
    // To the agent who has it: nothing to move, refused and not recorded as a transfer.
    const transfers = async () => (await t.db.selectFrom('operator_actions').select('id').where('action', '=', 'chat.transfer').where('target_id', '=', c.id).execute()).length;
    const agentName = (await t.db.selectFrom('operators').select('user_name').where('id', '=', agent.operatorId).executeTakeFirstOrThrow()).user_name;
    const noMove = await post('/admin/api/chat/transfer', { conversation_id: c.id, operator_id: agent.operatorId }, agent.headers, 'zh-cn');
    expect(noMove.body).toMatchObject({ code: ResponseCode.badRequest, msg: `该会话已由${agentName}接待` });
    expect(await transfers()).toBe(0);

    expect((await post('/admin/api/chat/close', { conversation_id: c.id }, agent.headers)).body.code).toBe(200);
    const again = await post('/admin/api/chat/close', { conversation_id: c.id }, agent.headers, 'th');
    expect(again.body).toMatchObject({ code: ResponseCode.requestNotPending, msg: 'การสนทนานี้ปิดแล้ว' });
    const english = await post('/admin/api/chat/reply', { conversation_id: c.id, text: 'One more thing' }, agent.headers, 'en-us');
    expect(english.body).toMatchObject({ code: ResponseCode.requestNotPending, msg: 'This conversation is closed' });
    const transfer = await post('/admin/api/chat/transfer', { conversation_id: c.id, operator_id: agent.operatorId }, agent.headers, 'zh-cn');
    expect(transfer.body).toMatchObject({ code: ResponseCode.requestNotPending, msg: '该会话已结束' });
  });

  it("closing leaves the member's unread answers unread and says in the thread, in each reader's language, that the conversation was closed", async () => {
    await nobodyOnline();
    const agent = await newOperatorSession(t.db, 'support');
    const m = await newMember(t);
    await say(m.headers, 'Where is my parcel?');
    const c = await openConversation(m.userId);
    await post('/admin/api/chat/reply', { conversation_id: c.id, text: 'It left the depot this morning.' }, agent.headers);
    expect((await get('/user/chat/state', m.headers)).body.data).toMatchObject({ status: 'open', unread: 1 });

    expect((await post('/admin/api/chat/close', { conversation_id: c.id }, agent.headers)).body.code).toBe(200);
    // The member never opened the chat: the answer is still theirs to read, and the close is no answer.
    expect((await get('/user/chat/state', m.headers)).body.data).toMatchObject({ status: 'closed', unread: 1 });

    const shown = (await call(t, 'GET', '/user/chat/messages', { headers: m.headers, lang: 'th' })).body.data.list;
    expect(shown[0]).toMatchObject({ sender: 'system', kind: 'text', agent_name: null, body: 'ฝ่ายบริการลูกค้าปิดการสนทนานี้แล้ว' });
    expect(shown.map((x: { sender: string }) => x.sender)).toEqual(['system', 'agent', 'member']);
    // Reading the thread reads the answer.
    expect((await get('/user/chat/state', m.headers)).body.data).toMatchObject({ status: 'closed', unread: 0 });
    const english = (await get('/user/chat/messages', m.headers)).body.data.list;
    expect(english[0]).toMatchObject({ sender: 'system', body: 'Customer service closed this conversation' });

    const desk = (await call(t, 'GET', `/admin/api/chat/messages?conversation_id=${c.id}`, { headers: agent.headers, lang: 'zh-cn' })).body.data.list;
    expect(desk[0]).toMatchObject({ sender: 'system', kind: 'text', body: '客服已结束本次会话' });
    // The desk's list keeps the last thing said, not the notice.
    const closed = (await get('/admin/api/chat/conversations?status=closed', agent.headers)).body.data.list.find((x: { id: number }) => x.id === Number(c.id));
    expect(closed).toMatchObject({ status: 'closed', last_message: 'It left the depot this morning.' });
  });

  it('text cut to fit (the desk\'s last line, a goods name, the excerpt in an away member\'s message) never splits an emoji into "�"', async () => {
    await nobodyOnline();
    const agent = await newOperatorSession(t.db, 'support');
    await get('/admin/api/chat/conversations', agent.headers);
    const m = await newMember(t);
    const lastLine = async () => (await get('/admin/api/chat/conversations?status=open', agent.headers)).body.data.list.find((c: { user_id: number }) => c.user_id === m.userId).last_message;
    expect((await say(m.headers, `${'x'.repeat(199)}😀 and more`)).body.code).toBe(200);
    expect(await lastLine()).toBe(`${'x'.repeat(199)}😀`);
    const goods = await newGoods(t.db, undefined, { name: `${'y'.repeat(199)}🫖 teapot` });
    const shared = await post('/user/chat/send', { kind: 'goods', goods_id: goods.goodsId }, m.headers);
    expect(shared.body.data.body).toBe(`${'y'.repeat(199)}🫖`);
    const c = await openConversation(m.userId);
    expect((await post('/admin/api/chat/reply', { conversation_id: c.id, text: `${'z'.repeat(199)}👍 more` }, agent.headers)).body.code).toBe(200);
    expect(await lastLine()).toBe(`${'z'.repeat(199)}👍`);
    const stored = await t.db.selectFrom('chat_conversations').select('last_message').where('id', '=', c.id).executeTakeFirstOrThrow();
    expect(stored.last_message).not.toContain('\uFFFD');
    // A member away is told in their messages with the answer's first 60 characters, emoji whole.
    const m2 = await newMember(t);
    await say(m2.headers, 'Hello');
    const c2 = await openConversation(m2.userId);
    expect((await post('/admin/api/chat/reply', { conversation_id: c2.id, text: '😀'.repeat(61) }, agent.headers)).body.code).toBe(200);
    await awayDecisionsDue();
    expect((await chatNotes(m2.headers))[0].text).toBe(`New reply in your support chat: ${'😀'.repeat(60)}…`);
  });

  it("an answer left unread is told in the member's messages by a job stored with it, once, whatever process runs it; an answer read in time leaves nothing", async () => {
    await nobodyOnline();
    const agent = await newOperatorSession(t.db, 'support');
    const away = await newMember(t);
    const reading = await newMember(t);
    await say(away.headers, 'Where is my parcel?');
    await say(reading.headers, 'Where is mine?');
    const [c1, c2] = [await openConversation(away.userId), await openConversation(reading.userId)];
    const reply = async (conversation_id: unknown, text: string) => expect((await post('/admin/api/chat/reply', { conversation_id, text }, agent.headers)).body.code).toBe(200);
    await reply(c1.id, 'It left the depot.');
    await reply(c1.id, 'Expected tomorrow.');
    await reply(c2.id, 'Let me look.');
    // The second member reads the answer before its few seconds are up.
    expect((await get('/user/chat/messages', reading.headers)).body.data.list[0].body).toBe('Let me look.');

    // The decision was stored with the answer: any worker makes it, even if the process that took the answer is gone.
    expect((await awayDecisionsDue()).filter((task) => task === 'tell_away_chat_member')).toHaveLength(2);
    const told = await chatNotes(away.headers);
    expect(told.map((x: { text: string }) => x.text)).toEqual(['New reply in your support chat: It left the depot.']);
    expect(await chatNotes(reading.headers)).toEqual([]);
    // Once per unread stretch: a later answer while the first is still unread adds nothing.
    await reply(c1.id, 'It is at the local office.');
    await awayDecisionsDue();
    expect(await chatNotes(away.headers)).toHaveLength(1);
    // Read, then answered again while away: a new stretch, told again.
    await get('/user/chat/messages', away.headers);
    await reply(c1.id, 'Delivered.');
    await awayDecisionsDue();
    expect((await chatNotes(away.headers)).map((x: { text: string }) => x.text)).toEqual(['New reply in your support chat: Delivered.', 'New reply in your support chat: It left the depot.']);
  });

  it('refuses controls that turn text around and text with nothing visible, from a member or an operator, and stores nothing', async () => {
    await nobodyOnline();
    const agent = await newOperatorSession(t.db, 'support');
    const m = await newMember(t);
    expect((await say(m.headers, 'Hello')).body.code).toBe(200);
    const c = await openConversation(m.userId);
    const count = async () => Number((await t.db.selectFrom('chat_messages').select((eb) => eb.fn.countAll<string>().as('n')).where('conversation_id', '=', c.id).executeTakeFirstOrThrow()).n);
    const before = await count();

    const blank = await post('/user/chat/send', { kind: 'text', text: '\u200B\u200C\u200D' }, m.headers);
    expect(blank.status).toBe(422);
    expect(blank.body.msg).toBe((await post('/user/chat/send', { kind: 'text', text: '   ' }, m.headers)).body.msg);
    const blankThai = await post('/user/chat/send', { kind: 'text', text: '\u2060\uFEFF' }, m.headers, 'th');
    expect(blankThai.status).toBe(422);
    expect(blankThai.body.msg).not.toBe(blank.body.msg);
    expect((await post('/admin/api/chat/reply', { conversation_id: c.id, text: '\u200B' }, agent.headers)).status).toBe(422);
    const spoof = await post('/admin/api/chat/reply', { conversation_id: c.id, text: 'see \u202Egnp.exe' }, agent.headers);
    expect(spoof.status).toBe(422);
    expect(await count()).toBe(before);

    // Real text keeps its joiners: an emoji family, a Khmer word.
    for (const text of ['👨\u200D👩\u200D👧', 'ព្រះ\u200Bរាជាណាចក្រ']) expect((await say(m.headers, text)).body.data.body).toBe(text);
  });
});
