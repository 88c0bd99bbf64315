import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { PageHeader } from '@/components/page-header';
import { prepareApp, renderRoutes } from '@/test/helpers';

// The page is drawn under the status bar and the notch (index.html: viewport-fit=cover), so every bar
// at the top of the screen keeps env(safe-area-inset-top) free, as the bottom bars keep the bottom
// inset. jsdom lays nothing out and knows no inset: this reads the style sheets for the rule each top
// bar needs; how far the bars move on a notched phone is only seen in a browser on one.
const WEB = path.resolve(import.meta.dirname, '../../..');
const SRC = path.join(WEB, 'src');

const cssFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === '__tests__' ? [] : cssFiles(full);
    return e.name.endsWith('.css') ? [full] : [];
  });

/** Every rule of the app's style sheets (those inside @media included): its selector and its declarations. */
const rules = cssFiles(SRC).flatMap((file) =>
  [...fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((m) => ({ file: path.relative(SRC, file), selector: m[1]!.trim(), body: m[2]! })),
);
const ruleFor = (selector: string) => rules.find((r) => r.selector === selector);
const declaration = (body: string, property: string) => body.match(new RegExp(`(?:^|;)\\s*${property}\\s*:\\s*([^;]+)`))?.[1]?.trim();

beforeAll(() => prepareApp());
afterEach(() => cleanup());

describe('the top of the screen on a phone with a notch', () => {
  it('the page is drawn under the status bar (viewport-fit=cover), so the app keeps the inset itself', () => {
    expect(fs.readFileSync(path.join(WEB, 'index.html'), 'utf8')).toMatch(/name="viewport"[^>]*viewport-fit=cover/);
  });

  it('every bar held at the top of the screen (sticky or fixed at top) leaves the top inset free', () => {
    const topBars = rules.filter((r) => /^(sticky|fixed)$/.test(declaration(r.body, 'position') ?? '') && declaration(r.body, 'top') !== undefined);
    expect(topBars.map((r) => r.selector)).toEqual(expect.arrayContaining(['.page-header', '.offline-bar', '.update-bar', '.global-loading']));
    const ignoring = topBars.filter((r) => !r.body.includes('env(safe-area-inset-top)')).map((r) => `${r.file}: ${r.selector}`);
    expect(ignoring).toEqual([]);
  });

  it('the page header keeps its own height below the inset: the inset is padding on top of it', () => {
    const header = ruleFor('.page-header')!.body;
    expect(declaration(header, 'padding')).toBe('env(safe-area-inset-top) 12px 0');
    expect(declaration(header, 'height')).toBe('var(--page-header-height, 46px)');
    expect(declaration(header, 'box-sizing')).toBeUndefined();
  });

  it("the home page's top (no page header there) grows by the inset and pads its content below it", () => {
    const top = ruleFor('.home-top')!.body;
    expect(declaration(top, 'padding')).toMatch(/^calc\(10px \+ env\(safe-area-inset-top\)\)/);
    expect(declaration(top, 'height')).toBe('calc(var(--home-top-height, 86px) + env(safe-area-inset-top))');
  });

  it('the splash draws the headers’ places as tall as the pages then show them', () => {
    const html = fs.readFileSync(path.join(WEB, 'index.html'), 'utf8');
    expect(html).toContain('--safe-top: env(safe-area-inset-top, 0px)');
    expect(html).toMatch(/#splash\.splash-home::before \{[^}]*height: calc\(var\(--home-top-height\) \+ var\(--safe-top\)\)/);
    expect(html).toMatch(/#splash\.splash-goods::before \{[^}]*height: calc\(var\(--page-header-height\) \+ var\(--safe-top\)\)/);
  });

  it('the page header every page shows is the bar those rules style', async () => {
    renderRoutes({ '/x': <PageHeader title="Orders" /> }, '/x');
    expect((await screen.findByRole('heading', { name: 'Orders' })).closest('header')!.className).toBe('page-header');
  });
});
