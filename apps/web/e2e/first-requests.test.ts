import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBundledPacks } from '@shop/contract/packs';
import { actOnceStarted, launchBrowser, type Browser } from './browser.js';
import { createMemberSession } from './members.js';
import { baseUrl, databaseUrl } from './shop.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
});
afterAll(() => browser?.close());

interface Sent {
  url: string;
  /** The script that made the request (the first frame of its stack). */
  by: string;
}

/** A first visit: what earlier pages of this browser stored is forgotten, then `items` are stored (once: a reload keeps what the page stored since). */
async function asFirstVisit(page: Page, items: Record<string, string>): Promise<void> {
  await page.addInitScript((stored: Record<string, string>) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    window.localStorage.clear();
    for (const [k, v] of Object.entries(stored)) window.localStorage.setItem(k, v);
  }, items);
}

/** Opens a fresh page at `hashPath`, recording every request whose path is `apiPath` (or matches it), with the script that sent it. */
async function openRecording(apiPath: string | RegExp, hashPath: string, localStorage: Record<string, string>): Promise<{ page: Page; sent: Sent[] }> {
  const page = await browser.newPage();
  const sent: Sent[] = [];
  const cdp = await browser.context.newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', (e) => {
    const pathname = new URL(e.request.url).pathname;
    if (typeof apiPath === 'string' ? pathname !== apiPath : !apiPath.test(pathname)) return;
    const frames = e.initiator.stack?.callFrames ?? [];
    const parent = e.initiator.stack?.parent?.callFrames ?? [];
    sent.push({ url: e.request.url, by: frames[0]?.url ?? parent[0]?.url ?? e.initiator.url ?? '' });
  });
  await asFirstVisit(page, localStorage);
  await page.goto(`${baseUrl}/h5/#${hashPath}`);
  return { page, sent };
}

