import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@shop/contract';
import { loadBundledPacks } from '@shop/contract/packs';
import { pageTitleKeys } from '@/config/paths';
import { textKeysIn } from '@/test/text-keys';

const SRC = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === '__tests__' || d.name === 'test' ? [] : sourceFiles(p);
    return /\.(ts|tsx)$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [p] : [];
  });
}

/** Every text key the app's code names: t('…'), i18n.t('…'), i18nKey="…", `…Key: '…'` fields and any 'app.…' literal. */
function usedKeys(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles(SRC)) for (const key of textKeysIn(fs.readFileSync(file, 'utf8'))) found.set(key, path.relative(SRC, file));
  return found;
}

describe('texts of the app', () => {
  const packs = loadBundledPacks();
  const keys = usedKeys();

  it('finds the keys the code uses', () => {
    expect(keys.size).toBeGreaterThan(80);
    expect(keys.has('app.tab.home')).toBe(true);
  });

  it.each([...LANGUAGES])('every key the code uses is in the %s pack', (lang) => {
    const missing = [...keys].filter(([key]) => !(key in packs[lang])).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it('every page has a title in every language', () => {
    for (const lang of LANGUAGES) {
      const missing = Object.values(pageTitleKeys).filter((k) => !(k in packs[lang]));
      expect(missing, lang).toEqual([]);
    }
  });
});
