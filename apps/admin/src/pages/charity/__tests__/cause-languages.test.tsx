import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import Charity from '../Charity';

// A cause is written one language at a time, and nothing told the operator that it already had a
// Thai title: the languages it has text in are marked in the language list, and a change keeps them.

beforeAll(async () => {
  await initI18n();
  await changeLanguage('en-us');
});
beforeEach(() => sessionStore.signIn('token'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.end('signed_out');
});

const cause = {
  id: 4, title: { 'en-us': 'Clean water', th: 'น้ำสะอาด' }, description: { hu: 'Tiszta víz az iskoláknak' }, image: '', currency: 'USD', min_amount: 100, goal: null, status: 'open', raised: 0, supporters: 0, paid_pledges: 0, pledges: 0,
  created_by: 'owner', created_at: '2026-11-20T10:00:00.000Z', updated_at: '2026-11-30T10:00:00.000Z',
};

describe('editing a charity cause written in Thai and Hungarian too', () => {
  it('marks those languages in the list, shows their text when picked, and a change sends them unchanged', async () => {
    const sent: Array<Record<string, unknown>> = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://console').pathname;
      const reply = (a: unknown) => new Response(JSON.stringify(a), { status: 200, headers: { 'Content-Type': 'application/json' } });
      if (init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return reply({ code: 200, msg: 'ok', data: cause });
      }
      if (path === '/admin/api/auth/me') return reply({ code: 200, msg: 'ok', data: { id: 1, user_name: 'owner', role: 'owner', permissions: ['session', 'orders.read', 'settings.write'], totp_bound: true } });
      if (path === '/admin/api/charity/causes/list') return reply({ code: 200, msg: 'ok', data: { list: [cause] } });
      return reply({ code: 200, msg: 'ok', data: { list: [], total: 0, page: 1, limit: 20, has_more: false } });
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AntApp>
          <Charity />
        </AntApp>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByTestId('edit-cause-4'));
    const form = (await screen.findByTestId('cause-title')).closest('.ant-modal') as HTMLElement;
    fireEvent.mouseDown(within(form).getAllByRole('combobox')[0]!);
    await screen.findAllByRole('option');
    const listed = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
    expect(listed).toEqual(['English ✓', '简体中文', '繁體中文', '日本語', 'Bahasa Melayu', 'Magyar ✓', 'Bahasa Indonesia', 'ភាសាខ្មែរ', 'ไทย ✓']);
    fireEvent.click(document.querySelector('.ant-select-item-option[title="ไทย ✓"]')!);
    await waitFor(() => expect((screen.getByTestId('cause-title') as HTMLInputElement).value).toBe('น้ำสะอาด'));

    fireEvent.change(screen.getByTestId('cause-min'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('cause-submit'));
    const dialog = (await screen.findByText('Save this change? It is recorded in the audit log with your reason.')).closest('.ant-modal') as HTMLElement;
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'smaller pledges cost more than they bring' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ id: 4, title: { 'en-us': 'Clean water', th: 'น้ำสะอาด' }, description: { hu: 'Tiszta víz az iskoláknak' }, min_amount: 200 });
  });
});
