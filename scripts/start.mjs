// `npm start`: build the web app and the console for production when their sources changed, bundle
// the API the same way, then run the API in this very process, so a SIGTERM sent to `npm start`
// reaches the API's own shutdown: in-flight requests finish and the embedded database stops, as
// with Ctrl-C.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CACHE, fingerprint, root, runApi } from './api-bundle.mjs';

const vite = path.join(root, 'node_modules/vite/bin/vite.js');
const say = (line) => console.log(`[shop] ${line}`);

// Always the production bundle: NODE_ENV=development in the shell would otherwise build React's development one.
// The member app (/h5/) and the operator console (/admin/), side by side (each build keeps to about
// one core), each into the folder the server serves it from (WEB_DIST and ADMIN_DIST, relative to
// the project, as the server reads them). A build whose sources have not changed since the last one
// is kept (SHOP_REBUILD=1 forces one); the build's own output is shown only when it fails.
const building = new Set();
async function buildApp(app, outDir, name) {
  const out = path.resolve(root, outDir);
  // Kept beside the dependencies, not in the served folder.
  const stampFile = path.join(CACHE, `${app.replace('/', '-')}-${createHash('sha256').update(out).digest('hex').slice(0, 12)}.sources`);
  const stamp = `${out}\n${fingerprint(app)}`;
  const kept = fs.existsSync(path.join(out, 'index.html')) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp;
  if (kept && process.env.SHOP_REBUILD !== '1') {
    say(`${name}: unchanged since its last build`);
    return;
  }
  say(`${name}: building for production…`);
  const started = Date.now();
  const child = spawn(process.execPath, [vite, 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(root, app),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  building.add(child);
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const status = await new Promise((resolve) => {
    child.on('error', (e) => resolve({ code: 1, error: e }));
    child.on('close', (code) => resolve({ code: code ?? 1 }));
  });
  building.delete(child);
  if (status.code !== 0) {
    process.stderr.write(output + (status.error ? `${status.error.message}\n` : ''));
    say(`${name}: the build failed`);
    // The other build is not left running on its own.
    for (const other of building) other.kill();
    process.exit(status.code);
  }
  fs.mkdirSync(path.dirname(stampFile), { recursive: true });
  fs.writeFileSync(stampFile, stamp);
  say(`${name}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
await Promise.all([
  buildApp('apps/web', process.env.WEB_DIST || './apps/web/dist', 'member app'),
  buildApp('apps/admin', process.env.ADMIN_DIST || './apps/admin/dist', 'operator console'),
]);

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
