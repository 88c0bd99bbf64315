import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import type { Database } from '../../../db/database.js';
import { widePool } from '../../../test/test-database.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import type { AppDeps } from '../../../app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newGoods, stockOf } from '../../cart/__tests__/fixtures.js';
import { placeOrder } from '../orders.service.js';
import { memberActor } from './actors.js';
import { newAddress } from './fixtures.js';

// One cart line, checked out from several tabs at once: it becomes one order, the others are
// refused as a checkout of it after the first would be, and reserve nothing.
const ROUNDS = 10;
const TABS = 5;
const STOCK = 20;

let t: TestApp;
let wide: Database;
let deps: AppDeps;

beforeAll(async () => {
  t = await buildTestApp();
  wide = widePool(t.db, 20);
  deps = { ...t.deps, db: wide };
}, 60_000);
afterAll(async () => {
  await wide?.destroy();
  await t.close();
});

const ordersOfSku = async (skuId: number) => t.db.selectFrom('order_lines').select(['order_id', 'quantity']).where('sku_id', '=', skuId).execute();

/** A member with a cart line of 2 units of a fresh SKU. */
async function memberWithCartLine() {
  const m = await newMember(t);
  const addressId = await newAddress(t.db, m.userId);
  const g = await newGoods(t.db, [{ price: 1200, stock: STOCK }]);
  const added = await call(t, 'POST', '/shop/cart/add', { headers: m.headers, body: { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 2 } });
  expect(added.body.code).toBe(200);
  return { m, addressId, skuId: g.skuIds[0]!, cartId: added.body.data.id as number };
}

describe('one cart line is checked out once', () => {
  it(`${ROUNDS} rounds of ${TABS} concurrent checkouts of one cart line: exactly one order each round, its units reserved once`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { m, addressId, skuId, cartId } = await memberWithCartLine();
      const results = await Promise.allSettled(Array.from({ length: TABS }, () => placeOrder(deps, memberActor(m.userId), { cart_ids: [cartId], address_id: addressId, remarks: '' })));
      const refusals = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => (r.reason as { code?: number }).code);
      expect(results.filter((r) => r.status === 'fulfilled'), `round ${round}`).toHaveLength(1);
      expect(new Set(refusals)).toEqual(new Set([ResponseCode.nothingSelected]));
      expect(await ordersOfSku(skuId)).toMatchObject([{ quantity: 2 }]);
      expect(await stockOf(t.db, skuId)).toBe(STOCK - 2);
      expect(await t.db.selectFrom('cart_items').select('id').where('user_id', '=', m.userId).execute()).toEqual([]);
    }
  }, 120_000);

  it('through the API, two tabs each with its own idempotency key: one order, the others answer 5004', async () => {
    for (let round = 0; round < 3; round++) {
      const { m, addressId, skuId, cartId } = await memberWithCartLine();
      const answers = await Promise.all(
        Array.from({ length: TABS }, (_, i) => call(t, 'POST', '/shop/buy/createOrder', { headers: { ...m.headers, 'idempotency-key': `tab-${round}-${i}-${m.userId}` }, body: { cart_ids: [cartId], address_id: addressId } })),
      );
      expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.body.code !== 200).map((a) => a.body.code)).toEqual(Array(TABS - 1).fill(ResponseCode.nothingSelected));
      expect(await ordersOfSku(skuId)).toHaveLength(1);
      expect(await stockOf(t.db, skuId)).toBe(STOCK - 2);
    }
  }, 60_000);
});
