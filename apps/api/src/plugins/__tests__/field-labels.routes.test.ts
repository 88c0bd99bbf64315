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
