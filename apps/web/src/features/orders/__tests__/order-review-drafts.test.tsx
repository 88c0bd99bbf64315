import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { keepOpenDrafts, takeDraftsLeftOpen } from '@/lib/open-drafts';
import { clearToasts, ok, prepareApp, renderRoutes, startFakeApi } from '@/test/helpers';
import { tapStar } from './review-stars';
import OrderInfoPage from '../pages/order-info-page';
import OrderListPage from '../pages/order-list-page';

// The review sheet of an order, the page loaded again while it is open: each line's stars, words and
// uploaded photos come back to that line, and the sheet opens again by itself.
const actions = { can_cancel: false, can_pay: false, can_confirm: false, can_remind: false, can_track: false, can_after_sale: false, can_review: true };
const orderLine = (id: number, name: string) => ({ id, goods_id: id, sku_id: id + 10, name, spec_text: 'Blue', image: '', price: 1200, num: 1, line_total: 1200, shipped_num: 1 });
const order = {
  id: 7, order_no: '2611230000000007', kind: 'regular', status: 'completed', currency: 'USD', total: 2400, count: 2,
  lines: [orderLine(1, 'Teapot'), orderLine(2, 'Cup')],
  created_at: '2026-11-23T10:00:00.000Z', expires_at: null, actions,
};
/** Line 2 was reviewed before (and may be changed once) when `cupReviewed`. */
let cupReviewed = false;
const reviewLine = (id: number, name: string, reviewed: boolean) => ({
  order_line_id: id, goods_id: id, name, spec_text: 'Blue', image: '', review_id: reviewed ? 50 + id : null, rating: reviewed ? 4 : null, content: reviewed ? 'Pretty cup' : '', images: [],
  created_at: reviewed ? '2026-11-24T10:00:00.000Z' : null, editable_until: reviewed ? '2026-12-24T10:00:00.000Z' : null, edited: false, reply: '', can_review: !reviewed, can_edit: reviewed,
  hidden: null, not_reviewable: null,
});
let uploads = 0;
const api = await startFakeApi({
  '/shop/order/list': () => ok({ list: [order], total: 1, page: 1, limit: 10, has_more: false, counts: { unpaid: 0, to_ship: 0, to_receive: 0, after_sales: 0 } }),
  '/shop/order/info': () =>
    ok({
      ...order, subtotal: 2400, coupon_discount: 0, operating_fee_rate: 0, operating_fee: 0, freight: 0, points_used: 0, points_value: 0,
      address: { name: 'Mei', surname: 'Tan', mobile_pre: '60', mobile: '123456789', email: '', country_code: 'MY', province: 'Selangor', city: 'Petaling Jaya', district: '', detail: 'Jalan 14/20, 5', house_number: '', zip_code: '46100' },
      remarks: '', paid_at: null, shipped_at: null, completed_at: '2026-11-24T10:00:00.000Z', settled_at: null, cancelled_at: null, closed_at: null, cancel_reason: '', package_count: 0, last_reminded_at: null, payments: [],
    }),
  '/user/praise/info': () => ok({ list: [reviewLine(1, 'Teapot', false), reviewLine(2, 'Cup', cupReviewed)] }),
  '/user/praise/create': (r) => {
    const body = JSON.parse(r.body) as { order_line_id: number; rating: number; content: string; images: string[] };
    return ok({ ...reviewLine(body.order_line_id, 'Teapot', true), rating: body.rating, content: body.content, images: body.images });
  },
  '/user/praise/edit': (r) => {
    const body = JSON.parse(r.body) as { rating: number; content: string };
    return ok({ ...reviewLine(2, 'Cup', true), rating: body.rating, content: body.content, edited: true, can_edit: false });
  },
  '/user/upload/createToken': () => ok({ token: 'upload-token', upload_path: '/upload2', expires_at: '2026-11-23T11:00:00.000Z', max_image_bytes: 2 * 1024 * 1024, max_video_bytes: 10 * 1024 * 1024 }),
  '/upload2': () => {
    uploads += 1;
    return ok({ id: uploads, url: `/uploads/2026/11/photo-${uploads}.png`, kind: 'image', mime: 'image/png', size: 4 });
  },
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url }, upload: { default: api.url, cn: api.url } };
  localStorage.clear();
  sessionStorage.clear();
  cupReviewed = false;
  useSession.getState().signIn('member-token', null);
});
afterEach(async () => {
  cleanup();
  await clearToasts();
});

