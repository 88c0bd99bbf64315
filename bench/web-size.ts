import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** Gzipped size of a set of built chunks. */
export interface JsSize {
  gzipBytes: number;
  files: string[];
}

function readManifest(distDir: string): Record<string, ManifestChunk> {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) throw new Error(`${manifestPath} not found: build the web app first (npm run build)`);
  return JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
}

/** The chunks of `roots` and everything they import statically, gzipped. */
function closureSize(distDir: string, manifest: Record<string, ManifestChunk>, roots: string[]): JsSize {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`${key} is not in the manifest`);
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  roots.forEach(visit);
  const files = [...seen].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js')).sort();
  let gzipBytes = 0;
  for (const file of files) gzipBytes += gzipSync(fs.readFileSync(path.join(distDir, file))).length;
  return { gzipBytes, files };
}

/**
 * The gzipped JavaScript the home route needs before its first paint: the entry chunk of
 * index.html and every chunk it imports statically (what the browser must run before React
 * renders the app's frame). `withHomePage` adds the home page's own lazy chunk and its imports,
 * which the home content needs on top.
 */
export async function measureHomeRouteJs(
  distDir: string,
  homePage = 'src/features/catalogue/pages/home-page.tsx',
): Promise<JsSize & { withHomePage: JsSize }> {
  const manifest = readManifest(distDir);
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith('index.html'));
  if (!entryKey) throw new Error('the manifest has no index.html entry');
  return { ...closureSize(distDir, manifest, [entryKey]), withHomePage: closureSize(distDir, manifest, [entryKey, homePage]) };
}
