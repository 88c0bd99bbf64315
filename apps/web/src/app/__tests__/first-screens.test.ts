import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_PART_PREFIXES, inFirstPart } from '@shop/contract/lang';
import { firstScreenPaths, pageTitleKey, paths } from '@/config/paths';
import { routes } from '@/app/routes';
import type { RouteObject } from '@/lib/router';
import { keyNamespacesIn } from '@/test/text-keys';

// A first visit to a first screen paints with the language pack's first part only: its page must be
// marked as one, and every text it can show must be in that part, or the visitor reads keys.
const SRC = path.resolve(import.meta.dirname, '../..');

const allRoutes = (list: RouteObject[]): RouteObject[] => list.flatMap((r) => [r, ...allRoutes(r.children ?? [])]);

/** The app's own modules `file` imports (relative or `@/`), resolved to files. */
function importsOf(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  const specs = [...source.matchAll(/(?:from\s+|import\(\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
  return specs.flatMap((spec) => {
    const base = spec.startsWith('@/') ? path.join(SRC, spec.slice(2)) : spec.startsWith('.') ? path.resolve(path.dirname(file), spec) : undefined;
    if (!base) return [];
    const found = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
    return found && /\.tsx?$/.test(found) ? [found] : [];
  });
}

/** Every module a page's file reaches through the app's own imports, the page's included. */
function moduleGraph(entry: string): Set<string> {
  const seen = new Set<string>([entry]);
  for (const file of seen) for (const next of importsOf(file)) seen.add(next);
  return seen;
}

/** The page files of the routes marked `firstScreen`, read from the routes' source (their loaders are functions). */
function firstScreenPageFiles(): string[] {
  const source = fs.readFileSync(path.join(SRC, 'app/routes.tsx'), 'utf8');
  return [...source.matchAll(/import\('@\/([^']+)'\), firstScreen\)/g)].map((m) => path.join(SRC, `${m[1]}.tsx`));
}

describe('first screens', () => {
  it('are the pages routes.tsx marks firstScreen, and only those', () => {
    const marked = allRoutes(routes)
      .filter((r) => (r.lazy as { firstScreen?: boolean } | undefined)?.firstScreen)
      .map((r) => r.path);
    expect(marked.sort()).toEqual(firstScreenPaths.filter((p) => p !== paths.root).sort());
    expect(firstScreenPageFiles()).toHaveLength(marked.length);
  });

  it('show only texts of the language pack’s first part, in every module they load', () => {
    const outside: string[] = [];
    let modules = 0;
    for (const page of firstScreenPageFiles()) {
      for (const file of moduleGraph(page)) {
        modules++;
        for (const ns of keyNamespacesIn(fs.readFileSync(file, 'utf8'))) if (!FIRST_PART_PREFIXES.includes(ns)) outside.push(`${path.relative(SRC, file)}: ${ns}.`);
      }
    }
    expect(modules).toBeGreaterThan(50);
    expect([...new Set(outside)]).toEqual([]);
    // Their titles (the document's, the header's) too.
    const titles = firstScreenPaths.filter((p) => p !== paths.root).map((p) => pageTitleKey(p) ?? `none for ${p}`);
    expect(titles.filter((key) => !inFirstPart(key))).toEqual([]);
  });
});
