import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import ChatDesk from '../ChatDesk';

// The desk's chat socket across a server restart: opened again within seconds of the server coming
// back (the member's typing shows again), not left asking every 3 seconds for good.

beforeAll(async () => {
  await initI18n();
});

const message = (id: number, sender: 'member' | 'agent', body: string) => ({ id, conversation_id: 7, sender, agent_name: sender === 'agent' ? 'ops' : null, kind: 'text', body, image: null, ref_id: null, created_at: '2026-11-24T10:00:00.000Z' });
const conversation = { id: 7, user_id: 42, user_name: 'alice', status: 'open', agent_id: 1, agent_name: 'ops', unread: 0, last_message: 'Hello', last_message_kind: 'text', last_message_at: '2026-11-24T10:00:00.000Z', created_at: '2026-11-24T09:00:00.000Z' };
let stored = [message(1, 'member', 'Hello')];
/** The server is up: calls are answered and sockets open. */
let serverUp = true;
let messageReads = 0;
const answer = (path: string, query: URLSearchParams): unknown => {
  if (path === '/admin/api/auth/me') return { id: 1, user_name: 'ops', role: 'support', permissions: ['session', 'support.chat'], totp_bound: true };
  if (path === '/admin/api/chat/conversations') return { list: [conversation], total: 1, page: 1, limit: 50, has_more: false };
  if (path === '/admin/api/chat/canned') return { list: [] };
  if (path === '/admin/api/chat/messages') {
    messageReads++;
    const after = Number(query.get('after_id') ?? 0);
    return { list: after ? stored.filter((m) => m.id > after) : [...stored].reverse(), has_more: false };
  }
  return undefined;
};

/** The desk's socket as the server answers it: while up, ready after the auth frame and the conversation's messages after "open"; while down, closed at once. */
let sockets: DeskSocket[] = [];
class DeskSocket {
  readonly OPEN = 1;
  readyState = 0;
  ready = false;
  onopen?: () => void;
  onmessage?: (event: { data: string }) => void;
  onclose?: (event: { code: number }) => void;
  constructor() {
    sockets.push(this);
    setTimeout(() => {
      if (!serverUp) return this.drop();
      this.readyState = this.OPEN;
      this.onopen?.();
    }, 0);
  }
  send(raw: string) {
    const frame = JSON.parse(raw) as { type: string; after_id?: number };
    if (frame.type === 'auth') this.push({ type: 'ready' }, () => (this.ready = true));
    if (frame.type === 'open') for (const m of stored.filter((x) => x.id > (frame.after_id ?? 0))) this.push({ type: 'message', message: m });
  }
  push(frame: unknown, before?: () => void) {
    setTimeout(() => {
      before?.();
      this.onmessage?.({ data: JSON.stringify(frame) });
    }, 0);
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
  close() {
    this.readyState = 3;
  }
}
const liveSockets = () => sockets.filter((s) => s.readyState === 1 && s.ready);
const realSetTimeout = globalThis.setTimeout;
/** Time passing a second at a time, each step letting the answers of the calls arrive. */
const passInSteps = async (ms: number) => {
  for (let at = 0; at < ms; at += 1_000) {
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await act(() => new Promise<void>((resolve) => realSetTimeout(resolve, 5)));
  }
};

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  serverUp = true;
  sockets = [];
  stored = [message(1, 'member', 'Hello')];
  sessionStore.signIn('token');
  vi.stubGlobal('WebSocket', DeskSocket);
  vi.stubGlobal('fetch', async (url: string) => {
    if (!serverUp) throw new TypeError('Failed to fetch');
    const [path, query] = url.split('?');
    const data = answer(path!, new URLSearchParams(query ?? ''));
    return new Response(JSON.stringify(data === undefined ? { code: 404, msg: 'Not found', data: null } : { code: 200, msg: 'ok', data }), { status: data === undefined ? 404 : 200, headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  sessionStore.end('signed_out');
});

describe("the chat desk's socket", () => {
  it('after a server restart (down 13 s) it is live again within seconds: messages and typing arrive, and it stops asking every 3 s', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AntApp>
          <ChatDesk />
        </AntApp>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByText('alice'));
    expect(await screen.findByText('Hello', { selector: '[data-chat-message] *' })).toBeTruthy();
    await waitFor(() => expect(liveSockets()).toHaveLength(1));

    serverUp = false;
    act(() => sockets[0]!.drop());
    await passInSteps(13_000);
    stored = [...stored, message(2, 'member', 'Are you still there?')];
    serverUp = true;
    await passInSteps(6_000);
    expect(liveSockets()).toHaveLength(1);
    expect(await screen.findByText('Are you still there?')).toBeTruthy();
    act(() => liveSockets()[0]!.push({ type: 'typing', by: 'member' }));
    expect(await screen.findByTestId('chat-member-typing')).toBeTruthy();
    // Live: asked for only beside the socket (every 10 s), not every 3 s.
    const before = messageReads;
    await passInSteps(9_000);
    expect(messageReads - before).toBeLessThanOrEqual(1);
  }, 40_000);
});
