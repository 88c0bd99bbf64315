import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { lockWaiters } from '../../../test/test-database.js';
import { withTransaction } from '../../../lib/transaction.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import * as q from '../support-chat.queries.js';

// Reading the chat marks read what the reader was given, nothing more. A message being stored while a
// page is read (its transaction holding the conversation, as sending one does) is not on that page,
// so it stays unread: the member's badge still counts the answer, and the desk still counts the
// member's message, with no "Read" under it on the member's page.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t.close());

type Headers = Record<string, string>;
type Answer = Awaited<ReturnType<typeof call>>;
let n = 0;
const get = (url: string, headers: Headers) => call(t, 'GET', url, { headers });
const post = (url: string, body: unknown, headers: Headers) => call(t, 'POST', url, { headers: { ...headers, 'idempotency-key': `read-race-${Date.now()}-${n++}` }, body });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const bodies = (a: Answer) => a.body.data.list.map((m: { body: string }) => m.body);

const waiting = () => lockWaiters(t.db);

/**
 * Stores `text` from `sender` as sending a message does (one transaction holding the conversation)
 * and, before that commits, starts `read`; commits once the read waits for the conversation (or has
 * answered). Answers what the read answered.
 */
async function readWhileStoring(conversationId: number, sender: 'member' | 'agent', text: string, read: () => Promise<Answer>): Promise<Answer> {
  const { answer } = await withTransaction(t.db, async (tx) => {
    const c = (await q.lockConversation(tx, conversationId))!;
    await q.insertChatMessage(tx, { conversation_id: c.id, member_id: Number(c.member_id), sender, agent_id: sender === 'agent' ? c.agent_id : null, kind: 'text', body: text, upload_id: null, ref_id: null });
    await q.updateConversation(tx, c.id, { last_message: { text, kind: 'text' }, ...(sender === 'agent' ? { unread_member_add: 1 } : { unread_agent_add: 1 }) });
    const answer = read();
    let settled = false;
    void answer.then(() => (settled = true), () => (settled = true));
    for (let i = 0; i < 500 && !settled && (await waiting()) === 0; i++) await sleep(10);
    // Handed out wrapped: returning the promise itself would wait for it inside the transaction.
    return { answer };
  });
  return answer;
}

describe('marking the chat read', () => {
  it('counts a message stored while the page was read as unread, on the member side and on the desk', async () => {
    const agent = await newOperatorSession(t.db, 'support');
    const m = await newMember(t);
    expect((await post('/user/chat/send', { kind: 'text', text: 'Where is my parcel?' }, m.headers)).body.code).toBe(200);
    const { id } = await t.db.selectFrom('chat_conversations').select('id').where('member_id', '=', m.userId).executeTakeFirstOrThrow();
    expect((await post('/admin/api/chat/reply', { conversation_id: id, text: 'Let me check.' }, agent.headers)).body.code).toBe(200);

    // The member reads while a second answer is being stored: their page has the first answer only.
    const page = await readWhileStoring(id, 'agent', 'It ships today.', () => get('/user/chat/messages?after_id=0', m.headers));
    expect(bodies(page)).toEqual(['Where is my parcel?', 'Let me check.']);
    expect((await get('/user/chat/state', m.headers)).body.data.unread).toBe(1);
    const missed = await get(`/user/chat/messages?after_id=${page.body.data.list.at(-1).id}`, m.headers);
    expect(bodies(missed)).toEqual(['It ships today.']);
    expect((await get('/user/chat/state', m.headers)).body.data.unread).toBe(0);

    // The desk reads while the member's thanks is being stored: not on the desk's page, so still unread.
    const desk = await readWhileStoring(id, 'member', 'Thanks!', () => get(`/admin/api/chat/messages?conversation_id=${id}`, agent.headers));
    expect(bodies(desk)).toEqual(['It ships today.', 'Let me check.', 'Where is my parcel?']);
    const row = async () => (await get('/admin/api/chat/conversations?status=open', agent.headers)).body.data.list.find((c: { id: number }) => c.id === Number(id));
    expect(await row()).toMatchObject({ unread: 1, last_message: 'Thanks!' });
    expect((await get('/user/chat/state', m.headers)).body.data.read_by_agent).toBe(false);
    expect(bodies(await get(`/admin/api/chat/messages?conversation_id=${id}&after_id=${desk.body.data.list[0].id}`, agent.headers))).toEqual(['Thanks!']);
    expect(await row()).toMatchObject({ unread: 0 });
    expect((await get('/user/chat/state', m.headers)).body.data.read_by_agent).toBe(true);
  });
});
