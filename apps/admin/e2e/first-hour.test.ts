import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickSettled, launchBrowser, type Browser } from '../../web/e2e/browser.js';
import { createMemberSession } from '../../web/e2e/members.js';
import { createDatabase } from '../../api/src/db/database.js';
import { withTransaction } from '../../api/src/lib/transaction.js';
import { markOrderPaid } from '../../api/src/modules/orders/orders.service.js';
import { newAddress } from '../../api/src/modules/orders/__tests__/fixtures.js';
import { newGoods } from '../../api/src/modules/cart/__tests__/fixtures.js';
import { baseUrl, databaseUrl } from '../../web/e2e/shop.js';
import { consoleOperator, openConsole, sql } from './console.js';

// A new operator's first shipment at 1280 px: the carrier from a list, the quantities already what is left.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
});
afterAll(() => browser?.close());

/** A member's order of three teapots, paid. */
async function paidOrder(): Promise<{ orderNo: string; lineId: number; orderId: number }> {
  const member = await createMemberSession(databaseUrl, 'live');
  const db = createDatabase(databaseUrl, 2);
  try {
    const addressId = await newAddress(db, member.userId);
    const g = await newGoods(db, [{ price: 1500, stock: 10 }], { name: 'First shipment teapot' });
    const res = await fetch(`${baseUrl}/shop/buy/createOrder`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ goods_id: g.goodsId, sku_id: g.skuIds[0], num: 3, address_id: addressId, remarks: '' }),
    });
    const placed = ((await res.json()) as { data: { order_id: number; order_no: string; total: number; currency: string } }).data;
    const gateway = { kind: 'provider' as const, name: 'test', ip: '', lang: 'en-us' as const, requestId: 'e2e-first-shipment' };
    await withTransaction(db, (tx) => markOrderPaid(tx, gateway, { orderId: placed.order_id, amountMinor: placed.total, currency: placed.currency }));
    const line = await db.selectFrom('order_lines').select('id').where('order_id', '=', placed.order_id).executeTakeFirstOrThrow();
    return { orderNo: placed.order_no, lineId: line.id, orderId: placed.order_id };
  } finally {
    await db.destroy();
  }
}

describe('10. shipping in the console', () => {
  it('the quantity starts at what is left to ship; the carrier comes from the list, or is typed in as another', async () => {
    const order = await paidOrder();
    const { token } = await consoleOperator('owner', `ship${Date.now() % 100000}`);
    const page = await openConsole(browser, token, '/orders');
    const row = page.locator('.ant-table-tbody tr', { hasText: order.orderNo });
    await row.getByRole('button', { name: 'Details' }).click();
    const quantity = page.locator(`input[data-testid="ship-num-${order.lineId}"], [data-testid="ship-num-${order.lineId}"] input`).first();
    await expect.poll(() => quantity.inputValue()).toBe('3');

    // Part of it with a listed carrier: the list holds the shop's carriers and "Other carrier…".
    await quantity.fill('1');
    await page.getByTestId('carrier-choice').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    // Read until the list has opened and settled (it renders again as it opens).
    await expect.poll(() => options.allInnerTexts()).toEqual(expect.arrayContaining(['DHL', 'SF Express', 'Other carrier…']));
    await clickSettled(options.filter({ hasText: /^DHL$/ }));
    await page.getByTestId('tracking-number').fill(`DHL${order.orderId}1`);
    await page.getByTestId('ship').click();
    await clickSettled(page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Confirm' }));
    await page.getByRole('cell', { name: `DHL${order.orderId}1` }).waitFor();

    // The rest: the quantity is again what is left (two), the carrier one of the operator's own.
    await expect.poll(() => quantity.inputValue()).toBe('2');
    await page.getByTestId('carrier-choice').click();
    await clickSettled(page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Other carrier…' }));
    await page.getByTestId('carrier').fill('Kerry Express');
    await page.getByTestId('tracking-number').fill(`KE${order.orderId}2`);
    await page.getByTestId('ship').click();
    await clickSettled(page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Confirm' }));
    await page.getByRole('cell', { name: `KE${order.orderId}2` }).waitFor();
    await page.getByText('Everything is shipped').waitFor();

    const packages = await sql<{ carrier: string; num: number }>(
      'select p.carrier, sum(l.quantity)::int as num from order_packages p join package_lines l on l.package_id = p.id where p.order_id = $1 group by p.id, p.carrier order by p.id',
      [order.orderId],
    );
    expect(packages).toEqual([
      { carrier: 'DHL', num: 1 },
      { carrier: 'Kerry Express', num: 2 },
    ]);
  });
});

describe('7. the real-name reviewer sees the document\'s issuing country', () => {
  it('a Thai passport under review says Thailand, in the list and in its details', async () => {
    const member = await createMemberSession(databaseUrl, 'live');
    await sql(
      `insert into certifications (user_id, kind, country, document_type, document_number, surname, given_name, status) values ($1, 'international', 'TH', 'passport', $2, 'Srisai', 'Napat', 'pending')`,
      [member.userId, `AB${member.userId}99`],
    );
    const { token } = await consoleOperator('owner', `rn${Date.now() % 100000}`);
    const page = await openConsole(browser, token, '/reviews/realname');
    const row = page.locator('.ant-table-tbody tr', { hasText: member.userName });
    await row.getByText('Thailand').waitFor();
    await row.getByRole('button', { name: 'Details' }).click();
    const details = page.getByRole('dialog');
    await details.getByText('Issuing country').waitFor();
    await details.getByText('Thailand (TH)').waitFor();
  });
});
