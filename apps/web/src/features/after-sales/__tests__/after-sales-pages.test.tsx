import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { clearToasts, prepareApp, renderRouter, renderRoutes, startFakeApi, toastText } from '@/test/helpers';
import { keepOpenDrafts, takeDraftsLeftOpen } from '@/lib/open-drafts';
import { routes } from '@/app/routes';
import ApplyPage from '../pages/apply-page';
import CaseInfoPage from '../pages/case-info-page';
import CasesPage from '../pages/cases-page';
import ChatPage from '@/features/support/pages/chat-page';

let status = 'awaiting_return';
/** Whether the shop has a return address for the order's country. */
let returnAddress = true;
/** What went back to the member once refunded (the card's surcharge with it), and whether the refund is held up at the gateway. */
let refunded: number | null = null;
let refundDelayed = false;
/** The case's pictures (as the API answers them: signed addresses) and the operator's reason of a rejection. */
let evidence: string[] = [];
let rejectReason = '';
/** An upload held until the test lets it go (to see it on its way). */
let uploadHeld: Promise<void> | undefined;
/** How the browser reads a chosen video: its length in seconds, or undefined when it cannot (a renamed file, WebM). */
let videoLength: number | undefined = 20;
const ok = (data: unknown) => ({ json: { code: 200, msg: 'Success', data } });
const theCase = () => ({
  id: 31,
  case_no: 'AS26112400000031',
  order_id: 7,
  shop_order_id: null,
  shop: null,
  order_no: '2611230000000007',
  kind: 'return',
  status,
  reason_id: 'damaged',
  reason: 'Arrived damaged',
  description: 'Cracked lid',
  currency: 'USD',
  refundable: 1200,
  refund: 1100,
  refunded,
  refunded_at: refunded === null ? null : '2026-11-26T10:00:00.000Z',
  refund_delayed: refundDelayed,
  refund_reason: '',
  lines: [{ order_line_id: 1, name: 'Teapot', spec_text: 'Blue', image: '', price: 1200, qty: 1, exchange_sku_id: null, exchange_spec_text: null }],
  images: evidence,
  video: null,
  reject_reason: rejectReason,
  ship_back_by: '2026-12-01T10:00:00.000Z',
  return_shipment: status === 'return_shipped' ? { carrier_code: 'poslaju', carrier: 'Pos Laju', tracking_number: 'RT12345', shipped_at: '2026-11-24T10:00:00.000Z', status: 'in_transit' } : null,
  replacement_shipment: null,
  follows_case_id: null,
  created_at: '2026-11-24T09:00:00.000Z',
  updated_at: '2026-11-24T09:30:00.000Z',
  actions: { can_cancel: true, can_ship_back: status === 'awaiting_return', can_confirm_receipt: false, can_resubmit: status === 'rejected' },
});
const api = await startFakeApi({
  '/shop/order/afterSaleApply': () =>
    ok({
      order_id: 7,
      shop_order_id: null,
      order_no: '2611230000000007',
      currency: 'USD',
      kinds: ['return', 'exchange'],
      deadlines: { return: '2026-12-01T10:00:00.000Z', exchange: '2026-12-09T10:00:00.000Z' },
      lines: [{ order_line_id: 1, goods_id: 1, sku_id: 2, name: 'Teapot', spec_text: 'Blue', image: '', price: 1200, bought: 3, in_cases: 0, booked: 0, left: 3, kinds: ['return', 'exchange'], refundable: 3300, warranty_until: null }],
      reasons: [
        { id: 'damaged', kind: 'return', text: 'Arrived damaged', needs_evidence: true },
        { id: 'changed_mind', kind: 'return', text: 'No longer needed', needs_evidence: false },
        { id: 'wrong_size', kind: 'exchange', text: 'Wrong size or colour', needs_evidence: false },
      ],
      freight: 500,
      max_images: 9,
      max_video_seconds: 60,
      max_description: 140,
      max_exchanges: 1,
    }),
  // The server's estimate: each unit's share of the goods, the freight and the card surcharge with the whole order.
  '/attractive/AfterSales/refundEstimate': (req) => {
    const units = (new URLSearchParams(req.url.split('?')[1]).get('lines') ?? '').split(',').reduce((n, pair) => n + Number(pair.split(':')[1] ?? 0), 0);
    const whole = units === 3;
    // The order spent 120 points at checkout: each unit's share comes back with its refund.
    return ok({ currency: 'USD', goods: 1100 * units, freight: whole ? 500 : 0, surcharge: whole ? 99 : 0, refund: 1100 * units + (whole ? 599 : 0), points: 40 * units, shopping_points: 0 });
  },
  '/user/chat/state': () => ok({ conversation_id: null, status: 'none', agent: null, agents_online: true, unread: 0, read_by_agent: false, external_url: null }),
  '/user/chat/messages': () => ok({ list: [], has_more: false }),
  '/attractive/AfterSales/huanhuoGoods': () => ok({ list: [{ sku_id: 2, spec_text: 'Blue', image: '', stock: 4, price: 1200 }, { sku_id: 3, spec_text: 'Green', image: '', stock: 2, price: 1200 }], max_exchanges: 1, used: 0, left: 3 }),
  '/shop/order/afterSaleSubmit': () => ok({ case_id: 31, case_no: 'AS26112400000031', status: 'under_review' }),
  '/attractive/AfterSales/submit': () => ok({ case_id: 32, case_no: 'AS26112400000032', status: 'under_review' }),
  '/user/upload/createToken': () => ok({ token: 'upload-token', upload_path: '/upload2', expires_at: '2026-11-23T11:00:00.000Z', max_image_bytes: 2 * 1024 * 1024, max_video_bytes: 10 * 1024 * 1024 }),
  '/upload2': (req) => {
    const n = api.requests.filter((r) => r.url === '/upload2').length;
    const video = req.body.includes('Content-Type: video/');
    const answer = ok({ id: n, url: `/uploads/m/${n}.${video ? 'mp4' : 'png'}`, kind: video ? 'video' : 'image', mime: video ? 'video/mp4' : 'image/png', size: 4 });
    return uploadHeld ? { ...answer, wait: uploadHeld } : answer;
  },
  '/attractive/AfterSales/list': () => ok({ list: [theCase()], total: 1, page: 1, limit: 10, has_more: false }),
  '/attractive/AfterSales/info': (req) =>
    new URLSearchParams(req.url.split('?')[1]).get('id') === '99999' ? { json: { code: 5210, msg: 'The after-sales case does not exist', data: null } } : ok({ ...theCase(), events: [{ kind: 'submitted', from: null, to: 'under_review', reason: '', follows_case_no: null, by: 'member', at: '2026-11-24T09:00:00.000Z' }, { kind: 'approved', from: 'under_review', to: 'awaiting_return', reason: '', follows_case_no: null, by: 'operator', at: '2026-11-24T09:30:00.000Z' }], return_address: returnAddress ? { id: 1, name: 'Returns centre', address: 'Lot 5, Shah Alam', phone: '0355512345', hours: '', country_code: 'MY' } : null }),
  '/attractive/AfterSales/logistics': () => ok({ list: [{ code: 'poslaju', name: 'Pos Laju', needs_phone_tail: false }, { code: 'sf', name: 'SF Express', needs_phone_tail: true }] }),
  '/attractive/AfterSales/expressSave': () => {
    status = 'return_shipped';
    return ok({ case_id: 31, status });
  },
  '/attractive/AfterSales/expressTrack': () => ok({ carrier: 'Pos Laju', tracking_number: 'RT12345', status: 'in_transit', events: [{ time: '2026-11-24T12:00:00.000Z', place: 'Shah Alam', text: 'Parcel picked up' }] }),
});

