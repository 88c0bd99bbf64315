import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useSession } from '@/stores/session';
import { useLanguage } from '@/stores/language';
import { memberFixture, ok, prepareApp, renderRoutes, startFakeApi, toastText, unhandledDuring } from '@/test/helpers';
import ChatPage from '../pages/chat-page';

// pages/other/mixdesk: the history, the agent's state, sending, and what arrives later asked for
// after the last message held (each shown once).

const msg = (id: number, sender: 'member' | 'agent', body: string, conversationId = 3, createdAt = '2026-11-24T10:00:00.000Z') => ({ id, conversation_id: conversationId, sender, agent_name: sender === 'agent' ? 'Lina' : null, kind: 'text', body, image: null as string | null, ref_id: null, created_at: createdAt });
const firstMessages = () => [msg(1, 'member', 'Where is my parcel?'), msg(2, 'agent', 'Let me check.')];
let stored = firstMessages();
/** The member's latest conversation as the shop has it: an operator may close it; the next message opens another. */
let conversation: { id: number; status: 'open' | 'closed' } = { id: 3, status: 'open' };
/** The conversation cannot be read for now (the server fails): the state still answers. */
let historyFails = false;
const api = await startFakeApi({
  '/user/chat/state': () => ok({ conversation_id: conversation.id, status: conversation.status, agent: { name: 'Lina', online: true }, agents_online: true, unread: 0, read_by_agent: false, external_url: null }),
  '/user/chat/messages': (req) => {
    if (historyFails) return { status: 500, json: { code: 500, msg: 'Something went wrong, please try again later', data: null } };
    const after = Number(new URL(req.url, 'http://x').searchParams.get('after_id') ?? 0);
    const list = after ? stored.filter((m) => m.id > after) : [...stored].reverse();
    return ok({ list, has_more: false });
  },
  '/user/upload/createToken': () => ok({ token: 'upload-token', upload_path: '/upload2', expires_at: '2026-11-23T11:00:00.000Z', max_image_bytes: 2 * 1024 * 1024, max_video_bytes: 10 * 1024 * 1024 }),
  '/upload2': () => ({ json: { code: 3061, msg: 'This file type is not supported', data: null } }),
  '/user/chat/send': (req) => {
    if (conversation.status === 'closed') conversation = { id: conversation.id + 1, status: 'open' };
    const sent = msg(stored.length + 1, 'member', JSON.parse(req.body).text, conversation.id, '2026-12-02T09:30:00.000Z');
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
const realSetTimeout = globalThis.setTimeout;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  useApiAt(api.url);
  historyFails = false;
  stored = firstMessages();
  conversation = { id: 3, status: 'open' };
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
    expect(screen.getByRole('button', { name: 'Send' }).classList).toContain('tap-target');
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
    const errors = await unhandledDuring(async () => {
      const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
      fireEvent.change(input, { target: { files: [new File(['%PDF'], 'invoice.pdf', { type: 'application/pdf' })] } });
      expect(await toastText(5000)).toBe('This file type is not supported');
    });
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

  /**
   * jsdom lays nothing out: the message log is 400 px high and each message 60 px, a loaded picture
   * `grown` px more, as a browser would measure them. Scrolling the log is its `scrollTop`, kept
   * within what the log can scroll, as a browser keeps it.
   */
  const ROW = 60;
  let grown = 0;
  const measureLog = () => {
    grown = 0;
    const isLog = (el: HTMLElement) => el.classList.contains('chat-log');
    Object.defineProperty(HTMLElement.prototype, 'scrollHeight', { configurable: true, get(this: HTMLElement) { return isLog(this) ? this.querySelectorAll('[data-chat-message]').length * ROW + grown : 0; } });
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get(this: HTMLElement) { return isLog(this) ? 400 : 0; } });
    const scrolled = new WeakMap<HTMLElement, number>();
    Object.defineProperty(HTMLElement.prototype, 'scrollTop', {
      configurable: true,
      get(this: HTMLElement) { return scrolled.get(this) ?? 0; },
      set(this: HTMLElement, top: number) { scrolled.set(this, Math.max(0, Math.min(top, this.scrollHeight - this.clientHeight))); },
    });
    return () => {
      delete (HTMLElement.prototype as { scrollHeight?: number }).scrollHeight;
      delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
      delete (HTMLElement.prototype as { scrollTop?: number }).scrollTop;
    };
  };
  const chatLog = () => document.querySelector<HTMLElement>('.chat-log')!;
  const atNewest = () => chatLog().scrollTop + chatLog().clientHeight >= chatLog().scrollHeight;

  it('is one screen with only the message log scrolling: the header and the agent\'s status above it, the message box below it, and it opens at the newest message', async () => {
    stored = Array.from({ length: 20 }, (_, i) => msg(i + 1, i % 2 ? 'agent' : 'member', `Message ${i + 1}`));
    const unmeasure = measureLog();
    try {
      renderRoutes({ [paths.other.customerChat]: <ChatPage /> }, paths.other.customerChat);
      expect(await screen.findByText('Message 20')).toBeTruthy();
      await waitFor(() => expect(atNewest()).toBe(true));
      expect(chatLog().scrollTop).toBeGreaterThan(0);
      // The page's column, top to bottom: nothing but the log holds the messages, nothing follows the message box.
      const column = [...document.querySelector('.chat-page')!.children].map((el) => el.classList[0]);
      expect(column).toEqual(['page-header', 'chat-status', 'chat-log', 'chat-composer']);
      expect(chatLog().querySelectorAll('[data-chat-message]')).toHaveLength(20);
      expect(screen.getByText('Lina is online').closest('.chat-log')).toBeNull();
    } finally {
      unmeasure();
    }
  });

  it('an on-screen keyboard shortens the chat to what stays visible, so the header and notices are not pushed off the top; leaving the page puts it back', async () => {
    /** The visible part of the window as the browser reports it: the keyboard takes 330 px of the 768. */
    const viewport = Object.assign(new EventTarget(), { height: 768, width: 375, scale: 1, offsetTop: 0, offsetLeft: 0 });
    vi.stubGlobal('visualViewport', viewport);
    try {
      renderRoutes({ [paths.other.customerChat]: <ChatPage /> }, paths.other.customerChat);
      expect(await screen.findByText('Let me check.')).toBeTruthy();
      const root = document.documentElement;
      expect(root.style.getPropertyValue('--chat-viewport')).toBe('768px');
      viewport.height = 438;
      act(() => void viewport.dispatchEvent(new Event('resize')));
      expect(root.style.getPropertyValue('--chat-viewport')).toBe('438px');
      expect(root.dataset.chatViewport).toBe('keyboard');
      cleanup();
      expect(root.style.getPropertyValue('--chat-viewport')).toBe('');
      expect(root.dataset.chatViewport).toBeUndefined();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('follows sending, answers and pictures at the newest message, but leaves a member reading older messages where they are', async () => {
    stored = [...firstMessages(), { ...msg(3, 'agent', ''), kind: 'image', image: `${api.url}/uploads/label.jpg` }, msg(4, 'agent', 'Here is the label.'), ...Array.from({ length: 8 }, (_, i) => msg(5 + i, 'member', `Line ${5 + i}`))];
    const unmeasure = measureLog();
    try {
      renderRoutes({ [paths.other.customerChat]: <ChatPage /> }, paths.other.customerChat);
      expect(await screen.findByText('Line 12')).toBeTruthy();
      await waitFor(() => expect(atNewest()).toBe(true));

      fireEvent.change(document.querySelector('textarea')!, { target: { value: 'Thanks, printing it' } });
      fireEvent.click(screen.getByText('Send'));
      expect(await screen.findByText('Thanks, printing it')).toBeTruthy();
      await waitFor(() => expect(atNewest()).toBe(true));

      stored = [...stored, msg(stored.length + 1, 'agent', 'You are welcome.')];
      await pass(6_000);
      expect(await screen.findByText('You are welcome.', {}, { timeout: 10_000 })).toBeTruthy();
      await waitFor(() => expect(atNewest()).toBe(true));

      // The picture keeps its place while it loads; once it has loaded (and grown), the newest message is brought into view again.
      const picture = document.querySelector<HTMLImageElement>('[data-chat-message="3"] img')!;
      grown = 200;
      expect(atNewest()).toBe(false);
      fireEvent.load(picture);
      await waitFor(() => expect(atNewest()).toBe(true));

      // The member scrolls up to read: what comes later leaves them there.
      chatLog().scrollTop = 120;
      fireEvent.scroll(chatLog());
      stored = [...stored, msg(stored.length + 1, 'agent', 'Anything else?')];
      await pass(6_000);
      expect(await screen.findByText('Anything else?', {}, { timeout: 10_000 })).toBeTruthy();
      fireEvent.load(picture);
      await pass(100);
      expect(chatLog().scrollTop).toBe(120);
    } finally {
      unmeasure();
    }
  });

  it('a conversation the shop closed says so; what the member writes next starts a new one, set apart with its date', async () => {
    conversation = { id: 3, status: 'closed' };
    renderRoutes({ [paths.other.customerChat]: <ChatPage /> }, paths.other.customerChat);
    expect(await screen.findByText('Let me check.')).toBeTruthy();
    expect(await screen.findByText('This conversation has ended; write to start a new one')).toBeTruthy();
    expect(screen.queryByText(/^New conversation/)).toBeNull();
    fireEvent.change(document.querySelector('textarea')!, { target: { value: 'One more question' } });
    fireEvent.click(screen.getByText('Send'));
    const question = await screen.findByText('One more question');
    const divider = await screen.findByText(/^New conversation · .*2026/);
    expect(divider.textContent).toContain(formatDate('2026-12-02T09:30:00.000Z', { dateOnly: true }));
    // Between the old conversation and the new one.
    expect(screen.getByText('Let me check.').compareDocumentPosition(divider) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(divider.compareDocumentPosition(question) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('This conversation has ended; write to start a new one')).toBeNull());
  });

  it("the shop's notice that it closed the conversation stands apart, in the member's language, not as an answer from customer service", async () => {
    conversation = { id: 3, status: 'closed' };
    const notice = { ...msg(3, 'agent', 'Customer service closed this conversation'), sender: 'system' as const, agent_name: null };
    stored = [...firstMessages(), notice as unknown as ReturnType<typeof msg>];
    renderRoutes({ [paths.other.customerChat]: <ChatPage /> }, paths.other.customerChat);
    const shown = await screen.findByRole('note');
    expect(shown.textContent).toBe(`Customer service closed this conversation · ${formatDate('2026-11-24T10:00:00.000Z')}`);
    expect(shown.closest('.chat-bubble')).toBeNull();
    expect(screen.getByText('Let me check.').compareDocumentPosition(shown) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await screen.findByText('This conversation has ended; write to start a new one')).toBeTruthy();
  });

  describe('the chat socket', () => {
    /**
     * The browser's socket as a server would answer it: while the server is up it opens and says
     * "ready" after the auth frame; while it is down (or a proxy refuses WebSocket) it closes
     * without opening. `push` brings a frame from the server; `drop` loses the connection.
     */
    let serverUp = true;
    let sockets: ServerSocket[] = [];
    class ServerSocket {
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
        if ((JSON.parse(raw) as { type: string }).type !== 'auth') return;
        setTimeout(() => {
          this.ready = true;
          this.onmessage?.({ data: '{"type":"ready"}' });
        }, 0);
      }
      push(frame: unknown) {
        this.onmessage?.({ data: JSON.stringify(frame) });
      }
      drop(code = 1006) {
        this.readyState = 3;
        this.onclose?.({ code });
      }
      close() {
        this.readyState = 3;
      }
    }
    const liveSockets = () => sockets.filter((x) => x.readyState === 1 && x.ready);
    /** Time passing a quarter second at a time, each step waiting (in real time) for the fake API's answers, as a clock would. */
    const passInSteps = async (ms: number) => {
      for (let at = 0; at < ms; at += 250) {
        await pass(250);
        await act(() => new Promise<void>((resolve) => realSetTimeout(resolve, 10)));
      }
    };
    const asked = () => api.requests.filter((r) => r.url.startsWith('/user/chat/messages')).length;
    beforeEach(() => {
      serverUp = true;
      sockets = [];
      vi.stubGlobal('WebSocket', ServerSocket);
    });
    afterEach(() => vi.unstubAllGlobals());

    it('after a server restart (down 13 s) the chat is live again within seconds: typing shows, and it stops asking every 3 s', async () => {
      renderRoutes({ [paths.other.customerChat]: <ChatPage /> }, paths.other.customerChat);
      expect(await screen.findByText('Let me check.')).toBeTruthy();
      await waitFor(() => expect(liveSockets()).toHaveLength(1));
      // The server restarts: the socket drops, reads fail, and sockets cannot open while it is down.
      serverUp = false;
      historyFails = true;
      act(() => sockets[0]!.drop());
      await passInSteps(13_000);
      expect(screen.getByText('Connection lost, trying again…')).toBeTruthy();
      // The notice is on the page's column above the message log, not one of the messages scrolled away with it.
      const notice = screen.getByText('Connection lost, trying again…').closest('.chat-offline')!;
      expect(notice.parentElement).toBe(document.querySelector('.chat-page'));
      expect(notice.compareDocumentPosition(document.querySelector('.chat-log')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      stored = [...stored, msg(stored.length + 1, 'agent', 'Sorry, we were away for a moment.')];
      serverUp = true;
      historyFails = false;
      // Back within a few seconds of the server, not 20-30 s later: the answer shows, the socket is live.
      await passInSteps(6_000);
      expect(await screen.findByText('Sorry, we were away for a moment.')).toBeTruthy();
      expect(liveSockets()).toHaveLength(1);
      await waitFor(() => expect(screen.queryByText('Connection lost, trying again…')).toBeNull());
      act(() => liveSockets()[0]!.push({ type: 'typing', by: 'agent' }));
      expect(await screen.findByText('Support is typing…')).toBeTruthy();
      // Live: the page asks only beside the socket (every 10 s), not every 3 s.
      const before = asked();
      await passInSteps(9_000);
      expect(asked() - before).toBeLessThanOrEqual(1);
      expect(liveSockets()).toHaveLength(1);
    });

    it('where the socket never opens (a proxy refuses it) the chat asks every few seconds and tries the socket again now and then', async () => {
      serverUp = false;
      renderRoutes({ [paths.other.customerChat]: <ChatPage /> }, paths.other.customerChat);
      expect(await screen.findByText('Let me check.')).toBeTruthy();
      await passInSteps(8_000);
      const tries = sockets.length;
      expect(tries).toBe(3);
      // Answers still come, by asking.
      stored = [...stored, msg(stored.length + 1, 'agent', 'Your parcel left the depot.')];
      await passInSteps(3_500);
      expect(await screen.findByText('Your parcel left the depot.')).toBeTruthy();
      expect(screen.queryByText('Connection lost, trying again…')).toBeNull();
      // The network lets the socket through later: within a minute or so the chat is live.
      serverUp = true;
      await passInSteps(60_000);
      expect(sockets.length).toBeGreaterThan(tries);
      await waitFor(() => expect(liveSockets()).toHaveLength(1));
    });

    it('a socket closed as one too many of the member\'s (another tab took its place) asks instead, and opens again when the page is looked at again', async () => {
      renderRoutes({ [paths.other.customerChat]: <ChatPage /> }, paths.other.customerChat);
      expect(await screen.findByText('Let me check.')).toBeTruthy();
      await waitFor(() => expect(liveSockets()).toHaveLength(1));
      act(() => sockets[0]!.drop(4002));
      stored = [...stored, msg(stored.length + 1, 'agent', 'Anything else?')];
      await passInSteps(30_000);
      expect(await screen.findByText('Anything else?')).toBeTruthy();
      // Not opened again by itself: two tabs would take each other's place for ever.
      expect(sockets).toHaveLength(1);
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
      await passInSteps(100);
      await waitFor(() => expect(liveSockets()).toHaveLength(1));
      expect(sockets).toHaveLength(2);
    });
  });
});
