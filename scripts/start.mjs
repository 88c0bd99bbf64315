// `npm start`: build the web app and the console for production when their sources changed, bundle
// the API the same way, then run the API in this very process, so a SIGTERM sent to `npm start`
// reaches the API's own shutdown: in-flight requests finish and the embedded database stops, as
// with Ctrl-C.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CACHE, fingerprint, root, runApi } from './api-bundle.mjs';

const vite = path.join(root, 'node_modules/vite/bin/vite.js');
const say = (line) => console.log(`[shop] ${line}`);

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
// The API as one JavaScript file (scripts/api-bundle.mjs), made again only when its sources changed.
await runApi('src/main.ts', (line) => say(`API: ${line}`), true);
