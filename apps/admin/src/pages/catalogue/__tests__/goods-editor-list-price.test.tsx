import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import GoodsEditor from '../GoodsEditor';

// An SKU's list price, when given, is at least its sale price (members see it struck through as the
// "was" price). The editor checks the body with the contract's schema: a lower one is refused under
// its field, in the operator's language, and nothing is sent.

beforeAll(async () => {
  await initI18n();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  await changeLanguage('en-us');
});

const goods = {
  id: 5, category_id: 1, name: { 'en-us': 'Jasmine tea' }, subtitle: {}, description: {}, images: ['/media/demo/goods-1-1.png'], currency: 'USD', market_price: 0, status: 'on_sale',
  is_hot: false, is_new: false, is_recommend: false, sort: 0, warranty_months: 0, specs: [], skus: [{ id: 9, spec_value_ids: [], price: 1000, market_price: 0, pv: 0, weight_g: 500, image: '', stock: 3 }],
  pv_requests: [] as unknown[], updated_at: '2026-11-30T10:00:00.000Z',
};
const categories = { list: [{ id: 1, parent_id: null, type_id: 1, name: { 'en-us': 'Tea' }, icon: '', sort: 0, is_visible: true, goods_count: 1 }] };

function open() {
  const sent: unknown[] = [];
  const answers: Record<string, unknown> = { '/admin/api/catalogue/goods/info': goods, '/admin/api/catalogue/categories': categories, '/admin/api/catalogue/goods/save': { ...goods, pv_asked: [] } };
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://console').pathname;
    if (init?.method === 'POST') sent.push(JSON.parse(String(init.body)));
    const data = answers[path] ?? { list: [], total: 0, page: 1, limit: 20 };
    return new Response(JSON.stringify({ code: 200, msg: 'ok', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>
        <MemoryRouter initialEntries={['/catalogue/goods/5']}>
          <Routes>
            <Route path="/catalogue/goods/:id" element={<GoodsEditor />} />
          </Routes>
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
  return sent;
}

async function saveWithListPrice(value: string) {
  const market = (await screen.findByTestId('sku-market-price-0')) as HTMLInputElement;
  fireEvent.change(market, { target: { value } });
  fireEvent.click(screen.getByTestId('save-goods'));
  fireEvent.click(await screen.findByTestId('confirm-save'));
}

describe('the goods editor’s list price of an SKU', () => {
  it('below the sale price is refused under the field, saying why, and nothing is sent', async () => {
    const sent = open();
    await saveWithListPrice('5');
    const field = screen.getByTestId('sku-market-price-0');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const help = document.getElementById(field.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(help?.textContent).toBe('Must be at least the price (leave empty for none)');
    expect(sent).toEqual([]);
  });

  it('is told in the operator’s language', async () => {
    await changeLanguage('zh-cn');
    open();
    await saveWithListPrice('5');
    expect(await screen.findByText('不能低于价格（不设请留空）')).toBeTruthy();
  });

  it('at or above the sale price is sent', async () => {
    const sent = open();
    await saveWithListPrice('12.5');
    await waitFor(() => expect(sent).toEqual([expect.objectContaining({ skus: [expect.objectContaining({ id: 9, price: 1000, market_price: 1250 })] })]));
  });
});
