import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from '@/lib/router';
import { paths } from '@/config/paths';
import { countCartGoods } from '@shop/contract/cart';
import { endpointKey } from '@/lib/endpoint-key';
import { queryClient } from '@/lib/query-client';
import { useLanguage } from '@/stores/language';
import { useSession } from '@/stores/session';
import { prepareApp, startFakeApi } from '@/test/helpers';
import CartPage from '../pages/cart-page';

interface Line {
  id: number;
  num: number;
  selected: boolean;
  price: number;
  stock: number;
  problem: string | null;
  currency?: string;
}
let lines: Line[] = [];
const asLine = (l: Line) => ({
  ...l,
  goods_id: l.id,
  sku_id: l.id * 10,
  name: `Teapot ${l.id}`,
  spec_text: 'Blue',
  image: '',
  added_price: l.price,
  price_changed: false,
  currency: l.currency ?? 'USD',
  available: l.problem === null,
});
const cart = () => {
  const chosen = lines.filter((l) => l.selected && l.problem === null);
  return {
    list: lines.map(asLine),
    total_count: lines.reduce((n, l) => n + l.num, 0),
    selected_count: chosen.reduce((n, l) => n + l.num, 0),
    selected_total: chosen.reduce((n, l) => n + l.num * l.price, 0),
    currency: 'USD',
    all_selected: lines.length > 0 && lines.every((l) => l.selected),
  };
};
const ok = (data: unknown) => ({ json: { code: 200, msg: 'Success', data } });
const api = await startFakeApi({
  '/shop/cart/list': () => ok(cart()),
  '/shop/cart/update': (req) => {
    const body = JSON.parse(req.body) as { id: number; num?: number; selected?: boolean };
    const line = lines.find((l) => l.id === body.id)!;
    if (body.num !== undefined) line.num = body.num;
    if (body.selected !== undefined) line.selected = body.selected;
    return ok(cart());
  },
  '/shop/cart/installAll': (req) => {
    const { selected } = JSON.parse(req.body) as { selected: boolean };
    for (const l of lines) l.selected = selected;
    return ok(cart());
  },
  '/shop/cart/del': (req) => {
    const { ids } = JSON.parse(req.body) as { ids: number[] };
    lines = lines.filter((l) => !ids.includes(l.id));
    return ok({ removed: ids.length, total_count: cart().total_count });
  },
  '/shop/cart/cartGoodsTotal': () => ok({ total: cart().total_count }),
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  lines = [
    { id: 1, num: 2, selected: true, price: 1250, stock: 9, problem: null },
    { id: 2, num: 1, selected: true, price: 990, stock: 0, problem: 'out_of_stock' },
  ];
  useSession.getState().signIn('member-token', null);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  useSession.getState().clear();
});

/** The checkout page's stand-in: says what it was opened with. */
function CheckoutOpened() {
  const { search } = useLocation();
  return (
    <>
      <div>Checkout page</div>
      <output aria-label="Checkout query">{search}</output>
    </>
  );
}

