import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import GoodsEditor from '../GoodsEditor';

// An operator typing in the goods editor while the console reads the goods again in the background
// (the window regains focus) and finds another operator's change: what was typed stays, and the save
// still names the version the editor was opened at, so the server can refuse it as stale.

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const opened = {
  id: 200, category_id: 1, name: { 'en-us': 'Rice cooker' }, subtitle: {}, description: {}, images: ['/media/demo/goods-1-1.png'], currency: 'MYR', market_price: 0, status: 'on_sale',
  is_hot: false, is_new: false, is_recommend: false, sort: 0, warranty_months: 0, specs: [], skus: [{ id: 9, spec_value_ids: [], price: 2890, market_price: 0, pv: 0, weight_g: 500, image: '', stock: 3 }],
  pv_requests: [] as unknown[], updated_at: '2026-11-30T10:00:00.000Z',
};
const categories = { list: [{ id: 1, parent_id: null, type_id: 1, name: { 'en-us': 'Kitchen' }, icon: '', sort: 0, is_visible: true, goods_count: 1, updated_at: '2026-11-30T09:00:00.000Z' }] };

describe('the goods editor while the goods are read again in the background', () => {
  it('keeps the price being typed when another operator’s change arrives, and saves naming the version opened', async () => {
    let current = opened;
    let reads = 0;
    const sent: Array<Record<string, unknown>> = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://console').pathname;
      const reply = (a: unknown) => new Response(JSON.stringify(a), { status: 200, headers: { 'Content-Type': 'application/json' } });
      if (init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return reply({ code: 200, msg: 'ok', data: { ...current, updated_at: '2026-11-30T10:09:00.000Z', pv_asked: [] } });
      }
      if (path === '/admin/api/catalogue/goods/info') return reads++, reply({ code: 200, msg: 'ok', data: current });
      if (path === '/admin/api/catalogue/categories') return reply({ code: 200, msg: 'ok', data: categories });
      return reply({ code: 200, msg: 'ok', data: { list: [], total: 0, page: 1, limit: 20 } });
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <AntApp>
          <MemoryRouter initialEntries={['/catalogue/goods/200']}>
            <Routes>
              <Route path="/catalogue/goods/:id" element={<GoodsEditor />} />
            </Routes>
          </MemoryRouter>
        </AntApp>
      </QueryClientProvider>,
    );
    fireEvent.change(await screen.findByTestId('sku-price-0'), { target: { value: '29.50' } });

    // Another operator renamed it meanwhile; the editor reads the goods again.
    current = { ...opened, name: { 'en-us': 'Rice cooker 1.8 l' }, updated_at: '2026-11-30T10:05:00.000Z' };
    const before = reads;
    await act(() => client.refetchQueries());
    await waitFor(() => expect(reads).toBeGreaterThan(before));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect((screen.getByTestId('sku-price-0') as HTMLInputElement).value).toBe('29.5');
    expect(screen.queryByDisplayValue('Rice cooker 1.8 l')).toBeNull();

    fireEvent.click(screen.getByTestId('save-goods'));
    fireEvent.click((await screen.findAllByTestId('confirm-save')).at(-1)!);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ id: 200, base_updated_at: '2026-11-30T10:00:00.000Z', name: { 'en-us': 'Rice cooker' }, skus: [expect.objectContaining({ price: 2950 })] });
  });
});
