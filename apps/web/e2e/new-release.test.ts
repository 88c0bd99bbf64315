import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../api/src/config.js';
import { staticPlugin } from '../../api/src/plugins/static.js';
import { actOnceStarted, launchBrowser, type Browser } from './browser.js';
import { baseUrl } from './shop.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** The release a deploy puts in place while a tab is open: the built app with another release id. */
const NEXT_RELEASE = 'b2c3d4e5f6';

let dist: string;
let front: FastifyInstance;
let browser: Browser;

/**
 * The shop's own static plugin serving a copy of the built app, the API's calls passed on to this
 * file's shop: the test deploys a new release into the copy without touching the app the other
 * browser tests use, and without booting a second API.
 */
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-release-'));
  fs.cpSync(path.join(ROOT, 'apps/web/dist'), dist, { recursive: true });
  front = Fastify();
  await staticPlugin(front, { webDist: dist, adminDist: path.join(dist, 'no-console') } as Config);
  front.setNotFoundHandler(async (request, reply) => {
    const answer = await fetch(`${baseUrl}${request.url}`, { method: request.method, headers: request.headers as Record<string, string>, body: request.method === 'GET' ? undefined : JSON.stringify(request.body ?? {}) });
    return reply.code(answer.status).header('content-type', answer.headers.get('content-type') ?? 'application/json').send(Buffer.from(await answer.arrayBuffer()));
  });
  const shopUrl = await front.listen({ port: 0, host: '127.0.0.1' });
  browser = await launchBrowser(shopUrl, { serviceWorkers: 'allow' });
});

afterAll(async () => {
  await browser?.close();
  await front?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/**
 * Deploys the next release in place, as a new build would: the document names another release and
 * the service worker lists the document with a new revision (the hashed files stay as they are).
 */
function deployNextRelease(): void {
  const index = path.join(dist, 'index.html');
  fs.writeFileSync(index, fs.readFileSync(index, 'utf8').replace(/(<meta name="shop-release" content=")[^"]*"/, `$1${NEXT_RELEASE}"`));
  for (const stale of ['index.html.br', 'index.html.gz']) fs.rmSync(path.join(dist, stale), { force: true });
  const sw = path.join(dist, 'sw.js');
  const before = fs.readFileSync(sw, 'utf8');
  const after = before.replace(/("revision":")[0-9a-f]+(","url":"index\.html")/, `$1${NEXT_RELEASE}0000000000000000000000$2`);
  if (after === before) throw new Error('the built service worker lists no index.html revision');
  fs.writeFileSync(sw, after);
}

const versionShown = async (page: Page) => {
  await page.evaluate(() => (window.location.hash = '/pages/other/setting'));
  return page.locator('.adm-list-item', { hasText: 'Version' }).locator('.adm-list-item-content-extra').textContent();
};

describe('a new release while a tab is open', () => {
  it('is offered with a reload, which ends on the new release', async () => {
    const page = await browser.open('/pages/tabbar/index', { snoozePopups: true });
    await actOnceStarted(page);
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);
    const first = await versionShown(page);
    expect(first).toMatch(/^1\.6\.7 \([0-9a-f]{10}\)$/);

    deployNextRelease();
    // The member opens the shop again in another tab: the browser finds the new release's worker.
    const other = await browser.open('/pages/tabbar/index');
    await page.getByText('A new version is ready').waitFor({ timeout: 30_000 });
    await other.close();
    // The open tab kept its release until the member chose.
    expect(await versionShown(page)).toBe(first);

    await Promise.all([page.waitForEvent('load'), page.locator('.update-bar').getByRole('button', { name: 'Reload' }).click()]);
    await expect.poll(() => versionShown(page), { timeout: 20_000 }).toBe(`1.6.7 (${NEXT_RELEASE})`);
    expect(await page.getByText('A new version is ready').count()).toBe(0);
  });
});