function renderCart() {
  const router = createMemoryRouter(
    [
      { path: paths.tabbar.cart, element: <CartPage /> },
      { path: paths.goods.checkout, element: <CheckoutOpened /> },
      { path: paths.login.login, element: <div>Login page</div> },
      { path: paths.goods.details, element: <div>Goods page</div> },
    ],
    { initialEntries: [paths.tabbar.cart] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the cart tab', () => {
  it('shows the lines, greys a sold-out line, totals the selected ones and updates the badge', async () => {
    renderCart();
    expect(await screen.findByText('Teapot 1')).toBeTruthy();
    expect(screen.getByText('Sold out')).toBeTruthy();
    expect(document.querySelector('[data-line="2"]')!.className).toContain('cart-line-unavailable');
    expect(screen.getByText('$25.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check out (2)' })).toBeTruthy();
    // The tab badge reads the cached count, which the cart keeps in step.
    const countKey = endpointKey(countCartGoods, undefined, { lang: useLanguage.getState().lang, token: 'member-token' });
    await waitFor(() => expect(queryClient.getQueryData(countKey)).toEqual({ total: 3 }));
  });

  it('changes a quantity with the stepper and the total follows the server', async () => {
    renderCart();
    await screen.findByText('Teapot 1');
    const stepper = screen.getByLabelText('Quantity of Teapot 1').closest('.adm-stepper')!;
    fireEvent.click(stepper.querySelector('.adm-stepper-plus')!);
    expect(await screen.findByRole('button', { name: 'Check out (3)' })).toBeTruthy();
    expect(screen.getByText('$37.50')).toBeTruthy();
    expect(JSON.parse(api.requests.filter((r) => r.url.startsWith('/shop/cart/update')).at(-1)!.body)).toEqual({ id: 1, num: 3 });
  });

  it('reads each line to a screen reader once: the picture is the link named by the goods, the quantity field says whose it is', async () => {
    renderCart();
    await screen.findByText('Teapot 1');
    const link = screen.getByRole('link', { name: 'Teapot 1' });
    // The picture inside the link is not read as a second "Teapot 1" (nor as its file name).
    expect(link.querySelector('img')!.getAttribute('alt')).toBe('');
    expect((screen.getByRole('spinbutton', { name: 'Quantity of Teapot 1' }) as HTMLInputElement).value).toBe('2');
    expect(screen.getByRole('spinbutton', { name: 'Quantity of Teapot 2' })).toBeTruthy();
  });

  it('clears and selects every line, and checks out the selected ones', async () => {
    renderCart();
    await screen.findByText('Teapot 1');
    fireEvent.click(screen.getByText('All'));
    expect(await screen.findByRole('button', { name: 'Check out (0)' })).toBeTruthy();
    fireEvent.click(screen.getByText('All'));
    const checkout = await screen.findByRole('button', { name: 'Check out (2)' });
    fireEvent.click(checkout);
    expect(await screen.findByText('Checkout page')).toBeTruthy();
  });

  it('goods of two currencies chosen at once: says they are ordered separately, shows no partial total and does not check out', async () => {
    lines.push({ id: 3, num: 1, selected: true, price: 45900, stock: 5, problem: null, currency: 'THB' });
    renderCart();
    await screen.findByText('Teapot 3');
    expect((await screen.findByRole('status')).textContent).toBe('Goods in different currencies are ordered separately (USD, THB): tick the goods of one currency to check out');
    expect(screen.queryByText('$25.00')).toBeNull();
    const checkout = screen.getByRole('button', { name: /Check out/ }) as HTMLButtonElement;
    expect(checkout.disabled).toBe(true);
    // Unticking the other currency's goods checks out the rest.
    fireEvent.click(screen.getByLabelText('Choose Teapot 3'));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.getByText('$25.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Check out (2)' }));
    expect(await screen.findByText('Checkout page')).toBeTruthy();
  });

  it('checks out exactly the lines it counted: a line short of stock and one off sale stay in the cart', async () => {
    // A cart of three selected lines: one cut below its quantity, one taken off sale, one fine.
    lines = [
      { id: 4, num: 3, selected: true, price: 4500, stock: 2, problem: 'not_enough_stock' },
      { id: 5, num: 1, selected: true, price: 2000, stock: 7, problem: 'off_sale' },
      { id: 6, num: 1, selected: true, price: 9799, stock: 9, problem: null },
    ];
    renderCart();
    expect(await screen.findByText('Only 2 left')).toBeTruthy();
    expect(screen.getByText('No longer on sale')).toBeTruthy();
    expect(document.querySelector('.cart-bar-total')!.textContent).toContain('$97.99');
    fireEvent.click(screen.getByRole('button', { name: 'Check out (1)' }));
    expect(await screen.findByText('Checkout page')).toBeTruthy();
    expect(new URLSearchParams(screen.getByLabelText('Checkout query').textContent!).get('cart_ids')).toBe('6');
  });

  it('deletes a line after asking', async () => {
    renderCart();
    await screen.findByText('Teapot 2');
    // Small grey text, with a 44 px tap area around it (app/styles.css); the quantity's − and + reach 44 px too.
    expect(screen.getByRole('button', { name: 'Delete Teapot 2' }).classList).toContain('tap-target');
    expect(document.querySelectorAll('.adm-stepper.quantity-stepper').length).toBe(document.querySelectorAll('.adm-stepper').length);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Teapot 2' }));
    fireEvent.click(await screen.findByText('Delete', { selector: '.adm-dialog-button *, .adm-dialog-button' }));
    await waitFor(() => expect(screen.queryByText('Teapot 2')).toBeNull());
  });

  it('a line’s picture is a link to its goods, named by them, that Tab reaches', async () => {
    renderCart();
    const picture = await screen.findByRole('link', { name: 'Teapot 1' });
    picture.focus();
    expect(document.activeElement).toBe(picture);
    fireEvent.click(picture);
    expect(await screen.findByText('Goods page')).toBeTruthy();
  });

  it('asks a visitor to log in', async () => {
    useSession.getState().clear();
    renderCart();
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Login page')).toBeTruthy();
  });
});
