import { ResponseCode } from '@shop/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { afterSalesKit, type AfterSalesKit } from '../../after-sales/__tests__/fixtures.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { call } from './helpers.js';

// A review's pictures are public at their bare address while the review is on the goods page. When
// an operator hides the review, or it is taken down because the goods came back, they are private
// again (a visitor's bare address finds nothing), unless something still shown uses them: another
// review on show, the member's avatar. Shown again, they are public again.

type Operator = Awaited<ReturnType<typeof newOperatorSession>>;
type Member = Awaited<ReturnType<AfterSalesKit['shopper']>>;
let t: TestApp;
let kit: AfterSalesKit;
let reviewer: Operator;
beforeAll(async () => {
  t = await buildTestApp();
  kit = await afterSalesKit(t);
  reviewer = await newOperatorSession(t.db, 'reviewer');
}, 60_000);
afterAll(() => t.close());

let keys = 0;
const bare = async (key: string) => (await t.app.inject({ method: 'GET', url: `/uploads/${key}` })).statusCode;
const setVisible = (id: number, visible: boolean) =>
  call(t, 'POST', '/admin/api/catalogue/reviews/visibility', { headers: { ...reviewer.headers, 'idempotency-key': `hidden-pictures-${Date.now()}-${keys++}` }, body: { id, visible, reason: visible ? 'Appeal accepted' : 'Shows a stranger' } });

/** A picture the member uploaded through the app (stored, private until shown): its signed address and key. */
async function picture(m: Member): Promise<{ url: string; key: string }> {
  const png = await sharp({ create: { width: 24, height: 24, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer();
  const res = await call(t, 'POST', '/user/upload', { headers: m.headers, body: { image: `data:image/png;base64,${png.toString('base64')}` } });
  expect(res.body.code).toBe(200);
  const url: string = res.body.data.url;
  return { url, key: /\/uploads\/([^?]+)/.exec(url)![1]! };
}

/** Reviews of both lines of a received order: the first with pictures a and b, the second with b only. */
async function reviewedOrder(m: Member) {
  const o = await kit.boughtOrder(m);
  const a = await picture(m);
  const b = await picture(m);
  const first = await kit.post(m, '/user/praise/create', { order_line_id: o.lines[0]!.id, rating: 2, content: 'Scratched', images: [a.url, b.url] });
  expect(first.body.code).toBe(ResponseCode.ok);
  const second = await kit.post(m, '/user/praise/create', { order_line_id: o.lines[1]!.id, rating: 5, content: 'Fine', images: [b.url] });
  expect(second.body.code).toBe(ResponseCode.ok);
  return { o, a, b, firstId: first.body.data.review_id as number, secondId: second.body.data.review_id as number };
}

describe('pictures of a hidden review', () => {
  it('hiding a review makes its pictures private unless another review on show uses them; showing it again makes them public', async () => {
    const m = await kit.shopper();
    const { a, b, firstId, secondId } = await reviewedOrder(m);
    expect(await bare(a.key)).toBe(200);
    expect(await bare(b.key)).toBe(200);

    expect((await setVisible(firstId, false)).body.data.visible).toBe(false);
    expect(await bare(a.key)).toBe(404);
    // Still on the goods page with the second review.
    expect(await bare(b.key)).toBe(200);
    // Its owner still reads it through a signed address.
    expect((await t.app.inject({ method: 'GET', url: a.url })).statusCode).toBe(200);

    // The second hidden too: the first (hidden) review no longer keeps b public.
    await setVisible(secondId, false);
    expect(await bare(b.key)).toBe(404);

    await setVisible(firstId, true);
    expect(await bare(a.key)).toBe(200);
    expect(await bare(b.key)).toBe(200);
  });

  it('a picture that is also the member’s avatar stays public when the review is hidden', async () => {
    const m = await kit.shopper();
    const { a, firstId, secondId } = await reviewedOrder(m);
    expect((await call(t, 'POST', '/user/info/save', { headers: m.headers, body: { avatar: a.url } })).body.code).toBe(200);
    await setVisible(secondId, false);
    await setVisible(firstId, false);
    expect(await bare(a.key)).toBe(200);
  });

  it('a review taken down because every unit came back has its pictures made private', async () => {
    const m = await kit.shopper();
    const { o, a, b } = await reviewedOrder(m);
    const line = o.lines[0]!;
    const opened = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: line.id, qty: line.quantity }] });
    expect(opened.body.code, opened.body.msg).toBe(200);
    const id = opened.body.data.case_id as number;
    expect((await kit.admin('/admin/api/after-sales/approve', { id })).body.code).toBe(200);
    expect((await kit.admin('/admin/api/after-sales/receive', { id })).body.code).toBe(200);
    expect((await kit.admin('/admin/api/after-sales/refund', { id })).body.data.status).toBe('refunded');
    expect(await bare(a.key)).toBe(404);
    // b is still shown by the review of the line the member kept.
    expect(await bare(b.key)).toBe(200);
  });
});
