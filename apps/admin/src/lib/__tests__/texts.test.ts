import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@shop/contract/common';
import { loadConsolePacks } from '@shop/contract/packs';
import { OPERATOR_ACTION_TARGETS } from '@shop/contract/admin';
import { AUDIT_KINDS } from '../audit-kinds';

// The console's texts are the contract's `console-…` packs: every key its code names, and every
// family of keys it builds (`console.status.${status}`), is there in each of the nine languages.
const SRC = path.resolve(import.meta.dirname, '../..');
const code = (fs.readdirSync(SRC, { recursive: true }) as string[])
  .filter((f) => /\.tsx?$/.test(f) && !/(^|\/)__tests__\//.test(f))
  .map((f) => [f, fs.readFileSync(path.join(SRC, f), 'utf8')] as const);
const named = (re: RegExp) => new Map(code.flatMap(([file, text]) => [...text.matchAll(re)].map((m) => [m[1]!, file] as const)));
/** Keys written out: 'console.common.retry'. */
const keys = named(/['"`](console\.[\w.]+\w)['"`]/g);
/** Families of keys built at run time: `console.status.${status}`. */
const families = named(/`(console\.[\w.]+\.)\$\{/g);
const packs = loadConsolePacks();

describe('texts of the console', () => {
  it('finds the keys the code names and builds', () => {
    expect(keys.size).toBeGreaterThan(500);
    expect(keys.has('console.common.retry')).toBe(true);
    expect(families.has('console.status.')).toBe(true);
  });

  it.each([...LANGUAGES])('every key the code names, every family it builds, every audit kind and every audit target has %s texts', (lang) => {
    const pack = packs[lang];
    const missing = [...keys].filter(([key]) => !(key in pack)).map(([key, file]) => `${key} (${file})`);
    const empty = [...families].filter(([prefix]) => !Object.keys(pack).some((k) => k.startsWith(prefix))).map(([prefix, file]) => `${prefix}… (${file})`);
    const kinds = AUDIT_KINDS.filter((kind) => !(`console.settings.kinds.${kind.replace(/\./g, '_')}` in pack));
    const targets = OPERATOR_ACTION_TARGETS.filter((type) => !(`console.audit.targets.${type}` in pack));
    expect([...missing, ...empty, ...kinds, ...targets]).toEqual([]);
  });
});
