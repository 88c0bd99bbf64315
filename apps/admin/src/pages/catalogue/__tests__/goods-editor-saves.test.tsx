import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResponseCode } from '@shop/contract/common';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import GoodsEditor from '../GoodsEditor';

// Saving goods as an operator sees it: a save the server refused can be corrected and saved without
// reloading the page, and a save from a copy another operator changed since is refused with the
// server's message and an offer to reload, after which the save names the version reloaded.

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
  id: 200, category_id: 1, name: { 'en-us': 'Rice cooker' }, subtitle: {}, description: {}, images: ['/media/demo/goods-1-1.png'], currency: 'MYR', market_price: 0, status: 'on_sale',
  is_hot: false, is_new: false, is_recommend: false, sort: 0, warranty_months: 0, specs: [], skus: [{ id: 9, spec_value_ids: [], price: 2890, market_price: 0, pv: 0, weight_g: 500, image: '', stock: 3 }],
  pv_requests: [] as unknown[], updated_at: '2026-11-30T10:00:00.000Z',
};
const categories = { list: [{ id: 1, parent_id: null, type_id: 1, name: { 'en-us': 'Kitchen' }, icon: '', sort: 0, is_visible: true, goods_count: 1 }] };
type Answer = { code: number; msg: string; data?: unknown };

/**
 * The editor on goods 200 against a server that keeps idempotency keys as ours does (a key sent again
 * with another body is refused with 1001); `saves` answers each save in turn, `info` the goods read.
 */
function open(saves: Array<(body: Record<string, unknown>) => Answer>, info: () => unknown = () => goods) {
  const sent: Array<{ key: string; body: Record<string, unknown> }> = [];
  const keys = new Map<string, string>();
  let reads = 0;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://console').pathname;
    const reply = (a: Answer, status = 200) => new Response(JSON.stringify(a), { status, headers: { 'Content-Type': 'application/json' } });
    if (init?.method === 'POST') {
      const key = new Headers(init.headers).get('Idempotency-Key') ?? '';
      const text = String(init.body);
      sent.push({ key, body: JSON.parse(text) });
      if (keys.has(key) && keys.get(key) !== text) return reply({ code: ResponseCode.idempotencyKeyReused, msg: 'this request key was already used for a different request' }, 422);
      keys.set(key, text);
      const a = saves.shift()!(JSON.parse(text));
      return reply(a, a.code === ResponseCode.validation ? 422 : 200);
    }
    if (path === '/admin/api/catalogue/goods/info') return reads++, reply({ code: 200, msg: 'ok', data: info() });
    if (path === '/admin/api/catalogue/categories') return reply({ code: 200, msg: 'ok', data: categories });
    return reply({ code: 200, msg: 'ok', data: { list: [], total: 0, page: 1, limit: 20 } });
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>
        <MemoryRouter initialEntries={['/catalogue/goods/200']}>
          <Routes>
            <Route path="/catalogue/goods/:id" element={<GoodsEditor />} />
          </Routes>
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
  return { sent, reads: () => reads };
}
const saved = (body: Record<string, unknown>): Answer => ({ code: 200, msg: 'ok', data: { ...goods, ...body, pv_asked: [] } });
async function save() {
  fireEvent.click(screen.getByTestId('save-goods'));
  const confirms = await screen.findAllByTestId('confirm-save');
  fireEvent.click(confirms[confirms.length - 1]!);
}
const typePrice = async (value: string) => fireEvent.change(await screen.findByTestId('sku-price-0'), { target: { value } });

describe('saving goods', () => {
  it('after the server refuses a save, the corrected form saves without reloading the page', async () => {
    const { sent } = open([() => ({ code: ResponseCode.validation, msg: 'The specification format is not correct' }), saved]);
    await typePrice('29.90');
    await save();
    expect(await screen.findByText('The specification format is not correct')).toBeTruthy();

    await typePrice('30.00');
    await save();
    expect(await screen.findByText('Goods saved')).toBeTruthy();
    expect(screen.queryByText('this request key was already used for a different request')).toBeNull();
    expect(sent.map((s) => (s.body.skus as Array<{ price: number }>)[0]!.price)).toEqual([2990, 3000]);
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
  });

  it('a save from a copy changed since it was opened shows the server’s message and offers to reload; reloaded, the save names the new version', async () => {
    await changeLanguage('zh-cn');
    const changed = { ...goods, skus: [{ ...goods.skus[0]!, price: 3000 }], updated_at: '2026-11-30T10:05:00.000Z' };
    let current: typeof goods = goods;
    const stale = '您打开后，其他人已修改了此内容，因此未保存任何更改（保存会撤销对方的修改）。请重新加载后再修改';
    const { sent, reads } = open([() => ((current = changed), { code: ResponseCode.editedSinceOpened, msg: stale }), saved], () => current);
    await typePrice('29.50');
    await save();
    expect(await screen.findByText(stale)).toBeTruthy();
    expect(sent[0]!.body).toMatchObject({ id: 200, base_updated_at: '2026-11-30T10:00:00.000Z', skus: [expect.objectContaining({ price: 2950 })] });

    const before = reads();
    fireEvent.click(screen.getByTestId('reload-goods'));
    await waitFor(() => expect(((screen.getByTestId('sku-price-0')) as HTMLInputElement).value).toBe('30'));
    expect(reads()).toBeGreaterThan(before);
    expect(screen.queryByText(stale)).toBeNull();

    await save();
    expect(await screen.findByText('商品已保存')).toBeTruthy();
    expect(sent[1]!.body).toMatchObject({ base_updated_at: '2026-11-30T10:05:00.000Z', skus: [expect.objectContaining({ price: 3000 })] });
  });
});
