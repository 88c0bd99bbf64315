import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  name?: string;
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
export async function measureHomeRouteJs(distDir: string): Promise<JsSize & { withHomePage: JsSize }> {
  const manifest = readManifest(distDir);
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith('index.html'));
  if (!entryKey) throw new Error('the manifest has no index.html entry');
  const entry = closureSize(distDir, manifest, [entryKey]);
  // The home page's files are the ones the document's first-screen script preloads for it (the
  // page's module shares a file with what only it reaches, so it has no manifest key of its own).
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const preloads = /\}\)\((\{.*?\}),(\[.*?\]),(\[.*?\])\);/.exec(html);
  if (!preloads) throw new Error('index.html has no first-screen preload script');
  const byPath = JSON.parse(preloads[1]!) as Record<string, string[]>;
  const always = JSON.parse(preloads[2]!) as string[];
  const homeFiles = [...always, ...(byPath['/'] ?? [])].filter((f) => f.endsWith('.js'));
  if (!byPath['/']?.length) throw new Error('the first-screen script names no files for the home page');
  const files = [...new Set([...entry.files, ...homeFiles])].sort();
  let gzipBytes = 0;
  for (const file of files) gzipBytes += gzipSync(fs.readFileSync(path.join(distDir, file))).length;
  return { ...entry, withHomePage: { gzipBytes, files } };
}

/**
 * The gzipped JavaScript of the operator console's first screen: the entry of its index.html with
 * everything it imports statically and its English texts, plus the first page's own chunks: the sign-in page for an
 * operator who is not signed in, the signed-in shell with the dashboard otherwise. Both must fit
 * the budget; `largest` is the heavier of the two.
 */
export async function measureConsoleFirstLoad(distDir: string): Promise<{ signIn: JsSize; dashboard: JsSize; largest: JsSize }> {
  const manifest = readManifest(distDir);
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith('index.html'));
  if (!entryKey) throw new Error('the console manifest has no index.html entry');
  // The console's texts in English (its chunk of the contract's console packs, loaded before the first paint).
  const texts = Object.keys(manifest).filter((k) => manifest[k]!.name === 'texts-en-us');
  if (texts.length !== 1) throw new Error('the console manifest has no chunk of English texts');
  const signIn = closureSize(distDir, manifest, [entryKey, ...texts, 'src/app/SignIn.tsx']);
  const dashboard = closureSize(distDir, manifest, [entryKey, ...texts, 'src/app/Shell.tsx', 'src/pages/dashboard/Dashboard.tsx']);
  return { signIn, dashboard, largest: signIn.gzipBytes >= dashboard.gzipBytes ? signIn : dashboard };
}
