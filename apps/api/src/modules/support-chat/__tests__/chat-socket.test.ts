import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ChatSocketClose, ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { onChanges } from '../../../lib/changes.js';
import { MAX_SOCKETS_PER_ADDRESS, MAX_SOCKETS_PER_SIGN_IN } from '../chat-socket.js';
import { runDueJobs } from '../../../jobs/worker.js';

// The live chat over WebSocket: the first frame authenticates; messages are stored, then pushed in
// order to the member's sockets and to the desk watching the conversation; typing and reading reach
// the other side; a socket that comes back with its last id gets exactly what it missed; a stranger,
// an ended session, a huge frame and a flood are refused without harming other sockets.

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(() => t.close());

type Frame = Record<string, any>;
type Headers = Record<string, string>;
let n = 0;
const keyed = (h: Headers) => ({ ...h, 'idempotency-key': `chat-socket-${Date.now()}-${n++}` });
const tokenOf = (h: Headers) => h.authorization!.replace(/^Bearer /, '');

/** A socket with every frame it received, and a way to wait for one. */
class Client {
  readonly frames: Frame[] = [];
  closed?: { code: number };
  private waiters: Array<() => void> = [];
  constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      this.frames.push(JSON.parse(raw.toString()) as Frame);
      this.wake();
    });
    ws.on('close', (code) => {
      this.closed = { code };
      this.wake();
    });
  }
  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }
  static async open(path: string, at = base): Promise<Client> {
    const ws = new WebSocket(`${at}${path}`);
    const c = new Client(ws);
    await new Promise<void>((resolve, reject) => (ws.once('open', () => resolve()), ws.once('error', reject)));
    return c;
  }
  send(frame: Frame | string) {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }
  /** Waits for a frame matching `test` (received since `from`), or the close. */
  async until(test: (f: Frame) => boolean, from = 0, ms = 5000): Promise<Frame> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.frames.slice(from).find(test);
      if (found) return found;
      if (this.closed) throw new Error(`closed (${this.closed.code}) while waiting; frames: ${JSON.stringify(this.frames)}`);
      if (Date.now() > deadline) throw new Error(`no such frame; frames: ${JSON.stringify(this.frames)}`);
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 100);
      });
    }
  }
  async closedWith(ms = 5000): Promise<number> {
    const deadline = Date.now() + ms;
    while (!this.closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    return this.closed?.code ?? -1;
  }
  messages(): Frame[] {
    return this.frames.filter((f) => f.type === 'message').map((f) => f.message);
  }
  close() {
    this.ws.close();
  }
}

async function member(headers: Headers, afterId?: number, lang?: string): Promise<Client> {
  const c = await Client.open('/user/chat/socket');
  c.send({ type: 'auth', token: tokenOf(headers), ...(afterId !== undefined ? { after_id: afterId } : {}), ...(lang ? { lang } : {}) });
  await c.until((f) => f.type === 'ready');
  return c;
}
async function desk(headers: Headers): Promise<Client> {
  const c = await Client.open('/admin/api/chat/socket');
  c.send({ type: 'auth', token: tokenOf(headers) });
  await c.until((f) => f.type === 'ready');
  return c;
}
const chatNotes = async (h: Headers) => (await call(t, 'GET', '/user/message/list?kind=support', { headers: h })).body.data.list.filter((x: { kind: string }) => x.kind === 'support.chat_reply');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The answers' "still unread?" decisions (due a few seconds after each answer) brought forward and run, as any process's worker runs them. */
const awayDecisionsDue = async () => {
  await sql`update graphile_worker._private_jobs set run_at = now() where key like 'chat-away:%'`.execute(t.db);
  await runDueJobs(t.deps);
};
const conversationOf = async (memberId: number) => Number((await t.db.selectFrom('chat_conversations').select('id').where('member_id', '=', memberId).where('status', '=', 'open').executeTakeFirstOrThrow()).id);

