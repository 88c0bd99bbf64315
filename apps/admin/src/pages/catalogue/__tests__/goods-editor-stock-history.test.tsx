import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import GoodsEditor from '../GoodsEditor';

// The stock history named an SKU by its bare number ("16") where the editor names it by its options
// ("Green / Standard"): it shows the options the API words in the operator's language, the number only
// for an SKU that has none (or is gone).

beforeAll(async () => {
  await initI18n();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en-us');
});

const goods = {
  id: 5, category_id: 1, name: { 'en-us': 'Jasmine tea' }, subtitle: {}, description: {}, images: ['/media/demo/goods-1-1.png'], currency: 'USD', market_price: 0, status: 'on_sale',
  is_hot: false, is_new: false, is_recommend: false, sort: 0, warranty_months: 0, specs: [], skus: [{ id: 16, spec_value_ids: [], price: 1000, market_price: 0, pv: 0, weight_g: 500, image: '', stock: 3 }],
  pv_requests: [] as unknown[], updated_at: '2026-11-30T10:00:00.000Z',
};
const at = '2026-12-02T10:00:00.000Z';
const history = {
  list: [
    { id: 2, goods_id: 5, sku_id: 16, sku_spec: 'グリーン / スタンダード', delta: 1, stock_after: 4, reason: 'アフターサービス申請 AS2612029217875062 で返品された商品を再販売', operator: 'ops#1', created_at: at },
    { id: 1, goods_id: 5, sku_id: 17, sku_spec: '', delta: 3, stock_after: 3, reason: 'initial stock', operator: 'ops#1', created_at: at },
  ],
  total: 2, page: 1, limit: 10, has_more: false,
};

function open() {
  const answers: Record<string, unknown> = { '/admin/api/catalogue/goods/info': goods, '/admin/api/catalogue/categories': { list: [] }, '/admin/api/catalogue/stock/adjustments': history };
  vi.stubGlobal('fetch', async (url: string) => {
    const data = answers[new URL(url, 'http://console').pathname] ?? { list: [], total: 0, page: 1, limit: 20 };
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
}

describe('the goods editor’s stock history', () => {
  it('names each SKU by its options (its number when it has none), with the reason the API worded', async () => {
    await changeLanguage('jp');
    open();
    const reason = await screen.findByText(history.list[0]!.reason);
    const table = reason.closest('table')!;
    const column = [...table.querySelectorAll('thead th')].map((th) => th.textContent).indexOf('SKU');
    expect(column).toBeGreaterThanOrEqual(0);
    expect([...table.querySelectorAll('tbody tr.ant-table-row')].map((tr) => tr.children[column]!.textContent)).toEqual(['グリーン / スタンダード', '#17']);
  });
});
