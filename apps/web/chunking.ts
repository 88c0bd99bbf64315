import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

type CodeSplittingGroup = { name: string; test?: (id: string) => boolean; tags?: Array<'$initial'>; priority?: number; includeDependenciesRecursively?: boolean };

const require = createRequire(import.meta.url);

/** `export { default as Button } from './components/button'` lines of a library's index: name → module and export. */
function barrelExports(indexFile: string): Map<string, { from: string; imported: string }> {
  const dir = path.dirname(indexFile);
  const out = new Map<string, { from: string; imported: string }>();
  for (const m of fs.readFileSync(indexFile, 'utf8').matchAll(/export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    const from = path.resolve(dir, m[2]!);
    for (const part of m[1]!.split(',').map((p) => p.trim()).filter(Boolean)) {
      const [imported, local] = part.split(/\s+as\s+/).map((s) => s.trim());
      out.set(local ?? imported!, { from, imported: imported! });
    }
  }
  return out;
}

/**
 * Imports of antd-mobile's and its icons' index rewritten to the modules that define each name, as
 * babel-plugin-import does (in the app, and the icons' in antd-mobile's own components). The module graph then says what a page really uses, which the chunk
 * groups below depend on (through the index, every page would reach every component). The index's
 * own side effect, antd-mobile's global styles, is imported by `main.tsx`.
 */
export function deepLibraryImports(): Plugin {
  const libraries = ['antd-mobile', 'antd-mobile-icons'].map((name) => ({ name, exports: barrelExports(require.resolve(`${name}/es/index.js`)) }));
  return {
    name: 'shop-deep-library-imports',
    // The build only: in development Vite serves each library pre-bundled as one file.
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!/\.[jt]sx?$/.test(id.split('?')[0]!)) return null;
      // antd-mobile's own components import their icons through the icons' index too (an input's
      // clear button would bring every icon): those imports are rewritten as well.
      const ownComponent = /[\\/]node_modules[\\/]antd-mobile[\\/]es[\\/]/.test(id);
      if (id.includes('node_modules') && !ownComponent) return null;
      let changed = false;
      for (const lib of ownComponent ? libraries.filter((l) => l.name === 'antd-mobile-icons') : libraries) {
        const re = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${lib.name}["'];?`, 'g');
        code = code.replace(re, (_all, names: string) => {
          changed = true;
          return names
            .split(',')
            .map((p) => p.trim())
            .filter(Boolean)
            .map((part) => {
              const [imported, local] = part.split(/\s+as\s+/).map((s) => s.trim());
              const target = lib.exports.get(imported!);
              if (!target) throw new Error(`${id}: ${lib.name} has no export named ${imported}`);
              return `import { ${target.imported} as ${local ?? imported} } from ${JSON.stringify(target.from)};`;
            })
            .join('\n');
        });
      }
      return changed ? { code, map: null } : null;
    },
  };
}

/** A module a first visit needs: the code every page needs (no `paths`), or a page with the hash paths it answers. */
export interface FirstScreen {
  module: string;
  paths?: string[];
  /**
   * On these paths the first screen's files are asked for once the early script has drawn the
   * page's first picture in the splash (or found it will not), at most 1.5 s after the start: on a
   * slow network the picture, the page's largest paint, has the connection to itself. The entry,
   * once it runs, asks for what it still needs itself.
   */
  afterPicture?: boolean;
}

/**
 * Chunk groups for the pages a member most often opens first. Over HTTP/1.1 a phone fetches six
 * files at a time, so a page in dozens of small chunks waits on round trips. The modules the first
 * screens reach are grouped by which of them reach them, one chunk per set (what the first screen
 * reaches goes in one chunk with it, since every page loads it), so a first visit loads a handful
 * of files and nothing it does not use; whatever the entry needs stays in the entry's chunk.
 *
 * `index.html` also gets a small inline script that, before the entry has arrived, asks for the
 * chunks of the page in the address (`#/pages/...`, the home page when there is none), so they load
 * alongside the entry instead of after it, and, after `config.js`, `earlySource` (the first screen's
 * calls, `early-requests.ts`).
 */
