import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import RealNames from '../RealNames';

// The real-name queue's list and drawer showed the document type as stored
// ("passport"): it is named in the console's language.

beforeAll(async () => {
  await initI18n();
});

const request = { id: 5, user_id: 3, user_name: 'mia', kind: 'international', country: 'MY', document_type: 'passport', document_number: 'A1234567', same_document: [], surname: 'Lee', given_name: 'Mia', title: null, birthday: null, status: 'pending', reason: null, evidence: [], reviewed_by: null, reviewed_at: null, created_at: '2026-11-20T10:00:00.000Z' };
beforeEach(() => {
  sessionStore.signIn('token');
  vi.stubGlobal('fetch', async (url: string) => {
    const path = url.split('?')[0];
    const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: 'ok', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    if (path === '/admin/api/auth/me') return ok({ id: 1, user_name: 'ops', role: 'reviewer', permissions: ['session', 'realname.review'], totp_bound: true });
    if (path === '/admin/api/reviews/realname') return ok({ list: [request], total: 1, page: 1, limit: 20 });
    return new Response(JSON.stringify({ code: 404, msg: 'Not found', data: null }), { status: 404, headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.end('signed_out');
  await changeLanguage('en-us');
});

const shown = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>
        <MemoryRouter>
          <RealNames />
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );

describe('the real-name queue', () => {
  it('names the document type in the list, in the operator’s language', async () => {
    await changeLanguage('en-us');
    shown();
    const row = (await screen.findByText('mia')).closest('tr')!;
    expect(within(row).getByText('Passport')).toBeTruthy();
    expect(row.textContent).not.toContain('passport');
  });

  it('in Japanese', async () => {
    await changeLanguage('jp');
    shown();
    const row = (await screen.findByText('mia')).closest('tr')!;
    expect(within(row).getByText('パスポート')).toBeTruthy();
  });
});
