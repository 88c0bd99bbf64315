import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyEndpoint } from '../endpoint.js';
import { allEndpoints } from '../../endpoints.js';
import { getLanguagePack, languagePackRoute } from '../../lang/index.js';
import { cartCountRoute, countCartGoods } from '../../cart/index.js';
import { getHomeData, homeDataRoute } from '../../content/index.js';
import { getGoods, goodsInfoRoute } from '../../catalogue/index.js';

const root = path.join(import.meta.dirname, '../../..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { exports: Record<string, string> };
const areaEntries = Object.entries(pkg.exports).filter(([key]) => /^\.\/[\w-]+$/.test(key) && key !== './packs' && key !== './common');
/** `./<area>/schemas`: an area's body and answer schemas alone, for a page that loads them at its first check. */
const schemaEntries = Object.entries(pkg.exports).filter(([key]) => key.endsWith('/schemas'));

const isEndpoint = (v: unknown): v is AnyEndpoint => typeof v === 'object' && v !== null && 'path' in v && 'method' in v && 'auth' in v;

/** `/shop/cart/add` → the names a constant gets when it is spelled after its path: `shopCartAdd`, `cartAdd`. */
function wireNames(wirePath: string): string[] {
  const words = wirePath.split(/[/_]/).filter(Boolean).map((w) => w.toLowerCase());
  const camel = (ws: string[]) => ws.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
  return [camel(words), camel(words.slice(-2)), camel(words.slice(-3))].filter((n, i, all) => all.indexOf(n) === i);
}

describe('the per-area entry points', () => {
  it('declare one entry per area folder, each a file that exists', () => {
    const folders = fs.readdirSync(path.join(root, 'src'), { withFileTypes: true }).filter((d) => d.isDirectory() && fs.existsSync(path.join(root, 'src', d.name, `${d.name}.endpoints.ts`)));
    expect(areaEntries.map(([key]) => key.slice(2)).sort()).toEqual(folders.map((d) => d.name).sort());
    for (const [, file] of areaEntries) expect(fs.existsSync(path.join(root, file)), file).toBe(true);
  });

  it('offer the schemas of an area alone, without its calls', async () => {
    for (const [key, file] of schemaEntries) {
      const area = key.split('/')[1]!;
      expect(file, key).toBe(`./src/${area}/${area}.schemas.ts`);
      const exported = Object.values(await import(path.join(root, file)));
      expect(exported.some(isEndpoint), key).toBe(false);
      expect(exported.length, key).toBeGreaterThan(0);
    }
  });

  it('give each area exactly its own calls, and together every call', async () => {
    const seen: AnyEndpoint[] = [];
    for (const [key, file] of areaEntries) {
      const area = key.slice(2);
      const calls = Object.values(await import(path.join(root, file))).filter(isEndpoint);
      expect(calls.length, area).toBeGreaterThan(0);
      // The language pack is an account-area call kept in its own entry (it loads before the first
      // paint); an area's operator calls (area 'admin', under /admin/api/) live beside its member calls.
      for (const e of calls) {
        if (area === 'lang') continue;
        if (e.area === 'admin') expect(e.path.startsWith('/admin/api/'), e.path).toBe(true);
        else expect(e.area, `${e.method} ${e.path}`).toBe(area);
      }
      seen.push(...calls.filter((e) => e.area !== 'admin'));
    }
    const unique = (list: AnyEndpoint[]) => [...new Set(list.map((e) => `${e.method} ${e.path}`))].sort();
    expect(unique(seen)).toEqual(unique([...allEndpoints]));
  });

  it('name every call in English, not after its wire path', async () => {
    // Wire names that already are plain English may stay.
    const englishOnTheWire = new Set(['sendCode']);
    const spelledAfterPath: string[] = [];
    for (const [, file] of areaEntries) {
      for (const [name, value] of Object.entries(await import(path.join(root, file)))) {
        if (isEndpoint(value) && wireNames(value.path).includes(name) && !englishOnTheWire.has(name)) spelledAfterPath.push(`${name} (${value.path})`);
      }
    }
    expect(spelledAfterPath).toEqual([]);
  });

  it('recognises a name spelled after the wire path', () => {
    expect(wireNames('/shop/cart/add')).toContain('shopCartAdd');
    expect(wireNames('/attractive/cart/add')).toContain('cartAdd');
    expect(wireNames('/user/message/total')).toContain('userMessageTotal');
    expect(wireNames('/shop/cart/add')).not.toContain('addToCart');
  });

  it('describe the language pack without schemas by the same method, path and auth as its call', () => {
    const { method, path: wirePath, auth, area } = getLanguagePack;
    expect(languagePackRoute).toEqual({ method, path: wirePath, auth, area });
    expect('data' in languagePackRoute).toBe(false);
  });

  it('describe the home data without schemas by the same method, path and auth as its call', () => {
    const { method, path: wirePath, auth, area } = getHomeData;
    expect(homeDataRoute).toEqual({ method, path: wirePath, auth, area });
    expect('data' in homeDataRoute).toBe(false);
  });

  it('describe the goods without schemas by the same method, path and auth as its call', () => {
    const { method, path: wirePath, auth, area } = getGoods;
    expect(goodsInfoRoute).toEqual({ method, path: wirePath, auth, area });
    expect('data' in goodsInfoRoute).toBe(false);
  });

  it('describe the cart badge’s count without schemas by the same method, path and auth as its call', () => {
    const { method, path: wirePath, auth, area } = countCartGoods;
    expect(cartCountRoute).toEqual({ method, path: wirePath, auth, area });
    expect('data' in cartCountRoute).toBe(false);
  });
});
