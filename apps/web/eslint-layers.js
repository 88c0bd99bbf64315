import path from 'node:path';

/**
 * The web app's layers (DESIGN.md): `app/` composes features; a feature (`features/<name>/`) never
 * imports another feature or the app; the shared layer (`lib/`, `components/`, `config/`,
 * `stores/`) imports no feature and not the app. Tests may reach across (a page test renders the app).
 */

const SRC = path.join(import.meta.dirname, 'src');

/** The layer of a file under src/: `app`, `feature:<name>`, `shared`, or undefined outside src. */
export function layerOf(file) {
  const rel = path.relative(SRC, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  const [top, second] = rel.split(path.sep);
  if (top === 'features' && second) return `feature:${second}`;
  if (top === 'app' || top === 'main.tsx') return 'app';
  if (['lib', 'components', 'config', 'stores'].includes(top)) return 'shared';
  return undefined;
}

/** The file a specifier names (`@/…` or relative), or undefined for a package. */
export function targetOf(file, specifier) {
  if (specifier.startsWith('@/')) return path.join(SRC, specifier.slice(2));
  if (specifier.startsWith('.')) return path.resolve(path.dirname(file), specifier);
  return undefined;
}

/** Why `file` may not import `specifier`, or undefined when it may. */
export function layerViolation(file, specifier) {
  const from = layerOf(file);
  const target = targetOf(file, specifier);
  if (!from || !target) return undefined;
  const to = layerOf(target);
  if (!to || to === from) return undefined;
  if (from.startsWith('feature:') && to.startsWith('feature:')) return `${from.slice(8)} imports the ${to.slice(8)} feature: features never import each other; a page in app/ composes them`;
  if (from.startsWith('feature:') && to === 'app') return `${from.slice(8)} imports app/: the app composes features, not the other way round`;
  if (from === 'shared' && to.startsWith('feature:')) return `the shared layer imports the ${to.slice(8)} feature: lib/, components/, config/ and stores/ import no feature`;
  if (from === 'shared' && to === 'app') return 'the shared layer imports app/: lib/, components/, config/ and stores/ sit below the app';
  return undefined;
}

const isTest = (file) => /[/\\](__tests__|test)[/\\]/.test(file) || /\.test\.tsx?$/.test(file);

/** ESLint rule `layers/no-cross-layer-import`: every import, export-from and `import()` is checked. */
export const noCrossLayerImport = {
  meta: { type: 'problem', docs: { description: 'Keeps the web app in its layers: features apart, the shared layer below them' }, schema: [] },
  create(context) {
    const file = context.filename;
    if (isTest(file)) return {};
    const check = (node) => {
      if (!node?.source || typeof node.source.value !== 'string') return;
      const why = layerViolation(file, node.source.value);
      if (why) context.report({ node: node.source, message: why });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export const layersPlugin = { rules: { 'no-cross-layer-import': noCrossLayerImport } };
