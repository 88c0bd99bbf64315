import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
import { testChromium } from './chromium-path.js';

export interface OpenOptions {
  /** Window size; a phone (375 × 812) unless told. */
  viewport?: { width: number; height: number };
  /** localStorage entries to set before the app starts (a stored token, a language …). */
  localStorage?: Record<string, string>;
  /** Snooze every promotional popup the shop has now, as "do not remind me today" would. */
  snoozePopups?: boolean;
}

export interface Browser {
  /** Opens a new page of the shop at `hashPath` (e.g. `/pages/tabbar/my`), or at /h5/ without one. */
  open(hashPath?: string, options?: OpenOptions): Promise<Page>;
  /** A blank page, closed when the test that asked for it ends (as `open`'s pages are). */
  newPage(): Promise<Page>;
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Serves `page` the shop's document with `runtimeConfig` as its runtime configuration, as an
 * operator's edited config.js would be (the shop writes config.js into the document): the inline
 * script that sets `window.SHOP_CONFIG` is replaced, and the page's content security policy allows
 * the new script by its hash instead of the old one. Takes effect at the next navigation.
 */
export async function useRuntimeConfig(page: Page, runtimeConfig: string): Promise<void> {
  await page.route(/\/h5\/(index\.html)?$/, async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    const old = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].find((m) => m[1]!.includes('window.SHOP_CONFIG ='));
    if (!old) throw new Error('the document has no inline runtime configuration');
    const headers = { ...response.headers() };
    headers['content-security-policy'] = headers['content-security-policy']!.replace(hash(old[1]!), hash(runtimeConfig));
    await route.fulfill({ response, headers, body: html.replace(old[0], () => `<script>${runtimeConfig}</script>`) });
  });
}

/**
 * The member acts once the app has started (its splash gone) and the page has loaded (its pictures
 * too): the page counts as usable, so what waits for that (the worker's registration, the manifest's
 * link, a promotion) starts 0.6 s later. An input before both is not counted, and the page would wait
 * for its idle moment instead, 8 s later.
 */
export async function actOnceStarted(page: Page): Promise<void> {
  await page.locator('#splash').waitFor({ state: 'detached' });
  await page.waitForLoadState('load');
  await page.keyboard.press('Shift');
}

const inFlight = new WeakMap<Page, { count: number; changedAt: number }>();

/**
 * Resolves once a page opened by `open` has had no request in flight for `quietMs` (Playwright's
 * `networkidle` waits a fixed 500 ms, which adds up over a file that opens every page).
 */
