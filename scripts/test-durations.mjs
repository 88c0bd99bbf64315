// Records how long each test file took in the last full run on this machine (Vitest's results cache)
// in test-durations.json, which orders a run that has no cache of its own (a clean clone, CI): the
// longest files first, so the run does not end on a long file started late. Run after `npm test`.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const cacheDir = path.join(root, 'node_modules/.vite/vitest');
const caches = fs.existsSync(cacheDir) ? fs.readdirSync(cacheDir).map((d) => path.join(cacheDir, d, 'results.json')).filter((f) => fs.existsSync(f)) : [];
if (!caches.length) {
  console.error('No results of a test run here: run `npm test` first.');
  process.exit(1);
}
const durations = {};
for (const file of caches) {
  for (const [key, result] of JSON.parse(fs.readFileSync(file, 'utf8')).results) {
    if (result.duration > 0 && fs.existsSync(path.join(root, key.slice(key.indexOf(':') + 1)))) durations[key] = Math.round(result.duration / 100) * 100;
  }
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)));
fs.writeFileSync(path.join(root, 'test-durations.json'), `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`test-durations.json: ${Object.keys(sorted).length} files`);