beforeAll(() => {
  prepareApp();
  // What the browser does with a chosen video: reads its length from the file, or says it cannot.
  URL.createObjectURL = () => 'blob:chosen';
  URL.revokeObjectURL = () => undefined;
  Object.defineProperty(HTMLMediaElement.prototype, 'duration', { configurable: true, get: () => videoLength ?? NaN });
  Object.defineProperty(HTMLMediaElement.prototype, 'src', {
    configurable: true,
    get: () => '',
    set(this: HTMLMediaElement) {
      setTimeout(() => (videoLength === undefined ? this.onerror?.(new Event('error')) : this.onloadedmetadata?.(new Event('loadedmetadata'))));
    },
  });
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url }, upload: { default: api.url, cn: api.url } };
  localStorage.clear();
  status = 'awaiting_return';
  returnAddress = true;
  refunded = null;
  refundDelayed = false;
  evidence = [];
  rejectReason = '';
  uploadHeld = undefined;
  videoLength = 20;
  useSession.getState().signIn('member-token', null);
});
afterEach(async () => {
  cleanup();
  await clearToasts();
});

/** Files as the member picks them in the form's file choice. */
const pick = (files: File[]) => fireEvent.change(screen.getByLabelText('Add a picture or video', { selector: 'input' }), { target: { files } });
const photo = (name: string) => new File([new Uint8Array(4)], name, { type: 'image/png' });
const film = (name: string) => new File([new Uint8Array(4)], name, { type: 'video/mp4' });
const shownImages = () => Array.from(document.querySelectorAll('.as-evidence-item img')).map((i) => i.getAttribute('src'));

