import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import MoneySettings from '../MoneySettings';

// An owner sets withdrawal and transfer fees and limits. Values that would refuse every member (a
// daily amount below the largest request) or take a fee as large as the money moved are refused
// under their fields before anything is sent, by the same rule the API refuses them by.

beforeAll(async () => {
  await initI18n();
});

let sent: Array<{ path: string; body: unknown }> = [];
beforeEach(() => {
  sent = [];
  sessionStore.signIn('token');
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = url.split('?')[0]!;
    const answer = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: 'ok', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    if (init.method === 'POST') {
      sent.push({ path, body: JSON.parse(String(init.body)) });
      return answer({ ok: true });
    }
    if (path === '/admin/api/auth/me') return answer({ id: 1, user_name: 'olivia', role: 'owner', permissions: ['ledger.read', 'settings.write'] });
    if (path === '/admin/api/wallet/crypto-addresses') return answer({ list: [], total: 0, page: 1, limit: 20, networks: [] });
    if (path === '/admin/api/rates/list') return answer({ date: '2026-11-30', list: [] });
    return answer({ list: [] });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.end('signed_out');
});

/** What is said under a field, with the no-break space amounts are written with read as a space. */
const describedBy = (el: HTMLElement) => (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent?.replace(/\u00a0/g, ' ')).filter(Boolean);

async function limitsDialog() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <AntApp>
        <MemoryRouter>
          <MoneySettings />
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
  await act(async () => void fireEvent.click(await screen.findByRole('tab', { name: 'Withdrawal fees and limits' })));
  await act(async () => void fireEvent.click(await screen.findByRole('button', { name: 'Set fees and limits' }, { timeout: 10_000 })));
  const dialog = await screen.findByRole('dialog');
  const field = (name: string) => within(dialog).getByRole('textbox', { name });
  const type = (name: string, value: string) => act(async () => void fireEvent.change(field(name), { target: { value } }));
  const fill = async (values: Record<string, string>) => {
    for (const [name, value] of Object.entries(values)) await type(name, value);
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Kind' }));
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="Transfer between members"]')).toBeTruthy());
    await act(async () => void fireEvent.click(document.querySelector('.ant-select-item-option[title="Transfer between members"]')!));
  };
  const submit = () => act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' })));
  return { field, fill, submit };
}

const FEE_BP = 'Fee in basis points (100 = 1 %)';
const FEE_FIXED = 'Fixed fee (in the currency’s units)';

describe('the fees and limits dialog', () => {
  it('refuses a fee as large as the maximum and a daily amount below it, under their fields, and sends nothing', async () => {
    const { field, fill, submit } = await limitsDialog();
    await fill({ Currency: 'USD', [FEE_BP]: '0', [FEE_FIXED]: '999999.99', Minimum: '1.00', Maximum: '10.00', 'Per day (count)': '5', 'Per day (amount)': '0.01', Reason: 'probe' });
    await submit();
    await waitFor(() => expect(describedBy(field(FEE_FIXED))).toEqual(['At the maximum of USD 10.00 the fee would be USD 999,999.99, not less than the amount itself: lower the fixed fee or the fee rate']));
    expect(describedBy(field('Per day (amount)'))).toEqual(['The amount per day cannot be lower than the maximum per request (USD 10.00)']);
    expect(describedBy(field('Maximum'))).toEqual([]);
    expect(sent).toEqual([]);
  }, 60_000);

  it('refuses a maximum below the minimum under the maximum', async () => {
    const { field, fill, submit } = await limitsDialog();
    await fill({ Currency: 'USD', [FEE_BP]: '0', [FEE_FIXED]: '0', Minimum: '5.00', Maximum: '1.00', 'Per day (count)': '5', 'Per day (amount)': '100.00', Reason: 'typo' });
    await submit();
    await waitFor(() => expect(describedBy(field('Maximum'))).toEqual(['The maximum cannot be lower than the minimum (USD 5.00)']));
    expect(sent).toEqual([]);
  }, 60_000);

  it('sends coherent values, the fee counted with its percentage: just below the maximum is taken', async () => {
    const { fill, submit } = await limitsDialog();
    // 50 % of 10.00 is 5.00, plus 4.99: 9.99, below the 10.00 moved.
    await fill({ Currency: 'USD', [FEE_BP]: '5000', [FEE_FIXED]: '4.99', Minimum: '1.00', Maximum: '10.00', 'Per day (count)': '5', 'Per day (amount)': '10.00', Reason: 'coherent' });
    await submit();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ path: '/admin/api/wallet/limits', body: { currency: 'USD', kind: 'transfer', fee_bp: 5000, fee_fixed: 499, min: 100, max: 1000, daily_count: 5, daily_amount: 1000, reason: 'coherent' } });
  }, 60_000);
});