describe('the chat socket', () => {
  it('a member and the desk talk both ways, live; typing and reading reach the other side', async () => {
    const m = await newMember(t);
    const agent = await newOperatorSession(t.db, 'support');
    const me = await member(m.headers);
    const op = await desk(agent.headers);

    me.send({ type: 'send', id: 'c1', kind: 'text', text: 'Is the blue one back in stock?' });
    const sent = await me.until((f) => f.type === 'sent' && f.id === 'c1');
    const mine = await me.until((f) => f.type === 'message' && f.message.id === sent.message_id);
    expect(mine.message).toMatchObject({ sender: 'member', body: 'Is the blue one back in stock?' });
    await op.until((f) => f.type === 'desk');

    // The desk opens the conversation: its history, then what comes next.
    const conversationId = await conversationOf(m.userId);
    op.send({ type: 'open', conversation_id: conversationId });
    await op.until((f) => f.type === 'message' && f.message.body === 'Is the blue one back in stock?');
    // Opening read it: the member sees it was read.
    await me.until((f) => f.type === 'read' && f.by === 'agent');

    me.send({ type: 'typing' });
    await op.until((f) => f.type === 'typing' && f.by === 'member');
    op.send({ type: 'typing' });
    await me.until((f) => f.type === 'typing' && f.by === 'agent');

    const reply = await call(t, 'POST', '/admin/api/chat/reply', { headers: keyed(agent.headers), body: { conversation_id: conversationId, text: 'Yes, since this morning.' } });
    expect(reply.body.code).toBe(200);
    const got = await me.until((f) => f.type === 'message' && f.message.sender === 'agent');
    expect(got.message).toMatchObject({ body: 'Yes, since this morning.', agent_name: expect.any(String) });
    await op.until((f) => f.type === 'message' && f.message.body === 'Yes, since this morning.');
    // Each message once on each side, in order.
    expect(me.messages().map((x) => x.body)).toEqual(['Is the blue one back in stock?', 'Yes, since this morning.']);
    expect(op.messages().map((x) => x.body)).toEqual(['Is the blue one back in stock?', 'Yes, since this morning.']);
    me.close();
    op.close();
  });

  it("an operator's read clears the conversation's unread badge on every desk: the desks are told after the read is stored", async () => {
    const m = await newMember(t);
    const reader = await newOperatorSession(t.db, 'support');
    const colleague = await newOperatorSession(t.db, 'support');
    await call(t, 'POST', '/user/chat/send', { headers: keyed(m.headers), body: { kind: 'text', text: 'First question' } });
    const conversationId = await conversationOf(m.userId);
    const unreadFor = async (h: Headers) => {
      const lists = await Promise.all(['waiting', 'open'].map((status) => call(t, 'GET', `/admin/api/chat/conversations?status=${status}&limit=100`, { headers: h })));
      return lists.flatMap((l) => l.body.data.list).find((c: { id: number }) => c.id === conversationId).unread as number;
    };
    const op = await desk(reader.headers);
    const other = await desk(colleague.headers);
    op.send({ type: 'open', conversation_id: conversationId });
    await op.until((f) => f.type === 'message' && f.message.body === 'First question');
    // The other desk is told of the read, and its list then shows no unread message.
    await other.until((f) => f.type === 'desk');
    expect(await unreadFor(colleague.headers)).toBe(0);

    // Every notice so far has reached both desks (a frame answered after them comes after them), so what
    // follows is the new message's alone.
    await t.changesHeard();
    for (const d of [op, other]) {
      const from = d.frames.length;
      d.send({ type: 'ping' });
      await d.until((f) => f.type === 'pong', from);
    }
    // A new message while the conversation is open on a desk: that desk asks for its lists only after reading it.
    const fromOp = op.frames.length;
    const fromOther = other.frames.length;
    await call(t, 'POST', '/user/chat/send', { headers: keyed(m.headers), body: { kind: 'text', text: 'Second question' } });
    // Two notices reach it: its own read's (which may come before the message frame is written) and the one
    // sent once the message is read; the second follows the message, and the list then shows nothing unread.
    await op.until((f) => f.type === 'message' && f.message.body === 'Second question', fromOp);
    await expect.poll(() => op.frames.slice(fromOp).filter((f) => f.type === 'desk').length, { timeout: 5000 }).toBe(2);
    const shown = op.frames.slice(fromOp).findIndex((f) => f.type === 'message' && f.message.body === 'Second question');
    expect(op.frames.slice(fromOp).findLastIndex((f) => f.type === 'desk')).toBeGreaterThan(shown);
    expect(await unreadFor(reader.headers)).toBe(0);
    // The other desk hears of the message, then of its read.
    await expect.poll(() => other.frames.slice(fromOther).filter((f) => f.type === 'desk').length, { timeout: 5000 }).toBe(2);
    expect(await unreadFor(colleague.headers)).toBe(0);
    op.close();
    other.close();
  });

  it('each signal reaches a socket once (not once from this process and again through the database); one from another process still arrives', async () => {
    const m = await newMember(t);
    const agent = await newOperatorSession(t.db, 'support');
    const me = await member(m.headers);
    const op = await desk(agent.headers);
    const count = (c: Client, test: (f: Frame) => boolean) => c.frames.filter(test).length;
    const sent = await call(t, 'POST', '/user/chat/send', { headers: keyed(m.headers), body: { kind: 'text', text: 'Are you there?' } });
    expect(sent.body.code).toBe(200);
    await op.until((f) => f.type === 'desk');
    await me.until((f) => f.type === 'state');
    op.send({ type: 'open', conversation_id: await conversationOf(m.userId) });
    await op.until((f) => f.type === 'message' && f.message.body === 'Are you there?');
    await me.until((f) => f.type === 'read' && f.by === 'agent');
    me.send({ type: 'typing' });
    await op.until((f) => f.type === 'typing' && f.by === 'member');
    op.send({ type: 'typing' });
    await me.until((f) => f.type === 'typing' && f.by === 'agent');
    // Every notice the database carried has been heard by now: a second copy would be here.
    await t.changesHeard();
    await sleep(200);
    // One for the message, one for the desk's read of it.
    expect(count(op, (f) => f.type === 'desk')).toBe(2);
    expect(count(me, (f) => f.type === 'state')).toBe(1);
    expect(count(me, (f) => f.type === 'read')).toBe(1);
    expect(count(op, (f) => f.type === 'typing')).toBe(1);
    expect(count(me, (f) => f.type === 'typing')).toBe(1);
    // Another API process's change comes only through the database: it still reaches the socket, once.
    await sql`select pg_notify('shop_changes', ${JSON.stringify([{ kind: 'chat', memberIds: [m.userId], signal: 'typing:agent' }])})`.execute(t.db);
    await t.changesHeard();
    await sleep(200);
    expect(count(me, (f) => f.type === 'typing')).toBe(2);
    me.close();
    op.close();
  });

  it('a member who was away comes back with their last id and gets exactly what they missed, in order, none twice', async () => {
    const m = await newMember(t);
    const agent = await newOperatorSession(t.db, 'support');
    const first = await member(m.headers);
    first.send({ type: 'send', id: 'a', kind: 'text', text: 'Hello' });
    const hello = await first.until((f) => f.type === 'message');
    first.close();
    await first.closedWith();

    const conversationId = await conversationOf(m.userId);
    for (const text of ['One', 'Two', 'Three']) {
      expect((await call(t, 'POST', '/admin/api/chat/reply', { headers: keyed(agent.headers), body: { conversation_id: conversationId, text } })).body.code).toBe(200);
    }
    const back = await member(m.headers, hello.message.id);
    await back.until((f) => f.type === 'message' && f.message.body === 'Three');
    await new Promise((r) => setTimeout(r, 300));
    expect(back.messages().map((x) => x.body)).toEqual(['One', 'Two', 'Three']);
    back.close();
  });

  it('messages sent quickly one after another are stored, acknowledged and shown in the order they were written', async () => {
    const m = await newMember(t);
    const s = await member(m.headers);
    const texts = ['first', 'second', 'third', 'fourth', 'fifth'];
    texts.forEach((text, id) => s.send({ type: 'send', id, kind: 'text', text }));
    await s.until((f) => f.type === 'sent' && f.id === 4);
    await sleep(200);
    const acks = s.frames.filter((f) => f.type === 'sent');
    expect(acks.map((f) => f.id)).toEqual([0, 1, 2, 3, 4]);
    const ids = acks.map((f) => Number(f.message_id));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const stored = await t.db.selectFrom('chat_messages').select(['id', 'body']).where('member_id', '=', m.userId).orderBy('id').execute();
    expect(stored.map((r) => r.body)).toEqual(texts);
    // The history lists the newest first.
    const history = (await call(t, 'GET', '/user/chat/messages', { headers: m.headers })).body.data.list.map((x: Frame) => x.body);
    expect(history.filter((b: string) => texts.includes(b))).toEqual([...texts].reverse());
    s.close();
  });

  it('a flood of messages cut off by the frame limit (1008) leaves every stored message acknowledged', async () => {
    const m = await newMember(t);
    const s = await member(m.headers);
    for (let i = 0; i < 45; i++) s.send({ type: 'send', id: i, kind: 'text', text: `flood ${i}` });
    expect(await s.closedWith()).toBe(1008);
    const stored = await t.db.selectFrom('chat_messages').select(['id', 'body']).where('member_id', '=', m.userId).orderBy('id').execute();
    expect(stored.length).toBeGreaterThan(0);
    const acked = s.frames.filter((f) => f.type === 'sent');
    expect(acked.map((f) => Number(f.message_id))).toEqual(stored.map((r) => Number(r.id)));
    expect(acked.map((f) => `flood ${f.id}`)).toEqual(stored.map((r) => r.body));
  });

  it('another member hears nothing of a conversation not theirs; a desk without the chat permission is refused', async () => {
    const a = await newMember(t);
    const b = await newMember(t);
    const sa = await member(a.headers);
    const sb = await member(b.headers);
    sa.send({ type: 'send', id: 'x', kind: 'text', text: 'My private question' });
    await sa.until((f) => f.type === 'message');
    await new Promise((r) => setTimeout(r, 300));
    expect(JSON.stringify(sb.frames)).not.toContain('My private question');
    // A member's socket cannot open the desk's view of a conversation.
    sb.send({ type: 'open', conversation_id: await conversationOf(a.userId) });
    expect((await sb.until((f) => f.type === 'error')).code).toBe(ResponseCode.forbidden);

    const catalogue = await newOperatorSession(t.db, 'catalogue');
    const refused = await Client.open('/admin/api/chat/socket');
    refused.send({ type: 'auth', token: tokenOf(catalogue.headers) });
    expect((await refused.until((f) => f.type === 'error')).code).toBe(ResponseCode.forbidden);
    expect(await refused.closedWith()).toBe(4001);
    // A member's token is not a desk's.
    const memberAtDesk = await Client.open('/admin/api/chat/socket');
    memberAtDesk.send({ type: 'auth', token: tokenOf(a.headers) });
    expect((await memberAtDesk.until((f) => f.type === 'error')).code).toBe(ResponseCode.tokenInvalid);
    expect(await memberAtDesk.closedWith()).toBe(4001);
    sa.close();
    sb.close();
  });

  it('an unknown or ended session is answered 2001 and the socket closed with 4001; nothing before authenticating is taken', async () => {
    const unknown = await Client.open('/user/chat/socket');
    unknown.send({ type: 'auth', token: 'not-a-session' });
    expect((await unknown.until((f) => f.type === 'error')).code).toBe(ResponseCode.tokenInvalid);
    expect(await unknown.closedWith()).toBe(4001);

    const m = await newMember(t);
    await t.db.updateTable('sessions').set({ expires_at: sql`now() - interval '1 minute'` }).where('user_id', '=', m.userId).execute();
    await t.changesHeard();
    const ended = await Client.open('/user/chat/socket');
    ended.send({ type: 'auth', token: tokenOf(m.headers) });
    expect((await ended.until((f) => f.type === 'error')).code).toBe(ResponseCode.tokenInvalid);
    expect(await ended.closedWith()).toBe(4001);

    const early = await Client.open('/user/chat/socket');
    early.send({ type: 'send', id: 'e', kind: 'text', text: 'before auth' });
    expect(await early.closedWith()).toBe(4001);
    const m2 = await newMember(t);
    expect(await t.db.selectFrom('chat_messages').select('id').where('body', '=', 'before auth').execute()).toEqual([]);
    expect(m2.userId).toBeGreaterThan(0);
  });

  it('a message over 1,000 characters is refused and stores nothing; a 1 MB frame closes only that socket (1009); a flood is cut off (1008) while another socket goes on', async () => {
    const m = await newMember(t);
    const other = await newMember(t);
    const calm = await member(other.headers);

    const s = await member(m.headers);
    s.send({ type: 'send', id: 'long', kind: 'text', text: 'x'.repeat(1001) });
    expect((await s.until((f) => f.type === 'error' && f.id === 'long')).code).toBe(ResponseCode.validation);
    expect(await t.db.selectFrom('chat_messages').select('id').where('member_id', '=', m.userId).execute()).toEqual([]);

    s.send('x'.repeat(1024 * 1024));
    expect(await s.closedWith()).toBe(1009);

    const flood = await member(m.headers);
    for (let i = 0; i < 200; i++) flood.send({ type: 'ping' });
    expect(await flood.closedWith()).toBe(1008);
    expect(flood.frames.filter((f) => f.type === 'error' && f.code === ResponseCode.rateLimited).length).toBeGreaterThan(0);
    expect(flood.frames.filter((f) => f.type === 'pong').length).toBeLessThanOrEqual(12);

    const at = calm.frames.length;
    calm.send({ type: 'ping' });
    await calm.until((f) => f.type === 'pong', at);
    calm.close();
  });
  it('text with a character no field may hold is refused over the socket as POST /user/chat/send refuses it, in the language of the auth frame, and nothing is stored', async () => {
    const m = await newMember(t);
    const s = await member(m.headers, undefined, 'th');
    for (const [id, text] of [['nul', 'nul\u0000x'], ['bel', 'bell\u0007'], ['surrogate', 'half \ud800 a pair']] as const) {
      const http = await call(t, 'POST', '/user/chat/send', { headers: keyed(m.headers), body: { kind: 'text', text }, lang: 'th' });
      expect(http.status).toBe(422);
      s.send({ type: 'send', id, kind: 'text', text });
      const refused = await s.until((f) => f.type === 'error' && f.id === id);
      expect(refused).toMatchObject({ code: ResponseCode.validation, msg: http.body.msg });
      expect(refused.msg).toMatch(/[\u0E00-\u0E7F]/);
    }
    // The socket goes on; nothing was stored, and a good message still is.
    expect(await t.db.selectFrom('chat_messages').select('id').where('member_id', '=', m.userId).execute()).toEqual([]);
    s.send({ type: 'send', id: 'fine', kind: 'text', text: 'fine' });
    await s.until((f) => f.type === 'sent' && f.id === 'fine');
    expect(s.closed).toBeUndefined();
    // The desk's answers (over HTTP) are refused the same way.
    const agent = await newOperatorSession(t.db, 'support');
    const reply = await call(t, 'POST', '/admin/api/chat/reply', { headers: keyed(agent.headers), body: { conversation_id: await conversationOf(m.userId), text: 'nul\u0000x' } });
    expect(reply.status).toBe(422);
    expect((await t.db.selectFrom('chat_messages').select('body').where('member_id', '=', m.userId).execute()).map((r) => r.body)).toEqual(['fine']);
    s.close();
  });
  it("the member's own video sent as a picture is refused over the socket as over HTTP, as not a picture, in the auth frame's language; nothing is stored", async () => {
    const m = await newMember(t);
    const s = await member(m.headers, undefined, 'th');
    const video = await t.db.insertInto('uploads').values({ user_id: m.userId, storage_key: `test/socket-${n++}.mp4`, mime: 'video/mp4', kind: 'video', size: 10, original_name: null }).returning('id').executeTakeFirstOrThrow();
    const http = await call(t, 'POST', '/user/chat/send', { headers: keyed(m.headers), body: { kind: 'image', upload_id: Number(video.id) }, lang: 'th' });
    expect(http.body.code).toBe(ResponseCode.feedbackImageNotOwn);
    s.send({ type: 'send', id: 'vid', kind: 'image', upload_id: Number(video.id) });
    const refused = await s.until((f) => f.type === 'error' && f.id === 'vid');
    expect(refused).toMatchObject({ code: ResponseCode.feedbackImageNotOwn, msg: http.body.msg });
    expect(refused.msg).toBe('ไฟล์ที่เลือกไม่ใช่รูปภาพ กรุณาเลือกรูปภาพ');
    expect(await t.db.selectFrom('chat_messages').select('id').where('member_id', '=', m.userId).execute()).toEqual([]);
    s.close();
  });

  it('a member with the chat open gets no message in their messages for answers they read live; an away member gets one per batch of unread answers', async () => {
    const agent = await newOperatorSession(t.db, 'support');
    const here = await newMember(t);
    const away = await newMember(t);
    const live = await member(here.headers);
    live.send({ type: 'send', id: 'q', kind: 'text', text: 'Where is my parcel?' });
    await live.until((f) => f.type === 'sent');
    await call(t, 'POST', '/user/chat/send', { headers: keyed(away.headers), body: { kind: 'text', text: 'Where is mine?' } });
    const [hereConversation, awayConversation] = [await conversationOf(here.userId), await conversationOf(away.userId)];
    const reply = async (conversation_id: number, text: string) => expect((await call(t, 'POST', '/admin/api/chat/reply', { headers: keyed(agent.headers), body: { conversation_id, text } })).body.code).toBe(200);
    for (const text of ['Let me look.', 'It left the depot.', 'Expected tomorrow.']) {
      await reply(hereConversation, text);
      // Seen at once on the open chat (which marks it read).
      await live.until((f) => f.type === 'message' && f.message.body === text);
      await reply(awayConversation, text);
    }
    // Then the member leaves the chat: the next answers stay unread, so their messages tell them, once.
    live.close();
    await live.closedWith();
    await reply(hereConversation, 'It was delivered.');
    await reply(hereConversation, 'Please confirm.');
    await awayDecisionsDue();
    const toldHere = await chatNotes(here.headers);
    expect(toldHere.map((x: { text: string }) => x.text)).toEqual(['New reply in your support chat: It was delivered.']);
    const toldAway = await chatNotes(away.headers);
    expect(toldAway).toHaveLength(1);
    expect(toldAway[0]).toMatchObject({ title: 'Support answered you', text: 'New reply in your support chat: Let me look.', link: '/pages/other/mixdesk' });
  });

  it('a desk whose operator is disabled or loses the chat role is served nothing more and closed; a member signed out is closed at once', async () => {
    const owner = await newOperatorSession(t.db, 'owner');
    const m = await newMember(t);
    await call(t, 'POST', '/user/chat/send', { headers: keyed(m.headers), body: { kind: 'text', text: 'My private order question' } });
    const conversationId = await conversationOf(m.userId);
    const seenAt = async (operatorId: number) => (await t.db.selectFrom('chat_agents').select('seen_at').where('operator_id', '=', operatorId).executeTakeFirst())?.seen_at;

    for (const change of ['disabled', 'catalogue'] as const) {
      const agent = await newOperatorSession(t.db, 'support');
      const op = await desk(agent.headers);
      const changed =
        change === 'disabled'
          ? await call(t, 'POST', '/admin/api/operators/status', { headers: keyed(owner.headers), body: { id: agent.operatorId, active: false, reason: 'Left the team' } })
          : await call(t, 'POST', '/admin/api/operators/role', { headers: keyed(owner.headers), body: { id: agent.operatorId, role: 'catalogue', reason: 'Moved to the catalogue' } });
      expect(changed.body.code).toBe(200);
      await t.db.updateTable('chat_agents').set({ seen_at: sql`now() - interval '1 hour'` }).where('operator_id', '=', agent.operatorId).execute();
      const before = await seenAt(agent.operatorId);
      op.send({ type: 'open', conversation_id: conversationId });
      expect((await op.until((f) => f.type === 'error')).code).toBe(ResponseCode.tokenInvalid);
      expect(await op.closedWith()).toBe(4001);
      // No history was sent, and the operator was not marked online again.
      expect(JSON.stringify(op.frames)).not.toContain('My private order question');
      expect(op.messages()).toEqual([]);
      expect(await seenAt(agent.operatorId)).toEqual(before);
    }

    // The member signs out in another tab: their chat socket closes without waiting for its next check.
    const s = await member(m.headers);
    expect((await call(t, 'POST', '/user/info/login_out', { headers: keyed(m.headers) })).body.code).toBe(200);
    expect((await s.until((f) => f.type === 'error')).code).toBe(ResponseCode.tokenInvalid);
    expect(await s.closedWith(3000)).toBe(4001);
  });

  it('a second auth frame sent before the first is answered is refused: one socket is never on two members\' chats', async () => {
    const a = await newMember(t);
    const b = await newMember(t);
    const s = await Client.open('/user/chat/socket');
    s.send({ type: 'auth', token: tokenOf(a.headers) });
    s.send({ type: 'auth', token: tokenOf(b.headers) });
    await s.until((f) => f.type === 'ready');
    await sleep(300);
    await call(t, 'POST', '/user/chat/send', { headers: keyed(b.headers), body: { kind: 'text', text: "B's own question" } });
    await call(t, 'POST', '/user/chat/send', { headers: keyed(a.headers), body: { kind: 'text', text: "A's own question" } });
    await s.until((f) => f.type === 'message' && f.message.body === "A's own question");
    await sleep(300);
    // The socket is A's only: nothing of B's chat reaches it.
    expect(JSON.stringify(s.frames)).not.toContain("B's own question");
    expect(s.frames.filter((f) => f.type === 'ready')).toHaveLength(1);
    expect(s.frames.find((f) => f.type === 'error')?.code).toBe(ResponseCode.badRequest);
    // After it is answered, another auth changes nothing either.
    const at = s.frames.length;
    s.send({ type: 'auth', token: tokenOf(b.headers) });
    expect((await s.until((f) => f.type === 'error', at)).code).toBe(ResponseCode.badRequest);
    await call(t, 'POST', '/user/chat/send', { headers: keyed(b.headers), body: { kind: 'text', text: "B's second question" } });
    await sleep(300);
    expect(JSON.stringify(s.frames)).not.toContain("B's second question");
    s.close();
  });

  it('a refused auth answers in the language the auth frame asks for', async () => {
    const refusedIn = async (lang: string) => {
      const s = await Client.open('/user/chat/socket');
      s.send({ type: 'auth', token: 'not-a-session', lang });
      const error = await s.until((f) => f.type === 'error');
      expect(await s.closedWith()).toBe(4001);
      return error;
    };
    for (const lang of ['th', 'zh-cn']) {
      const http = await call(t, 'GET', '/user/chat/state', { headers: { authorization: 'Bearer not-a-session' }, lang });
      expect(http.body.code).toBe(ResponseCode.tokenInvalid);
      expect(await refusedIn(lang)).toMatchObject({ code: ResponseCode.tokenInvalid, msg: http.body.msg });
    }
    expect((await refusedIn('th')).msg).not.toBe((await refusedIn('en-us')).msg);
  });

  it("a member never receives an operator's user name: not in the state, the messages, the pushed frames or their messages; the desk still does", async () => {
    // Every other agent away: the conversation goes to this one.
    await t.db.updateTable('chat_agents').set({ seen_at: sql`now() - interval '1 hour'` }).execute();
    const agent = await newOperatorSession(t.db, 'support');
    // A sign-in name nothing else in a chat contains (half of the operator's console login).
    const userName = `owner${Date.now().toString(36)}`;
    await t.db.updateTable('operators').set({ user_name: userName }).where('id', '=', agent.operatorId).execute();
    await call(t, 'GET', '/admin/api/chat/conversations', { headers: agent.headers });
    const m = await newMember(t);
    const seen: unknown[] = [];
    const asMember = async (method: 'GET' | 'POST', url: string, body?: unknown, lang?: string) => {
      const res = await call(t, method, url, { headers: method === 'POST' ? keyed(m.headers) : m.headers, ...(body ? { body } : {}), ...(lang ? { lang } : {}) });
      expect(res.body.code).toBe(200);
      seen.push(res.body);
      return res.body.data;
    };

    const first = await asMember('POST', '/user/chat/send', { kind: 'text', text: 'Where is my parcel?' });
    const conversationId = await conversationOf(m.userId);
    expect(Number((await t.db.selectFrom('chat_conversations').select('agent_id').where('id', '=', conversationId).executeTakeFirstOrThrow()).agent_id)).toBe(agent.operatorId);
    // The member is away when the answer comes: their messages tell them.
    expect((await call(t, 'POST', '/admin/api/chat/reply', { headers: keyed(agent.headers), body: { conversation_id: conversationId, text: 'It left the depot.' } })).body.code).toBe(200);
    await awayDecisionsDue();
    expect(await chatNotes(m.headers)).toHaveLength(1);
    await asMember('GET', '/user/message/list?kind=support');
    await asMember('GET', '/user/message/total');

    // Back on the chat page: the state, the history (in two languages) and what is pushed live.
    const state = await asMember('GET', '/user/chat/state');
    expect(state.agent).toEqual({ name: 'Customer service', online: true });
    expect((await asMember('GET', '/user/chat/state', undefined, 'zh-cn')).agent.name).toBe('客服');
    const history = await asMember('GET', '/user/chat/messages');
    expect(history.list.find((x: { sender: string }) => x.sender === 'agent')).toMatchObject({ body: 'It left the depot.', agent_name: 'Customer service' });
    const inThai = await asMember('GET', `/user/chat/messages?after_id=${first.id}`, undefined, 'th');
    expect(inThai.list[0]).toMatchObject({ sender: 'agent', agent_name: 'ฝ่ายบริการลูกค้า' });
    await asMember('GET', `/user/chat/messages?before_id=${Number(first.id) + 100}`);

    const me = await member(m.headers, Number(first.id), 'jp');
    const op = await desk(agent.headers);
    op.send({ type: 'open', conversation_id: conversationId });
    op.send({ type: 'typing' });
    await me.until((f) => f.type === 'typing');
    expect((await call(t, 'POST', '/admin/api/chat/reply', { headers: keyed(agent.headers), body: { conversation_id: conversationId, text: 'Expected tomorrow.' } })).body.code).toBe(200);
    const pushed = await me.until((f) => f.type === 'message' && f.message.body === 'Expected tomorrow.');
    expect(pushed.message.agent_name).toBe('カスタマーサービス');
    me.send({ type: 'send', id: 'k1', kind: 'text', text: 'Thank you' });
    await me.until((f) => f.type === 'sent' && f.id === 'k1');
    await me.until((f) => f.type === 'message' && f.message.body === 'Thank you');
    seen.push(me.frames);

    expect(JSON.stringify(seen)).not.toContain(userName);
    // The desk's own views keep the operator's name.
    const deskView = await call(t, 'GET', `/admin/api/chat/messages?conversation_id=${conversationId}`, { headers: agent.headers });
    expect(deskView.body.data.list.find((x: { sender: string }) => x.sender === 'agent').agent_name).toBe(userName);
    expect((await op.until((f) => f.type === 'message' && f.message.body === 'Expected tomorrow.')).message.agent_name).toBe(userName);
    me.close();
    op.close();
  });

  it('one sign-in opening many sockets keeps at most 5: each one more closes the oldest with 4002; the newest five go on', async () => {
    const m = await newMember(t);
    const sockets: Client[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_SIGN_IN + 3; i++) sockets.push(await member(m.headers));
    const [old, kept] = [sockets.slice(0, 3), sockets.slice(3)];
    for (const s of old) expect(await s.closedWith()).toBe(ChatSocketClose.replaced);
    for (const s of kept) {
      const at = s.frames.length;
      s.send({ type: 'ping' });
      await s.until((f) => f.type === 'pong', at);
      expect(s.closed).toBeUndefined();
    }
    // What the member sends reaches each of the five live sockets, once.
    kept[0]!.send({ type: 'send', id: 'hi', kind: 'text', text: 'Hello from many tabs' });
    for (const s of kept) await s.until((f) => f.type === 'message' && f.message.body === 'Hello from many tabs');
    kept.forEach((s) => s.close());
  });

  it('one address keeps at most 50 sockets open: one more is closed with 1013 (try again later) and, once some close, another is taken', async () => {
    const opened: Client[] = [];
    for (let i = 0; i <= MAX_SOCKETS_PER_ADDRESS; i++) opened.push(await Client.open('/user/chat/socket'));
    await sleep(300);
    const refused = opened.filter((c) => c.closed);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((c) => c.closed!.code === 1013)).toBe(true);
    expect(opened.filter((c) => !c.closed).length).toBeLessThanOrEqual(MAX_SOCKETS_PER_ADDRESS);
    opened.forEach((c) => c.close());
    await Promise.all(opened.map((c) => c.closedWith()));
    await sleep(200);
    const m = await newMember(t);
    const back = await member(m.headers);
    expect(back.closed).toBeUndefined();
    back.close();
  });

  it('"typing" from one member reaches the desk (and the database channel) at most once in 3 s, however many sockets send it; so does the desk\'s', async () => {
    const m = await newMember(t);
    const agent = await newOperatorSession(t.db, 'support');
    const first = await member(m.headers);
    first.send({ type: 'send', id: 'q', kind: 'text', text: 'Anyone there?' });
    await first.until((f) => f.type === 'sent');
    const op = await desk(agent.headers);
    op.send({ type: 'open', conversation_id: await conversationOf(m.userId) });
    await op.until((f) => f.type === 'message' && f.message.body === 'Anyone there?');
    const notices: string[] = [];
    const stop = onChanges((changes, origin) => {
      for (const c of changes) if (origin === 'remote' && c.kind === 'chat' && c.memberIds.includes(m.userId) && c.signal?.startsWith('typing')) notices.push(c.signal);
    });
    try {
      const mine = [first, ...(await Promise.all([1, 2, 3, 4].map(() => member(m.headers))))];
      for (let round = 0; round < 5; round++) {
        for (const s of mine) s.send({ type: 'typing' });
        await sleep(100);
      }
      for (let i = 0; i < 5; i++) op.send({ type: 'typing' });
      await op.until((f) => f.type === 'typing' && f.by === 'member');
      for (const s of mine) await s.until((f) => f.type === 'typing' && f.by === 'agent');
      await t.changesHeard();
      await sleep(300);
      expect(op.frames.filter((f) => f.type === 'typing')).toHaveLength(1);
      for (const s of mine) expect(s.frames.filter((f) => f.type === 'typing')).toHaveLength(1);
      expect(notices.sort()).toEqual(['typing:agent', 'typing:member']);
      // Refused quietly: no error frames for the keystrokes, and the sockets stay open.
      expect(mine.flatMap((s) => s.frames).filter((f) => f.type === 'error')).toEqual([]);
      // A message sent frees the member's notice: typing the next one is told at once, within the 3 s.
      mine[1]!.send({ type: 'send', id: 'next', kind: 'text', text: 'Hello?' });
      await mine[1]!.until((f) => f.type === 'sent');
      const afterSend = op.frames.length;
      mine[3]!.send({ type: 'typing' });
      await op.until((f) => f.type === 'typing', afterSend);
      // Three seconds on, the member typing is told again.
      await sleep(3_000);
      const at = op.frames.length;
      mine[2]!.send({ type: 'typing' });
      await op.until((f) => f.type === 'typing', at);
      mine.forEach((s) => s.close());
    } finally {
      stop();
      op.close();
    }
  });

  it('a frame over the size limit closes that socket with 1009 and is logged as a warning without a stack, never as an error', async () => {
    const { Writable } = await import('node:stream');
    const { buildApp } = await import('../../../app.js');
    const lines: Array<Record<string, unknown>> = [];
    const app = await buildApp(t.deps, { level: 'trace', stream: new Writable({ write(chunk, _e, cb) { lines.push(JSON.parse(String(chunk)) as Record<string, unknown>); cb(); } }) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const m = await newMember(t);
      const s = await Client.open('/user/chat/socket', `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
      s.send({ type: 'auth', token: tokenOf(m.headers) });
      await s.until((f) => f.type === 'ready');
      s.send(JSON.stringify({ type: 'send', id: 'big', kind: 'text', text: 'x'.repeat(20 * 1024) }));
      expect(await s.closedWith()).toBe(1009);
      await sleep(200);
      expect(lines.filter((l) => Number(l.level) >= 50)).toEqual([]);
      const told = lines.filter((l) => JSON.stringify(l).includes('Max payload size exceeded'));
      expect(told).toHaveLength(1);
      expect(told[0]!.level).toBe(40);
      expect(JSON.stringify(told[0])).not.toContain('stack');
    } finally {
      await app.close();
    }
  });
});
