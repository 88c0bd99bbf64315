import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';

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
  static async open(path: string): Promise<Client> {
    const ws = new WebSocket(`${base}${path}`);
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

async function member(headers: Headers, afterId?: number): Promise<Client> {
  const c = await Client.open('/user/chat/socket');
  c.send({ type: 'auth', token: tokenOf(headers), ...(afterId !== undefined ? { after_id: afterId } : {}) });
  await c.until((f) => f.type === 'ready');
  return c;
}
async function desk(headers: Headers): Promise<Client> {
  const c = await Client.open('/admin/api/chat/socket');
  c.send({ type: 'auth', token: tokenOf(headers) });
  await c.until((f) => f.type === 'ready');
  return c;
}
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
});
