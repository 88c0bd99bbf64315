import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import GoodsEditor from '../GoodsEditor';

// The goods editor showed English and Simplified Chinese by default and hid the Thai and Hungarian
// names the goods already had: every language with text is shown, with the ones the operator chose.

beforeAll(async () => {
  await initI18n();
  await changeLanguage('en-us');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const goods = {
  id: 5, category_id: 1, name: { 'en-us': 'Jasmine tea', th: 'ชามะลิ', hu: 'Jázmin tea' }, subtitle: {}, description: {}, images: ['/media/demo/goods-1-1.png'], currency: 'USD', market_price: 0, status: 'on_sale',
  is_hot: false, is_new: false, is_recommend: false, sort: 0, warranty_months: 0, specs: [], skus: [{ id: 9, spec_value_ids: [], price: 647, market_price: 0, pv: 0, weight_g: 500, image: '', stock: 3 }], pv_requests: [], updated_at: '2026-11-30T10:00:00.000Z',
};
const answers: Record<string, unknown> = {
  '/admin/api/catalogue/goods/info': goods,
  '/admin/api/catalogue/categories': { list: [{ id: 1, parent_id: null, type_id: 1, name: { 'en-us': 'Tea' }, icon: '', sort: 0, is_visible: true, goods_count: 1 }] },
};

function open() {
  vi.stubGlobal('fetch', async (url: string) => {
    const path = new URL(url, 'http://console').pathname;
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
}

describe('the goods editor’s languages', () => {
  it('shows every language the goods has text in, filled, besides English and Chinese; those stay ticked', async () => {
    open();
    expect(((await screen.findByTestId('name-th')) as HTMLInputElement).value).toBe('ชามะลิ');
    expect((screen.getByTestId('name-hu') as HTMLInputElement).value).toBe('Jázmin tea');
    expect((screen.getByTestId('name-en-us') as HTMLInputElement).value).toBe('Jasmine tea');
    // The defaults are still there; a language without text and not chosen is not.
    expect(screen.getByTestId('name-zh-cn')).toBeTruthy();
    expect(screen.queryByTestId('name-jp')).toBeNull();
    const thai = document.querySelector('input[type="checkbox"][value="th"]') as HTMLInputElement;
    expect([thai.checked, thai.disabled]).toEqual([true, true]);
  });
});
