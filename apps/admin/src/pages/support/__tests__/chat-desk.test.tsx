import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatMoney } from '../../../lib/format';
import { changeLanguage, initI18n, LANGUAGE_NAMES } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import ChatDesk from '../ChatDesk';

// The desk at 1280 px: a conversation opens at its newest message, and the log stays there when the
// operator answers or the member writes, unless the operator has scrolled up to read.

beforeAll(async () => {
  await initI18n();
});

const message = (id: number, sender: 'member' | 'agent', body: string) => ({ id, conversation_id: 7, sender, agent_name: sender === 'agent' ? 'ops' : null, kind: 'text', body, image: null, ref_id: null, created_at: '2026-11-24T10:00:00.000Z' });
const history = Array.from({ length: 20 }, (_, i) => message(i + 1, i % 2 ? 'agent' : 'member', `Message ${i + 1}`));
const conversation = { id: 7, user_id: 42, user_name: 'alice', status: 'open', agent_id: 1, agent_name: 'ops', unread: 0, last_message: 'Message 20', last_message_kind: 'text', last_message_at: '2026-11-24T10:00:00.000Z', created_at: '2026-11-24T09:00:00.000Z' };
const supportOperator = { id: 1, user_name: 'ops', role: 'support', permissions: ['session', 'support.chat'], totp_bound: true };
const answers: Record<string, unknown> = {
  '/admin/api/auth/me': supportOperator,
  '/admin/api/chat/conversations': { list: [conversation], total: 1, page: 1, limit: 50, has_more: false },
  '/admin/api/chat/canned': { list: [] },
  '/admin/api/chat/reply': message(21, 'agent', 'It left the depot this morning.'),
};

/** The desk's chat socket, answered here as the server would: ready, then the conversation's history; later messages pushed by the test. */
class DeskSocket {
  static last: DeskSocket | undefined;
  readonly OPEN = 1;
  readyState = 0;
  onopen?: () => void;
  onmessage?: (event: { data: string }) => void;
  onclose?: (event: { code: number }) => void;
  constructor() {
    DeskSocket.last = this;
    setTimeout(() => {
      this.readyState = this.OPEN;
      this.onopen?.();
    }, 0);
  }
  send(raw: string) {
    const frame = JSON.parse(raw) as { type: string };
    if (frame.type === 'auth') this.push({ type: 'ready' });
    if (frame.type === 'open') for (const m of history) this.push({ type: 'message', message: m });
  }
  push(frame: unknown) {
    setTimeout(() => this.onmessage?.({ data: JSON.stringify(frame) }), 0);
  }
  close() {
    this.readyState = 3;
  }
}

/** Calls answered 500, and calls kept waiting until their promise settles; what was sent with each call. */
const failing = new Set<string>();
const held = new Map<string, Promise<void>>();
const sent: { path: string; body: unknown }[] = [];

/** jsdom lays nothing out: the log is 380 px high and each message 60 px, as a browser would measure them. */
const ROW = 60;
const isLog = (el: HTMLElement) => el.getAttribute('data-testid') === 'chat-log';
beforeEach(() => {
  sessionStore.signIn('token');
  vi.stubGlobal('WebSocket', DeskSocket);
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const path = url.split('?')[0]!;
    sent.push({ path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    if (failing.has(path)) return new Response(JSON.stringify({ code: 500, msg: 'Something went wrong on our side', data: null }), { status: 500, headers: { 'Content-Type': 'application/json' } });
    if (held.has(path)) await held.get(path);
    const data = answers[path];
    return new Response(JSON.stringify(data === undefined ? { code: 404, msg: 'Not found', data: null } : { code: 200, msg: 'ok', data }), { status: data === undefined ? 404 : 200, headers: { 'Content-Type': 'application/json' } });
  });
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', { configurable: true, get(this: HTMLElement) { return isLog(this) ? this.querySelectorAll('[data-chat-message]').length * ROW : 0; } });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get(this: HTMLElement) { return isLog(this) ? 380 : 0; } });
});
afterEach(() => {
  failing.clear();
  held.clear();
  sent.length = 0;
  answers['/admin/api/chat/canned'] = { list: [] };
  answers['/admin/api/auth/me'] = supportOperator;
  for (const path of ['/admin/api/chat/agents', '/admin/api/chat/transfer', '/admin/api/members/orders']) delete answers[path];
  cleanup();
  vi.unstubAllGlobals();
  delete (HTMLElement.prototype as { scrollHeight?: number }).scrollHeight;
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  sessionStore.end('signed_out');
});

