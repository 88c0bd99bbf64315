// The API's import graph (type imports included): cycles, and module edges against the declared order.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const src = path.join(root, 'apps/api/src');

function walk(dir, out = []) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (/\.tsx?$/.test(e.name) && !/\.d\.ts$/.test(e.name)) out.push(p);
  }
  return out;
}

export function importGraph(files) {
  const set = new Set(files);
  const graph = new Map();
  for (const f of files) {
    const info = ts.preProcessFile(fs.readFileSync(f, 'utf8'), true, true);
    const deps = [];
    for (const r of info.importedFiles) {
      if (!r.fileName.startsWith('.')) continue;
      let t = path.resolve(path.dirname(f), r.fileName).replace(/\.js$/, '');
      const cands = [t + '.ts', t + '.tsx', path.join(t, 'index.ts')];
      const hit = cands.find((c) => set.has(c));
      if (hit) deps.push(hit);
    }
    graph.set(f, deps);
  }
  return graph;
}

/** Strongly connected components with more than one file (or a self-import). */
export function cycles(graph) {
  let index = 0;
  const idx = new Map(), low = new Map(), on = new Set(), stack = [], out = [];
  const strong = (v) => {
    idx.set(v, index); low.set(v, index); index++; stack.push(v); on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) { strong(w); low.set(v, Math.min(low.get(v), low.get(w))); }
      else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do { w = stack.pop(); on.delete(w); comp.push(w); } while (w !== v);
      if (comp.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(comp);
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) strong(v);
  return out;
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const files = walk(src).filter((f) => !f.includes('__tests__') && !f.includes('/test/'));
  const graph = importGraph(files);
  const rel = (f) => path.relative(src, f);
  const cyc = cycles(graph);
  console.log(`cycles: ${cyc.length}`);
  for (const c of cyc) console.log(`  ${c.length} files: ${c.map(rel).slice(0, 40).join(' ')}`);
  const mod = (f) => { const r = rel(f).split('/'); return r[0] === 'modules' ? `m:${r[1]}` : r[0].replace(/\.ts$/, ''); };
  const edges = new Map();
  for (const [f, ds] of graph) for (const d of ds) { const a = mod(f), b = mod(d); if (a !== b) { const k = `${a} -> ${b}`; edges.set(k, (edges.get(k) ?? 0) + 1); } }
  console.log([...edges.keys()].sort().join('\n'));
}
