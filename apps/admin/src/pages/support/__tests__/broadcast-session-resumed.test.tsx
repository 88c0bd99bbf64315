import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import Messages from '../Messages';

// The session ended while a broadcast was written: Send was refused with 2001 and the sign-in
// dialog came over the page. Once the same operator signs in again the page is usable, and the
// refusal, which said only that the session had ended, must not stay above the form.

beforeAll(async () => {
  await initI18n();
});

const ENDED = 'Authentication failed, please log in again';
const operator = { id: 1, user_name: 'ops', role: 'support', permissions: ['session', 'messages.broadcast'], totp_bound: true };
const sent: string[] = [];
/** How the server answers the next broadcast: the session ended, or a refusal of the message itself. */
let broadcastAnswer: { code: number; msg: string } = { code: 2001, msg: ENDED };

beforeEach(() => {
  sessionStore.signIn('token-1');
  vi.stubGlobal('fetch', async (url: string) => {
    const path = url.split('?')[0]!;
    sent.push(path);
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    if (path === '/admin/api/auth/me') return json({ code: 200, msg: 'ok', data: operator });
    if (path === '/admin/api/messages/broadcasts') return json({ code: 200, msg: 'ok', data: { list: [], total: 0, page: 1, limit: 20, has_more: false } });
    if (path === '/admin/api/messages/broadcast') return json({ ...broadcastAnswer, data: null });
    return json({ code: 404, msg: 'Not found', data: null });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sent.length = 0;
  broadcastAnswer = { code: 2001, msg: ENDED };
  sessionStore.end('signed_out');
});

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>
        <Messages />
      </AntApp>
    </QueryClientProvider>,
  );

/** Writes an English message and sends it, confirming the question. */
async function sendBroadcast() {
  fireEvent.change(await screen.findByTestId('broadcast-title'), { target: { value: 'Holiday hours' } });
  fireEvent.change(screen.getByTestId('broadcast-text'), { target: { value: 'We answer chats from 9 to 5 on the 24th.' } });
  fireEvent.click(screen.getByTestId('broadcast-send'));
  fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
}

describe('a broadcast refused because the session ended', () => {
  it('shows the refusal, and no longer once the same operator has signed in again over the page; what was typed stays', async () => {
    await changeLanguage('en-us');
    renderPage();
    await sendBroadcast();
    await screen.findByText(ENDED);
    expect(sessionStore.get()).toMatchObject({ token: null, ended: 'expired' });

    // The sign-in dialog's resume (SignInAgain: the same operator signed in again).
    act(() => sessionStore.resume('token-2'));
    await waitFor(() => expect(screen.queryByText(ENDED)).toBeNull());
    expect((screen.getByTestId('broadcast-title') as HTMLInputElement).value).toBe('Holiday hours');
  });

  it('a refusal of the message itself stays after a resume: only what said the session had ended goes', async () => {
    await changeLanguage('en-us');
    broadcastAnswer = { code: 4001, msg: 'The link is not a page of the app' };
    renderPage();
    await sendBroadcast();
    await screen.findByText('The link is not a page of the app');
    sessionStore.end('expired');
    act(() => sessionStore.resume('token-2'));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByText('The link is not a page of the app')).toBeTruthy();
  });
});