describe('the chat desk', () => {
  it('opens a conversation at its newest message and stays there as messages come and go, unless the operator scrolled up', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AntApp>
          <ChatDesk />
        </AntApp>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByText('alice'));
    const log = await screen.findByTestId('chat-log');
    await screen.findByText('Message 20');
    const atBottom = () => log.scrollTop + log.clientHeight >= log.scrollHeight;
    await waitFor(() => expect(atBottom()).toBe(true));
    expect(log.scrollHeight).toBe(20 * ROW);

    // The member writes: the log follows.
    act(() => DeskSocket.last!.push({ type: 'message', message: message(30, 'member', 'Where is it now?') }));
    await screen.findByText('Where is it now?');
    await waitFor(() => expect(atBottom()).toBe(true));

    // The operator answers: their answer shows at the bottom.
    fireEvent.change(screen.getByTestId('chat-reply'), { target: { value: 'It left the depot this morning.' } });
    fireEvent.click(screen.getByTestId('chat-send'));
    await screen.findByText('It left the depot this morning.');
    await waitFor(() => expect(atBottom()).toBe(true));

    // Scrolled up to read: a new message does not pull the operator down.
    log.scrollTop = 120;
    fireEvent.scroll(log);
    act(() => DeskSocket.last!.push({ type: 'message', message: message(31, 'member', 'Thanks!') }));
    await screen.findByText('Thanks!');
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(log.scrollTop).toBe(120);
  });

  it("shows the shop's notice that the conversation was closed apart from both sides, not as the operator's or the member's words", async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AntApp>
          <ChatDesk />
        </AntApp>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByText('alice'));
    await screen.findByText('Message 20');
    act(() => DeskSocket.last!.push({ type: 'message', message: { ...message(40, 'agent', 'Customer service closed this conversation'), sender: 'system', agent_name: null } }));
    const notice = await screen.findByRole('note');
    expect(notice.textContent).toBe(`Customer service closed this conversation · ${formatDate('2026-11-24T10:00:00.000Z')}`);
    expect(notice.style.alignSelf).toBe('center');
  });

  it('says it is loading, then that the lists could not be read, with a retry: never "No conversations" or an empty table', async () => {
    let release = () => undefined as void;
    held.set('/admin/api/chat/conversations', new Promise<void>((r) => (release = r)));
    failing.add('/admin/api/chat/canned');
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AntApp>
          <ChatDesk />
        </AntApp>
      </QueryClientProvider>,
    );
    expect((await screen.findByRole('status')).textContent).toBe('Loading…');
    expect(screen.queryByText('No conversations')).toBeNull();

    // The canned replies could not be read: said so, with a retry, and no empty table.
    await screen.findByText('Could not load');
    expect(screen.getByText('Something went wrong on our side')).toBeTruthy();
    expect(screen.queryByText('Nothing here')).toBeNull();
    expect(screen.queryByText('No data')).toBeNull();

    // The conversations fail too: the error and a retry in the list's place, not "No conversations".
    failing.add('/admin/api/chat/conversations');
    await act(async () => release());
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Try again' })).toHaveLength(2));
    expect(screen.getAllByText('Something went wrong on our side')).toHaveLength(2);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText('No conversations')).toBeNull();

    // The server is back: Retry shows the list and the replies.
    failing.clear();
    answers['/admin/api/chat/canned'] = { list: [{ id: 5, lang: 'en-us', title: 'Shipping times', text: 'Orders ship within two days.' }] };
    for (const retry of screen.getAllByRole('button', { name: 'Try again' })) await act(async () => void fireEvent.click(retry));
    await screen.findByText('alice');
    await screen.findByText('Shipping times');
    expect(screen.queryByText('Something went wrong on our side')).toBeNull();
  });

  const renderDesk = () =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AntApp>
          <ChatDesk />
        </AntApp>
      </QueryClientProvider>,
    );

  it('starts a new canned reply in the console’s language', async () => {
    await changeLanguage('zh-cn');
    try {
      renderDesk();
      // The table of replies is empty: the language named is the new reply's.
      expect(await screen.findByText(LANGUAGE_NAMES['zh-cn'])).toBeTruthy();
      expect(screen.queryByText(LANGUAGE_NAMES['en-us'])).toBeNull();
    } finally {
      await changeLanguage('en-us');
    }
  });

  it('hands a conversation to a colleague picked by name among those who can take chats, not by typing an operator number', async () => {
    answers['/admin/api/chat/agents'] = { list: [{ id: 3, name: 'lina' }, { id: 5, name: 'marek' }] };
    answers['/admin/api/chat/transfer'] = { ...conversation, agent_id: 5, agent_name: 'marek' };
    renderDesk();
    fireEvent.click(await screen.findByText('alice'));
    await screen.findByText('Message 20');
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(screen.getByRole('button', { name: 'Transfer' }).hasAttribute('disabled')).toBe(true);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Hand over to…' }));
    await waitFor(() => expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toEqual(['lina', 'marek']));
    fireEvent.click(document.querySelector('.ant-select-item-option[title="marek"]')!);
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    await screen.findByText('Conversation handed over');
    expect(sent.filter((r) => r.path === '/admin/api/chat/transfer').map((r) => r.body)).toEqual([{ conversation_id: 7, operator_id: 5 }]);
  });

  it("words a conversation's last picture, goods or order in the operator's language, and a member's own text as written", async () => {
    const lastLines = [
      { ...conversation, id: 11, user_id: 51, user_name: 'pic', last_message: '', last_message_kind: 'image' },
      { ...conversation, id: 12, user_id: 52, user_name: 'goods', last_message: 'Teapot', last_message_kind: 'goods' },
      { ...conversation, id: 13, user_id: 53, user_name: 'order', last_message: 'O42', last_message_kind: 'order' },
      { ...conversation, id: 14, user_id: 54, user_name: 'text', last_message: '[image]', last_message_kind: 'text' },
    ];
    answers['/admin/api/chat/conversations'] = { list: lastLines, total: 4, page: 1, limit: 50, has_more: false };
    await changeLanguage('hu');
    try {
      renderDesk();
      await screen.findByText('pic');
      const line = (id: number) => document.getElementById(`conversation-${id}-last`)!.textContent;
      const at = formatDate('2026-11-24T10:00:00.000Z');
      expect([line(11), line(12), line(13), line(14)]).toEqual([`Kép · ${at}`, `Termék: Teapot · ${at}`, `O42 rendelés · ${at}`, `[image] · ${at}`]);
    } finally {
      await changeLanguage('en-us');
      answers['/admin/api/chat/conversations'] = { list: [conversation], total: 1, page: 1, limit: 50, has_more: false };
    }
  });

  it('opens a conversation from the keyboard: each is reached by Tab, named by its member and state, and opened by Enter or Space', async () => {
    const waiting = { ...conversation, id: 8, user_id: 43, user_name: 'bob', status: 'waiting', agent_id: null, agent_name: null, unread: 3 };
    answers['/admin/api/chat/conversations'] = { list: [conversation, waiting], total: 2, page: 1, limit: 50, has_more: false };
    try {
      renderDesk();
      const bob = await screen.findByRole('button', { name: 'bob, Waiting, 3 unread messages' });
      const alice = screen.getByRole('button', { name: 'alice, Open' });
      // In the Tab order, the last message as its description.
      expect([bob.tabIndex, alice.tabIndex]).toEqual([0, 0]);
      expect(bob.getAttribute('aria-describedby') && document.getElementById(bob.getAttribute('aria-describedby')!)?.textContent).toContain('Message 20');

      bob.focus();
      fireEvent.keyDown(bob, { key: 'Enter' });
      expect((await screen.findByTestId('chat-conversation')).textContent).toContain('bob (#43)');
      expect(bob.getAttribute('aria-current')).toBe('true');
      expect(alice.getAttribute('aria-current')).toBeNull();

      alice.focus();
      fireEvent.keyDown(alice, { key: ' ' });
      await waitFor(() => expect(screen.getByTestId('chat-conversation').textContent).toContain('alice (#42)'));
      expect(alice.getAttribute('aria-current')).toBe('true');
      expect(bob.getAttribute('aria-current')).toBeNull();
    } finally {
      answers['/admin/api/chat/conversations'] = { list: [conversation], total: 1, page: 1, limit: 50, has_more: false };
    }
  });

  it("shows the member's latest orders in two columns that fit beside the desk at 1024 px: the state under the order's number, the total whole on one line", async () => {
    answers['/admin/api/auth/me'] = { ...supportOperator, permissions: [...supportOperator.permissions, 'members.read'] };
    answers['/admin/api/members/orders'] = { list: [{ id: 9, order_no: '2611241234567890', status: 'paid', currency: 'USD', total: 1_234_567, created_at: '2026-11-24T09:00:00.000Z', paid_at: '2026-11-24T09:05:00.000Z' }], total: 1, page: 1, limit: 5, has_more: false };
    renderDesk();
    fireEvent.click(await screen.findByText('alice'));
    const orders = await screen.findByTestId('chat-orders');
    await within(orders).findByText('2611241234567890');
    expect([...orders.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Order no.', 'Total']);
    const [order, total] = [...orders.querySelectorAll('tbody tr.ant-table-row > td')] as HTMLElement[];
    expect(within(order!).getByText('Paid')).toBeTruthy();
    expect(total!.textContent).toBe(formatMoney(1_234_567, 'USD'));
    expect(getComputedStyle(within(total!).getByTestId('chat-order-total')).whiteSpace).toBe('nowrap');
    expect(getComputedStyle(within(order!).getByText('2611241234567890')).whiteSpace).toBe('nowrap');
  });

  it("shows the member's member-shop orders in the same panel, marked as shop orders with the shop's name, state, amount and date, newest first", async () => {
    answers['/admin/api/auth/me'] = { ...supportOperator, permissions: [...supportOperator.permissions, 'members.read'] };
    const shopOrder = { id: 4, order_no: 'M2612016288035737', shop_id: 3, shop_name: 'Mei Corner', status: 'awaiting_audit', currency: 'MYR', total: 2_601, created_at: '2026-12-01T06:28:00.000Z', paid_at: '2026-12-01T06:29:00.000Z' };
    const regular = { id: 9, order_no: '2611241234567890', status: 'paid', currency: 'USD', total: 1_500, created_at: '2026-11-24T09:00:00.000Z', paid_at: '2026-11-24T09:05:00.000Z' };
    answers['/admin/api/members/orders'] = { list: [], total: 0, page: 1, limit: 5, has_more: false, shop_orders: [shopOrder] };
    renderDesk();
    fireEvent.click(await screen.findByText('alice'));
    let orders = await screen.findByTestId('chat-orders');
    // A member who bought only in member shops: their order shows, never "Nothing here".
    await within(orders).findByText('M2612016288035737');
    expect(within(orders).queryByText('Nothing here')).toBeNull();
    const [order, total] = [...orders.querySelectorAll('tbody tr.ant-table-row > td')] as HTMLElement[];
    expect(within(order!).getByText('Shop order')).toBeTruthy();
    expect(within(order!).getByText('Mei Corner')).toBeTruthy();
    expect(within(order!).getByText('Awaiting audit')).toBeTruthy();
    expect(within(order!).getByText(formatDate(shopOrder.created_at))).toBeTruthy();
    expect(total!.textContent).toBe(formatMoney(2_601, 'MYR'));

    // Beside regular orders: one list, newest first, only the shop's order marked.
    cleanup();
    answers['/admin/api/members/orders'] = { list: [regular], total: 1, page: 1, limit: 5, has_more: false, shop_orders: [shopOrder] };
    renderDesk();
    fireEvent.click(await screen.findByText('alice'));
    orders = await screen.findByTestId('chat-orders');
    await within(orders).findByText('2611241234567890');
    const rows = [...orders.querySelectorAll('tbody tr.ant-table-row')] as HTMLElement[];
    expect(rows.map((r) => r.querySelector('td')!.textContent)).toEqual([expect.stringContaining('M2612016288035737'), expect.stringContaining('2611241234567890')]);
    expect(within(rows[1]!).queryByText('Shop order')).toBeNull();
  });
});
