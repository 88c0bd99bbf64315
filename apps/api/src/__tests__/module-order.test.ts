import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODULE_ORDER, orderViolation } from '../../eslint-module-order.js';
import { circles, importGraph } from '../../../../scripts/check-cycles.mjs';

// docs/architecture.md: modules import only those below them in the declared order, the foundation
// imports no module, composition sits on top, and no file imports itself in a circle. `npm run lint`
// enforces both; this test proves the checks refuse what they must, and sweeps the API once more.
const SRC = path.resolve(import.meta.dirname, '..');
const at = (rel: string) => path.join(SRC, rel);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === '__tests__' || d.name === 'test' ? [] : sourceFiles(p);
    return /\.ts$/.test(d.name) && !/\.test\.ts$/.test(d.name) ? [p] : [];
  });
}

describe("the API's rooms", () => {
  it('refuses a module importing one above it, the foundation importing a module, and anyone importing app.ts', () => {
    expect(orderViolation(at('modules/members/members.queries.ts'), '../orders/orders.queries.js')).toMatch(/members imports orders, which sits above it/);
    expect(orderViolation(at('modules/payments/gateways/stripe/index.ts'), '../../../orders/orders.service.js')).toMatch(/payments imports orders/);
    expect(orderViolation(at('lib/cache.ts'), '../modules/catalogue/catalogue.queries.js')).toMatch(/lib is the foundation/);
    expect(orderViolation(at('jobs/enqueue.ts'), '../modules/orders/orders.service.js')).toMatch(/jobs is the foundation/);
    expect(orderViolation(at('modules/orders/orders.service.ts'), '../../app.js')).toMatch(/nothing imports app.ts/);
    expect(orderViolation(at('modules/orders/orders.service.ts'), '../../console/console.service.js')).toMatch(/composes the modules/);
    expect(orderViolation(at('modules/newarea/newarea.service.ts'), '../members/members.queries.js')).toMatch(/not in the declared order/);
  });

  it('lets a module import those below it, its own files, plugins and app-deps; composition imports anything', () => {
    expect(orderViolation(at('modules/orders/orders.service.ts'), '../payments/payable-registry.js')).toBeUndefined();
    expect(orderViolation(at('modules/orders/orders.service.ts'), './orders.queries.js')).toBeUndefined();
    expect(orderViolation(at('modules/orders/orders.routes.ts'), '../../plugins/routes.js')).toBeUndefined();
    expect(orderViolation(at('modules/orders/orders.service.ts'), '../../app-deps.js')).toBeUndefined();
    expect(orderViolation(at('wiring.ts'), './modules/orders/order-payable.js')).toBeUndefined();
    expect(orderViolation(at('console/console.routes.ts'), '../modules/charity/charity-admin.service.js')).toBeUndefined();
  });

  it('holds for every file of the API, and every module is in the declared order', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(200);
    const problems = files.flatMap((f) => [...fs.readFileSync(f, 'utf8').matchAll(/\b(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)].flatMap((m) => {
      const why = orderViolation(f, m[1]!);
      return why ? [`${path.relative(SRC, f)}: ${why}`] : [];
    }));
    expect(problems).toEqual([]);
    const modules = fs.readdirSync(at('modules'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    expect(modules.filter((m) => !MODULE_ORDER.includes(m))).toEqual([]);
  });

  it('finds a circle of files, type imports included, and none in the API', () => {
    const dir = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), 'cycles-'));
    fs.writeFileSync(path.join(dir, 'a.ts'), "import type { B } from './b.js';\nexport type A = B;\n");
    fs.writeFileSync(path.join(dir, 'b.ts'), "import { c } from './c.js';\nexport type B = number;\nexport const b = c;\n");
    fs.writeFileSync(path.join(dir, 'c.ts'), "import type { A } from './a.js';\nexport const c: A | 0 = 0;\n");
    const found = circles(importGraph(['a.ts', 'b.ts', 'c.ts'].map((f) => path.join(dir, f))));
    fs.rmSync(dir, { recursive: true });
    expect(found.map((c: string[]) => c.map((f) => path.basename(f)).sort())).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(circles(importGraph(sourceFiles(SRC)))).toEqual([]);
  });
});
