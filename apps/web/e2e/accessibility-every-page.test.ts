import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../src/config/paths.js';
import { seriousFindings } from './axe.js';
import { launchBrowser, quiet, type Browser } from './browser.js';
import { createMemberSession } from './members.js';
import { baseUrl, databaseUrl } from './shop.js';

// axe-core on every page of the app, opened by a signed-in member as an in-app link would open it,
// one after the other in the same tab (pages that need an id or a state show what they show without
// one). The pages a shopper meets first are also checked, each loaded on its own and with its
// content, in accessibility.test.ts.
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
  const member = await createMemberSession(databaseUrl);
  const signedIn = {
    'shop.session': JSON.stringify({ state: { token: member.token, user: { id: member.userId, user_name: member.userName } }, version: 0 }),
    'shop.session.refreshedAt': String(Date.now()),
  };
  page = await browser.open(paths.tabbar.home, { snoozePopups: true, localStorage: signedIn });
  await page.locator('#root main, #root .page').first().waitFor();
});
afterAll(() => browser?.close());

const everyPath = [...new Set(Object.values(paths).flatMap((group) => (typeof group === 'string' ? [group] : Object.values(group))))].filter((p) => p !== paths.root);

describe('every page', () => {
  it('is every page of the app', () => {
    expect(everyPath).toContain(paths.tabbar.home);
    expect(everyPath.length).toBeGreaterThan(60);
  });

  for (const path of everyPath) {
    it(`axe finds nothing serious on ${path}`, async () => {
      await page.evaluate((to) => (location.hash = to), path);
      // What the page loads settles first: its code, its data, its pictures, its loading state gone.
      await quiet(page);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await page.locator('#root main, #root .page, #root [role="alert"]').first().waitFor();
      await page.waitForFunction(() => !document.querySelector('#root .page-state[role="status"]'), undefined, { timeout: 20_000 }).catch(() => undefined);
      // A button enabled as its data arrives fades in: its colours are judged once the fade is over.
      const fadesOver = () => page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))));
      await fadesOver();
      let findings = await seriousFindings(page);
      // Data that arrived after the wait above starts a fade of its own: what is found is judged
      // again once the page has been still a moment; a problem that stays fails the test.
      for (let again = 0; again < 2 && findings.length; again++) {
        await page.waitForTimeout(300);
        await fadesOver();
        findings = await seriousFindings(page);
      }
      expect(findings, path).toEqual([]);
    });
  }
});
