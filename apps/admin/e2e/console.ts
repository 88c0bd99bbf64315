import http from 'node:http';
import { generate } from 'otplib';
import path from 'node:path';
import pg from 'pg';
import type { Locator, Page } from 'playwright-core';
import type { Browser } from '../../web/e2e/browser.js';
import { baseUrl, databaseUrl } from '../../web/e2e/shop.js';
import { createDatabase } from '../../api/src/db/database.js';
import { operatorCliActor } from '../../api/src/lib/actor.js';
import type { OperatorRole } from '../../../packages/contract/src/admin/permissions.js';
import { createOperator } from '../../api/src/modules/operators/operators.service.js';
import { withTransaction } from '../../api/src/lib/transaction.js';
import { markOrderPaid } from '../../api/src/modules/orders/orders.service.js';
import { newAddress } from '../../api/src/modules/orders/__tests__/fixtures.js';
import { newGoods } from '../../api/src/modules/cart/__tests__/fixtures.js';

// What the console's browser tests share: an operator made and signed in through the API, the console
// opened at 1280 px with that session, and a look at the database.

/** The password of every operator `consoleOperator` makes. */
export const PASSWORD = 'Console-Lantern-2026';
export const DESKTOP = { width: 1280, height: 860 };

/** Rows of one query against this file's shop. */
export async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

let desks = 0;

/**
 * A POST to the shop; anything but success throws. It comes from an address of its own on the
 * loopback network (127.0.0.0/8), as from another desk: the operators the helpers make and sign in
 * do not use up the shop's limits per address on sign-in and password setup (10 a minute, shared by
 * every file of a worker), which are left to the browser's own calls.
 */
export function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  desks = (desks % 250) + 1;
  const headers = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  return new Promise<T>((resolve, reject) => {
    const req = http.request(`${baseUrl}${url}`, { method: 'POST', localAddress: `127.0.1.${desks}`, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        const json = JSON.parse(text) as { code: number; data: T };
        if (json.code === 200) resolve(json.data);
        else reject(new Error(`${url}: ${text}`));
      });
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** A member's call, as the app makes it. */
export async function memberCall<T = any>(token: string, url: string, body: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': `e2e-${Math.random().toString(36).slice(2)}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; data: T };
  if (json.code !== 200) throw new Error(`${url}: ${JSON.stringify(json)}`);
  return json.data;
}

/** An operator of `role` with a password, signed in once (the console's first sign-in, its authenticator bound): its session and how decisions record it. */
export async function consoleOperator(role: OperatorRole, userName: string): Promise<{ token: string; recordedAs: string; secret: string }> {
  const db = createDatabase(databaseUrl, 2);
  try {
    const { setupToken, id } = await createOperator(db, operatorCliActor('setup'), { userName, role });
    await post('/admin/api/auth/setup-password', { token: setupToken, password: PASSWORD });
    const session = await post<{ token: string; totp_setup: { secret: string } }>('/admin/api/auth/sign-in', { user_name: userName, password: PASSWORD });
    // The authenticator shown, then bound as the console asks: until then the session may do nothing else.
    await post('/admin/api/auth/totp/confirm', { totp_code: await generate({ secret: session.totp_setup.secret }) }, session.token);
    return { token: session.token, recordedAs: `${userName}#${id}`, secret: session.totp_setup.secret };
  } finally {
    await db.destroy();
  }
}

/**
 * The shop at another address of this machine: a second operator's pages there keep a storage of
 * their own, as a second operator's own browser would (pages of one site share one session: signing
 * in or out in one is followed by the others).
 */
export const secondSite = baseUrl.replace('127.0.0.1', 'localhost');

/** The console at `hash`, 1280 px wide, in English, signed in with `token` (at `site`); `storage` adds entries (languages shown …). */
export async function openConsole(browser: Browser, token: string, hash: string, storage: Record<string, string> = {}, site = baseUrl): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewportSize(DESKTOP);
  await page.addInitScript(
    ({ t, extra }: { t: string; extra: Record<string, string> }) => {
      if (sessionStorage.getItem('__console_seeded')) return;
      sessionStorage.setItem('__console_seeded', '1');
      localStorage.setItem('admin.token', t);
      localStorage.setItem('admin.lastActivity', String(Date.now()));
      localStorage.setItem('admin.lang', 'en-us');
      for (const [k, v] of Object.entries(extra)) localStorage.setItem(k, v);
    },
    { t: token, extra: storage },
  );
  await page.goto(`${site}/admin/#${hash}`);
  return page;
}

/** ADMIN_SCREENSHOTS=dir keeps a picture of the whole page (for the README and for looking at the pages). */
export async function shot(page: Page, name: string): Promise<void> {
  if (process.env.ADMIN_SCREENSHOTS) await page.screenshot({ path: path.join(process.env.ADMIN_SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * Chooses `option` in an antd select and waits until the select shows it. Under load a click that
 * lands while the list is still opening can be lost, and a list that the page draws again while it
 * opens (its data arriving) can close under the pointer: the list is opened again and the option
 * clicked again (only while it is not chosen, so a multiple select never loses it).
 */
export async function chooseOption(page: Page, select: Locator, option: string): Promise<void> {
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  for (let attempt = 1; ; attempt++) {
    if (attempt > 1 && (await select.getByText(option).isVisible())) return;
    try {
      if (!(await open.isVisible())) await select.click({ timeout: 5_000 });
      await open.locator('.ant-select-item-option', { hasText: option }).click({ timeout: 5_000 });
      await select.getByText(option).waitFor({ timeout: 5_000 });
      return;
    } catch (e) {
      if (attempt >= 4) throw e;
    }
  }
}

/** A member's paid order of two units of one goods (placed through the API, paid as a gateway would). */
export async function paidOrder(member: { token: string; userId: number }): Promise<{ orderId: number; orderNo: string; lineId: number }> {
  const db = createDatabase(databaseUrl, 2);
  try {
    const addressId = await newAddress(db, member.userId);
    const g = await newGoods(db, [{ price: 1500, stock: 10 }], { name: 'Console teapot' });
    const post = async (url: string, body: unknown) => {
      const res = await fetch(`${baseUrl}${url}`, { method: 'POST', headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const json = (await res.json()) as { code: number; data: any };
      if (json.code !== 200) throw new Error(`${url}: ${JSON.stringify(json)}`);
      return json.data;
    };
    await post('/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 2 });
    const placed = (await post('/shop/buy/createOrder', { address_id: addressId, remarks: '' })) as { order_id: number; order_no: string; total: number; currency: string };
    const gateway = { kind: 'provider' as const, name: 'test', ip: '', lang: 'en-us' as const, requestId: 'e2e-pay' };
    const paid = await withTransaction(db, (tx) => markOrderPaid(tx, gateway, { orderId: placed.order_id, amountMinor: placed.total, currency: placed.currency }));
    if (paid.outcome !== 'paid') throw new Error(`order ${placed.order_id} was not paid: ${paid.outcome}`);
    const line = await db.selectFrom('order_lines').select('id').where('order_id', '=', placed.order_id).executeTakeFirstOrThrow();
    return { orderId: placed.order_id, orderNo: placed.order_no, lineId: line.id };
  } finally {
    await db.destroy();
  }
}
