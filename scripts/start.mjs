// `npm start`: build the web app for production, then run the API in this very process, so a
// SIGTERM sent to `npm start` reaches the API's own shutdown: in-flight requests finish and the
// embedded database stops, as with Ctrl-C.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vite = path.join(root, 'node_modules/vite/bin/vite.js');
// Always the production bundle: NODE_ENV=development in the shell would otherwise build React's development one.
// The member app (/h5/), then the operator console (/admin/), each into the folder the server
// serves it from (WEB_DIST and ADMIN_DIST, relative to the project, as the server reads them).
for (const [app, outDir] of [
  ['apps/web', process.env.WEB_DIST || './apps/web/dist'],
  ['apps/admin', process.env.ADMIN_DIST || './apps/admin/dist'],
]) {
  const build = spawnSync(process.execPath, [vite, 'build', '--outDir', path.resolve(root, outDir), '--emptyOutDir'], {
    cwd: path.join(root, app),
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

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

const { register } = await import('tsx/esm/api');
register();
process.chdir(path.join(root, 'apps/api'));
await import(pathToFileURL(path.join(root, 'apps/api/src/main.ts')).href);
