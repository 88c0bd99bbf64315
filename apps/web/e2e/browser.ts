import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

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
  context: BrowserContext;
  close(): Promise<void>;
}

/** The popups the shop shows now, each snoozed for a day (the app's `{id, end_time}` list). */
async function snoozeEveryPopup(baseUrl: string): Promise<Array<{ id: number; end_time: number }>> {
  const res = await fetch(`${baseUrl}/attractive/popup/list`);
  const body = (await res.json()) as { code: number; data?: { list?: Array<{ id: number }> } };
  const ids = body.code === 200 ? (body.data?.list ?? []).map((p) => p.id) : [];
  return ids.map((id) => ({ id, end_time: Date.now() + 24 * 3600_000 }));
}

/**
 * The system Chromium (never a downloaded one), headless, with a fresh profile per launch, so
 * tests do not share storage. `CHROMIUM_PATH` points at another binary.
 */
export async function launchBrowser(baseUrl: string): Promise<Browser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 375, height: 812 },
    locale: 'en-US',
  });
  context.setDefaultTimeout(15_000);
  return {
    context,
    async open(hashPath, options = {}) {
      const page = await context.newPage();
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
