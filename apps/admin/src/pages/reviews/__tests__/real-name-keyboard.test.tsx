import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { answeringFrom } from '../../../test/fake-api';
import { focused, press } from '../../../test/keyboard';
import RealNames from '../RealNames';

// An operator working the real-name queue with the keyboard only: the reject dialog keeps Tab inside
// it, gives the focus back to its Reject button when dismissed, and once a request is decided the
// focus goes on to the next request's Details (never to nothing, where Enter does nothing).

beforeAll(async () => {
  await initI18n();
});

const request = (id: number, user: string, surname: string, given: string, kind = 'international') => ({ id, user_id: id + 100, user_name: user, kind, country: kind === 'mainland' ? 'CN' : 'MY', document_type: kind === 'mainland' ? 'id_card' : 'passport', document_number: `A${id}`, same_document: [], surname, given_name: given, title: null, birthday: null, status: 'pending', reason: null, evidence: [], reviewed_by: null, reviewed_at: null, created_at: '2026-11-20T10:00:00.000Z' });
let answers: Record<string, unknown>;
beforeEach(() => {
  // Under NODE_ENV "test" antd gives every layer the same id: the dialog over the drawer was then the
  // drawer for Escape (which closed the drawer) and for its title. Its ids as in the browser.
  vi.stubEnv('NODE_ENV', 'development');
  sessionStore.signIn('token');
  answers = {
    '/admin/api/auth/me': { id: 1, user_name: 'ops', role: 'reviewer', permissions: ['session', 'realname.review'], totp_bound: true },
    '/admin/api/reviews/realname': { list: [request(5, 'tan', 'Tan', 'Ali', 'mainland'), request(6, 'wang', '王', '小明', 'mainland'), request(7, 'lee', 'Lee', 'Mia')], total: 3, page: 1, limit: 20 },
  };
  const answer = answeringFrom(answers);
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url.startsWith('/admin/api/reviews/realname/decide')) {
      // The request decided leaves the pending list.
      const list = answers['/admin/api/reviews/realname'] as { list: Array<{ id: number }>; total: number };
      const { id } = JSON.parse(String(init?.body)) as { id: number };
      answers['/admin/api/reviews/realname'] = { ...list, list: list.list.filter((r) => r.id !== id), total: list.total - 1 };
      return new Response(JSON.stringify({ code: 200, msg: 'ok', data: { id, status: 'rejected' } }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }
    return answer(url);
  });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  sessionStore.end('signed_out');
  await changeLanguage('en-us');
});

const shown = async () => {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>
        <MemoryRouter>
          <RealNames />
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
  await screen.findByText('tan');
};

/** The reason dialog (its question names it: the test renderer gives every dialog the same title id). */
const reasonDialog = () => screen.queryByText('Reject this request with the reason given?')?.closest<HTMLElement>('[role="dialog"]') ?? null;

/** Details of request 5 opened with Enter, then its Reject with Enter: the reason dialog is open. */
async function openReject(): Promise<HTMLElement> {
  screen.getByTestId('open-5').focus();
  await press('Enter');
  const reject = await screen.findByTestId('action-reject');
  reject.focus();
  await press('Enter');
  await waitFor(() => expect(reasonDialog()).not.toBeNull());
  return reject;
}

// A drawer and a dialog opened and closed with their motion (as in the browser) take a few seconds in
// jsdom on a busy machine: these tests get more time than the default.
describe('the real-name queue with the keyboard only', { timeout: 60_000 }, () => {
  it('gives the focus back to Reject when the reason dialog is dismissed with Escape, and Enter opens it again', async () => {
    await shown();
    const reject = await openReject();
    within(reasonDialog()!).getByRole('textbox').focus();
    await press('Escape');
    await waitFor(() => expect(reasonDialog()).toBeNull());
    await waitFor(() => expect(focused()).toBe(reject));
    await press('Enter');
    await waitFor(() => expect(reasonDialog()).not.toBeNull());
  });

  it('keeps Tab and Shift+Tab inside the reason dialog', async () => {
    await shown();
    await openReject();
    const dialog = reasonDialog()!;
    within(dialog).getByRole('textbox').focus();
    const seen: Array<Element | null> = [];
    for (let i = 0; i < 6; i++) {
      await press('Tab');
      seen.push(focused());
    }
    for (let i = 0; i < 6; i++) {
      await press('Tab', { shift: true });
      seen.push(focused());
    }
    expect(seen.every((el) => el !== null && dialog.contains(el))).toBe(true);
    // Round and round: past Reject comes the dialog's first control (its Close), not the page.
    expect(seen).toContain(within(dialog).getByRole('button', { name: /close/i }));
  });

  it('after a reject is saved, puts the focus on the next request’s Details', async () => {
    await shown();
    await openReject();
    const reason = within(reasonDialog()!).getByRole('textbox');
    reason.focus();
    fireEvent.change(reason, { target: { value: 'The photo is blurred' } });
    await press('Tab');
    await press('Tab');
    expect(focused()?.textContent).toBe('Reject');
    await press('Enter');
    expect(await screen.findByText('Decision saved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('tan')).toBeNull());
    await waitFor(() => expect(focused()).toBe(screen.getByTestId('open-6')));
  });
});

describe('a member’s real name in the queue', () => {
  it('joins a name in Latin letters with a space, and one in Chinese script without', async () => {
    await shown();
    const row = (user: string) => screen.getByText(user).closest('tr')!;
    expect(row('tan').textContent).toContain('Ali Tan');
    expect(row('tan').textContent).not.toContain('TanAli');
    expect(row('wang').textContent).toContain('王小明');
    expect(row('lee').textContent).toContain('Mia Lee');
    fireEvent.click(screen.getByTestId('open-5'));
    const drawer = (await screen.findByText('Real-name request #5')).closest<HTMLElement>('[role="dialog"]')!;
    expect(within(drawer).getByText('Ali Tan')).toBeTruthy();
  });

  it('in Hungarian, family name first, still with a space', async () => {
    await changeLanguage('hu');
    await shown();
    expect(screen.getByText('tan').closest('tr')!.textContent).toContain('Tan Ali');
    expect(screen.getByText('wang').closest('tr')!.textContent).toContain('王小明');
  });
});