// The early script is inline in the document: its requests' first frame is the page itself, not one of the app's files.
const fromEarlyScript = (s: Sent) => /^https?:\/\/[^/]+\/h5\/(?:[?#].*)?$/.test(s.by);

/**
 * The page's largest picture, drawn by the early script in the splash while the app's entry is held
 * back, is where the page then shows it (the same place, size and file), in English and Khmer on a
 * phone and Thai at 1280 px; the page's own files are asked for only once the picture has arrived.
 */
async function drawnInTheSplashFirst(o: { hashPath: string; parts: RegExp; picture: RegExp; pageRoot: string; pageImage: string }): Promise<void> {
  for (const [lang, width] of [['en-us', 375], ['km', 375], ['th', 1280]] as const) {
    const page = await browser.newPage();
    await page.setViewportSize({ width, height: 812 });
    // The app's entry is held back until the splash has drawn the picture.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/h5\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // When the page's own files are asked for, and when the picture has arrived.
    const at = { parts: 0, picture: 0 };
    page.on('request', (r) => {
      if (o.parts.test(r.url())) at.parts ||= Date.now();
    });
    page.on('requestfinished', (r) => {
      if (o.picture.test(r.url())) at.picture ||= Date.now();
    });
    await asFirstVisit(page, { lang, popupSnooze: '[]' });
    // The largest paints Chromium reports, in order, with the element each one is.
    await page.addInitScript(() => {
      const seen: Array<{ element: string; at: number }> = [];
      (window as unknown as { largestPaints: typeof seen }).largestPaints = seen;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as Array<PerformanceEntry & { element?: Element | null }>) seen.push({ element: e.element?.className ?? '', at: e.startTime });
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    // Not waiting for the page's load: that waits for the held entry.
    await page.goto(`${baseUrl}/h5/#${o.hashPath}`, { waitUntil: 'commit' });
    const hero = page.locator('#splash .splash-hero');
    await expect.poll(() => hero.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0), { timeout: 30_000 }).toBe(true);
    const drawn = (await hero.boundingBox())!;
    const drawnSrc = await hero.evaluate((img) => (img as HTMLImageElement).currentSrc);
    expect(await page.locator(o.pageRoot).count()).toBe(0);
    // The page's files were asked for by the document while the app was held, once the picture had come:
    // on a slow network the picture has the connection to itself.
    await expect.poll(() => at.parts).toBeGreaterThan(0);
    expect(at.parts).toBeGreaterThanOrEqual(at.picture);
    // Asked for once Chromium had reported the picture as the page's largest paint, not merely loaded:
    // the page replacing the splash sooner made its own copy, drawn later, the largest paint instead.
    const partsAskedAt = () =>
      page.evaluate((source) => performance.getEntriesByType('resource').find((r) => new RegExp(source).test(r.name))?.startTime ?? -1, o.parts.source);
    await expect.poll(partsAskedAt).toBeGreaterThan(0);
    const [first] = await page.evaluate(() => (window as unknown as { largestPaints: Array<{ element: string; at: number }> }).largestPaints);
    expect(first?.element, `${o.hashPath}, ${lang} at ${width} px`).toBe('splash-hero');
    expect(first!.at).toBeLessThanOrEqual(await partsAskedAt());
    release();
    const shownImage = page.locator(o.pageImage).first();
    await shownImage.waitFor();
    await page.locator('#splash').waitFor({ state: 'detached' });
    const shown = (await shownImage.boundingBox())!;
    for (const k of ['x', 'y', 'width', 'height'] as const) expect(shown[k], `${o.hashPath}, ${lang} at ${width} px: ${k}`).toBeCloseTo(drawn[k], 0);
    expect(await shownImage.evaluate((img) => (img as HTMLImageElement).currentSrc)).toBe(drawnSrc);
    await page.close();
  }
}

/**
 * The picture the splash has drawn once it is `picture`, read in the same look that sees it drawn: the
 * app may replace the splash soon after, so a second look could miss it.
 */
async function splashPictureDrawn(page: Page, picture: RegExp): Promise<string> {
  let src = '';
  await expect
    .poll(
      async () =>
        (src = await page.evaluate(() => {
          const img = document.querySelector<HTMLImageElement>('#splash .splash-hero');
          return img?.complete && img.naturalWidth > 0 ? img.currentSrc : '';
        })),
      { timeout: 30_000 },
    )
    .toMatch(picture);
  return src;
}

/** The home page, once the app has rendered it, shows `src` (the file the splash drew) as its first banner. */
async function expectBannerOf(page: Page, src: string): Promise<void> {
  const banner = page.locator('.home-banner-image').first();
  await banner.waitFor();
  expect(await banner.evaluate((img) => (img as HTMLImageElement).currentSrc)).toBe(src);
}

describe('the first screen asks for its data before the app has arrived', () => {
  it('a first visitor on login gets the first part of the language pack from the early script, and the rest from the app once the page shows', async () => {
    const { page, sent } = await openRecording('/user/getLangBag', '/pages/login/login/login', { popupSnooze: '[]' });
    await page.getByRole('button', { name: 'Log in', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(sent.map((s) => new URL(s.url).search)).toEqual(['?client=h5&part=first', '?client=h5&part=rest']);
    expect(fromEarlyScript(sent[0]!)).toBe(true);
    expect(fromEarlyScript(sent[1]!)).toBe(false);
    // The rest is asked for once the page has shown its first text: it never shares the network with the first screen's files.
    const times = await page.evaluate(() => ({
      painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
      rest: performance.getEntriesByType('resource').find((e) => e.name.includes('part=rest'))?.startTime ?? -1,
    }));
    expect(times.rest).toBeGreaterThan(times.painted);
    // The whole pack is what the app keeps for the next visit, which asks only whether it is current.
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('shop.langPack.en-us') ?? '{}') as { pack?: Record<string, string> });
    expect(kept.pack?.['account.action.login']).toBe('Log in');
    expect(Object.keys(kept.pack ?? {}).some((key) => key.startsWith('wallet.'))).toBe(true);
    sent.length = 0;
    await page.reload();
    await page.getByRole('button', { name: 'Log in', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(sent.map((s) => new URL(s.url).searchParams.has('version'))).toEqual([true]);
    await page.close();
  });

  it('a first screen asks for no style sheet of its own and no favicon: its sheets come in its scripts, and apply', async () => {
    // Each was one more request among the six connections a phone opens to the shop while the screen's
    // files arrive: the screens' sheets travel in their scripts, the favicon in the document.
    const screens = [
      { hashPath: '/pages/login/login/login', styled: '.account-actions', property: 'display', value: 'flex' },
      { hashPath: '/pages/tabbar/index', styled: '.home-banner-image', property: 'aspect-ratio', value: '750 / 320' },
      { hashPath: '/pages/goods/goodsInfo?id=1', styled: '.goods-name', property: 'font-size', value: '17px' },
    ];
    for (const { hashPath, styled, property, value } of screens) {
      const { page, sent } = await openRecording(/\.css$|favicon/, hashPath, { popupSnooze: '[]' });
      const element = page.locator(styled).first();
      await element.waitFor();
      await page.waitForLoadState('networkidle');
      // Sheets of components the page loads later (a popup's) may come as it renders; the first screen's own never.
      expect(sent.map((s) => new URL(s.url).pathname).filter((p) => /-parts-|favicon/.test(p)), hashPath).toEqual([]);
      expect(await element.evaluate((e, p) => getComputedStyle(e).getPropertyValue(p), property), hashPath).toBe(value);
      await page.close();
    }
  });

  it('the first screens read whole with the first part of the pack alone; another page waits for the rest rather than show keys', async () => {
    // Any namespace of the packs: a text shown as its key would start with one.
    const namespaces = [...new Set(Object.keys(loadBundledPacks()['en-us']).map((k) => k.split('.', 1)[0]!))];
    expect(namespaces).toEqual(expect.arrayContaining(['app', 'account', 'wallet', 'orders']));
    const key = new RegExp(`\\b(${namespaces.join('|')})\\.[a-zA-Z]`);
    for (const [hashPath, shown] of [
      ['/pages/login/login/login', '.account-actions'],
      ['/pages/tabbar/index', '.goods-card'],
      ['/pages/goods/goodsInfo?id=1', '.goods-price'],
    ] as const) {
      const page = await browser.newPage();
      let restAsked = 0;
      let release!: () => void;
      const held = new Promise<void>((go) => (release = go));
      // The rest of the pack is held back until the first screen has been read.
      await page.route(/\/user\/getLangBag\?.*part=rest/, async (route) => {
        restAsked++;
        await held;
        await route.continue().catch(() => undefined);
      });
      await asFirstVisit(page, { popupSnooze: '[]' });
      await page.goto(`${baseUrl}/h5/#${hashPath}`);
      await page.locator(shown).first().waitFor();
      await expect.poll(() => restAsked).toBe(1);
      expect(await page.locator('body').innerText(), hashPath).not.toMatch(key);
      if (hashPath.includes('login')) {
        // The member's page needs the rest: it shows its loading state, never its keys, until the rest is in.
        await page.evaluate(() => (window.location.hash = '#/pages/tabbar/my'));
        await page.locator('.app-tabbar').waitFor();
        await page.waitForTimeout(300);
        expect(await page.locator('body').innerText()).not.toMatch(key);
        release();
        await page.locator('.my-header').waitFor();
        await expect.poll(() => page.locator('body').innerText()).not.toMatch(key);
      }
      release();
      await page.close();
    }
  });

  it('the login page’s first screen runs no form-checking library: its code arrives when the member first sends the form', async () => {
    const { page } = await openRecording('/user/getLangBag', '/pages/login/login/login', { popupSnooze: '[]' });
    const scripts: Array<Promise<string>> = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.text().catch(() => ''));
    });
    await page.reload();
    await page.getByRole('button', { name: 'Log in', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    // zod's schema classes carry their names: none of the scripts of the first screen has them.
    const bodies = await Promise.all(scripts);
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies.filter((b) => b.includes('ZodObject'))).toEqual([]);
    // Sending the form brings them, and the form still checks what was typed.
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect.poll(async () => (await Promise.all(scripts)).some((b) => b.includes('ZodObject'))).toBe(true);
    // The empty account is refused at its field, which takes the focus.
    await page.locator('.account-form input[aria-invalid="true"]').first().waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    await page.close();
  });

  it('login and home show their first screen without the animation library; a visitor who asks for less motion gets toasts that appear at once', async () => {
    for (const hashPath of ['/pages/login/login/login', '/pages/tabbar/index']) {
      const { page } = await openRecording('/user/getLangBag', hashPath, { popupSnooze: '[]' });
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      // Any script holding react-spring (its global switch names itself) is held back until the first
      // screen has shown: a first screen that needed it would never show.
      let release!: () => void;
      const released = new Promise<void>((go) => (release = go));
      const held: string[] = [];
      await page.route(/\/h5\/assets\/.+\.js$/, async (route) => {
        const response = await route.fetch();
        const body = await response.text();
        if (body.includes('skipAnimation')) {
          held.push(route.request().url());
          await released;
        }
        await route.fulfill({ response, body }).catch(() => undefined);
      });
      await page.reload();
      await page.locator(hashPath.includes('login') ? '.account-actions' : '.goods-card').first().waitFor();
      release();
      // It is on its way all the same once the page is usable (here: the member's first key press).
      await actOnceStarted(page);
      await expect.poll(() => held.length, { timeout: 10_000 }).toBeGreaterThan(0);
      await page.close();
    }
    // As one who asked for less motion (the browser's setting here): a toast is never seen half faded in.
    const { page } = await openRecording('/user/getLangBag', '/pages/login/login/login', { popupSnooze: '[]' });
    await page.getByRole('button', { name: 'Log in', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => {
      const seen: string[] = ((window as unknown as { opacities: string[] }).opacities = []);
      const look = (frames: number) => {
        const mask = document.querySelector<HTMLElement>('.adm-toast-mask');
        if (mask && mask.style.display !== 'none') seen.push(mask.style.opacity);
        if (frames > 0) requestAnimationFrame(() => look(frames - 1));
      };
      new MutationObserver((_, observer) => {
        if (!document.querySelector('.adm-toast-mask')) return;
        observer.disconnect();
        look(30);
      }).observe(document.body, { childList: true, subtree: true });
    });
    // Filled in but the agreement not ticked: the one refusal of this page that is a toast (an empty
    // field is refused at the field).
    await page.locator('.account-form input').nth(0).fill('someone');
    await page.locator('.account-form input[type="password"]').fill('Secret2026!');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.locator('.adm-toast-main').waitFor();
    const opacities = () => page.evaluate(() => (window as unknown as { opacities: string[] }).opacities);
    await expect.poll(async () => (await opacities()).length).toBeGreaterThan(5);
    expect(new Set((await opacities()).map((o) => (o === '' ? '1' : o)))).toEqual(new Set(['1']));
    await page.close();
  });

  it('a first visitor who chose Thai gets the Thai pack from the early script, once, and reads Thai', async () => {
    const { page, sent } = await openRecording('/user/getLangBag', '/pages/tabbar/my', { lang: 'th', popupSnooze: '[]' });
    await page.locator('.app-tabbar').waitFor();
    await page.waitForLoadState('networkidle');
    expect(sent).toHaveLength(1);
    expect(fromEarlyScript(sent[0]!)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('th-TH');
    expect(await page.locator('.app-tabbar').innerText()).not.toContain('Home');
    await page.close();
  });

  it('a logged-in member, whose calls carry a token, gets the pack asked once by the app itself', async () => {
    const member = await createMemberSession(databaseUrl, 'live');
    const session = JSON.stringify({ state: { token: member.token, user: { id: member.userId, user_name: member.userName } }, version: 0 });
    const { page, sent } = await openRecording('/user/getLangBag', '/pages/tabbar/my', { 'shop.session': session, 'shop.session.refreshedAt': String(Date.now()), popupSnooze: '[]' });
    await page.locator('.app-tabbar').waitFor();
    await page.waitForLoadState('networkidle');
    expect(sent).toHaveLength(1);
    expect(fromEarlyScript(sent[0]!)).toBe(false);
    await page.close();
  });

  it('a goods page asks for its goods once, by the early script, which also starts the first picture the gallery shows', async () => {
    const { page, sent: all } = await openRecording(/^\/(shop\/goods\/info$|media\/)/, '/pages/goods/goodsInfo?id=1', { popupSnooze: '[]' });
    await page.locator('.goods-price').first().waitFor();
    const picture = page.locator('.goods-gallery-image').first();
    await picture.waitFor();
    await page.waitForLoadState('networkidle');
    const sent = all.filter((s) => new URL(s.url).pathname === '/shop/goods/info');
    expect(sent.map((s) => new URL(s.url).search)).toEqual(['?id=1']);
    expect(fromEarlyScript(sent[0]!)).toBe(true);
    const shown = await picture.evaluate((img) => (img as HTMLImageElement).currentSrc);
    const asked = all.filter((s) => s.url === shown);
    expect(asked).toHaveLength(1);
    expect(fromEarlyScript(asked[0]!)).toBe(true);
    await page.close();
  });

  it('the home page has its data asked by the early script, which also starts the first banner the page then shows', async () => {
    const { page, sent: all } = await openRecording(/^\/(attractive\/page\/indexApiData$|media\/)/, '/pages/tabbar/index', { popupSnooze: '[]' });
    const banner = page.locator('.home-banner-image').first();
    await banner.waitFor();
    await page.waitForLoadState('networkidle');
    const sent = all.filter((s) => new URL(s.url).pathname === '/attractive/page/indexApiData');
    // Once, by the early script: the page takes its answer.
    expect(sent.map(fromEarlyScript)).toEqual([true]);
    // The picture the banner shows was asked for once, by the early script, as the document named it.
    const shown = await banner.evaluate((img) => (img as HTMLImageElement).currentSrc);
    const asked = all.filter((s) => s.url === shown);
    expect(asked).toHaveLength(1);
    expect(fromEarlyScript(asked[0]!)).toBe(true);
    // Below the fold, the goods shelves follow once the first screen has painted.
    await page.locator('.home-shelf').first().waitFor();
    await page.close();
  });

  it('the home page’s first banner, named by the document, is drawn in the splash while its data has not answered yet', async () => {
    const page = await browser.newPage();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // The data, and the app (which would replace the splash, drawn or not, on a slow machine), held
    // until the splash shows a picture.
    await page.route(/\/(attractive\/page\/indexApiData|h5\/assets\/index-[\w-]+\.js)$/, async (route) => {
      await held;
      await route.continue();
    });
    await asFirstVisit(page, { popupSnooze: '[]' });
    await page.goto(`${baseUrl}/h5/#/pages/tabbar/index`, { waitUntil: 'commit' });
    const drawnSrc = await splashPictureDrawn(page, /\/media\/demo\/feature-1\.png\?w=\d+$/);
    release();
    await expectBannerOf(page, drawnSrc);
    await page.close();
  });

  it('a document naming a picture the home data no longer answers first: the splash and the page show the data’s', async () => {
    const page = await browser.newPage();
    // As a document kept from before an operator changed the banners would.
    let named = '';
    await page.route(/\/h5\/(index\.html)?$/, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/(<meta name="shop-home-picture" content=")([^"]*)/, (_, start: string, was: string) => ((named = was), `${start}/media/demo/feature-2.png`));
      await route.fulfill({ response, body: html });
    });
    const pictures: string[] = [];
    page.on('request', (r) => {
      if (/\/media\/demo\/feature-\d\.png/.test(r.url())) pictures.push(new URL(r.url()).pathname);
    });
    await asFirstVisit(page, { popupSnooze: '[]' });
    // Held until the splash shows a picture: the app replaces the splash once its own is there.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/h5\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl}/h5/#/pages/tabbar/index`, { waitUntil: 'commit' });
    const drawnSrc = await splashPictureDrawn(page, /\/media\/demo\/feature-1\.png\?w=\d+$/);
    // The document named the data's first picture; the one it was made to name was started first, then the data's.
    expect(named).toBe('/media/demo/feature-1.png');
    expect([...new Set(pictures)]).toEqual(['/media/demo/feature-2.png', '/media/demo/feature-1.png']);
    release();
    await expectBannerOf(page, drawnSrc);
    await page.close();
  });

  it('the home page’s first banner is drawn in the splash before the app has arrived, exactly where the page then shows it, in any language and width', async () => {
    await drawnInTheSplashFirst({ hashPath: '/pages/tabbar/index', parts: /\/h5\/assets\/home-parts-[\w-]+\.js$/, picture: /\/media\/demo\/feature-1\.png/, pageRoot: '.home-page', pageImage: '.home-banner-image' });
  });

  it('a goods page’s first picture is drawn in the splash before the app has arrived, exactly where the gallery then shows it, in any language and width', async () => {
    await drawnInTheSplashFirst({ hashPath: '/pages/goods/goodsInfo?id=1', parts: /\/h5\/assets\/goods-info-parts-[\w-]+\.js$/, picture: /\/media\/demo\/goods-1-1\.png/, pageRoot: '.goods-price', pageImage: '.goods-gallery-image' });
  });
});
