// `npm run build` (and the first step of `npm test`): the member app and the operator console built
// for production side by side, one `vite build` each (each keeps to about one core). A build's output
// is shown as it comes, each line after its app's name; the first failure fails the whole.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vite = path.join(root, 'node_modules/vite/bin/vite.js');

function build(app) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vite, 'build'], { cwd: path.join(root, 'apps', app), stdio: ['ignore', 'pipe', 'pipe'] });
    for (const [stream, out] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop();
        for (const line of lines) out.write(`[${app}] ${line}\n`);
      });
      stream.on('end', () => rest && out.write(`[${app}] ${rest}\n`));
    }
    child.on('error', (e) => resolve({ app, code: 1, error: e }));
    child.on('close', (code, signal) => resolve({ app, code: code ?? (signal ? 1 : 0) }));
  });
}

const results = await Promise.all(['web', 'admin'].map(build));
const failed = results.filter((r) => r.code !== 0);
for (const r of failed) console.error(`[${r.app}] build failed${r.error ? `: ${r.error.message}` : ` (exit ${r.code})`}`);
process.exit(failed.length ? 1 : 0);
