import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import { windowWidth } from '../../../test/window-width';
import GoodsEditor from '../GoodsEditor';

// On a 375 px phone the editor's heading stood one letter a line, the reason box (320 px) and Save
// sat past the screen's edge, and Basics squeezed the currency to nothing and the list price to "94".
// With three pictures, a picture's "Remove" lay under the next one's "Make cover" at any width.
// jsdom lays nothing out: what is checked is what makes a browser lay it out so (wrapping rows,
// column spans per screen size, stacked buttons that stay in their picture's width).

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
  id: 1, category_id: 1, name: { 'en-us': 'Smart watch' }, subtitle: {}, description: {}, images: ['/media/demo/goods-1-1.png', '/media/demo/goods-1-2.png', '/media/demo/goods-1-3.png'], currency: 'USD', market_price: 94299, status: 'on_sale',
  is_hot: false, is_new: false, is_recommend: false, sort: 0, warranty_months: 12, specs: [], skus: [{ id: 9, spec_value_ids: [], price: 64700, market_price: 0, pv: 0, weight_g: 500, image: '', stock: 3 }], pv_requests: [], updated_at: '2026-11-30T10:00:00.000Z',
};
const answers: Record<string, unknown> = {
  '/admin/api/catalogue/goods/info': goods,
  '/admin/api/catalogue/categories': { list: [{ id: 1, parent_id: null, type_id: 1, name: { 'en-us': 'Smart watches' }, icon: '', sort: 0, is_visible: true, goods_count: 1 }] },
};

async function open() {
  windowWidth(375);
  vi.stubGlobal('fetch', async (url: string) => {
    const path = new URL(url, 'http://console').pathname;
    const data = answers[path] ?? { list: [], total: 0, page: 1, limit: 20 };
    return new Response(JSON.stringify({ code: 200, msg: 'ok', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>
        <MemoryRouter initialEntries={['/catalogue/goods/1']}>
          <Routes>
            <Route path="/catalogue/goods/:id" element={<GoodsEditor />} />
          </Routes>
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
  return screen.findByTestId('save-goods', {}, { timeout: 10_000 });
}

/** The nearest element holding both `a` and `b`. */
function commonParent(a: Element, b: Element): HTMLElement {
  let el: HTMLElement | null = a.parentElement;
  while (el && !el.contains(b)) el = el.parentElement;
  return el!;
}

describe('the goods editor on a phone', () => {
  it('wraps its heading row; the reason box shares the screen with Save instead of a fixed 320 px', async () => {
    const save = await open();
    const back = screen.getByRole('button', { name: 'Back to the list' });
    const heading = screen.getByRole('heading', { name: 'Edit goods #1' });
    // The row of the heading and Save wraps: Save and the reason go under the heading, which keeps its width.
    const row = commonParent(back, save);
    expect(getComputedStyle(row).flexWrap).toBe('wrap');
    expect(getComputedStyle(commonParent(back, heading)).flexWrap).toBe('wrap');
    // The reason box takes what is left beside Save (it may shrink), not 320 px whatever the screen.
    const reason = screen.getByTestId('save-reason');
    expect(reason.style.width).not.toMatch(/px$/);
    expect(reason.style.flex).toMatch(/^1/);
    expect(reason.style.minWidth).toBe('0px');
    const group = commonParent(reason, save);
    expect(group).not.toBe(row);
    expect(group.style.minWidth).toBe('0px');
    expect(group.style.maxWidth).not.toBe('');
  }, 60_000);

  it('gives every field of Basics the whole width on a phone', async () => {
    await open();
    const basics = screen.getByText('Basics').closest('.ant-card') as HTMLElement;
    // The fields' columns (not the columns antd draws inside each field).
    const cols = [...basics.querySelectorAll(':scope > .ant-card-body > .ant-row > .ant-col')];
    expect(cols).toHaveLength(7);
    for (const col of cols) expect(col.className).toContain('ant-col-xs-24');
    // Currency and list price get at least half a tablet's row, no fixed sixth of a phone's.
    for (const label of ['Currency', 'List price']) {
      const col = within(basics).getByText(label).closest('.ant-card-body > .ant-row > .ant-col') as HTMLElement;
      expect(col.className).not.toMatch(/(^| )ant-col-4( |$)/);
    }
  }, 60_000);

  it('stacks each picture’s buttons within the picture’s width, long labels wrapping, never over the next picture', async () => {
    await open();
    const pictures = screen.getAllByTestId('picture');
    expect(pictures).toHaveLength(3);
    for (const picture of pictures) {
      expect(picture.style.width).toBe('104px');
      const buttons = [...picture.querySelectorAll('button')];
      const holder = commonParent(buttons[0]!, buttons.at(-1)!);
      expect(getComputedStyle(holder).flexDirection).toBe('column');
      for (const button of buttons) {
        expect(button.className).toContain('ant-btn-block');
        expect(button.style.whiteSpace).toBe('normal');
        expect(button.style.height).toBe('auto');
      }
    }
    expect([...pictures[1]!.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Make cover', 'Remove']);
  }, 60_000);
});
