import { ResponseCode } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { shopKit, type ShopKit } from './fixtures.js';

// The owner's own page of a shop the platform closed: why and since when, and no link or QR code to
// share (buyers who follow it are told the shop does not exist). A paused shop keeps its link.

let t: TestApp;
let k: ShopKit;
let operator: Awaited<ReturnType<typeof newOperatorSession>>;
let n = 0;
beforeAll(async () => {
  t = await buildTestApp();
  k = shopKit(t);
  operator = await newOperatorSession(t.db, 'owner');
}, 60_000);
afterAll(() => t.close());

const setStatus = (id: number, status: 'open' | 'paused' | 'closed', reason: string) =>
  call(t, 'POST', '/admin/api/shops/status', { headers: { ...operator.headers, 'idempotency-key': `own-page-${Date.now()}-${n++}` }, body: { id, status, reason }, lang: 'en-us' });

describe('the owner’s page of a closed or paused shop', () => {
  it('says when and why the platform closed it, and gives no link or QR code to share', async () => {
    const o = await k.owner();
    const open = (await k.get(o, '/attractive/shop/shopInfo')).body.data;
    expect(open.share_url).toMatch(/#\/pages\/shop\/home\?id=/);

    const before = Date.now();
    expect((await setStatus(o.shopId, 'closed', 'Owner asked to close')).body.code).toBe(200);
    const closed = (await k.get(o, '/attractive/shop/shopInfo')).body;
    expect(closed.code, closed.msg).toBe(200);
    expect(closed.data).toMatchObject({ status: 'closed', status_reason: 'Owner asked to close' });
    expect(closed.data.share_url).toBeUndefined();
    expect(closed.data.qr_code).toBeUndefined();
    const at = new Date(closed.data.status_changed_at).getTime();
    expect(at).toBeGreaterThanOrEqual(before - 1_000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1_000);
    // The settings page (what "My shop" reads) says the same.
    const page = (await k.get(o, '/attractive/UserPageData/shopSetPage')).body.data;
    expect(page.shop).toMatchObject({ status: 'closed', status_reason: 'Owner asked to close', status_changed_at: closed.data.status_changed_at });
  });

  it('records no sales slip: the owner is told the shop is closed, and its stock and slips stay as they were', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { price: 1000, stock: 5 });
    expect((await setStatus(o.shopId, 'closed', 'Owner asked to close')).body.code).toBe(200);
    for (const lang of ['en-us', 'zh-cn', 'th']) {
      const refused = await k.post(o, '/attractive/shop/sellNoteCreate', { buyer_name: 'Walk-in', lines: [{ sku_id: g.skuId, num: 1 }], paid: 1000 }, lang);
      expect(refused.body.code).toBe(ResponseCode.shopOrderState);
      expect(refused.body.msg).not.toMatch(/userShop\.|^$/);
      if (lang === 'en-us') expect(refused.body.msg).toMatch(/closed/i);
    }
    expect(await k.stockOf(o.shopId, g.skuId)).toBe(5);
    expect((await k.get(o, '/attractive/shop/sellNoteList')).body.data).toMatchObject({ total: 0 });
  });

  it('a paused shop keeps its link; buyers are not told when or why', async () => {
    const o = await k.owner();
    expect((await setStatus(o.shopId, 'paused', 'Checking the stock')).body.code).toBe(200);
    const paused = (await k.get(o, '/attractive/shop/shopInfo')).body.data;
    expect(paused).toMatchObject({ status: 'paused', status_reason: 'Checking the stock' });
    expect(paused.share_url).toMatch(/#\/pages\/shop\/home\?id=/);
    expect(paused.status_changed_at).toEqual(expect.any(String));
    const b = await k.buyer();
    const seen = (await k.get(b, `/attractive/shop/shopInfo?shop_id=${o.shopId}`)).body.data;
    expect(seen).toMatchObject({ status: 'paused', status_reason: '', status_changed_at: null });
  });
});
