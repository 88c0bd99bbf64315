import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { newReviews } from './fixtures.js';
import { call } from './helpers.js';

// Goods nobody has reviewed (or whose every review is hidden) have no positive share to show: the
// goods page reads "no reviews yet", never "100% positive".

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t.close());

const totals = async (goodsId: number) => (await call(t, 'GET', `/shop/goods_comment/total?goods_id=${goodsId}`)).body.data;
const info = async (goodsId: number) => (await call(t, 'GET', `/shop/goods/info?id=${goodsId}`)).body.data;

describe('the positive share of goods without reviews', () => {
  it('no reviews: no share (null) in the totals and on the goods; reviews shown: their share', async () => {
    const { goodsId } = await newGoods(t.db);
    expect(await totals(goodsId)).toMatchObject({ total: 0, good_rate: null });
    expect(await info(goodsId)).toMatchObject({ comment_total: 0, good_rate: null });

    const reviewed = (await newGoods(t.db)).goodsId;
    await newReviews(t, reviewed, [5, 2, 4]);
    expect(await totals(reviewed)).toMatchObject({ total: 3, good_rate: 66 });
    expect(await info(reviewed)).toMatchObject({ comment_total: 3, good_rate: 66 });
  });

  it('every review hidden: no share either', async () => {
    const { goodsId } = await newGoods(t.db);
    await newReviews(t, goodsId, [5]);
    await t.db.updateTable('goods_reviews').set({ is_visible: false }).where('goods_id', '=', goodsId).execute();
    expect(await totals(goodsId)).toMatchObject({ total: 0, good_rate: null });
    expect(await info(goodsId)).toMatchObject({ comment_total: 0, good_rate: null });
  });
});
