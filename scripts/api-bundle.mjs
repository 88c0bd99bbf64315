// The API's entry points as one JavaScript file each, made again only when their sources changed:
// a process then loads one file instead of compiling some 400 TypeScript modules on its way up
// (`npm start`'s API, and `npm run ops`, `migrate` and `worker` through `run-api.mjs`: an operator
// command starts in under a second instead of several).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What a build of `app` is made from: its own sources and configuration, the shared packages, the lock file. */
const INPUTS = (app) => [app, 'packages/contract/src', 'packages/client/src', 'package-lock.json'];
const SKIP = new Set(['node_modules', 'dist', 'e2e', '__tests__', '.vite']);
/** Where each build's fingerprint is kept (beside the dependencies, not in a served folder), and the API's bundles. */
export const CACHE = path.join(root, 'node_modules/.cache/shop-start');

/** A fingerprint of every input file's path, size and modification time (fast: nothing is read). */
export function fingerprint(app) {
  const hash = createHash('sha256');
  const walk = (rel) => {
    const abs = path.join(root, rel);
    let stat;
    try {
      stat = fs.statSync(abs);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(abs).sort()) if (!SKIP.has(name)) walk(path.join(rel, name));
    } else if (!/\.test\.tsx?$/.test(rel)) {
      hash.update(`${rel}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  };
  for (const input of INPUTS(app)) walk(input);
  return hash.digest('hex');
}

/**
 * The bundle of the API's `entry` (a path to a file of apps/api/src), built when its sources changed
 * since the last build (`SHOP_REBUILD=1` forces one). The packages in node_modules
 * stay outside it and load as usual; `import.meta.dirname`, `.filename` and `.url` in a source keep
 * naming that source, so files read beside it (migrations' data, rate snapshots, language packs) are
 * found where they are. Answers the bundle's `file`, and `builtMs` when it was built now.
 */
export async function bundleApi(entry) {
  const source = path.resolve(entry);
  const relative = path.relative(path.join(root, 'apps/api/src'), source);
  if (relative.startsWith('..') || !/\.ts$/.test(relative)) throw new Error(`${entry} is not a file of apps/api/src`);
  // `npm start`'s bundle keeps its name (api.mjs); the others are named after their entry.
  const name = relative === 'main.ts' ? 'api' : relative.replace(/\.ts$/, '').replaceAll(path.sep, '-');
  const outfile = path.join(CACHE, `${name}.mjs`);
  const stampFile = path.join(CACHE, `${name}.sources`);
  const stamp = `${outfile}\n${fingerprint('apps/api')}`;
  if (process.env.SHOP_REBUILD !== '1' && fs.existsSync(outfile) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp) return { file: outfile };
  const started = Date.now();
  // The esbuild that tsx (a dependency of the project) runs on.
  const esbuild = await import(pathToFileURL(createRequire(createRequire(import.meta.url).resolve('tsx/package.json')).resolve('esbuild')).href);
  const own = {
    name: 'shop-sources',
    setup(build) {
      // Packages are loaded from node_modules at run time; the workspaces (@shop/…) are bundled.
      build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@shop/') || args.path.startsWith('node:') ? undefined : { path: args.path, external: true }));
      build.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => {
        let contents = await fs.promises.readFile(args.path, 'utf8');
        if (contents.includes('import.meta.')) {
          contents = contents
            .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
            .replaceAll('import.meta.filename', JSON.stringify(args.path))
            .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
        }
        return { contents, loader: 'ts' };
      });
    },
  };
  fs.mkdirSync(CACHE, { recursive: true });
  const built = await esbuild.build({
    entryPoints: [source],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'error',
    plugins: [own],
    write: false,
  });
  // Each file appears whole (a second process building at the same moment never reads half of one): the map first, the bundle last.
  for (const file of [...built.outputFiles].sort((a, b) => Number(b.path.endsWith('.map')) - Number(a.path.endsWith('.map')))) {
    const part = `${file.path}.${process.pid}.part`;
    fs.writeFileSync(part, file.contents);
    fs.renameSync(part, file.path);
  }
  const stampPart = `${stampFile}.${process.pid}.part`;
  fs.writeFileSync(stampPart, stamp);
  fs.renameSync(stampPart, stampFile);
  return { file: outfile, builtMs: Date.now() - started };
}

/**
 * Runs the API's `entry` in this process: its bundle (errors name the TypeScript sources, through
 * the bundle's source map), or its sources through tsx when it cannot be bundled, which `say` is
 * told; with `tellBuild`, also whether the bundle was built or kept.
 */
export async function runApi(entry, say = (line) => console.error(line), tellBuild = false) {
  const bundle = await bundleApi(entry).catch((e) => {
    say(`not bundled (${e instanceof Error ? e.message.split('\n')[0] : String(e)}); running from its sources`);
    return undefined;
  });
  if (bundle) {
    if (tellBuild) say(bundle.builtMs === undefined ? 'unchanged since its last build' : `built in ${(bundle.builtMs / 1000).toFixed(1)} s`);
    process.setSourceMapsEnabled(true);
    await import(pathToFileURL(bundle.file).href);
  } else {
    const { register } = await import('tsx/esm/api');
    register();
    await import(pathToFileURL(path.resolve(entry)).href);
  }
}
