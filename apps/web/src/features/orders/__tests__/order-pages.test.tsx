import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { clearToasts, prepareApp, startFakeApi, toastText } from '@/test/helpers';
import OrderInfoPage from '../pages/order-info-page';
import { tapStar } from './review-stars';
import OrderListPage from '../pages/order-list-page';
import TrackingPage from '../pages/tracking-page';

let status = 'awaiting_payment';
/** How many goods the order holds, and of its one line. */
let count = 3;
const actions = () => ({ can_cancel: status === 'awaiting_payment', can_pay: status === 'awaiting_payment', can_confirm: status === 'shipped', can_remind: false, can_track: status === 'shipped', can_after_sale: status === 'completed', can_review: status === 'completed' });
let reviewed = false;
/** The pictures of the review as the server keeps them. */
let reviewImages: string[] = [];
const reviewLine = () => ({ order_line_id: 1, goods_id: 1, name: 'Teapot', spec_text: 'Blue', image: '', review_id: reviewed ? 5 : null, rating: reviewed ? 4 : null, content: reviewed ? 'Lovely' : '', images: reviewed ? reviewImages : [], created_at: reviewed ? '2026-11-24T10:00:00.000Z' : null, editable_until: reviewed ? '2026-12-24T10:00:00.000Z' : null, edited: false, reply: '', can_review: !reviewed, can_edit: reviewed, hidden: null, not_reviewable: null });
const order = () => ({
  id: 7,
  order_no: '2611230000000007',
  kind: 'regular',
  status,
  currency: 'USD',
  total: 4190,
  count,
  lines: [{ id: 1, goods_id: 1, sku_id: 2, name: 'Teapot', spec_text: 'Blue', image: '/media/demo/goods-1-1.png', price: 1200, num: count, line_total: 1200 * count, shipped_num: 0 }],
  created_at: '2026-11-23T10:00:00.000Z',
  expires_at: status === 'awaiting_payment' ? '2026-11-23T10:30:00.000Z' : null,
  actions: actions(),
});
let uploads = 0;
const ok = (data: unknown) => ({ json: { code: 200, msg: 'Success', data } });
const api = await startFakeApi({
  '/shop/order/list': () => ok({ list: [order()], total: 1, page: 1, limit: 10, has_more: false, counts: { unpaid: 1, to_ship: 0, to_receive: 0, after_sales: 0 } }),
  '/shop/order/info': () =>
    ok({
      ...order(),
      subtotal: 3600,
      coupon_discount: 0,
      operating_fee_rate: 250,
      operating_fee: 90,
      freight: 500,
      points_used: 0,
      points_value: 0,
      address: { name: 'Mei', surname: 'Tan', mobile_pre: '60', mobile: '123456789', email: '', country_code: 'MY', province: 'Selangor', city: 'Petaling Jaya', district: '', detail: 'Jalan 14/20, 5', house_number: '', zip_code: '46100' },
      remarks: '',
      paid_at: null,
      shipped_at: null,
      completed_at: null,
      settled_at: null,
      cancelled_at: null,
      closed_at: null,
      cancel_reason: '',
      package_count: status === 'shipped' ? 1 : 0,
      last_reminded_at: null,
      payments:
        status === 'awaiting_payment'
          ? []
          : [
              {
                payment_no: 'P2611230000000009',
                pay_way: 'stripe_card',
                gateway: 'stripe',
                status: 'succeeded',
                currency: 'USD',
                amount: 4190,
                fee: 132,
                charged: 4322,
                balance_part: 0,
                gateway_part: 4322,
                points: null,
                converted: { currency: 'MYR', amount: 19327, rate: '4.471800000000' },
                created_at: '2026-11-23T10:05:00.000Z',
                paid_at: '2026-11-23T10:06:00.000Z',
                refunds: [{ refund_no: 'R2611240000000001', amount: 1200, currency: 'USD', status: 'succeeded', reason: 'One cup broken', to: 'card', pay_way: 'stripe_card', created_at: '2026-11-24T09:00:00.000Z', finished_at: '2026-11-24T09:01:00.000Z' }],
              },
            ],
    }),
  '/shop/order/cancelOrder': () => {
    status = 'cancelled';
    return ok({ id: 7, status });
  },
  '/user/praise/info': () => ok({ list: [reviewLine()] }),
  '/user/praise/create': (r) => {
    reviewed = true;
    reviewImages = (JSON.parse(r.body) as { images: string[] }).images.map((u) => u.split('?')[0]!);
    return ok(reviewLine());
  },
  '/user/upload/createToken': () => ok({ token: 'upload-token', upload_path: '/upload2', expires_at: '2026-11-23T11:00:00.000Z', max_image_bytes: 2 * 1024 * 1024, max_video_bytes: 10 * 1024 * 1024 }),
  '/upload2': () => {
    uploads += 1;
    return ok({ id: uploads, url: `/uploads/2026/11/photo-${uploads}.png?exp=1&sig=s`, kind: 'image', mime: 'image/png', size: 4 });
  },
  '/shop/order/packageList': () => ok({ list: [{ id: 3, order_id: 7, carrier: 'DHL', tracking_number: 'JD0001', status: 'in_transit', shipped_at: '2026-11-23T11:00:00.000Z', delivered_at: null, lines: [{ order_line_id: 1, name: 'Teapot', spec_text: 'Blue', image: '', num: 3 }], latest: null }] }),
  '/shop/order/trackingLog': () => ok({ list: [{ package_id: 3, carrier: 'DHL', tracking_number: 'JD0001', status: 'in_transit', events: [{ time: '2026-11-23T12:00:00.000Z', place: 'Kuala Lumpur', text: 'Arrived at the depot' }, { time: '2026-11-23T11:00:00.000Z', place: 'Shenzhen', text: 'Picked up' }] }] }),
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url }, upload: { default: api.url, cn: api.url } };
  localStorage.clear();
  status = 'awaiting_payment';
  count = 3;
  reviewImages = [];
  useSession.getState().signIn('member-token', null);
});
afterEach(async () => {
  cleanup();
  await clearToasts();
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: paths.order.list, element: <OrderListPage /> },
      { path: paths.order.details, element: <OrderInfoPage /> },
      { path: paths.order.tracking, element: <TrackingPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('order pages', () => {
  it('an order of the list is a link to its page, named by its number, that Tab reaches; its actions stay buttons beside it', async () => {
    const router = renderAt(`${paths.order.list}?view=unpaid`);
    const card = await screen.findByRole('link', { name: /^Order no\. 2611230000000007/ });
    card.focus();
    expect(document.activeElement).toBe(card);
    expect(within(card).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeTruthy();
    fireEvent.click(card);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.order.details));
    expect(router.state.location.search).toBe('?id=7');
  });

  it('says "1 item" for an order of one item, "3 items" for three', async () => {
    count = 1;
    renderAt(`${paths.order.list}?view=unpaid`);
    const card = (await screen.findByText('Order no. 2611230000000007')).closest('article')!;
    expect(card.querySelector('.order-card-total')!.textContent).toMatch(/^1 item, total/);
    cleanup();
    count = 3;
    renderAt(`${paths.order.list}?view=all`);
    const again = (await screen.findByText('Order no. 2611230000000007')).closest('article')!;
    expect(again.querySelector('.order-card-total')!.textContent).toMatch(/^3 items, total/);
  });

  it("reads a line's goods once: its picture, beside its name, is not read again", async () => {
    renderAt(`${paths.order.details}?id=7`);
    expect(await screen.findByText('Teapot')).toBeTruthy();
    const pictures = [...document.querySelectorAll('.order-line img')];
    expect(pictures.length).toBe(1);
    expect(pictures.map((img) => img.getAttribute('alt'))).toEqual(['']);
  });

  it('lists an unpaid order with its actions and cancels it after asking', async () => {
    renderAt(`${paths.order.list}?view=unpaid`);
    expect(await screen.findByText('Order no. 2611230000000007')).toBeTruthy();
    expect(screen.getAllByText('Awaiting payment').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    fireEvent.click(await screen.findByText('Yes'));
    await waitFor(() => expect(screen.getAllByText('Cancelled').length).toBeGreaterThan(0));
    expect(api.requests.some((r) => r.url.startsWith('/shop/order/cancelOrder') && JSON.parse(r.body).id === 7)).toBe(true);
  });

  it('shows the order with its address, amounts and payment deadline', async () => {
    renderAt(`${paths.order.details}?id=7`);
    expect(await screen.findByText('Petaling Jaya', { exact: false })).toBeTruthy();
    expect(screen.getByText('Global operating fee (2.5%)')).toBeTruthy();
    expect(screen.getByText('$41.90')).toBeTruthy();
    expect(screen.getByText(/^Pay before/)).toBeTruthy();
  });

  it('shows what paid the order: method, amount, surcharge, total charged, the converted amount at its rate, and a refund', async () => {
    status = 'paid';
    renderAt(`${paths.order.details}?id=7`);
    const payment = await screen.findByRole('article', { name: 'Card (Visa, Mastercard, UnionPay, JCB, Apple Pay)' });
    const text = payment.textContent!.replace(/\s+/g, ' ');
    expect(text).toContain('Order amount$41.90');
    expect(text).toContain('Payment method surcharge$1.32');
    expect(text).toContain('Charged in total$43.22');
    expect(text).toContain('1 USD = 4.4718 MYR');
    expect(text).toContain('Refunded-$12.00');
    expect(text).toContain('One cup broken');
  });

  it('shows each package with its tracking events, newest first', async () => {
    status = 'shipped';
    renderAt(`${paths.order.tracking}?id=7`);
    expect(await screen.findByText('Arrived at the depot')).toBeTruthy();
    const texts = [...document.querySelectorAll('.tracking-event')].map((e) => e.textContent);
    // The carrier's events, then the shop's own: handed to the carrier when shipped.
    expect(texts).toEqual(['Arrived at the depot', 'Picked up', 'Shipped: handed to DHL']);
    expect(screen.getByText('DHL', { selector: '.tracking-carrier' })).toBeTruthy();
    expect(screen.getByText('JD0001')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy tracking number JD0001' })).toBeTruthy();
  });

  it('a received order offers after-sales and a review of its lines, written from a sheet', async () => {
    status = 'completed';
    reviewed = false;
    renderAt(`${paths.order.details}?id=7`);
    expect(await screen.findByRole('button', { name: 'After-sales' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    fireEvent.change(await screen.findByPlaceholderText('How was it? (optional)'), { target: { value: 'Lovely' } });
    // No stars are given for the member: the review cannot be posted until they choose them.
    const post = screen.getByRole('button', { name: 'Post review' }) as HTMLButtonElement;
    expect(post.disabled).toBe(true);
    expect(screen.getByText('Tap the stars to rate the goods before posting')).toBeTruthy();
    tapStar(document.body, 5);
    expect(screen.queryByText('Tap the stars to rate the goods before posting')).toBeNull();
    fireEvent.click(post);
    expect(await screen.findByText('Thank you for your review')).toBeTruthy();
    const sent = api.requests.find((r) => r.url.startsWith('/user/praise/create'))!;
    expect(JSON.parse(sent.body)).toEqual({ order_line_id: 1, rating: 5, content: 'Lovely', images: [] });
    expect(await screen.findByRole('button', { name: 'Change (once)' })).toBeTruthy();
  });

  it('a review takes photos: uploaded as picked, one too large refused, one taken out again, then shown with the review', async () => {
    status = 'completed';
    reviewed = false;
    renderAt(`${paths.order.details}?id=7`);
    fireEvent.click(await screen.findByRole('button', { name: 'Review' }));
    expect(await screen.findByText('Up to 9 photos, each at most 2 MB')).toBeTruthy();
    const picker = () => screen.getByLabelText('Add a photo', { selector: 'input' }) as HTMLInputElement;
    const png = (name: string, bytes = 4) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });
    fireEvent.change(picker(), { target: { files: [png('big.png', 2 * 1024 * 1024 + 1), png('a.png'), png('b.png'), png('c.png')] } });
    expect(await toastText()).toBe('Failed to upload: the image is larger than 2 MB');
    await waitFor(() => expect(document.querySelectorAll('.order-review-photo img')).toHaveLength(3), { timeout: 5000 });
    expect(api.requests.filter((r) => r.url === '/upload2')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    await waitFor(() => expect(document.querySelectorAll('.order-review-photo img')).toHaveLength(2));
    tapStar(document.body, 4);
    fireEvent.click(screen.getByRole('button', { name: 'Post review' }));
    expect(await screen.findByText('Thank you for your review')).toBeTruthy();
    const sent = api.requests.filter((r) => r.url.startsWith('/user/praise/create')).at(-1)!;
    const first = uploads - 2;
    expect(JSON.parse(sent.body)).toMatchObject({ order_line_id: 1, images: [`/uploads/2026/11/photo-${first}.png?exp=1&sig=s`, `/uploads/2026/11/photo-${first + 2}.png?exp=1&sig=s`] });
    // The posted review shows its photos.
    await screen.findByRole('button', { name: 'Change (once)' });
    expect([...document.querySelectorAll<HTMLImageElement>('.order-review-photo img')].map((i) => new URL(i.src).pathname)).toEqual([`/uploads/2026/11/photo-${first}.png`, `/uploads/2026/11/photo-${first + 2}.png`]);
  });

  it('a review given ten photos at once keeps nine and tells the member the tenth was left out', async () => {
    status = 'completed';
    reviewed = false;
    renderAt(`${paths.order.details}?id=7`);
    fireEvent.click(await screen.findByRole('button', { name: 'Review' }));
    expect(await screen.findByText('Up to 9 photos, each at most 2 MB')).toBeTruthy();
    const before = api.requests.filter((r) => r.url === '/upload2').length;
    const photos = Array.from({ length: 10 }, (_, i) => new File([new Uint8Array(4)], `p${i}.png`, { type: 'image/png' }));
    fireEvent.change(screen.getByLabelText('Add a photo', { selector: 'input' }), { target: { files: photos } });
    expect(await toastText()).toBe('At most 9 pictures');
    await waitFor(() => expect(document.querySelectorAll('.order-review-photo img')).toHaveLength(9), { timeout: 10_000 });
    expect(api.requests.filter((r) => r.url === '/upload2')).toHaveLength(before + 9);
  });
});
