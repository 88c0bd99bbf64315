import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { registerMember, seedDemo } from '../../modules/accounts/__tests__/account-helpers.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
  await seedDemo(t);
  ({ token } = await registerMember(t));
});
afterAll(() => t.close());

let keys = 0;
/** A member's call in `lang`, with a fresh Idempotency-Key (the idempotent calls want one). */
async function post(url: string, body: unknown, lang: string) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, 'think-lang': lang, 'content-type': 'application/json', 'idempotency-key': `field-labels-${++keys}-${Date.now()}` },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: { errors: Array<{ field: string; msg: string }> } } };
}

describe('a refusal names the field in the member’s language', () => {
  it('a member shop’s name too long, in Thai and Chinese', async () => {
    const th = await post('/attractive/shop/editShop', { name: 'x'.repeat(41) }, 'th');
    expect(th.status).toBe(422);
    expect(th.body).toMatchObject({ code: ResponseCode.validation, msg: 'ชื่อ ต้องไม่เกิน 40 ตัวอักษร' });
    // The wire name stays in `errors[].field`, for the app to find its input.
    expect(th.body.data.errors).toEqual([{ field: 'name', msg: 'ชื่อ ต้องไม่เกิน 40 ตัวอักษร' }]);
    expect((await post('/attractive/shop/editShop', { name: 'x'.repeat(41) }, 'zh-cn')).body.msg).toBe('名称最多40个字符');
  });

  it('an after-sales shipment without its tracking number, in Thai and Chinese', async () => {
    const body = { case_id: 1, carrier_code: 'SF' };
    expect((await post('/attractive/AfterSales/expressSave', body, 'zh-cn')).body).toMatchObject({ code: ResponseCode.validation, msg: '请填写运单号' });
    expect((await post('/attractive/AfterSales/expressSave', body, 'th')).body.msg).toBe('กรุณากรอก เลขพัสดุ');
    expect((await post('/attractive/AfterSales/expressSave', body, 'en-us')).body.msg).toBe('Tracking number is required');
  });

  it('a field inside a list is named by its own label, not by its path', async () => {
    const sale = { lines: [{ sku_id: 1, num: 0 }], paid: 0 };
    const zh = await post('/attractive/shop/sellNoteCreate', sale, 'zh-cn');
    expect(zh.status).toBe(422);
    expect(zh.body.msg).toBe('数量不能小于1');
    expect(zh.body.data.errors[0]!.field).toBe('lines.0.num');
    expect((await post('/attractive/shop/sellNoteCreate', sale, 'th')).body.msg).toBe('จำนวน ต้องไม่น้อยกว่า 1');
  });
});

describe('a refusal reads as a sentence, whatever is refused', () => {
  const send = async (method: 'GET' | 'POST', url: string, lang: string, payload?: string, type = 'application/json') => {
    const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'think-lang': lang, 'content-type': type, 'idempotency-key': `field-labels-${++keys}-${Date.now()}` }, payload });
    return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: { errors: Array<{ field: string; msg: string }> } } };
  };

  it('a check across fields names what is missing, never "input"', async () => {
    const en = await send('POST', '/user/checkAccount', 'en-us', '{}');
    expect(en).toMatchObject({ status: 422, body: { code: ResponseCode.validation, msg: 'Please enter a username, email or phone number' } });
    expect((await send('POST', '/user/checkAccount', 'zh-cn', '{}')).body.msg).toBe('请输入用户名、邮箱或手机号');
    expect((await send('POST', '/user/checkAccount', 'th', '{}')).body.msg).toBe('โปรดกรอกชื่อผู้ใช้ อีเมล หรือหมายเลขโทรศัพท์');
  });

  it('a body that is not a JSON object is refused as a whole, in the member’s language', async () => {
    const zh = await send('POST', '/user/checkAccount', 'zh-cn', 'user_name=alice', 'text/plain');
    expect(zh.status).toBe(422);
    expect(zh.body.msg).toBe('请求格式不正确：请以JSON格式发送各字段');
    expect(zh.body.data.errors).toEqual([{ field: 'input', msg: zh.body.msg }]);
    expect((await send('POST', '/user/checkAccount', 'jp', '"alice"')).body.msg).toBe('リクエストの形式が正しくありません。各項目をJSON形式で送信してください');
    expect((await send('POST', '/user/checkAccount', 'en-us', 'a\u0000b', 'text/plain')).body.msg).toBe('The request contains characters that cannot be used (control characters)');
  });

  it('a number over its limit is refused once, with the real limit', async () => {
    const res = await send('GET', '/shop/order/info?id=99999999999999999999', 'en-us');
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe('ID must be at most 2147483647');
    expect(res.body.data.errors).toEqual([{ field: 'id', msg: 'ID must be at most 2147483647' }]);
  });

  it('an item of a list is named as one item', async () => {
    const feedback = (lang: string) => send('POST', '/user/feedback/create', lang, JSON.stringify({ cate_id: 1, content: 'Hello', images: [5, 'not-an-id'] }));
    const en = await feedback('en-us');
    expect(en.status).toBe(422);
    expect(en.body.data.errors).toEqual([{ field: 'images.1', msg: 'Image 2 is not valid' }]);
    expect((await feedback('zh-cn')).body.msg).toBe('第2张图片格式不正确');
    expect((await feedback('hu')).body.msg).toBe('A(z) 2. kép érvénytelen');
    // A list without a name for its items: the item of the list.
    const order = (lang: string) => send('POST', '/shop/buy/createOrder', lang, JSON.stringify({ cart_ids: [7, 'x'] }));
    expect((await order('en-us')).body.data.errors).toContainEqual({ field: 'cart_ids.1', msg: 'Item 2 of Cart items is not valid' });
    expect((await order('zh-cn')).body.data.errors).toContainEqual({ field: 'cart_ids.1', msg: '购物车商品第2项格式不正确' });
  });
});
