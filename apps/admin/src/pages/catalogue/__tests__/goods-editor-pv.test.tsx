import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import GoodsEditor from '../GoodsEditor';

// An SKU's PV is paid out as pair bonus: a raise waits for a second operator. The editor shows the PV
// in force with the raise waiting beside it, and a save that asked for one says so, not "saved".

beforeAll(async () => {
  await initI18n();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  await changeLanguage('en-us');
});

const waiting = {
  id: 12, kind: 'sku.pv', status: 'pending', member_id: null, member_name: null, currency: 'XXX', amount: null, summary: 'goods #5 SKU #9 PV per unit: 10 → 1000000',
  what: { key: 'sku_pv', goods_id: 5, sku_id: 9, name: { 'en-us': 'Jasmine tea' }, options: {}, from: 10, to: 1_000_000 }, changes: null, reason: 'launch',
  requested_by: 'cara#3', requested_at: '2026-11-30T10:00:00.000Z', decided_by: null, decided_at: null, decision_reason: null, automatic: false, result: null,
};
const goods = {
  id: 5, category_id: 1, name: { 'en-us': 'Jasmine tea' }, subtitle: {}, description: {}, images: ['/media/demo/goods-1-1.png'], currency: 'USD', market_price: 0, status: 'on_sale',
  is_hot: false, is_new: false, is_recommend: false, sort: 0, warranty_months: 0, specs: [], skus: [{ id: 9, spec_value_ids: [], price: 647, market_price: 0, pv: 10, weight_g: 500, image: '', stock: 3 }],
  pv_requests: [] as unknown[], updated_at: '2026-11-30T10:00:00.000Z',
};

function open(answers: Record<string, unknown>) {
  const sent: unknown[] = [];
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
const categories = { list: [{ id: 1, parent_id: null, type_id: 1, name: { 'en-us': 'Tea' }, icon: '', sort: 0, is_visible: true, goods_count: 1 }] };

describe('the goods editor’s PV', () => {
  it('shows the PV in force and the raise waiting for a second operator, in the operator’s language', async () => {
    await changeLanguage('hu');
    open({ '/admin/api/catalogue/goods/info': { ...goods, pv_requests: [waiting] }, '/admin/api/catalogue/categories': categories });
    expect(((await screen.findByTestId('sku-pv-0')) as HTMLInputElement).value).toBe('10');
    expect(screen.getByTestId('pv-waiting-9').textContent).toMatch(/^Egy második operátor jóváhagyására vár: 1\s000\s000 \(#12\)$/);
  });

  it('a save that asks for a raise says it waits, naming the request, instead of saved', async () => {
    await changeLanguage('zh-cn');
    const sent = open({ '/admin/api/catalogue/goods/info': goods, '/admin/api/catalogue/categories': categories, '/admin/api/catalogue/goods/save': { ...goods, pv_requests: [waiting], pv_asked: [12] } });
    const pv = (await screen.findByTestId('sku-pv-0')) as HTMLInputElement;
    fireEvent.change(pv, { target: { value: '1000000' } });
    fireEvent.change(screen.getByTestId('save-reason'), { target: { value: 'launch' } });
    fireEvent.click(screen.getByTestId('save-goods'));
    fireEvent.click(await screen.findByTestId('confirm-save'));
    expect(await screen.findByText('商品已保存。PV 上调待第二位操作员审批：#12')).toBeTruthy();
    expect(sent).toEqual([expect.objectContaining({ skus: [expect.objectContaining({ id: 9, pv: 1_000_000 })], reason: 'launch' })]);
    expect(screen.queryByText('商品已保存')).toBeNull();
  });
});
