import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { memberWithOrder, useSandboxes } from './payments-helpers.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  useSandboxes(t);
}, 60_000);
afterAll(async () => {
  await t.close();
});

// Intl writes some of these with no-break spaces; the reader sees a space.
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('the notice before paying writes money as the member reads it on the pay page', () => {
  // An order of 12,345.60 USD by card: 2.9 % fee 358.02, charged 12,703.62.
  const cases: Array<[lang: string, charged: string, fee: string]> = [
    ['hu', '12 703,62 $', '358,02 $'],
    ['id', '$12.703,62', '$358,02'],
    ['en-us', '$12,703.62', '$358.02'],
    ['zh-cn', '$12,703.62', '$358.02'],
    ['km', '12,703.62$', '358.02$'],
  ];

  it.each(cases)('in %s the card charge reads %s and its fee %s', async (lang, charged, fee) => {
    const m = await memberWithOrder(t, { currency: 'USD', price: 1_234_560 });
    const res = await call(t, 'POST', '/oms/viewNotice/notice', { headers: m.headers, body: { pay_way: 'stripe_card', order_id: m.order.id }, lang });
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ currency: 'USD', amount: 1_234_560, fee: 35_802 });
    const [gateway, feeLine, conversion] = (res.body.data.paragraphs as string[]).map(spaced);
    expect(gateway).toContain(charged);
    expect(feeLine).toContain(fee);
    // The amount is written once, with its sign: never the English "12703.62 USD" beside it.
    expect(gateway).not.toMatch(/12703[.,]62|USD/);
    expect(feeLine).not.toMatch(/USD/);
    // The conversion still names the currency the provider converts.
    expect(conversion).toContain('USD');
  });

  it('paying from the balance names the amount in the member\'s format too', async () => {
    const m = await memberWithOrder(t, { currency: 'USD', price: 69_790 });
    const res = await call(t, 'POST', '/oms/viewNotice/notice', { headers: m.headers, body: { pay_way: 'balance', order_id: m.order.id }, lang: 'hu' });
    expect(res.body.code, res.body.msg).toBe(200);
    const [ledger] = (res.body.data.paragraphs as string[]).map(spaced);
    expect(ledger).toContain('697,90 $');
    expect(ledger).not.toContain('697.90');
  });
});
