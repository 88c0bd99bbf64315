import { describe, expect, it } from 'vitest';
import { addCartItemBody, CART_LINE_MAX } from '../../cart/cart.schemas.js';
import { idParam } from '../../catalogue/catalogue.schemas.js';

describe('a number over its limit', () => {
  it("is refused first for the field's own limit, not for JavaScript's largest whole number", () => {
    expect(idParam.safeParse('99999999999999999999').error?.issues[0]).toMatchObject({ code: 'too_big', maximum: 2_147_483_647 });
    const cart = addCartItemBody.safeParse({ goods_id: 5, sku_id: 30, num: 1e20 });
    expect(cart.error?.issues[0]).toMatchObject({ code: 'too_big', maximum: CART_LINE_MAX, path: ['num'] });
  });
});
