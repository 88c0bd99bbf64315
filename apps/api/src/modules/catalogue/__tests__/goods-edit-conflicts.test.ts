import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { signedInOperator } from '../../operators/__tests__/operator-fixtures.js';

// Two catalogue operators editing the same goods: a save from a copy changed since it was opened is
// refused with nothing written, so one operator's change is never silently undone by the other's.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Operator = Awaited<ReturnType<typeof signedInOperator>>;
let keys = 0;
async function post(url: string, body: unknown, op: Operator, lang = 'en-us') {
  const res = await t.app.inject({
    method: 'POST',
    url,
    remoteAddress: '10.0.0.1',
    headers: { authorization: `Bearer ${op.token}`, 'content-type': 'application/json', 'idempotency-key': `edit-${Date.now()}-${++keys}`, 'think-lang': lang },
    payload: JSON.stringify(body),
  });
  return res.json() as { code: number; msg: string; data: any };
}
/** The goods as the editor opens them: the body it would save unchanged, with the version it loaded. */
async function opened(goodsId: number, op: Operator) {
  const res = await t.app.inject({ method: 'GET', url: `/admin/api/catalogue/goods/info?id=${goodsId}`, remoteAddress: '10.0.0.1', headers: { authorization: `Bearer ${op.token}` } });
  const g = res.json().data;
  return {
    id: goodsId, base_updated_at: g.updated_at as string, category_id: g.category_id, name: g.name, subtitle: g.subtitle, description: g.description, images: g.images.length ? g.images : ['/media/demo/goods-1-1.png'],
    currency: g.currency, market_price: g.market_price, status: g.status, sort: g.sort as number, specs: g.specs,
    skus: g.skus.map((s: { id: number; spec_value_ids: number[]; price: number; market_price: number; pv: number; weight_g: number; image: string }) => ({ id: s.id, spec_value_ids: s.spec_value_ids, price: s.price, market_price: s.market_price, pv: s.pv, weight_g: s.weight_g, image: s.image })),
  };
}
const save = (body: unknown, op: Operator, lang?: string) => post('/admin/api/catalogue/goods/save', body, op, lang);
const stored = async (goodsId: number) => ({
  sort: (await t.db.selectFrom('goods').select('sort').where('id', '=', goodsId).executeTakeFirstOrThrow()).sort,
  prices: (await t.db.selectFrom('goods_skus').select('price_minor').where('goods_id', '=', goodsId).orderBy('id').execute()).map((s) => Number(s.price_minor)),
});
const actionsOn = (type: string, id: number) => t.db.selectFrom('operator_actions').select(['action', 'operator', 'reason']).where('target_type', '=', type as never).where('target_id', '=', id).orderBy('id').execute();

describe('two operators editing the same goods', () => {
  it('the later save from the old copy is refused, nothing of it written; reopened, it saves and keeps the other’s price', async () => {
    const [cat1, cat2] = [await signedInOperator(t, 'catalogue'), await signedInOperator(t, 'catalogue')];
    const g = await newGoods(t.db, [{ price: 2890, stock: 5 }]);
    const [copy1, copy2] = [await opened(g.goodsId, cat1), await opened(g.goodsId, cat2)];

    const priced = await save({ ...copy1, market_price: 0, skus: [{ ...copy1.skus[0], price: 3000, market_price: 0 }] }, cat1);
    expect(priced.code, priced.msg).toBe(200);

    // cat2 changed only the sort, from the copy with the old price: saving it would put 2890 back.
    const stale = await save({ ...copy2, sort: 7 }, cat2, 'zh-cn');
    expect(stale).toMatchObject({ code: ResponseCode.editedSinceOpened, msg: '您打开后，其他人已修改了此内容，因此未保存任何更改（保存会撤销对方的修改）。请重新加载后再修改' });
    expect(await stored(g.goodsId)).toEqual({ sort: 0, prices: [3000] });
    expect((await actionsOn('sku', g.skuIds[0]!)).map((a) => [a.action, a.operator, a.reason])).toEqual([['sku.price', cat1.recordedAs, null]]);
    expect((await actionsOn('goods', g.goodsId)).map((a) => a.operator)).toEqual([cat1.recordedAs]);

    // Reloaded: the sort is saved and the price cat1 set stays.
    const again = await opened(g.goodsId, cat2);
    const sorted = await save({ ...again, sort: 7 }, cat2);
    expect(sorted.code, sorted.msg).toBe(200);
    expect(await stored(g.goodsId)).toEqual({ sort: 7, prices: [3000] });
  });

  it('a copy made stale by an on/off-sale switch from the list is refused too; a change naming no version is refused', async () => {
    const cat = await signedInOperator(t, 'catalogue');
    const g = await newGoods(t.db, [{ price: 1500, stock: 2 }]);
    const copy = await opened(g.goodsId, cat);
    expect((await post('/admin/api/catalogue/goods/status', { ids: [g.goodsId], status: 'off_sale' }, cat)).code).toBe(200);
    const stale = await save({ ...copy, sort: 3 }, cat);
    expect(stale).toMatchObject({ code: ResponseCode.editedSinceOpened, msg: 'Someone else changed this after you opened it, so nothing was saved (saving would have undone their change). Reload it and make your changes again' });
    const { base_updated_at: _loaded, ...unversioned } = await opened(g.goodsId, cat);
    expect((await save({ ...unversioned, sort: 3 }, cat)).code).toBe(ResponseCode.editedSinceOpened);
    expect((await stored(g.goodsId)).sort).toBe(0);
    expect((await save({ ...(await opened(g.goodsId, cat)), sort: 3 }, cat)).code).toBe(200);
  });

  it('two saves from the same copy at the same moment: one is written, the other refused', async () => {
    const [cat1, cat2] = [await signedInOperator(t, 'catalogue'), await signedInOperator(t, 'catalogue')];
    for (let round = 0; round < 4; round++) {
      const g = await newGoods(t.db, [{ price: 1000, stock: 1 }]);
      const copy = await opened(g.goodsId, cat1);
      const [a, b] = await Promise.all([save({ ...copy, market_price: 0, skus: [{ ...copy.skus[0], price: 1100, market_price: 0 }] }, cat1), save({ ...copy, sort: 9 }, cat2)]);
      expect([a.code, b.code].sort()).toEqual([200, ResponseCode.editedSinceOpened]);
      expect(await stored(g.goodsId)).toEqual(a.code === 200 ? { sort: 0, prices: [1100] } : { sort: 9, prices: [1000] });
    }
  });
});
