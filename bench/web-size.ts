import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * The gzipped JavaScript the home route needs before its first paint: the entry chunk of
 * index.html and every chunk it imports statically (what the browser must run before React
 * renders), from the Vite manifest of a built app. Lazy pages and prompts loaded later are not counted.
 */
export async function measureHomeRouteJs(distDir: string): Promise<{ gzipBytes: number; files: string[] }> {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) throw new Error(`${manifestPath} not found: build the web app first (npm run build)`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith('index.html'));
  if (!entryKey) throw new Error('the manifest has no index.html entry');

  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
  };
  visit(entryKey);

  const files = [...seen].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js')).sort();
  let gzipBytes = 0;
  for (const file of files) gzipBytes += gzipSync(fs.readFileSync(path.join(distDir, file))).length;
  return { gzipBytes, files };
}
