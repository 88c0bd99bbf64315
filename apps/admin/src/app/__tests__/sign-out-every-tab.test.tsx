import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@shop/contract/admin';
import { changeLanguage, initI18n } from '../../lib/i18n';
import { call } from '../../lib/request';
import { meRoute } from '../../lib/routes';
import { sessionStore } from '../../lib/session';
import { App } from '../App';

// An operator has the orders in one tab of the console and the members (their phone numbers and
// e-mails) in another. Signing out in one tab ends the session in every tab at once: the others drop
// to the sign-in page and show nothing of what they had. A session that ended by itself there keeps
// the page under the sign-in, as in the tab where it ended; another operator signing in there is
// never shown the first one's page.

beforeAll(async () => {
  await initI18n();
});

const owner = { id: 1, user_name: 'ann.owner', role: 'owner', permissions: [...ROLE_PERMISSIONS.owner], totp_bound: true };
const other = { id: 2, user_name: 'bob.owner', role: 'owner', permissions: [...ROLE_PERMISSIONS.owner], totp_bound: true };
const member = { id: 9, user_name: 'mia', nickname: 'Mia', mobile_pre: '60', mobile: '123456789', email: 'mia@example.com', invite_code: 'MIA9', status: 'active', created_at: '2026-11-20T10:00:00.000Z' };
const PHONE = '+60 123456789';
const EMAIL = 'mia@example.com';
/** The operator each token belongs to, as the server knows it. */
const operators: Record<string, typeof owner> = { 'ann-1': owner, 'ann-2': owner, 'bob-1': other };

beforeEach(async () => {
  await changeLanguage('en-us');
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const path = url.split('?')[0]!;
    const token = ((init?.headers as Record<string, string> | undefined)?.Authorization ?? '').replace(/^Bearer /, '');
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    const who = operators[token];
    if (!who) return json({ code: 2001, msg: 'Authentication failed, please log in again', data: null });
    if (path === '/admin/api/auth/me') return json({ code: 200, msg: 'ok', data: who });
    if (path === '/admin/api/members/search') return json({ code: 200, msg: 'ok', data: { list: [member], total: 1, page: 1, limit: 20, has_more: false } });
    return json({ code: 404, msg: 'Not found', data: null });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.end('signed_out');
  window.location.hash = '';
});

/** This tab, signed in as `token`'s operator, on the members list. */
async function membersOpen(token: string, operatorId: number) {
  sessionStore.signIn(token, operatorId);
  window.location.hash = '#/members';
  render(<App />);
  expect(await screen.findByText(EMAIL, {}, { timeout: 10_000 })).toBeTruthy();
  expect(screen.getByText(PHONE)).toBeTruthy();
}

/** What another tab of the console writes, as this tab hears of it: the browser's `storage` event for each key it changes. */
function anotherTab(write: () => void) {
  const before = { ...localStorage };
  write();
  act(() => {
    for (const key of new Set([...Object.keys(before), ...Object.keys(localStorage)])) {
      const oldValue = before[key] ?? null;
      const newValue = localStorage.getItem(key);
      if (oldValue !== newValue) window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue, storageArea: localStorage }));
    }
  });
}

/** Another tab signs out: what `sessionStore.end('signed_out')` writes there. */
const signsOutElsewhere = () =>
  anotherTab(() => {
    localStorage.setItem('admin.ended', 'signed_out');
    localStorage.removeItem('admin.token');
  });

describe('signing out in one tab of the console', () => {
  it('drops every other tab to the sign-in page at once, the members’ phone numbers and e-mails gone', async () => {
    await membersOpen('ann-1', owner.id);
    signsOutElsewhere();
    // At once: no click in this tab, no call to the server needed.
    expect(screen.queryByText(EMAIL)).toBeNull();
    expect(screen.queryByText(PHONE)).toBeNull();
    await waitFor(() => expect(window.location.hash).toBe('#/sign-in'), { timeout: 5000 });
    expect(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 10_000 })).toBeTruthy();
    // A sign-out, not "your session has ended … the page is kept": the menu and the page are gone.
    expect(screen.queryByTestId('session-ended')).toBeNull();
    expect(screen.queryByText('Members')).toBeNull();
    expect(screen.queryByTestId('operator')).toBeNull();
    // The first test of the file loads the console's pages (antd) on a busy machine.
  }, 40_000);

  it('a session that expired in another tab keeps this tab’s page under the sign-in, as an expiry does here', async () => {
    await membersOpen('ann-1', owner.id);
    anotherTab(() => {
      localStorage.setItem('admin.ended', 'expired');
      localStorage.removeItem('admin.token');
    });
    expect(await screen.findByTestId('session-ended', {}, { timeout: 10_000 })).toBeTruthy();
    expect(window.location.hash).toBe('#/members');
    // The same operator signs in again in the other tab: this one carries on, its page as it was.
    anotherTab(() => {
      localStorage.setItem('admin.operator', String(owner.id));
      localStorage.setItem('admin.token', 'ann-2');
    });
    await waitFor(() => expect(screen.queryByTestId('session-ended')).toBeNull(), { timeout: 5000 });
    expect(sessionStore.get().token).toBe('ann-2');
    expect(window.location.hash).toBe('#/members');
    expect(screen.getByText(EMAIL)).toBeTruthy();
  });

  it('another operator signing in in another tab takes this one to the dashboard, as that operator, shown nothing of the page', async () => {
    await membersOpen('ann-1', owner.id);
    signsOutElsewhere();
    expect(screen.queryByText(EMAIL)).toBeNull();
    anotherTab(() => {
      localStorage.setItem('admin.operator', String(other.id));
      localStorage.setItem('admin.token', 'bob-1');
    });
    await waitFor(() => expect(window.location.hash).toBe('#/'), { timeout: 5000 });
    expect((await screen.findByTestId('operator', {}, { timeout: 10_000 })).textContent).toContain('bob.owner');
    expect(screen.queryByText(EMAIL)).toBeNull();
  });

  it('another operator signing in in another tab while this one is still open on the members never shows the first one’s page or name', async () => {
    await membersOpen('ann-1', owner.id);
    anotherTab(() => {
      localStorage.setItem('admin.operator', String(other.id));
      localStorage.setItem('admin.token', 'bob-1');
    });
    expect(screen.queryByText(EMAIL)).toBeNull();
    expect(screen.queryByText('ann.owner')).toBeNull();
    await waitFor(() => expect(window.location.hash).toBe('#/'), { timeout: 5000 });
    expect((await screen.findByTestId('operator', {}, { timeout: 10_000 })).textContent).toContain('bob.owner');
    expect(document.body.textContent).not.toContain('ann.owner');
  });

  it('a late refusal of a call the first operator’s tab sent does not end the next operator’s session, here or in the other tab', async () => {
    sessionStore.signIn('ann-1', owner.id);
    // A slow call of Ann's, answered once her session is over on the server.
    let answer!: () => void;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = () => resolve(new Response(JSON.stringify({ code: 2001, msg: 'Authentication failed, please log in again', data: null }), { status: 200, headers: { 'Content-Type': 'application/json' } })))));
    const sent = call(meRoute).catch(() => undefined);
    signsOutElsewhere();
    anotherTab(() => {
      localStorage.setItem('admin.operator', String(other.id));
      localStorage.setItem('admin.token', 'bob-1');
    });
    answer();
    await sent;
    expect(sessionStore.get()).toMatchObject({ token: 'bob-1', ended: null });
    expect(localStorage.getItem('admin.token')).toBe('bob-1');
  });
});
