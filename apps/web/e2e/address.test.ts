import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickSettled, launchBrowser, useRuntimeConfig, type Browser } from './browser.js';
import { createMemberSession } from './members.js';
import { baseUrl, databaseUrl } from './shop.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
});
afterAll(() => browser?.close());

const field = (page: Page, name: string) => page.locator(`input[name="${name}"]`);
const card = (page: Page, name: string) => page.getByRole('region', { name });

/** Opens a picker row of the form and taps an option, typing into its search first when asked. */
async function pick(page: Page, row: string, option: string, search?: string) {
  await page.getByRole('button', { name: new RegExp(`^${row}:`) }).click();
  const list = page.getByRole('dialog', { name: row });
  if (search) await list.getByRole('searchbox').fill(search);
  await clickSettled(list.getByRole('option', { name: option, exact: true }));
  await page.getByRole('button', { name: new RegExp(`^${row}: .*${option}`) }).waitFor();
}

describe('addresses in Chromium', () => {
  it('adds an address through the cascading pickers on a phone, makes another the default, edits and deletes', async () => {
    const { token, userId, userName } = await createMemberSession(databaseUrl, 'live');
    const page = await browser.open('/pages/address/addressMessage', {
      localStorage: {
        'shop.session': JSON.stringify({ state: { token, user: { id: userId, user_name: userName } }, version: 0 }),
        // Logged in today: no token exchange at start.
        'shop.session.refreshedAt': String(Date.now()),
      },
    });
    await page.getByText('No addresses yet').waitFor();
    await page.getByRole('button', { name: 'Add a new address' }).click();
    await page.waitForURL(/#\/pages\/address\/edit_add$/);

    // The country comes first.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').getByText('Please choose Country/Region').waitFor();
    await pick(page, 'Country/Region', '🇨🇳 China');
    await pick(page, 'Province/State', 'Guangdong', 'guang');
    await pick(page, 'City', '广州市');
    await pick(page, 'District', '天河区');
    await field(page, 'name').fill('Li Lei');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').getByText('Please enter Phone').waitFor();
    await field(page, 'mobile').fill('13800138000');
    await field(page, 'address').fill('Tianhe Road 385');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/#\/pages\/address\/addressMessage$/);
    const first = card(page, 'Li Lei');
    await first.getByText('Default', { exact: true }).waitFor();
    await first.getByText('Tianhe Road 385, 天河区, 广州市, Guangdong, China').waitFor();

    // A second one, in Malaysia, made the default from the list.
    await page.getByRole('button', { name: 'Add a new address' }).click();
    await pick(page, 'Country/Region', '🇲🇾 Malaysia');
    await pick(page, 'Province/State', 'Johor');
    await pick(page, 'City', 'Batu Pahat', 'batu');
    await field(page, 'name').fill('Aisyah');
    await field(page, 'mobile').fill('0123456789');
    await field(page, 'address').fill('Jalan Rahmat 5');
    await field(page, 'zip_code').fill('83000');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/#\/pages\/address\/addressMessage$/);
    const second = card(page, 'Aisyah');
    await second.getByText('+60 123456789').waitFor();
    await second.getByRole('button', { name: 'Set as default' }).click();
    await second.getByText('Default', { exact: true }).waitFor();
    await expect.poll(() => first.getByText('Default', { exact: true }).count()).toBe(0);

    // Edit the first: its pickers and fields come back filled.
    await first.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('button', { name: /^District: 天河区/ }).waitFor();
    await expect.poll(() => field(page, 'name').inputValue()).toBe('Li Lei');
    await field(page, 'name').fill('Han Meimei');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/#\/pages\/address\/addressMessage$/);
    await card(page, 'Han Meimei').waitFor();

    // Delete the default after confirming: the other one becomes the default.
    await second.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Delete this address?').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => card(page, 'Aisyah').count()).toBe(0);
    await card(page, 'Han Meimei').getByText('Default', { exact: true }).waitFor();
    await page.close();
  });

  it('chooses the point on a map, fills the street from the geocoder, and shows the saved address on the map', async () => {
    const { token, userId, userName } = await createMemberSession(databaseUrl);
    const page = await browser.open('/pages/address/edit_add', {
      localStorage: {
        'shop.session': JSON.stringify({ state: { token, user: { id: userId, user_name: userName } }, version: 0 }),
        'shop.session.refreshedAt': String(Date.now()),
      },
    });
    // The shop's map settings (config.js) name a tile server and a Nominatim-style geocoder; both are
    // third parties, answered here at their HTTP boundary.
    const geocoded: string[] = [];
    await useRuntimeConfig(page, 'window.SHOP_CONFIG = { map: { tiles: "https://tiles.map.test/{z}/{x}/{y}.png", attribution: "Test tiles <b>", geocoder: "https://geocoder.map.test" } };');
    await page.route('https://tiles.map.test/**', (route) => route.fulfill({ contentType: 'image/png', body: Buffer.from(TILE_PNG, 'base64') }));
    await page.route('https://geocoder.map.test/**', (route) => {
      const url = new URL(route.request().url());
      geocoded.push(`${url.pathname} ${url.searchParams.get('accept-language')}`);
      return route.fulfill({
        contentType: 'application/json',
        headers: { 'Access-Control-Allow-Origin': '*' },
        body: JSON.stringify({ lat: url.searchParams.get('lat'), lon: url.searchParams.get('lon'), display_name: '5, Jalan Rahmat, Batu Pahat, Johor, 83000, Malaysia', address: { house_number: '5', road: 'Jalan Rahmat', postcode: '83000', country_code: 'my' } }),
      });
    });
    await page.reload();

    await pick(page, 'Country/Region', '🇲🇾 Malaysia');
    await pick(page, 'Province/State', 'Johor');
    await field(page, 'name').fill('Aisyah');
    await page.getByRole('button', { name: 'Location: Choose on the map' }).click();
    await page.waitForURL(/#\/choose-location$/);
    const map = page.getByRole('application', { name: 'Tap the map to choose a point' });
    await map.waitFor();
    // The operator's credit is shown as text, not as markup.
    await page.getByText('Test tiles <b>').waitFor();
    await map.click({ position: { x: 180, y: 150 } });
    await page.getByText('5, Jalan Rahmat, Batu Pahat, Johor, 83000, Malaysia').waitFor();
    expect(geocoded).toEqual(['/reverse en-US']);
    await page.getByRole('button', { name: 'Use this location' }).click();

    await page.waitForURL(/#\/pages\/address\/edit_add$/);
    await page.getByRole('button', { name: /^Location: -?\d+\.\d+, -?\d+\.\d+$/ }).waitFor();
    await expect.poll(() => field(page, 'address').inputValue()).toBe('Jalan Rahmat');
    expect(await field(page, 'name').inputValue()).toBe('Aisyah');
    expect(await field(page, 'zip_code').inputValue()).toBe('83000');
    await page.getByRole('button', { name: /^Province\/State: .*Johor/ }).waitFor();
    await field(page, 'mobile').fill('0123456789');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/#\/pages\/address\/addressMessage$/);

    await card(page, 'Aisyah').getByRole('button', { name: 'Map' }).click();
    await page.waitForURL(/#\/open-location\?/);
    const shown = page.getByRole('application', { name: 'Aisyah' });
    await shown.waitFor();
    expect(await shown.getAttribute('data-marker')).toMatch(/^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/);
    await page.getByRole('region', { name: 'Aisyah' }).getByText('Jalan Rahmat, 5, Johor, 83000, Malaysia').waitFor();
    await page.close();
  });
});

/** A 1 × 1 grey PNG: every map tile of the test. */
const TILE_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mN89+7dfwAJ4QPrYJ2bRwAAAABJRU5ErkJggg==';
