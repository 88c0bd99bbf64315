import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// DESIGN.md: features never import each other; pages in the app layer compose them.
const SRC = path.resolve(import.meta.dirname, '../..');
const FEATURES = path.join(SRC, 'features');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx|css)$/.test(d.name) ? [p] : [];
  });
}

/** The feature a path belongs to (`src/features/<name>/…`), or undefined outside the features. */
function featureOf(file: string): string | undefined {
  const rel = path.relative(FEATURES, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  return rel.split(path.sep)[0];
}

/** Every module a file names: `import … from`, `export … from`, bare `import '…'`, `import('…')`, css `@import`. */
function specifiers(source: string): string[] {
  const patterns = [/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g, /@import\s+(?:url\()?['"]([^'"]+)['"]/g];
  return patterns.flatMap((re) => [...source.matchAll(re)].map((m) => m[1]!));
}

/** The imports of `file` that land in another feature's folder, as `file -> specifier`. */
function crossFeatureImports(file: string, source: string): string[] {
  const own = featureOf(file);
  if (!own) return [];
  return specifiers(source).flatMap((spec) => {
    let target: string;
    if (spec.startsWith('@/')) target = path.join(SRC, spec.slice(2));
    else if (spec.startsWith('.')) target = path.resolve(path.dirname(file), spec);
    else return [];
    const other = featureOf(target);
    return other && other !== own ? [`${path.relative(SRC, file)} -> ${spec}`] : [];
  });
}

describe('feature boundaries', () => {
  const files = sourceFiles(FEATURES);

  it('scans the features and their imports', () => {
    expect(files.length).toBeGreaterThan(50);
    const imports = files.flatMap((f) => specifiers(fs.readFileSync(f, 'utf8')));
    expect(imports.length).toBeGreaterThan(200);
  });

  it('recognises an import of another feature, by alias or by relative path', () => {
    const file = path.join(FEATURES, 'settings/pages/some-page.tsx');
    expect(crossFeatureImports(file, "import { A } from '@/features/account/components/a';")).toHaveLength(1);
    expect(crossFeatureImports(file, "const B = lazy(() => import('../../catalogue/pages/b'));")).toHaveLength(1);
    expect(crossFeatureImports(file, "export { C } from '../../../features/content/api/c';")).toHaveLength(1);
    expect(crossFeatureImports(file, "import { D } from '../components/d';\nimport { paths } from '@/config/paths';")).toEqual([]);
  });

  it('no file under src/features/<a>/ imports from src/features/<b>/', () => {
    const found = files.flatMap((f) => crossFeatureImports(f, fs.readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });
});