export function firstScreenChunks(screens: FirstScreen[], earlySource = ''): { plugin: Plugin; groups: CodeSplittingGroup[] } {
  const roots = screens.map((s) => s.module);
  const owners = new Map<string, string>();
  let entryModules = new Set<string>();
  let base = '/';
  const label = (root: string) => path.basename(root).replace(/\.[jt]sx?$/, '').replace(/-page$/, '');
  const plugin: Plugin = {
    name: 'shop-first-screen-chunks',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    buildEnd() {
      /** The modules `starts` lead to through static imports (themselves included), never entering `skip`. */
      const staticallyReached = (starts: readonly string[], skip: (id: string) => boolean = () => false): Set<string> => {
        const seen = new Set<string>();
        for (const queue = [...starts]; queue.length; ) {
          const id = queue.pop()!;
          if (seen.has(id) || skip(id)) continue;
          seen.add(id);
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const reached = new Map<string, string[]>();
      for (const root of roots) {
        const info = this.getModuleInfo(root);
        if (!info) throw new Error(`${root} is not part of the build`);
        for (const id of staticallyReached(info.importedIds, (id) => roots.includes(id))) reached.set(id, [...(reached.get(id) ?? []), label(root)]);
      }
      // What the entry imports statically: its libraries' share of it goes in a file of its own.
      entryModules = staticallyReached([...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry));
      owners.clear();
      const first = label(roots[0]!);
      for (const [id, by] of reached) owners.set(id, `${by[0] === first ? first : by.join('+')}-parts`);
      // Each page's own module goes with what only it reaches: one file fewer to wait for.
      for (const root of roots) owners.set(root, `${label(root)}-parts`);
    },
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') return;
      const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      inlineFirstScreenStyles(bundle, chunks.filter((c) => !c.isEntry && c.moduleIds.some((id) => owners.has(id))));
      const early = new Set<string>(entry ? [entry.fileName, ...entry.imports] : []);
      const filesOf = (module: string): string[] => {
        const start = chunks.find((c) => c.facadeModuleId === module) ?? chunks.find((c) => c.moduleIds.includes(module));
        if (!start) throw new Error(`${module} is in no chunk`);
        const out = new Set<string>();
        const visit = (file: string) => {
          const chunk = chunks.find((c) => c.fileName === file);
          if (!chunk || out.has(file) || early.has(file)) return;
          out.add(file);
          for (const css of (chunk as StyledChunk).viteMetadata?.importedCss ?? []) out.add(css);
          chunk.imports.forEach(visit);
        };
        visit(start.fileName);
        return [...out];
      };
      const always = screens.filter((s) => !s.paths).flatMap((s) => filesOf(s.module));
      const byPath: Record<string, string[]> = {};
      for (const s of screens) for (const p of s.paths ?? []) byPath[p] = filesOf(s.module);
      // Inline, so the browser starts these files while it still reads the document, not after one
      // more round trip for a script file; the server allows exactly these scripts by their SHA-256
      // in the document's Content-Security-Policy (plugins/security.ts, `inlineScriptHashes`).
      const afterPicture = screens.filter((s) => s.afterPicture).flatMap((s) => s.paths ?? []);
      // `window.SHOP_PRELOAD` is how the early script says the picture is drawn (or will not be); the
      // app waits for the `shop-preload` event before it asks for its page's code (`firstFilesReleased`).
      const preloads = `(function(m,a,w){var p=location.hash.slice(1).split('?')[0]||'/',done=false;var go=function(){if(done)return;done=true;window.SHOP_PRELOAD=null;dispatchEvent(new Event('shop-preload'));a.concat(m[p]||[]).forEach(function(f){var l=document.createElement('link');if(/\\.css$/.test(f)){l.rel='preload';l.as='style'}else{l.rel='modulepreload'}l.crossOrigin='';l.href=${JSON.stringify(base)}+f;document.head.appendChild(l)})};if(w.indexOf(p)<0)return go();window.SHOP_PRELOAD=go;setTimeout(go,1500)})(${JSON.stringify(byPath)},${JSON.stringify(always)},${JSON.stringify(afterPicture)});`;
      const config = /<script src="[^"]*config\.js"><\/script>/;
      if (!config.test(String(html.source))) throw new Error('index.html has no config.js script');
      // The page's files need nothing; the first calls need the API host, which config.js sets.
      const inline = (code: string) => `<script>${code.trim().replace(/<\//g, '<\\/')}</script>`;
      html.source = String(html.source).replace(config, (tag) => `${inline(preloads)}\n    ${tag}${earlySource ? `\n    ${inline(earlySource)}` : ''}`);
      // The entry's style sheet (a few KB) goes into the document too: a stylesheet link blocks the
      // first paint for one more round trip. One with url()s (relative to the file) stays a file.
      for (const css of (entry as StyledChunk | undefined)?.viteMetadata?.importedCss ?? []) {
        const text = inlinableSheet(bundle, css);
        if (text === undefined) continue;
        const link = new RegExp(`<link rel="stylesheet"[^>]*href="${escapeRegExp(base + css)}"[^>]*>`);
        if (!link.test(String(html.source))) throw new Error(`index.html has no link to ${css}`);
        html.source = String(html.source).replace(link, () => `<style>${text.replace(/<\//g, '<\\/')}</style>`);
      }
    },
  };
  const names = new Set<string>([`${label(roots[0]!)}-parts`]);
  // Every set of the other roots, in the order they are given.
  for (let mask = 2; mask < 1 << roots.length; mask += 2) names.add(`${roots.filter((_, i) => mask & (1 << i)).map(label).join('+')}-parts`);
  const groups: CodeSplittingGroup[] = [
    // The entry's libraries (Preact and TanStack Query, about 17 KB gzipped of its 44) in a file of their
    // own beside it: a first visit's files arrive side by side over six connections, and the entry was
    // the one that arrived last, after everything its page needed (Lighthouse's login: `2026-11-23-first-paint-budget.md`).
    { name: 'libraries', test: (id: string) => entryModules.has(id) && /[\\/]node_modules[\\/](preact|@tanstack)[\\/]/.test(id), priority: 4 },
    { name: 'start', tags: ['$initial'], priority: 2 },
    // zod in a file of its own, loaded only by pages that check a form with it: grouped by who
    // reaches it, it sat in the chunk the home, goods and login pages share.
    { name: 'zod', test: (id: string) => /[\\/]node_modules[\\/]zod[\\/]/.test(id), priority: 3 },
    { name: 'schemas', test: (id: string) => /[\\/]packages[\\/]contract[\\/]src[\\/].*\.schemas\.ts$/.test(id), priority: 3 },
    ...[...names].map((name) => ({ name, test: (id: string) => owners.get(id) === name, priority: 1, includeDependenciesRecursively: false })),
  ];
  return { plugin, groups };
}