const ORDER_PAGE = `${paths.order.details}?id=7`;
const openAt = (page: string) => renderRoutes({ [paths.order.details]: <OrderInfoPage />, [paths.order.list]: <OrderListPage /> }, page);
/** The page loaded again at `page` in the same tab, after the last document's open forms were written down. */
function reloadAt(page: string) {
  cleanup();
  takeDraftsLeftOpen(page);
  return openAt(page);
}
const line = async (id: number) => {
  await waitFor(() => expect(document.querySelector(`.order-review-line[data-line="${id}"]`)).toBeTruthy());
  return document.querySelector<HTMLElement>(`.order-review-line[data-line="${id}"]`)!;
};
const words = (el: HTMLElement) => within(el).getByPlaceholderText<HTMLTextAreaElement>('How was it? (optional)');
const stars = (el: HTMLElement) => within(within(el).getByRole('radiogroup', { name: 'Rating' })).getAllByRole('radio').filter((s) => s.getAttribute('aria-checked') === 'true').length;
const photos = (el: HTMLElement) => [...el.querySelectorAll<HTMLImageElement>('.order-review-photo img')].map((i) => new URL(i.src).pathname);
const sent = (path: string) => api.requests.filter((r) => r.url.startsWith(path)).map((r) => JSON.parse(r.body) as Record<string, unknown>);

describe('the review sheet, the page loaded again while it is open', () => {
  it('opens again with the stars, words and photos given to each line, on that line only; posting sends them', async () => {
    openAt(ORDER_PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Review' }));
    const teapot = await line(1);
    tapStar(teapot, 3);
    await waitFor(() => expect(stars(teapot)).toBe(3));
    fireEvent.change(words(teapot), { target: { value: 'Pours well, lid rattles' } });
    // The browser's reload: the document ends with the sheet open, the moment the uploaded photo shows
    // (before anything React runs after the paint).
    const ended = new Promise<void>((resolve) => {
      const shown = new MutationObserver(() => {
        if (!photos(teapot).length) return;
        shown.disconnect();
        window.dispatchEvent(new Event('pagehide'));
        resolve();
      });
      shown.observe(teapot, { childList: true, subtree: true });
    });
    fireEvent.change(within(teapot).getByLabelText('Add a photo', { selector: 'input' }), { target: { files: [new File([new Uint8Array(4)], 'lid.png', { type: 'image/png' })] } });
    await ended;
    const photo = photos(teapot)[0]!;
    reloadAt(ORDER_PAGE);
    const teapotAgain = await line(1);
    expect(words(teapotAgain).value).toBe('Pours well, lid rattles');
    expect(stars(teapotAgain)).toBe(3);
    expect(photos(teapotAgain)).toEqual([photo]);
    // The other line is as it was: nothing of the teapot's review in it, no stars given yet.
    const cup = await line(2);
    expect(words(cup).value).toBe('');
    expect(stars(cup)).toBe(0);
    expect(photos(cup)).toEqual([]);

    fireEvent.click(within(teapotAgain).getByRole('button', { name: 'Post review' }));
    expect(await screen.findByText('Thank you for your review')).toBeTruthy();
    expect(sent('/user/praise/create').at(-1)).toEqual({ order_line_id: 1, rating: 3, content: 'Pours well, lid rattles', images: [photo] });
  });

  it('a review being changed comes back being changed, with the new words, after the new version\'s reload', async () => {
    cupReviewed = true;
    openAt(ORDER_PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Review' }));
    const cup = await line(2);
    fireEvent.click(within(cup).getByRole('button', { name: 'Change (once)' }));
    fireEvent.change(words(cup), { target: { value: 'Pretty cup, but it chipped' } });
    keepOpenDrafts();

    reloadAt(ORDER_PAGE);
    const cupAgain = await line(2);
    await waitFor(() => expect(words(cupAgain).value).toBe('Pretty cup, but it chipped'));
    expect(stars(cupAgain)).toBe(4);
    expect(words(await line(1)).value).toBe('');
    fireEvent.click(within(cupAgain).getByRole('button', { name: 'Post review' }));
    expect(await screen.findByText('Thank you for your review')).toBeTruthy();
    expect(sent('/user/praise/edit').at(-1)).toMatchObject({ review_id: 52, rating: 4, content: 'Pretty cup, but it chipped' });
  });

  it('a reload that opens another page gives nothing back there, and the sheet opened later starts afresh', async () => {
    openAt(ORDER_PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Review' }));
    fireEvent.change(words(await line(1)), { target: { value: 'Pours well' } });
    keepOpenDrafts();

    const router = reloadAt(paths.order.list);
    await screen.findByRole('button', { name: 'Review' });
    expect(document.querySelector('.order-review-line')).toBeNull();
    act(() => void router.navigate(ORDER_PAGE));
    fireEvent.click(await screen.findByRole('button', { name: 'Review' }));
    expect(words(await line(1)).value).toBe('');
  });
});
