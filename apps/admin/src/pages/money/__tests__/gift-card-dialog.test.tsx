import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import GiftCards from '../GiftCards';

// Issuing gift cards as an operator meets it: every field is checked before anything is sent (a
// negative member number, an amount finer than the currency, a negative count are said under their
// fields, not turned into 0), and each refusal of the server shows under the field it is about.

beforeAll(async () => {
  await initI18n();
});

let sent: Array<{ path: string; body: unknown }> = [];
beforeEach(() => {
  sent = [];
  sessionStore.signIn('token');
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = url.split('?')[0]!;
    const answer = (status: number, envelope: unknown) => new Response(JSON.stringify(envelope), { status, headers: { 'Content-Type': 'application/json' } });
    if (init.method === 'POST') sent.push({ path, body: JSON.parse(String(init.body)) });
    if (path === '/admin/api/auth/me') return answer(200, { code: 200, msg: 'ok', data: { id: 1, user_name: 'olivia', role: 'owner', permissions: ['ledger.adjust'] } });
    if (path === '/admin/api/wallet/gift-card-batches') return answer(200, { code: 200, msg: 'ok', data: { list: [], total: 0, page: 1, limit: 20 } });
    // The server refuses two fields, each in its own words.
    if (path === '/admin/api/wallet/gift-cards/issue')
      return answer(422, { code: 422, msg: 'Member 999999 does not exist', data: { errors: [{ field: 'user_id', msg: 'Member 999999 does not exist' }, { field: 'expires_at', msg: 'Expiry is too far away' }] } });
    return answer(404, { code: 404, msg: 'Not found', data: null });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.end('signed_out');
});

const describedBy = (el: HTMLElement) => (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent).filter(Boolean);

async function issueDialog() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <AntApp>
        <MemoryRouter>
          <GiftCards />
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
  await act(async () => void fireEvent.click(await screen.findByTestId('issue-cards')));
  const dialog = await screen.findByRole('dialog');
  const field = (name: string) => within(dialog).getByRole('textbox', { name });
  const type = (name: string, value: string) => act(async () => void fireEvent.change(field(name), { target: { value } }));
  const issue = () => act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: 'Issue gift cards' })));
  return { dialog, field, type, issue };
}

describe('the gift-card issue dialog', () => {
  it('says what is wrong with each field and sends nothing', async () => {
    const { field, type, issue } = await issueDialog();
    await type('Member ID', '-5');
    await type('Currency', 'usd');
    await type('Value per card', '0.001');
    await type('Cards', '-5');
    await type('Expires', 'next week');
    await type('Reason', 'Contest prize');
    await issue();
    await waitFor(() => expect(describedBy(field('Member ID'))).toEqual(['A member number: a whole number from 1']));
    expect(describedBy(field('Value per card'))).toEqual(['An amount above zero with no more decimals than the currency has, e.g. 10.00']);
    expect(describedBy(field('Cards'))).toEqual(['A whole number of cards from 1 to 100']);
    expect(describedBy(field('Expires'))).toEqual(['A day after today, as YYYY-MM-DD']);
    expect(describedBy(field('Currency'))).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('shows each refusal of the server under its field', async () => {
    const { dialog, field, type, issue } = await issueDialog();
    await type('Member ID', '999999');
    await type('Currency', 'USD');
    await type('Value per card', '10');
    await type('Cards', '2');
    await type('Expires', '2099-12-31');
    await type('Reason', 'Contest prize');
    await issue();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ user_id: 999999, currency: 'USD', value: 1000, count: 2, reason: 'Contest prize' });
    await waitFor(() => expect(describedBy(field('Member ID'))).toEqual(['Member 999999 does not exist']));
    expect(describedBy(field('Expires'))).toEqual(['Expiry is too far away']);
    // Said once, where it belongs: no banner repeats it.
    expect(within(dialog).getAllByText('Member 999999 does not exist')).toHaveLength(1);
  });
});
