import { fireEvent, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import Charity from '../../pages/charity/Charity';
import Coupons from '../../pages/catalogue/Coupons';
import Goods from '../../pages/catalogue/Goods';
import GroupBuys from '../../pages/catalogue/GroupBuys';
import Reviews from '../../pages/catalogue/Reviews';
import GiftCards from '../../pages/money/GiftCards';
import { renderInConsole, signedInAgainst } from '../../test/console';

// At 1024 px these tables ran past the window's edge and cut off their action buttons (goods IDs
// stacked a digit a line). As on the members, approvals, payments and after-sales screens, a table
// wider than the window scrolls sideways inside its own frame, an ID stays on one line, and the
// gift cards' filters and buttons wrap. jsdom lays nothing out: what is checked is what makes the
// browser do so (the table's horizontal scroll frame, the cells' and toolbar's styles); the console's
// browser test (e2e/table-layout.test.ts) measures the members and approvals tables themselves.

const at = '2026-11-20T10:00:00.000Z';
const page = (row: unknown) => ({ list: [row], total: 1, page: 1, limit: 20, has_more: false });
const answers: Record<string, unknown> = {
  '/admin/api/auth/me': { id: 1, user_name: 'ops', role: 'owner', permissions: ['session', 'settings.write', 'catalogue.write', 'ledger.adjust', 'orders.read'], totp_bound: true },
  '/admin/api/charity/causes/list': { list: [{ id: 4, title: { 'en-us': 'Clean water' }, description: {}, image: '', currency: 'USD', min_amount: 100, goal: 500_000, status: 'open', raised: 7_000, supporters: 2, paid_pledges: 3, pledges: 11, created_by: 'owner', created_at: at, updated_at: at }] },
  '/admin/api/charity/pledges': { list: [], total: 0, page: 1, limit: 20, has_more: false },
  '/admin/api/catalogue/goods': page({ id: 2003, cover: '', name: 'Malaysian White Coffee', category_name: 'Food & Drinks', price: 2890, currency: 'MYR', stock: 160, sales: 194, sku_count: 2, status: 'on_sale', updated_at: at }),
  '/admin/api/catalogue/categories': { list: [] },
  '/admin/api/catalogue/coupons': page({ id: 31, code: 'WELCOME5', kind: 'amount', amount: 500, percent_bp: null, currency: 'USD', min_spend: 5000, starts_at: at, ends_at: at, per_member_limit: 1, total_limit: 100, used: 3, state: 'running', created_by: 'owner' }),
  '/admin/api/catalogue/group-buys': page({ id: 1208, goods_id: 200, sku_id: 9, name: 'Rice cooker', price: 2500, currency: 'USD', group_size: 3, fill_hours: 24, starts_at: at, ends_at: at, per_order_limit: 1, per_member_limit: 1, virtual_fill_percent: 0, quantity: 6, remaining: 6, open_groups: 0, state: 'running', created_by: 'ops', updated_at: at }),
  '/admin/api/catalogue/reviews': page({ id: 77, goods_id: 200, goods_name: 'Rice cooker', sku_text: 'White', member: 'mia', author_name: 'mia', member_id: 3, rating: 4, content: 'Cooks well, a little loud.', images: [], created_at: at, edited_at: null, visible: true, returned_at: null, moderation: null, reply: null, replied_by: null, replied_at: null }),
  '/admin/api/wallet/gift-cards': page({ id: 2, user_id: 1, user_name: 'demo001', value: 50_000, currency: 'USD', count: 2, redeemed: 0, expires_at: at, created_by: 'own2', reason: 'goodwill', created_at: at }),
};
signedInAgainst(answers);

function show(Page: ComponentType) {
  renderInConsole(
    <Page />,
    '/',
  );
}

/** The table holding `text`: it scrolls sideways in its own frame when wider than the window (antd marks the frame). */
async function tableOf(text: string) {
  const cell = await screen.findByText(text, {}, { timeout: 10_000 });
  return cell.closest('.ant-table') as HTMLElement;
}

/** The body cell of `table` under the column headed `heading`. */
function cellUnder(table: HTMLElement, heading: string) {
  const headings = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
  const index = headings.indexOf(heading);
  expect(index, `${heading} in ${headings.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return table.querySelectorAll('tbody tr.ant-table-row')[0]!.querySelectorAll(':scope > td')[index] as HTMLElement;
}

describe('the console’s wide tables in a laptop window', () => {
  const cases: Array<[string, ComponentType, string, string | null]> = [
    ['charity causes', Charity, 'Clean water', null],
    ['goods', Goods, 'Malaysian White Coffee', '2003'],
    ['coupons', Coupons, 'WELCOME5', null],
    ['group buys', GroupBuys, 'Rice cooker', '1208'],
    ['reviews', Reviews, 'Cooks well, a little loud.', null],
  ];
  for (const [name, Page, text, id] of cases) {
    it(`${name}: the table scrolls sideways instead of running past the window, its actions with it${id ? ', the ID on one line' : ''}`, async () => {
      show(Page);
      const table = await tableOf(text);
      expect(table.classList.contains('ant-table-scroll-horizontal')).toBe(true);
      // The actions are a column of the table, so inside the frame that scrolls.
      expect([...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim())).toContain('Actions');
      if (id) {
        const cell = cellUnder(table, 'ID');
        expect(cell.textContent).toBe(id);
        expect(cell.style.whiteSpace).toBe('nowrap');
      }
    });
  }

  it('reviews: the review itself keeps a readable width (the columns beside it take 794 px), the whole within a 1280 px window’s 996 px', async () => {
    show(Reviews);
    const table = await tableOf('Cooks well, a little loud.');
    expect(table.querySelector('table')!.style.width).toBe('994px');
  });

  it('gift cards: the filters and buttons wrap onto another line instead of running past the window', async () => {
    show(GiftCards);
    const issue = await screen.findByTestId('issue-cards', {}, { timeout: 10_000 });
    const search = screen.getByTestId('gift-card-search');
    // Every row of controls between the page and the buttons (and the search) may wrap.
    const page = screen.getByTestId('gift-cards');
    const rows = (el: HTMLElement) => {
      const out: HTMLElement[] = [];
      for (let p = el.parentElement; p && p !== page; p = p.parentElement) if (p.classList.contains('ant-space')) out.push(p);
      return out;
    };
    for (const el of [issue, search]) {
      const spaces = rows(el);
      expect(spaces.length).toBe(2);
      for (const s of spaces) expect(getComputedStyle(s).flexWrap).toBe('wrap');
    }
  });
});

// At 1024 px the goods list hid its price, stock, sales, status and date under the pinned actions,
// and the coupons list its uses: both now fit the room a 1024 px window leaves, their columns each
// given a width (no column grows to a whole line of text), the actions compact, related facts in
// one column, amounts whole on one line.
describe('goods and coupons in a 1024 px window', () => {
  // 1024 px − the menu (220 and its border) − the page's margins (2 × 24) − a scrollbar (15).
  const ROOM = 740;
  /** The table's width as the browser is told it, and the sum of its columns' widths. */
  const widths = (table: HTMLElement) => {
    const cols = [...table.querySelectorAll('.ant-table-body colgroup col, .ant-table-content colgroup col')] as HTMLElement[];
    // Every column has a width of its own.
    for (const col of cols) expect(col.style.width, table.textContent ?? '').toMatch(/^\d+px$/);
    return { table: parseFloat(table.querySelector('table')!.style.width), columns: cols.reduce((sum, c) => sum + parseFloat(c.style.width), 0) };
  };

  /** The buttons of an actions cell are "Edit" and "More"; what the "More" menu then offers. */
  const moreActions = async (cell: HTMLElement) => {
    const names = [...cell.querySelectorAll('button')].map((b) => b.getAttribute('aria-label') ?? b.textContent?.trim());
    expect(names).toEqual(['Edit', 'More']);
    fireEvent.click(cell.querySelector('button[aria-label="More"]')!);
    await screen.findByRole('menu');
    return [...document.querySelectorAll('.ant-dropdown:not(.ant-dropdown-hidden) [role="menuitem"]')].map((i) => i.textContent?.trim());
  };

  it('goods: ID, goods, price, stock with its SKUs, sold, status, updated and the actions fit in 740 px', async () => {
    show(Goods);
    const table = await tableOf('Malaysian White Coffee');
    const { table: width, columns } = widths(table);
    expect(width).toBeLessThanOrEqual(ROOM);
    expect(columns).toBe(width);
    const headings = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
    for (const h of ['ID', 'Price', 'Stock', 'Sold', 'Status', 'Updated', 'Actions']) expect(headings).toContain(h);
    // The category is under the name, the SKUs under the stock, the time under the day.
    expect(cellUnder(table, 'Name').textContent).toContain('Food & Drinks');
    expect(cellUnder(table, 'Stock').textContent).toBe('1602 SKUs');
    const price = cellUnder(table, 'Price');
    expect(price.textContent).toMatch(/^MYR\s28\.90$/);
    expect(price.style.whiteSpace).toBe('nowrap');
    // The actions are two small buttons: Edit, and "More" with taking the goods off sale.
    expect(await moreActions(cellUnder(table, 'Actions'))).toEqual(['Take off sale']);
  });

  it('coupons: the code, the discount with its minimum, the dates, the uses, status, maker and actions fit in 740 px', async () => {
    show(Coupons);
    const table = await tableOf('WELCOME5');
    const { table: width, columns } = widths(table);
    expect(width).toBeLessThanOrEqual(ROOM);
    expect(columns).toBe(width);
    const used = cellUnder(table, 'Used');
    expect(used.textContent).toContain('3 / 100');
    // The uses a member may make are under the uses so far.
    expect(used.textContent).toContain('Uses per member: 1');
    const off = cellUnder(table, 'Kind');
    expect(off.textContent).toMatch(/^USD\s5\.00/);
    expect(off.textContent).toMatch(/USD\s50\.00$/);
    expect(off.style.whiteSpace).not.toBe('nowrap');
    for (const amount of off.querySelectorAll('[data-amount]')) expect((amount as HTMLElement).style.whiteSpace).toBe('nowrap');
    expect(await moreActions(cellUnder(table, 'Actions'))).toEqual(['End now']);
  });
});