export async function quiet(page: Page, quietMs = 150, timeoutMs = 20_000): Promise<void> {
  const state = inFlight.get(page);
  if (!state) throw new Error('quiet() needs a page opened by browser.open()');
  const until = Date.now() + timeoutMs;
  while (!(state.count === 0 && Date.now() - state.changedAt >= quietMs)) {
    if (Date.now() > until) throw new Error(`requests still in flight after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Clicks a button of a popup (a dialog, a confirmation, a popover) once the popup has stopped moving:
 * antd places a popover after it mounts and zooms a dialog in, and a click aimed at where the button
 * was a moment before lands beside it on a busy machine.
 */
export async function clickSettled(target: Locator, timeoutMs = 10_000): Promise<void> {
  await target.waitFor();
  const until = Date.now() + timeoutMs;
  let last = '';
  for (;;) {
    const moving = await target.evaluate((el) => Boolean(el.closest('[class*="-appear"], [class*="-enter"]'))).catch(() => true);
    const box = JSON.stringify(await target.boundingBox());
    if ((!moving && box === last) || Date.now() > until) break;
    last = box;
    await new Promise((r) => setTimeout(r, 80));
  }
  await target.click();
}

/**
 * Presses a console decision dialog's button and waits until the decision is saved: the dialog
 * closes. A refusal shown in the dialog fails at once with its text (the "Decision saved" toast
 * lasts three seconds, too short to wait for on a busy machine).
 */
export async function decide(page: Page, button: string, timeoutMs = 30_000): Promise<void> {
  const modal = page.locator('.ant-modal-wrap:visible .ant-modal');
  const started = Date.now();
  await clickSettled(modal.getByRole('button', { name: button }));
  const until = Date.now() + timeoutMs;
  for (;;) {
    const refusal = modal.locator('.ant-alert-error');
    if (await refusal.count()) throw new Error(`the decision was refused: ${await refusal.first().textContent()}`);
    if ((await modal.count()) === 0) return;
    if (Date.now() > until) {
      const text = (await modal.first().innerText().catch(() => '')).replace(/\s+/g, ' ');
      // The calls the decision made that never answered, to say which one held the dialog open.
      const unanswered = calls.filter((c) => c.page === page && c.at >= started && !c.outcome).map((c) => c.call);
      throw new Error(`the "${button}" dialog is still open after ${timeoutMs} ms: "${text}"; calls without an answer: ${unanswered.join(', ') || 'none'}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The popups the shop shows now, each snoozed for a day (the app's `{id, end_time}` list). */
async function snoozeEveryPopup(baseUrl: string): Promise<Array<{ id: number; end_time: number }>> {
  const res = await fetch(`${baseUrl}/attractive/popup/list`);
  const body = (await res.json()) as { code: number; data?: { list?: Array<{ id: number }> } };
  const ids = body.code === 200 ? (body.data?.list ?? []).map((p) => p.id) : [];
  return ids.map((id) => ({ id, end_time: Date.now() + 24 * 3600_000 }));
}

/** The calls (not files) the pages of this worker's browsers made lately, for a failed test's report. */
const calls: Array<{ at: number; call: string; page: Page | null; outcome?: string }> = [];
const FILE_PATH = /^\/(h5|admin)\/(assets\/|$|index\.html)|^\/(uploads|media|assets)\/|\.(js|css|png|jpe?g|webp|svg|woff2?|ico|json)$/;

/** Records the page's calls to the shop with their answers (status, or the failure), the last 40 kept. */
function recordCalls(context: BrowserContext): void {
  const open = new Map<object, (typeof calls)[number]>();
  context.on('request', (r) => {
    const url = new URL(r.url());
    if (FILE_PATH.test(url.pathname)) return;
    const entry = { at: Date.now(), call: `${r.method()} ${url.pathname}`, page: r.serviceWorker() ? null : r.frame().page() };
    open.set(r, entry);
    calls.push(entry);
    if (calls.length > 40) calls.shift();
  });
  context.on('requestfinished', async (r) => {
    const entry = open.get(r);
    open.delete(r);
    if (!entry) return;
    const after = Date.now() - entry.at;
    // The answer is read after the event; the browser may be closed by then (a test's end).
    const status = await r.response().then((res) => res?.status(), () => undefined);
    entry.outcome = `${status ?? '?'} after ${after} ms`;
  });
  context.on('requestfailed', (r) => {
    const entry = open.get(r);
    open.delete(r);
    if (entry) entry.outcome = `failed (${r.failure()?.errorText ?? 'no answer'}) after ${Date.now() - entry.at} ms`;
  });
}

/** The last `last` calls recorded since `since` (a time), oldest first, one a line; an unanswered one says so. */
export function callsSince(since: number, last = 20): string {
  return calls
    .filter((c) => c.at >= since)
    .slice(-last)
    .map((c) => `${new Date(c.at).toISOString().slice(11, 23)} ${c.call} ${c.outcome ?? 'no answer yet'}`)
    .join('\n');
}

/**
 * Closes a page opened inside a test when that test ends, so pages do not pile up in the browser over
 * a file, each still running its timers and requests. A page opened outside a test (in `beforeAll`)
 * lives until the browser closes.
 */
function closeWithTest(page: Page): void {
  try {
    onTestFinished(() => page.close().catch(() => {}));
  } catch {
    // Not inside a test.
  }
}

/**
 * Headless, no GPU, nothing fetched in the background; and less work per page where tests cannot tell
 * (about a tenth less of Chromium's processor time, which is most of the browser tests'): the GPU's
 * software work in the browser's own process, not a process of its own; one raster thread; no smooth
 * scrolling, accessibility tree (the tests find elements by role through Playwright, not the browser's
 * tree), checker-imaging or log.
 */
const CHROMIUM_ARGS = [
  ...['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  ...['--in-process-gpu', '--num-raster-threads=1', '--disable-smooth-scrolling', '--disable-renderer-accessibility', '--disable-checker-imaging', '--disable-logging'],
];

/**
 * The system Chromium (never a downloaded one; `testChromium`), headless, with a fresh profile per
 * launch, so tests do not share storage. The app's service worker
 * is refused unless `serviceWorkers: 'allow'` (the offline tests): other tests see the app as a
 * browser without workers does, and their routed requests (`useRuntimeConfig`) are never answered
 * by a worker instead, since Playwright does not route a worker's requests. `full`: the whole
 * browser, not the headless shell (`testChromium`).
 */
export async function launchBrowser(baseUrl: string, options: { serviceWorkers?: 'allow' | 'block'; full?: boolean } = {}): Promise<Browser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: testChromium({ full: options.full }),
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 375, height: 812 },
    locale: 'en-US',
    // As a visitor who asked for less motion: nothing moves by itself (the home's banners and notice
    // titles), so a page left open does not draw frames while the test goes on. A test of that motion
    // asks for it with emulateMedia.
    reducedMotion: 'reduce',
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  // Three test files run at once on CI's two cores, beside PostgreSQL and three API servers: waits get room.
  context.setDefaultTimeout(30_000);
  recordCalls(context);
  const newPage = async () => {
    const page = await context.newPage();
    closeWithTest(page);
    return page;
  };
  return {
    context,
    newPage,
    async open(hashPath, options = {}) {
      const page = await newPage();
      const requests = { count: 0, changedAt: Date.now() };
      inFlight.set(page, requests);
      const change = (by: number) => () => {
        requests.count += by;
        requests.changedAt = Date.now();
      };
      page.on('request', change(1));
      page.on('requestfinished', change(-1));
      page.on('requestfailed', change(-1));
      if (options.viewport) await page.setViewportSize(options.viewport);
      const entries = { ...options.localStorage };
      if (options.snoozePopups) entries.popupSnooze = JSON.stringify(await snoozeEveryPopup(baseUrl));
      if (Object.keys(entries).length) {
        await page.addInitScript((items: Record<string, string>) => {
          // Only on the first document of this page: later reloads keep what the app stored.
          if (sessionStorage.getItem('__e2e_seeded')) return;
          sessionStorage.setItem('__e2e_seeded', '1');
          for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
        }, entries);
      }
      await page.goto(`${baseUrl}/h5/${hashPath ? `#${hashPath}` : ''}`);
      return page;
    },
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}
