// Fails when the source imports itself in a circle (type imports included): the API, the member
// app, the console and the contract, each a graph of its files. Run by `npm run lint`.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const TREES = [
  { name: 'api', dir: 'apps/api/src' },
  { name: 'web', dir: 'apps/web/src', alias: { '@/': 'apps/web/src/' } },
  { name: 'admin', dir: 'apps/admin/src' },
  { name: 'contract', dir: 'packages/contract/src' },
  { name: 'client', dir: 'packages/client/src' },
];

function sources(dir, out = []) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== 'dist') sources(p, out);
    } else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** Each file's imports of other files of the tree (relative or aliased), type-only ones included. */
export function importGraph(files, alias = {}) {
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const deps = [];
    for (const { fileName } of ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true).importedFiles) {
      const prefix = Object.keys(alias).find((a) => fileName.startsWith(a));
      if (!fileName.startsWith('.') && !prefix) continue;
      const base = prefix ? path.join(root, alias[prefix], fileName.slice(prefix.length)) : path.resolve(path.dirname(file), fileName);
      const stem = base.replace(/\.(js|jsx|ts|tsx)$/, '');
      const hit = [`${stem}.ts`, `${stem}.tsx`, path.join(stem, 'index.ts'), path.join(stem, 'index.tsx')].find((c) => known.has(c));
      if (hit) deps.push(hit);
    }
    graph.set(file, deps);
  }
  return graph;
}

/** The circles of a graph: its strongly connected parts of more than one file, or a file importing itself. */
export function circles(graph) {
  let next = 0;
  const index = new Map(), low = new Map(), onStack = new Set(), stack = [], found = [];
  const visit = (v) => {
    index.set(v, next); low.set(v, next); next++;
    stack.push(v); onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v), low.get(w))); }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const part = [];
      let w;
      do { w = stack.pop(); onStack.delete(w); part.push(w); } while (w !== v);
      if (part.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(part);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  let total = 0;
  for (const tree of TREES) {
    const dir = path.join(root, tree.dir);
    if (!fs.existsSync(dir)) continue;
    const found = circles(importGraph(sources(dir), tree.alias));
    total += found.length;
    for (const part of found) console.error(`${tree.name}: a circle of ${part.length} files: ${part.map((f) => path.relative(root, f)).join(', ')}`);
  }
  console.log(`import circles: ${total}`);
  process.exit(total ? 1 : 0);
}