type StyledChunk = Rollup.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/** A style sheet's text when it can be written elsewhere (the document, a script): one with url()s, relative to its file, cannot. */
function inlinableSheet(bundle: Rollup.OutputBundle, css: string): string | undefined {
  const sheet = bundle[css];
  if (sheet?.type !== 'asset') return undefined;
  const text = String(sheet.source).trim();
  return /url\(/.test(text) ? undefined : text;
}

/**
 * The style sheets of the first screens' chunks (a few KB each) go into those chunks' code, applied
 * as the chunk runs, before its components render: each sheet was one more request, asked for first,
 * on the six connections a first visit's files share (login had three, home four). A sheet with
 * url()s (relative to its file) stays a file. Vite's preloading of a page's files, which runs after
 * this, then has no sheet to wait for.
 */
function inlineFirstScreenStyles(bundle: Rollup.OutputBundle, screensChunks: StyledChunk[]): void {
  const all = Object.values(bundle).filter((c): c is StyledChunk => c.type === 'chunk');
  for (const chunk of screensChunks) {
    const sheets: string[] = [];
    for (const css of [...(chunk.viteMetadata?.importedCss ?? [])]) {
      const text = inlinableSheet(bundle, css);
      if (text === undefined) continue;
      sheets.push(text);
      chunk.viteMetadata!.importedCss.delete(css);
      if (!all.some((c) => c.viteMetadata?.importedCss.has(css))) delete bundle[css];
    }
    if (sheets.length) chunk.code = `document.head.appendChild(document.createElement("style")).textContent=${JSON.stringify(sheets.join(''))};\n${chunk.code}`;
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