const renderAt = (path: string) =>
  renderRoutes({ [paths.order.afterSaleApply]: <ApplyPage />, [paths.order.afterSales]: <CasesPage />, [paths.order.afterSaleDetails]: <CaseInfoPage />, [paths.other.customerChat]: <p>chat page</p> }, path);

describe('after-sales pages', () => {
  it('realSale: chooses units with the stepper, a reason and words; shows the refund estimate; sends the case and opens it', async () => {
    const router = renderAt(`${paths.order.afterSaleApply}?order_id=7`);
    expect(await screen.findByText('Teapot')).toBeTruthy();
    expect(screen.getByText('Blue · 3 can be chosen')).toBeTruthy();
    // The deadline in the member's language, not the phone's.
    expect(screen.getByText(/^Possible until Dec [12], 2026$/)).toBeTruthy();
    // Nothing chosen: the member is told, nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('At least one order item must be chosen')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Quantity of Teapot').closest('.adm-stepper')!.querySelector('.adm-stepper-plus')!);
    // The estimate is the server's answer for the units chosen.
    expect(await screen.findByText('$11.00')).toBeTruthy();
    fireEvent.click(screen.getByText('No longer needed'));
    fireEvent.change(screen.getByPlaceholderText('Describe the problem'), { target: { value: 'Too big for my shelf' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=31'));
    const sent = api.requests.find((r) => r.url.startsWith('/shop/order/afterSaleSubmit'))!;
    expect(JSON.parse(sent.body)).toEqual({ order_id: 7, kind: 'return', lines: [{ order_line_id: 1, qty: 1 }], reason_id: 'changed_mind', description: 'Too big for my shelf', images: [] });
    expect(sent.headers['idempotency-key']).toBeTruthy();
  });

  it('realSale by keyboard: the kind and the reason are named groups of choices Tab reaches, each telling whether it is chosen', async () => {
    renderAt(`${paths.order.afterSaleApply}?order_id=7`);
    expect(await screen.findByText('Teapot')).toBeTruthy();
    const kinds = screen.getByRole('radiogroup', { name: 'What do you need?' });
    const exchange = within(kinds).getByRole('radio', { name: 'Exchange' });
    // A real button: reached by Tab, pressed by Enter and Space as any button is.
    expect(exchange.tagName).toBe('BUTTON');
    exchange.focus();
    expect(document.activeElement).toBe(exchange);
    expect(exchange.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(exchange);
    expect(within(kinds).getByRole('radio', { name: 'Exchange' }).getAttribute('aria-checked')).toBe('true');
    const reason = within(screen.getByRole('radiogroup', { name: 'Reason' })).getByRole('radio', { name: 'Wrong size or colour' });
    expect(reason.tagName).toBe('BUTTON');
    fireEvent.click(reason);
    expect(reason.getAttribute('aria-checked')).toBe('true');
    // No group is announced by the library's generic name.
    expect(screen.queryByRole('listbox', { name: 'Selector' })).toBeNull();
  });

  it('realSale of a member-shop order: asked and sent by the shop order, the exchange targets read by its line', async () => {
    const router = renderAt(`${paths.order.afterSaleApply}?shop_order_id=9`);
    expect(await screen.findByText('Teapot')).toBeTruthy();
    const asked = api.requests.filter((r) => r.url.startsWith('/shop/order/afterSaleApply')).at(-1)!;
    expect(JSON.parse(asked.body)).toEqual({ shop_order_id: 9 });
    fireEvent.click(screen.getByText('Exchange'));
    fireEvent.click(screen.getByLabelText('Quantity of Teapot').closest('.adm-stepper')!.querySelector('.adm-stepper-plus')!);
    expect(await screen.findByText('Green')).toBeTruthy();
    expect(api.requests.filter((r) => r.url.startsWith('/attractive/AfterSales/huanhuoGoods')).at(-1)!.url).toContain('shop_order_line_id=1');
    fireEvent.click(screen.getByText('Wrong size or colour'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=31'));
    const sent = api.requests.filter((r) => r.url.startsWith('/shop/order/afterSaleSubmit')).at(-1)!;
    expect(JSON.parse(sent.body)).toMatchObject({ shop_order_id: 9, kind: 'exchange', lines: [{ order_line_id: 1, qty: 1 }], reason_id: 'wrong_size' });
    expect(JSON.parse(sent.body).order_id).toBeUndefined();
  });

  it('realSale: an exchange names the SKU wanted instead among the same-price ones', async () => {
    const router = renderAt(`${paths.order.afterSaleApply}?order_id=7`);
    fireEvent.click(await screen.findByText('Exchange'));
    fireEvent.click(screen.getByLabelText('Quantity of Teapot').closest('.adm-stepper')!.querySelector('.adm-stepper-plus')!);
    fireEvent.click(await screen.findByText('Green'));
    fireEvent.click(screen.getByText('Wrong size or colour'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=31'));
    const sent = api.requests.filter((r) => r.url.startsWith('/shop/order/afterSaleSubmit')).at(-1)!;
    expect(JSON.parse(sent.body)).toMatchObject({ kind: 'exchange', lines: [{ order_line_id: 1, qty: 1, exchange_sku_id: 3 }], reason_id: 'wrong_size' });
  });

  it('salingAfter: the member’s cases with their state and actions', async () => {
    renderAt(paths.order.afterSales);
    expect(await screen.findByText('Approved: send the goods back')).toBeTruthy();
    expect(screen.getByText('Teapot × 1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send the goods back' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeTruthy();
  });

  it('salingAfter from an order: only that order’s cases are asked for, with a way on to all of them', async () => {
    const router = renderAt(`${paths.order.afterSales}?order_id=7`);
    expect(await screen.findByText('Teapot × 1')).toBeTruthy();
    expect(screen.getByText('Requests for this order')).toBeTruthy();
    const asked = () => api.requests.filter((r) => r.url.startsWith('/attractive/AfterSales/list')).map((r) => new URL(r.url, 'http://x').searchParams);
    expect(asked().at(-1)!.get('order_id')).toBe('7');
    fireEvent.click(screen.getByRole('link', { name: 'All requests' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(asked().at(-1)!.get('order_id')).toBeNull());
    expect(screen.queryByText('Requests for this order')).toBeNull();
  });

  it('saleInfo: history, return address, the shipment form and then its tracking', async () => {
    renderAt(`${paths.order.afterSaleDetails}?id=31`);
    expect(await screen.findByText('Returns centre')).toBeTruthy();
    expect(screen.getByText('Request submitted')).toBeTruthy();
    fireEvent.click(await screen.findByText('Pos Laju'));
    fireEvent.change(screen.getByPlaceholderText('Tracking number'), { target: { value: 'RT12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Parcel picked up')).toBeTruthy();
    expect(screen.getByText('Goods on their way back')).toBeTruthy();
    const saved = api.requests.find((r) => r.url.startsWith('/attractive/AfterSales/expressSave'))!;
    expect(JSON.parse(saved.body)).toEqual({ case_id: 31, carrier_code: 'poslaju', tracking_number: 'RT12345' });
    expect(api.violations).toEqual([]);
  });

  it('a case still open shows its refund; a rejected or refused one shows none, on the list and on its page', async () => {
    renderAt(paths.order.afterSales);
    expect(await screen.findByText('$11.00')).toBeTruthy();
    cleanup();
    for (const [ended, shown] of [['rejected', 'Rejected'], ['receipt_refused', 'Returned goods refused']]) {
      status = ended!;
      renderAt(paths.order.afterSales);
      expect(await screen.findByText(shown!)).toBeTruthy();
      expect(screen.queryByText('$11.00')).toBeNull();
      expect(screen.queryByText('$12.00')).toBeNull();
      cleanup();
      renderAt(`${paths.order.afterSaleDetails}?id=31`);
      expect(await screen.findByText('Request submitted')).toBeTruthy();
      expect(screen.getByText(shown!)).toBeTruthy();
      expect(screen.queryByText('$11.00')).toBeNull();
      expect(screen.queryByText('$12.00')).toBeNull();
      cleanup();
    }
  });

  it('a refunded case shows what went back (the card surcharge with it), not the approved refund, on the list and on its page', async () => {
    status = 'refunded';
    refunded = 1420;
    renderAt(paths.order.afterSales);
    expect(await screen.findByText('$14.20')).toBeTruthy();
    expect(screen.queryByText('$11.00')).toBeNull();
    cleanup();
    renderAt(`${paths.order.afterSaleDetails}?id=31`);
    expect(await screen.findByText('Request submitted')).toBeTruthy();
    expect(screen.getByText('$14.20')).toBeTruthy();
    expect(screen.queryByText('$11.00')).toBeNull();
    expect(api.violations).toEqual([]);
  });

  it('saleInfo: a refund held up at the payment provider tells the member calmly that the shop is on it', async () => {
    status = 'refunding';
    renderAt(`${paths.order.afterSaleDetails}?id=31`);
    expect(await screen.findByText('Request submitted')).toBeTruthy();
    expect(screen.queryByText(/taking longer than usual/)).toBeNull();
    cleanup();
    refundDelayed = true;
    renderAt(`${paths.order.afterSaleDetails}?id=31`);
    expect(await screen.findByText(/Your refund is taking longer than usual/)).toBeTruthy();
    expect(api.violations).toEqual([]);
  });

  it('saleInfo: with no return address for the order’s country, says so and leads to customer service', async () => {
    returnAddress = false;
    renderAt(`${paths.order.afterSaleDetails}?id=31`);
    expect(await screen.findByText(/has not set a return address for your country/)).toBeTruthy();
    expect(screen.queryByText('Returns centre')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ask customer service' }));
    expect(await screen.findByText('chat page')).toBeTruthy();
  });

  it('realSale: the estimate is what the refund will send, as the server works it out: the whole order brings back the freight and the card surcharge', async () => {
    renderAt(`${paths.order.afterSaleApply}?order_id=7`);
    expect(await screen.findByText('Teapot')).toBeTruthy();
    const plus = () => fireEvent.click(screen.getByLabelText('Quantity of Teapot').closest('.adm-stepper')!.querySelector('.adm-stepper-plus')!);
    plus();
    expect(await screen.findByText('$11.00')).toBeTruthy();
    expect(await screen.findByText('40 points back')).toBeTruthy();
    plus();
    plus();
    // 3 × 11.00, the 5.00 freight and the 0.99 surcharge: what the case, the console and the refund will say.
    expect(await screen.findByText('$38.99')).toBeTruthy();
    // The points the order spent come back in the same share; no shopping points were spent, none are said.
    expect(screen.getByText('120 points back')).toBeTruthy();
    expect(screen.queryByText(/shopping points back/)).toBeNull();
    expect(api.requests.filter((r) => r.url.startsWith('/attractive/AfterSales/refundEstimate')).at(-1)!.url).toContain('lines=1%3A3');
    expect(api.violations).toEqual([]);
  });

  it('saleInfo → chat: asking customer service opens the chat with the case and its order named in the message box, ready to send', async () => {
    returnAddress = false;
    renderRoutes({ [paths.order.afterSaleDetails]: <CaseInfoPage />, [paths.other.customerChat]: <ChatPage /> }, `${paths.order.afterSaleDetails}?id=31`);
    fireEvent.click(await screen.findByRole('button', { name: 'Ask customer service' }));
    await waitFor(() => expect(document.querySelector('textarea')?.value).toBe('About after-sales case AS26112400000031 (order 2611230000000007): '));
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false);
    expect(api.violations).toEqual([]);
  });

  it('saleInfo: a malformed id says the case does not exist, as an unknown one does, with a way back and no network error', async () => {
    for (const id of ['99999', 'abc', '']) {
      renderAt(`${paths.order.afterSaleDetails}?id=${id}`);
      const state = within(await screen.findByRole('alert'));
      expect(state.getByText('The after-sales case does not exist')).toBeTruthy();
      expect(state.getByRole('button', { name: 'Back' })).toBeTruthy();
      expect(screen.queryByText('Check your connection and try again.')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
      cleanup();
    }
  });

  it('saleInfo → realSale: a rejected case is sent again from the form filled with its evidence, changed first', async () => {
    status = 'rejected';
    evidence = ['/uploads/m/old.png?exp=1790000000&sig=abc'];
    rejectReason = 'The photo does not show the defect; please send a clearer one';
    const router = renderAt(`${paths.order.afterSaleDetails}?id=31`);
    fireEvent.click(await screen.findByRole('button', { name: 'Apply again' }));
    // Nothing is sent yet: the form opens with the case's reason, words and picture, and why it was rejected.
    await waitFor(() => expect(router.state.location.search).toBe('?case_id=31'));
    const reason = within(await screen.findByRole('radiogroup', { name: 'Reason' })).getByRole('radio', { name: 'Arrived damaged' });
    expect(reason.getAttribute('aria-checked')).toBe('true');
    expect((screen.getByPlaceholderText('Describe the problem') as HTMLTextAreaElement).value).toBe('Cracked lid');
    expect(shownImages()).toEqual(['/uploads/m/old.png?exp=1790000000&sig=abc']);
    expect(screen.getByText(/The photo does not show the defect/)).toBeTruthy();
    expect(api.requests.some((r) => r.url.startsWith('/attractive/AfterSales/submit'))).toBe(false);
    // The kind and the goods stay as the case had them.
    expect(screen.queryByRole('radiogroup', { name: 'What do you need?' })).toBeNull();
    expect(screen.queryByLabelText('Quantity of Teapot')).toBeNull();
    expect(screen.getByText('Teapot × 1')).toBeTruthy();
    // A clearer photo instead of the old one, and more words.
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    const uploaded = `/uploads/m/${api.requests.filter((r) => r.url === '/upload2').length + 1}.png`;
    pick([photo('clearer.png')]);
    await waitFor(() => expect(shownImages()).toEqual([uploaded]));
    fireEvent.change(screen.getByPlaceholderText('Describe the problem'), { target: { value: 'Cracked lid, the crack on the left side' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=32'));
    const sent = api.requests.filter((r) => r.url.startsWith('/attractive/AfterSales/submit'));
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.body)).toEqual({ case_id: 31, reason_id: 'damaged', description: 'Cracked lid, the crack on the left side', images: [uploaded] });
    expect(sent[0]!.headers['idempotency-key']).toBeTruthy();
  });

  it('realSale: ten pictures and a video picked at once: nine pictures and the video are kept, and the member is told of the tenth', async () => {
    renderAt(`${paths.order.afterSaleApply}?order_id=7`);
    expect(await screen.findByText('Teapot')).toBeTruthy();
    pick([...Array.from({ length: 10 }, (_, i) => photo(`p${i}.png`)), film('clip.mp4')]);
    expect(await toastText(2000)).toBe('At most 9 pictures');
    await waitFor(() => expect(shownImages()).toHaveLength(9), { timeout: 15_000 });
    await waitFor(() => expect(document.querySelector('.as-evidence-item video')?.getAttribute('src')).toMatch(/^\/uploads\/m\/\d+\.mp4$/));
  });

  it('realSale: a video whose length the browser cannot read is refused with its own words, not as too long', async () => {
    renderAt(`${paths.order.afterSaleApply}?order_id=7`);
    expect(await screen.findByText('Teapot')).toBeTruthy();
    videoLength = undefined;
    const uploads = api.requests.filter((r) => r.url === '/upload2').length;
    pick([film('clip.webm')]);
    expect(await toastText(2000)).toBe("The video's length cannot be read: please upload an MP4 or MOV video");
    expect(api.requests.filter((r) => r.url === '/upload2')).toHaveLength(uploads);
  });

  it('realSale: a picture on its way shows how far it is, then the picture', async () => {
    renderAt(`${paths.order.afterSaleApply}?order_id=7`);
    expect(await screen.findByText('Teapot')).toBeTruthy();
    let release = () => {};
    uploadHeld = new Promise<void>((r) => (release = r));
    pick([photo('lid.png')]);
    const progress = await screen.findByRole('progressbar', { name: 'Uploading' });
    expect(progress.getAttribute('aria-valuenow')).toBe('0');
    expect(progress.textContent).toBe('0%');
    // Sending waits for it.
    expect(document.querySelector('.as-bar .adm-button')!.className).toContain('adm-button-loading');
    release();
    await waitFor(() => expect(shownImages()).toEqual([expect.stringMatching(/^\/uploads\/m\/\d+\.png$/)]));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

describe('realSale: what the member gave belongs to the order it was given for', () => {
  // The form as the app routes it (the route's own options), at `page`.
  const appRoute = routes[0]!.children!.find((r) => r.path === paths.order.afterSaleApply)!;
  const openForm = (page: string) => renderRouter([{ ...appRoute, lazy: undefined, element: <ApplyPage /> }, { path: paths.order.afterSaleDetails, element: <p>case page</p> }], page);
  const plusOne = () => fireEvent.click(screen.getByLabelText('Quantity of Teapot').closest('.adm-stepper')!.querySelector('.adm-stepper-plus')!);
  const units = () => screen.getByLabelText('Quantity of Teapot').closest('.adm-stepper')!.querySelector('input')!.value;
  const checked = (group: string) =>
    within(screen.getByRole('radiogroup', { name: group }))
      .getAllByRole('radio')
      .filter((r) => r.getAttribute('aria-checked') === 'true')
      .map((r) => r.textContent);
  const words = () => (screen.getByPlaceholderText('Describe the problem') as HTMLTextAreaElement).value;
  /** An exchange of one teapot for a green one, with a reason, words and a photo. */
  const fillExchange = async () => {
    fireEvent.click(within(await screen.findByRole('radiogroup', { name: 'What do you need?' })).getByRole('radio', { name: 'Exchange' }));
    plusOne();
    fireEvent.click(await screen.findByText('Green'));
    fireEvent.click(screen.getByText('Wrong size or colour'));
    fireEvent.change(screen.getByPlaceholderText('Describe the problem'), { target: { value: 'The blue one clashes' } });
    pick([photo('teapot.png')]);
    await waitFor(() => expect(shownImages()).toHaveLength(1));
  };
  beforeEach(() => sessionStorage.clear());

  it('a reload keeps the kind, the units, the exchange target, the reason, the words and the photo, for this order only', async () => {
    openForm(`${paths.order.afterSaleApply}?order_id=7`);
    await fillExchange();
    const photoShown = shownImages();

    // The page loaded again (the browser's reload, the new-version banner): the form as the member left it.
    keepOpenDrafts();
    cleanup();
    takeDraftsLeftOpen(`${paths.order.afterSaleApply}?order_id=7`);
    openForm(`${paths.order.afterSaleApply}?order_id=7`);
    expect(await screen.findByText('Teapot')).toBeTruthy();
    expect(checked('What do you need?')).toEqual(['Exchange']);
    expect(units()).toBe('1');
    expect(await screen.findByText('Green')).toBeTruthy();
    expect(checked('Exchange to')).toEqual(['Green']);
    expect(checked('Reason')).toEqual(['Wrong size or colour']);
    expect(words()).toBe('The blue one clashes');
    expect(shownImages()).toEqual(photoShown);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('case page');
    const sent = api.requests.filter((r) => r.url.startsWith('/shop/order/afterSaleSubmit')).at(-1)!;
    expect(JSON.parse(sent.body)).toEqual({ order_id: 7, kind: 'exchange', lines: [{ order_line_id: 1, qty: 1, exchange_sku_id: 3 }], reason_id: 'wrong_size', description: 'The blue one clashes', images: photoShown });

    // Left open on order 7, the tab opened again at another order's form: that one starts empty.
    cleanup();
    openForm(`${paths.order.afterSaleApply}?order_id=7`);
    await fillExchange();
    keepOpenDrafts();
    cleanup();
    takeDraftsLeftOpen(`${paths.order.afterSaleApply}?order_id=8`);
    openForm(`${paths.order.afterSaleApply}?order_id=8`);
    expect(await screen.findByText('Teapot')).toBeTruthy();
    expect(checked('What do you need?')).toEqual(['Return & refund']);
    expect(units()).toBe('0');
    expect(words()).toBe('');
    expect(shownImages()).toEqual([]);
  });

  it("another order's form opened from this one (only the address's order changes) starts empty", async () => {
    const router = openForm(`${paths.order.afterSaleApply}?order_id=2`);
    await fillExchange();
    act(() => router.navigate(`${paths.order.afterSaleApply}?order_id=1`));
    await waitFor(() => expect(api.requests.filter((r) => r.url.startsWith('/shop/order/afterSaleApply')).at(-1)!.body).toBe(JSON.stringify({ order_id: 1 })));
    expect(await screen.findByText('Teapot')).toBeTruthy();
    expect(checked('What do you need?')).toEqual(['Return & refund']);
    expect(units()).toBe('0');
    expect(checked('Reason')).toEqual([]);
    expect(words()).toBe('');
    expect(shownImages()).toEqual([]);
    // Back on order 2: its own form again, not order 1's.
    act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe('?order_id=2'));
    expect(await screen.findByText('Teapot')).toBeTruthy();
    expect(words()).toBe('');
  });
});
