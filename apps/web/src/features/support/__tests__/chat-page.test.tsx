import { File as NodeFile } from 'node:buffer';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { useLanguage } from '@/stores/language';
import { memberFixture, ok, prepareApp, renderRoutes, startFakeApi, toastText, unhandledDuring } from '@/test/helpers';
import ChatPage from '../pages/chat-page';

// pages/other/mixdesk: the history, the agent's state, sending, and what arrives later asked for
// after the last message held (each shown once).

const msg = (id: number, sender: 'member' | 'agent', body: string) => ({ id, conversation_id: 3, sender, agent_name: sender === 'agent' ? 'Lina' : null, kind: 'text', body, image: null, ref_id: null, created_at: '2026-11-24T10:00:00.000Z' });
let stored = [msg(1, 'member', 'Where is my parcel?'), msg(2, 'agent', 'Let me check.')];
/** The conversation cannot be read for now (the server fails): the state still answers. */
let historyFails = false;
const api = await startFakeApi({
  '/user/chat/state': () => ok({ conversation_id: 3, status: 'open', agent: { name: 'Lina', online: true }, agents_online: true, unread: 0, read_by_agent: false, external_url: null }),
  '/user/chat/messages': (req) => {
    if (historyFails) return { status: 500, json: { code: 500, msg: 'Something went wrong, please try again later', data: null } };
    const after = Number(new URL(req.url, 'http://x').searchParams.get('after_id') ?? 0);
    const list = after ? stored.filter((m) => m.id > after) : [...stored].reverse();
    return ok({ list, has_more: false });
  },
  '/user/upload/createToken': () => ok({ token: 'upload-token', upload_path: '/upload2', expires_at: '2026-11-23T11:00:00.000Z', max_image_bytes: 2 * 1024 * 1024, max_video_bytes: 10 * 1024 * 1024 }),
  '/upload2': () => ({ json: { code: 3061, msg: 'This file type is not supported', data: null } }),
  '/user/chat/send': (req) => {
    const sent = msg(stored.length + 1, 'member', JSON.parse(req.body).text);
    stored = [...stored, sent];
    return ok(sent);
  },
});

/** An address where nothing answers: the API cannot be reached. */
const unreachable = await (async () => {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await new Promise<void>((r) => server.close(() => r()));
  return url;
})();
const useApiAt = (url: string) => (window.SHOP_CONFIG = { api: { default: url, cn: url }, upload: { default: url, cn: url } });

