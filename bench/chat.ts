import WebSocket from 'ws';
import { loadConfig } from '../apps/api/src/config.js';
import { embeddedDatabaseUrl } from '../apps/api/src/db/connect.js';
import { createDatabase } from '../apps/api/src/db/database.js';
import { hashToken, newToken } from '../apps/api/src/lib/tokens.js';
import { load, warm, type LoadResult } from './load.js';
import { startSecondApi, type RunningServer } from './servers.js';

const SOCKETS = 1000;
const SAMPLES = 200;

/** A chat socket, authenticated, that tells each frame it gets to `onFrame`. */
async function openSocket(url: string, token: string, onFrame: (f: { type: string }) => void = () => {}): Promise<WebSocket> {
  const ws = new WebSocket(url);
  await new Promise<void>((resolve, reject) => (ws.once('open', () => resolve()), ws.once('error', reject)));
  const ready = new Promise<void>((resolve, reject) => {
    ws.on('message', (raw) => {
      const f = JSON.parse(raw.toString()) as { type: string };
      if (f.type === 'ready') resolve();
      else if (f.type === 'error') reject(new Error(raw.toString()));
      onFrame(f);
    });
  });
  ws.send(JSON.stringify({ type: 'auth', token }));
  await ready;
  return ws;
}

const p99 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.ceil(ms.length * 0.99) - 1]!;

/**
 * The support chat with 1,000 members' sockets open on one API process and the support desk's on a
 * second process of the same database: how long a member's message takes to reach the desk
 * (p99 < 200 ms), and the unread count `/user/message/total` at 50 connections (p99 < 20 ms).
 */
export async function benchChat(shop: RunningServer): Promise<Array<LoadResult & { maxP99Ms: number }>> {
  if (!shop.env) throw new Error('the chat bench needs the shop’s database');
  const databaseUrl = embeddedDatabaseUrl(loadConfig({ ...process.env, ...shop.env }));
  const db = createDatabase(databaseUrl, 4);
  const second = await startSecondApi(shop, databaseUrl);
  const sockets: WebSocket[] = [];
  try {
    const run = Date.now().toString(36);
    const users = await db
      .insertInto('users')
      .values(Array.from({ length: SOCKETS }, (_, i) => ({ user_name: `chat${run}${i}`, password_hash: 'not-used' })))
      .returning('id')
      .execute();
    const tokens = users.map(() => newToken());
    await db.insertInto('sessions').values(users.map((u, i) => ({ user_id: u.id, token_hash: hashToken(tokens[i]!), expires_at: new Date(Date.now() + 3_600_000) }))).execute();
    const op = await db.insertInto('operators').values({ user_name: `chatdesk${run}`, role: 'support', password_hash: null, totp_secret: null, totp_pending_secret: null, totp_last_step: null, setup_token_hash: null, setup_expires_at: null, created_by: 'bench', last_sign_in_at: null }).returning('id').executeTakeFirstOrThrow();
    const opToken = newToken();
    await db.insertInto('operator_sessions').values({ operator_id: op.id, token_hash: hashToken(opToken), expires_at: new Date(Date.now() + 3_600_000), last_seen_at: new Date(), revoked_at: null, ip: null, user_agent: null }).execute();

    const socketOf = (base: string, path: string) => `${base.replace(/^http/, 'ws')}${path}`;
    for (let i = 0; i < SOCKETS; i += 50) {
      sockets.push(...(await Promise.all(tokens.slice(i, i + 50).map((t) => openSocket(socketOf(shop.url, '/user/chat/socket'), t)))));
    }
    let deskWoken: (() => void) | undefined;
    sockets.push(await openSocket(socketOf(second.url, '/admin/api/chat/socket'), opToken, (f) => f.type === 'desk' && deskWoken?.()));

    // One member at a time writes on process A; the time until the desk on process B hears of it.
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const heard = new Promise<void>((resolve) => (deskWoken = resolve));
      const start = performance.now();
      sockets[i % SOCKETS]!.send(JSON.stringify({ type: 'send', id: `b${i}`, kind: 'text', text: `Bench message ${i}` }));
      await heard;
      times.push(performance.now() - start);
      // The next message's notice must not be this one's second copy.
      await new Promise((r) => setTimeout(r, 20));
    }
    const chatRow = { name: `chat: a member's message on process A reaches the desk on process B (${SOCKETS} sockets open)`, requestsPerSecond: 0, p99Ms: Math.round(p99(times)), non2xx: 0, errors: 0, maxP99Ms: 200 };

    const headers = { 'think-lang': 'en-us', Area: '1', source: 'H5', authorization: `Bearer ${tokens[0]}` };
    const totalUrl = `${shop.url}/user/message/total`;
    await warm(totalUrl, headers);
    const total = { ...(await load('GET /user/message/total', totalUrl, { headers, connections: 50 })), maxP99Ms: 20 };
    return [chatRow, total];
  } finally {
    for (const ws of sockets) ws.terminate();
    await second.stop();
    await db.destroy();
  }
}
