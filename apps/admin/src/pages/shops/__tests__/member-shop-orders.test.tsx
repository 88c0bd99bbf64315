import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../../lib/format';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { answeringFrom } from '../../../test/fake-api';
import { MemberShopOrders } from '../MemberShopOrders';

// A member's page in the console listed their platform orders only: what they bought from members'
// shops (and its after-sales state) was found only by searching the shop-order oversight by name.

beforeAll(async () => {
  await initI18n();
});

const order = (id: number, shop: { id: number; name: string }, status: string, total: number) => ({
  id,
  order_no: `M2026112${id}`,
  shop: { ...shop, logo: '' },
  status,
  total,
  currency: 'USD',
  lines: [{ name: 'Teapot', num: 1 }],
  refunded: status === 'rejected',
  after_sale: id === 8 ? { status: 'under_review' } : null,
  created_at: '2026-11-28T10:00:00.000Z',
});
const urls: string[] = [];
beforeEach(async () => {
  await changeLanguage('en-us');
  sessionStore.signIn('token');
  urls.length = 0;
  const answer = answeringFrom({
    '/admin/api/shops/orders': { list: [order(8, { id: 5, name: 'Corner Shop' }, 'completed', 2000), order(6, { id: 9, name: 'Tea House' }, 'rejected', 700)], total: 2, page: 1, limit: 10 },
  });
  vi.stubGlobal('fetch', (url: string) => {
    urls.push(url);
    return answer(url);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.end('signed_out');
});

describe('a member’s orders from members’ shops in the console', () => {
  it('lists the member’s own shop orders in every state, with the shop, the amount and the after-sales case', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <MemberShopOrders memberId={3} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const table = await screen.findByTestId('member-shop-orders');
    expect(screen.getByText("Orders from members' shops")).toBeTruthy();
    await within(table).findByText('M20261128');
    const body = within(table).getAllByRole('row').filter((r) => r.querySelector('td'));
    expect(body.map((r) => r.textContent)).toEqual([expect.stringContaining('M20261128'), expect.stringContaining('M20261126')]);
    expect(body[0]!.textContent).toContain('Corner Shop (#5)');
    expect(body[0]!.textContent).toContain(formatMoney(2000, 'USD'));
    expect(body[0]!.textContent).toContain('After-sales');
    expect(body[1]!.textContent).toContain('Tea House (#9)');
    expect(body[1]!.textContent).toContain('Refunded');
    const asked = new URL(urls.find((u) => u.includes('/admin/api/shops/orders'))!, 'http://console');
    expect(asked.searchParams.get('buyer_id')).toBe('3');
    expect(asked.searchParams.get('status')).toBe('all');
  });
});
