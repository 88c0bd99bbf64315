import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../common/languages.js';
import { isConsoleNamespace, loadBundledPacks, loadConsolePacks, PACKS_DIR } from './packs.js';

const namespaces = fs.readdirSync(PACKS_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
const read = (ns: string, lang: string) => JSON.parse(fs.readFileSync(path.join(PACKS_DIR, ns, `${lang}.json`), 'utf8')) as Record<string, unknown>;

/** The keys a JSON text defines more than once (JSON.parse silently keeps the last one). */
function duplicateKeys(text: string): string[] {
  const seen = new Set<string>();
  const dupes: string[] = [];
  for (const m of text.matchAll(/^\s*"((?:[^"\\]|\\.)*)"\s*:/gm)) {
    const key = m[1]!;
    if (seen.has(key)) dupes.push(key);
    seen.add(key);
  }
  return dupes;
}

describe('language packs', () => {
  it('has the nine languages in every namespace', () => {
    expect(namespaces.length).toBeGreaterThan(0);
    for (const ns of namespaces) {
      const files = fs.readdirSync(path.join(PACKS_DIR, ns)).filter((f) => f.endsWith('.json')).sort();
      expect(files, `namespace ${ns}`).toEqual([...LANGUAGES].map((l) => `${l}.json`).sort());
    }
  });

  it.each(namespaces)('namespace %s has every key in every language, each with a text', (ns) => {
    const keysOf = (lang: string) => Object.keys(read(ns, lang)).sort();
    const reference = [...new Set(LANGUAGES.flatMap(keysOf))].sort();
    for (const lang of LANGUAGES) {
      const pack = read(ns, lang);
      const missing = reference.filter((k) => !(k in pack));
      expect(missing, `${ns}/${lang}.json misses keys`).toEqual([]);
      const empty = Object.entries(pack).filter(([, v]) => typeof v !== 'string' || !v.trim()).map(([k]) => k);
      expect(empty, `${ns}/${lang}.json has empty texts`).toEqual([]);
    }
  });

  it.each(namespaces)('namespace %s uses the same {{placeholders}} in every language', (ns) => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort().join(',');
    const en = read(ns, 'en-us') as Record<string, string>;
    for (const lang of LANGUAGES) {
      const pack = read(ns, lang) as Record<string, string>;
      for (const [key, text] of Object.entries(en)) {
        if (typeof pack[key] === 'string') expect(placeholders(pack[key]), `${ns}/${lang}.json ${key}`).toBe(placeholders(text));
      }
    }
  });

  it('in the languages written without spaces between words, the support chat runs the name of whoever answers into the words after it', () => {
    // The name is the shop's label in the member's own script ("カスタマーサービスがオンラインです"), never followed by a space there.
    for (const lang of ['jp', 'zh-cn', 'zh-tw', 'th', 'km']) {
      const spaced = Object.entries(read('support', lang) as Record<string, string>).filter(([, text]) => /\{\{\s*name\s*\}\}\s+[^\p{ASCII}]/u.test(text));
      expect(spaced.map(([key]) => key), `support/${lang}.json`).toEqual([]);
    }
  });

  it('defines no key twice, neither in one file nor in two namespaces', () => {
    for (const ns of namespaces) {
      for (const lang of LANGUAGES) {
        const text = fs.readFileSync(path.join(PACKS_DIR, ns, `${lang}.json`), 'utf8');
        expect(duplicateKeys(text), `${ns}/${lang}.json`).toEqual([]);
      }
    }
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const ns of namespaces) {
      for (const key of Object.keys(read(ns, 'en-us'))) {
        if (owner.has(key)) clashes.push(`${key} (${owner.get(key)} and ${ns})`);
        else owner.set(key, ns);
      }
    }
    expect(clashes).toEqual([]);
    expect(() => loadBundledPacks()).not.toThrow();
    expect(() => loadConsolePacks()).not.toThrow();
  });

  it("keeps the console's screens out of the packs the API serves, and every console text in the console's", () => {
    const consoleKeys = namespaces.filter(isConsoleNamespace).flatMap((ns) => Object.keys(read(ns, 'en-us')));
    expect(consoleKeys.length).toBeGreaterThan(500);
    const served = loadBundledPacks();
    const consolePacks = loadConsolePacks();
    for (const lang of LANGUAGES) {
      expect(consoleKeys.filter((k) => k in served[lang]), lang).toEqual([]);
      expect(Object.keys(consolePacks[lang]).sort(), lang).toEqual([...consoleKeys].sort());
    }
    // The API's own texts for operators (refusals, CSV headers) stay in the served packs.
    expect(served['en-us']['console.csv.amount']).toBe('Amount');
  });
});
