// `npm start`: build the web app and the console for production when their sources changed, bundle
// the API the same way, then run the API in this very process, so a SIGTERM sent to `npm start`
// reaches the API's own shutdown: in-flight requests finish and the embedded database stops, as
// with Ctrl-C.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vite = path.join(root, 'node_modules/vite/bin/vite.js');
const say = (line) => console.log(`[shop] ${line}`);

/** What a build of `app` is made from: its own sources and configuration, the shared packages, the lock file. */
const INPUTS = (app) => [app, 'packages/contract/src', 'packages/client/src', 'package-lock.json'];
const SKIP = new Set(['node_modules', 'dist', 'e2e', '__tests__', '.vite']);
/** Where each build's fingerprint is kept (beside the dependencies, not in a served folder), and the API's bundle. */
const CACHE = path.join(root, 'node_modules/.cache/shop-start');

/** A fingerprint of every input file's path, size and modification time (fast: nothing is read). */
function fingerprint(app) {
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

// Always the production bundle: NODE_ENV=development in the shell would otherwise build React's development one.
// The member app (/h5/), then the operator console (/admin/), each into the folder the server
// serves it from (WEB_DIST and ADMIN_DIST, relative to the project, as the server reads them).
// A build whose sources have not changed since the last one is kept (SHOP_REBUILD=1 forces one);
// the build's own output is shown only when it fails.
for (const [app, outDir, name] of [
  ['apps/web', process.env.WEB_DIST || './apps/web/dist', 'member app'],
  ['apps/admin', process.env.ADMIN_DIST || './apps/admin/dist', 'operator console'],
]) {
  const out = path.resolve(root, outDir);
  // Kept beside the dependencies, not in the served folder.
  const stampFile = path.join(CACHE, `${app.replace('/', '-')}-${createHash('sha256').update(out).digest('hex').slice(0, 12)}.sources`);
  const stamp = `${out}\n${fingerprint(app)}`;
  const kept = fs.existsSync(path.join(out, 'index.html')) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp;
  if (kept && process.env.SHOP_REBUILD !== '1') {
    say(`${name}: unchanged since its last build`);
    continue;
  }
  say(`${name}: building for production…`);
  const started = Date.now();
  const build = spawnSync(process.execPath, [vite, 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(root, app),
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) {
    process.stdout.write(build.stdout ?? '');
    process.stderr.write(build.stderr ?? '');
    process.exit(build.status ?? 1);
  }
  fs.mkdirSync(path.dirname(stampFile), { recursive: true });
  fs.writeFileSync(stampFile, stamp);
  say(`${name}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

// A short, readable log in the terminal: warnings and the shop's own lines, not a line per request
// (LOG_LEVEL=info brings those back).
process.env.LOG_LEVEL ??= 'warn';

// npm passes a SIGTERM on to the shell running this script, and the shell ends without passing it
// further (it does not `exec`), leaving this process behind. So when the process that started us
// goes away, we stop as if signalled; no shell-specific `exec` is needed in package.json.
const parent = process.ppid;
const orphaned = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(orphaned);
  process.kill(process.pid, 'SIGTERM');
}, 250);
orphaned.unref();

process.chdir(path.join(root, 'apps/api'));
const bundle = await bundleApi().catch((e) => {
  say(`API: not bundled (${e instanceof Error ? e.message.split('\n')[0] : String(e)}); running from its sources`);
  return undefined;
});
if (bundle) {
  // Errors name the TypeScript sources, through the bundle's source map.
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(bundle).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(path.join(root, 'apps/api/src/main.ts')).href);
}

/**
 * The API as one JavaScript file, made again only when its sources changed (like the apps): a start
 * then loads one file instead of compiling some 400 TypeScript modules. The packages in
 * node_modules stay outside it and load as usual; `import.meta.dirname`, `.filename` and `.url` in
 * a source keep naming that source, so files read beside it (migrations' data, rate snapshots,
 * language packs) are found where they are.
 */
async function bundleApi() {
  const outfile = path.join(CACHE, 'api.mjs');
  const stampFile = path.join(CACHE, 'api.sources');
  const stamp = `${outfile}\n${fingerprint('apps/api')}`;
  if (process.env.SHOP_REBUILD !== '1' && fs.existsSync(outfile) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp) {
    say('API: unchanged since its last build');
    return outfile;
  }
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
    entryPoints: [path.join(root, 'apps/api/src/main.ts')],
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
  // Each file appears whole (a second start at the same moment never reads half of one): the map first, the bundle last.
  for (const file of [...built.outputFiles].sort((a, b) => Number(b.path.endsWith('.map')) - Number(a.path.endsWith('.map')))) {
    const part = `${file.path}.${process.pid}.part`;
    fs.writeFileSync(part, file.contents);
    fs.renameSync(part, file.path);
  }
  fs.writeFileSync(stampFile, stamp);
  say(`API: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return outfile;
}