beforeAll(() => prepareApp());
afterAll(() => api.close());
/**
 * The page asks again every few seconds (after a lost socket) and every 10 s beside an open one: the
 * tests let that time pass at once. The page's timers run on a clock that also moves on by itself,
 * and the fake API's answers (real requests) are waited for in real time.
 */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  useApiAt(api.url);
  historyFails = false;
  localStorage.clear();
  useSession.getState().signIn('member-token', memberFixture());
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('pages/other/mixdesk', () => {
  it('shows the history and the agent, sends, and shows a later answer once', async () => {
    renderRoutes({ [paths.other.customerChat]: <ChatPage /> }, paths.other.customerChat);
    expect(await screen.findByText('Let me check.')).toBeTruthy();
    expect(await screen.findByText('Lina is online')).toBeTruthy();
    fireEvent.change(document.querySelector('textarea')!, { target: { value: 'Order O42' } });
    fireEvent.click(screen.getByText('Send'));
    expect(await screen.findByText('Order O42')).toBeTruthy();
    stored = [...stored, msg(4, 'agent', 'It arrives tomorrow.')];
    await pass(6_000);
    expect(await screen.findByText('It arrives tomorrow.', {}, { timeout: 10_000 })).toBeTruthy();
    // Asked again later: still each message once.
    await pass(3_500);
    await waitFor(() => expect(screen.getAllByText('It arrives tomorrow.')).toHaveLength(1));
    expect(screen.getAllByText('Order O42')).toHaveLength(1);
    expect(screen.getAllByText('It arrives tomorrow.')).toHaveLength(1);
    await waitFor(() => expect(document.querySelectorAll('[data-chat-message]')).toHaveLength(4));
  });

  it('a file that is not an image is refused with a toast, not a page error; nothing is sent', async () => {
    renderRoutes({ [paths.other.customerChat]: <ChatPage /> }, paths.other.customerChat);
    expect(await screen.findByText('Let me check.')).toBeTruthy();
    const before = api.requests.filter((r) => r.url.startsWith('/user/chat/send')).length;
    // Node's fetch sends only its own FormData and files (jsdom's never leave): the upload is the app's, the form classes Node's.
    const jsdomFormData = globalThis.FormData;
    globalThis.FormData = (await new Response(new URLSearchParams('a=1')).formData()).constructor as typeof FormData;
    const errors = await unhandledDuring(async () => {
      const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
      fireEvent.change(input, { target: { files: [new NodeFile(['%PDF'], 'invoice.pdf', { type: 'application/pdf' }) as unknown as File] } });
      expect(await toastText(5000)).toBe('This file type is not supported');
    }).finally(() => (globalThis.FormData = jsdomFormData));
    expect(errors).toEqual([]);
    expect(api.requests.filter((r) => r.url.startsWith('/user/chat/send'))).toHaveLength(before);
    // The upload says the member's language, as every call does, so the refusal comes in their words.
    const upload = api.requests.filter((r) => r.url === '/upload2').at(-1)!;
    expect(upload.headers['think-lang']).toBe(useLanguage.getState().lang);
    expect(upload.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('a socket that opens but whose notices are lost: the answer still shows, asked for while the socket stays open', async () => {
    // The browser's socket opens and says "ready", then nothing is ever pushed on it.
    const sockets: SilentSocket[] = [];
    class SilentSocket {
      readonly OPEN = 1;
      readyState = 0;
      onopen?: () => void;
      onmessage?: (event: { data: string }) => void;
      onclose?: (event: { code: number }) => void;
      constructor() {
        sockets.push(this);
        setTimeout(() => {
          this.readyState = this.OPEN;
          this.onopen?.();
          this.onmessage?.({ data: '{"type":"ready"}' });
        }, 0);
      }
      send() {}
      close() {
        this.readyState = 3;
      }
    }
    vi.stubGlobal('WebSocket', SilentSocket);
    try {
      renderRoutes({ [paths.other.customerChat]: <ChatPage /> }, paths.other.customerChat);
      expect(await screen.findByText('Let me check.')).toBeTruthy();
      await waitFor(() => expect(sockets[0]?.readyState).toBe(1));
      stored = [...stored, msg(stored.length + 1, 'agent', 'Your parcel is at the depot.')];
      expect(screen.queryByText('Your parcel is at the depot.')).toBeNull();
      await pass(10_000);
      expect(await screen.findByText('Your parcel is at the depot.', {}, { timeout: 10_000 })).toBeTruthy();
      expect(screen.getAllByText('Your parcel is at the depot.')).toHaveLength(1);
      // The one socket stayed open: the page asked beside it, it did not fall back to polling.
      expect(sockets.map((s) => s.readyState)).toEqual([1]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('the API cannot be reached: the shared error state with Try again instead of loading for ever; trying again once it answers shows the chat', async () => {
    useApiAt(unreachable);
    renderRoutes({ [paths.other.customerChat]: <ChatPage /> }, paths.other.customerChat);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong');
    expect(screen.queryByText('Loading…')).toBeNull();
    useApiAt(api.url);
    fireEvent.click(retry);
    expect(await screen.findByText('Let me check.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the state answers but the conversation cannot be read (socket and history both fail): the error state with Try again, which reads it at once', async () => {
    historyFails = true;
    renderRoutes({ [paths.other.customerChat]: <ChatPage /> }, paths.other.customerChat);
    expect(await screen.findByText('Lina is online')).toBeTruthy();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(document.querySelector('textarea')).toBeNull();
    historyFails = false;
    const asked = api.requests.filter((r) => r.url.startsWith('/user/chat/messages')).length;
    fireEvent.click(retry);
    // Asked at once, not at the next turn of the back-off.
    await waitFor(() => expect(api.requests.filter((r) => r.url.startsWith('/user/chat/messages')).length).toBeGreaterThan(asked), { timeout: 2_000 });
    expect(await screen.findByText('Let me check.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelector('textarea')).toBeTruthy();
  });
});
