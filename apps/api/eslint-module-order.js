import path from 'node:path';

/**
 * The API's rooms, bottom to top (docs/architecture.md). A domain module under `src/modules/`
 * imports only modules listed before it; composition (`app.ts`, `routes.ts`, `deps.ts`,
 * `wiring.ts`, `job-tasks.ts`, `webhook-providers.ts`, the entry points, `console/`, `ops/`)
 * may import any module; the foundation (`config.ts`, `lib/`, `db/`, `jobs/`) imports none
 * (except the schema, which gathers each area's table types); nothing imports `app.ts` but the
 * server's entry and tests. An area that must react to a higher one offers a hook, which the
 * composition root fills (`wiring.ts`).
 */
export const MODULE_ORDER = [
  // who members are, and the record of operator decisions: everything stands on these
  'members',
  'operator-actions',
  // messages to members: every area writes them in its own transactions
  'messages',
  // reference data and small services
  'rates',
  'lang',
  'health',
  'geo',
  'captcha',
  'uploads',
  'devices',
  'verification',
  'two-factor',
  // the member's account and identity
  'certification',
  'cancellation',
  'accounts',
  // money's base and operators
  'ledger',
  'operators',
  // four eyes on value: a second operator approves what creates it
  'approvals',
  // what is sold and how it is bought
  'address',
  'catalogue',
  'content',
  'cart',
  'promotions',
  'wallet',
  'payments',
  'orders',
  // cases on bought orders: returns, exchanges, warranty repairs
  'after-sales',
  // the referral team: placement, PV, pair bonus and commissions earned on orders, stars, applications
  'referral',
  // member shops: owners' stock, goods, audited shop orders and sales slips
  'user-shop',
  'charity',
  // operator rooms over the areas above
  'money-console',
  // support: members' feedback and its replies, the live support chat
  'feedback',
  'support-chat',
];

const SRC = path.join(import.meta.dirname, 'src');
const stripExt = (p) => p.replace(/\.(js|ts|tsx)$/, '');
const FOUNDATION = new Set(['config', 'lib', 'db', 'jobs']);

/** `{ kind: 'module', name }`, `{ kind: 'foundation' | 'app' | 'other', name }` of a file under src/, or undefined outside it. */
export function roomOf(file) {
  const rel = path.relative(SRC, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  const [top, second] = stripExt(rel).split(path.sep);
  if (top === 'modules' && second && !second.includes('.')) return { kind: 'module', name: second };
  if (FOUNDATION.has(top)) return { kind: 'foundation', name: top };
  if (top === 'app') return { kind: 'app', name: top };
  return { kind: 'other', name: top };
}

/** Why `file` may not import `specifier`, or undefined when it may. */
export function orderViolation(file, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const from = roomOf(file);
  const targetFile = path.resolve(path.dirname(file), specifier);
  const to = roomOf(targetFile);
  if (!from || !to) return undefined;
  if (to.kind === 'app' && !['main.ts'].includes(path.relative(SRC, file))) return 'nothing imports app.ts: take AppDeps from app-deps.ts';
  if (from.kind === 'foundation' && to.kind === 'module') {
    const isSchema = path.relative(SRC, file) === path.join('db', 'schema.ts');
    if (!isSchema) return `${from.name} is the foundation and imports no domain module (${to.name}): pass what it needs in, or register it from the composition root`;
  }
  if (from.kind === 'module' && to.kind === 'module' && from.name !== to.name) {
    const a = MODULE_ORDER.indexOf(from.name);
    const b = MODULE_ORDER.indexOf(to.name);
    if (a < 0) return `the module ${from.name} is not in the declared order (apps/api/eslint-module-order.js)`;
    if (b < 0) return `the module ${to.name} is not in the declared order (apps/api/eslint-module-order.js)`;
    if (b > a) return `${from.name} imports ${to.name}, which sits above it: a module imports only those below it (apps/api/eslint-module-order.js); offer a hook and let wiring.ts fill it`;
  }
  if (from.kind === 'module' && to.kind === 'other' && !['plugins', 'app-deps', 'idempotency', 'providers', 'webhooks'].includes(to.name)) {
    return `a domain module imports ${to.name}, which composes the modules: composition sits above them`;
  }
  return undefined;
}

const isTest = (file) => /[/\\](__tests__|test)[/\\]/.test(file) || /\.test\.tsx?$/.test(file);

/** ESLint rule `modules/import-order`: every import, export-from and `import()` of the API is checked, type imports included. */
export const importOrder = {
  meta: { type: 'problem', docs: { description: "Keeps the API's modules in their declared order and composition at the top" }, schema: [] },
  create(context) {
    const file = context.filename;
    if (isTest(file)) return {};
    const check = (node) => {
      if (!node?.source || typeof node.source.value !== 'string') return;
      const why = orderViolation(file, node.source.value);
      if (why) context.report({ node: node.source, message: why });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export const moduleOrderPlugin = { rules: { 'import-order': importOrder } };
