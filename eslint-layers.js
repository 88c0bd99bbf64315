import fs from 'node:fs';
import path from 'node:path';

/**
 * The layers rule of both apps (DESIGN.md): `app/` composes; an area (a web feature, a console
 * pages folder) never imports another area or the app; the shared layer imports no area and not
 * the app. Each app describes its layers once (`apps/web/eslint-layers.js`,
 * `apps/admin/eslint-layers.js`); tests may reach across (a page test renders the app).
 *
 *   src        the app's source folder
 *   alias      the import prefix that names src (`@/`), if any
 *   areas      the folder holding the areas (`features`, `pages`)
 *   area       what one is called in a message (`feature`, `page area`)
 *   shared     the folders of the shared layer
 *   app        the app layer's folder and entry files
 *   composes   what a message says composes the areas
 */
export function appLayers({ src, alias, areas, area, shared, app, composes }) {
  const sharedNames = `${shared.slice(0, -1).map((d) => `${d}/`).join(', ')} and ${shared.at(-1)}/`;

  /** The layer of a file under src: `app`, `area:<name>`, `shared`, or undefined outside src. */
  function layerOf(file) {
    const rel = path.relative(src, file);
    if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
    const [top, second] = rel.split(path.sep);
    if (top === areas && second) return `area:${second.replace(/\.[jt]sx?$/, '')}`;
    if (app.includes(top)) return 'app';
    if (shared.includes(top)) return 'shared';
    return undefined;
  }

  /** The file a specifier names (the alias or relative), or undefined for a package. */
  function targetOf(file, specifier) {
    if (alias && specifier.startsWith(alias)) return path.join(src, specifier.slice(alias.length));
    if (specifier.startsWith('.')) return path.resolve(path.dirname(file), specifier);
    return undefined;
  }

  /** Why `file` may not import `specifier`, or undefined when it may. */
  function layerViolation(file, specifier) {
    const from = layerOf(file);
    const target = targetOf(file, specifier);
    if (!from || !target) return undefined;
    const to = layerOf(target);
    if (!to || to === from) return undefined;
    const name = (layer) => layer.slice('area:'.length);
    if (from.startsWith('area:') && to.startsWith('area:')) return `${name(from)} imports the ${name(to)} ${area}: ${area}s never import each other; ${composes}`;
    if (from.startsWith('area:') && to === 'app') return `${name(from)} imports app/: the app composes ${area}s, not the other way round`;
    if (from === 'shared' && to.startsWith('area:')) return `the shared layer imports the ${name(to)} ${area}: ${sharedNames} import no ${area}`;
    if (from === 'shared' && to === 'app') return `the shared layer imports app/: ${sharedNames} sit below the app`;
    return undefined;
  }

  return { layerOf, targetOf, layerViolation, noCrossLayerImport: crossLayerRule([layerViolation]) };
}

const isTest = (file) => /[/\\](__tests__|test)[/\\]/.test(file) || /\.test\.tsx?$/.test(file);

/** The ESLint rule over one or more apps' layers: every import, export-from and `import()` is checked. */
function crossLayerRule(violations) {
  return {
    meta: { type: 'problem', docs: { description: 'Keeps an app in its layers: areas apart, the shared layer below them' }, schema: [] },
    create(context) {
      const file = context.filename;
      if (isTest(file)) return {};
      const check = (node) => {
        if (!node?.source || typeof node.source.value !== 'string') return;
        for (const violation of violations) {
          const why = violation(file, node.source.value);
          if (why) return context.report({ node: node.source, message: why });
        }
      };
      return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
    },
  };
}

/** One plugin for every app's layers (`layers/no-cross-layer-import`): a file is held to the layers of the app it is in. */
export const layersPluginOf = (...apps) => ({ rules: { 'no-cross-layer-import': crossLayerRule(apps.map((a) => a.layerViolation)) } });

/** Every non-test source file under `dir` (ts, tsx, css). */
function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === '__tests__' || d.name === 'test' ? [] : sourceFiles(p);
    return /\.(ts|tsx|css)$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [p] : [];
  });
}

/** Every module a file names: `import … from`, `export … from`, bare `import '…'`, `import('…')`, css `@import`. */
function specifiers(source) {
  const patterns = [/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g, /@import\s+(?:url\()?['"]([^'"]+)['"]/g];
  return patterns.flatMap((re) => [...source.matchAll(re)].map((m) => m[1]));
}

/**
 * For the apps' boundary tests: every file under `src` with the modules it names, and each import
 * that crosses a layer (`file -> specifier: why`), found by reading the files, css included.
 */
export function sweepLayers(src, layerViolation) {
  const files = sourceFiles(src).map((file) => ({ file, names: specifiers(fs.readFileSync(file, 'utf8')) }));
  const crossings = files.flatMap(({ file, names }) =>
    names.flatMap((spec) => {
      const why = layerViolation(file, spec);
      return why ? [`${path.relative(src, file)} -> ${spec}: ${why}`] : [];
    }),
  );
  return { files: files.length, imports: files.reduce((n, f) => n + f.names.length, 0), crossings };
}
