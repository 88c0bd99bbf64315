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

describe('a whole number', () => {
  const num = (v: unknown) => addCartItemBody.safeParse({ goods_id: 5, sku_id: 30, num: v });
  it('is taken as a JSON number or as its decimal digits, as a query string or a form sends it', () => {
    expect(num(3).data?.num).toBe(3);
    expect(num('3').data?.num).toBe(3);
    expect(idParam.parse(' 12 ')).toBe(12);
  });

  it("is not read out of other text or types, which JavaScript's conversion turned into numbers", () => {
    for (const v of ['0x2', '1e1', '2.0', '', true, [5], null, '½']) expect(num(v).success, JSON.stringify(v)).toBe(false);
    expect(num(2.5).success).toBe(false);
  });
});
