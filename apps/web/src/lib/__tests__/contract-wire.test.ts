import { describe, expect, it } from 'vitest';
import { CONTRACT_ZOD, pureDeclarations, renamedZod, withoutEndpointEntries, withoutUnusedImports } from '../../../contract-wire';

// The member app's build strips the contract's schemas from what the app never runs; what a page
// calls (method, path, who may call, idempotency) and what a form checks (body schemas it
// imports itself) must come through unchanged.
describe("the build's wire-only contract", () => {
  it('keeps an entry’s method, path, auth, area and flags, and drops its schemas, however they are written', () => {
    const code = [
      "export const a = endpoint({ method: 'GET', path: '/shop/goods/info', auth: 'optional', area: 'catalogue', query: q, data: z.object({ list: z.array(s), n: f(1, [2, 3]) }) });",
      'export const b = endpoint({',
      "  method: 'POST',",
      "  path: '/x/y', // a comment, with a comma",
      '  body: z.object({ text: z.string().regex(/[,}]/) }),',
      "  auth: 'member',",
      "  area: 'wallet',",
      '  idempotent: true,',
      '});',
    ].join('\n');
    const out = withoutEndpointEntries(code, ['query', 'body', 'data']);
    expect(out).toContain("method: 'GET', path: '/shop/goods/info', auth: 'optional', area: 'catalogue'");
    expect(out).toContain("path: '/x/y'");
    expect(out).toContain('idempotent: true');
    expect(out).not.toMatch(/query:|body:|data:|z\./);
    // Still one statement each, parseable as JavaScript.
    expect(() => new Function('endpoint', `${out.replace(/export /g, '')}; return [a, b];`)).not.toThrow();
    const [a, b] = new Function('endpoint', `${out.replace(/export /g, '')}; return [a, b];`)((d: unknown) => d) as Array<Record<string, unknown>>;
    expect(a).toEqual({ method: 'GET', path: '/shop/goods/info', auth: 'optional', area: 'catalogue' });
    expect(b).toEqual({ method: 'POST', path: '/x/y', auth: 'member', area: 'wallet', idempotent: true });
  });

  it('builds each declaration in a pure function, evaluated once, to the same value', () => {
    const code = "export const x = make(1).more(2);\nconst y: number = twice(\n  3,\n);\nexport const plain = 'kept';\nexport const w = make\n  .more(4);\n";
    const out = pureDeclarations(code);
    expect(out).toContain('export const w = /* @__PURE__ */ (() => make\n  .more(4))();');
    expect(out).toContain('export const x = /* @__PURE__ */ (() => make(1).more(2))();');
    expect(out).toContain('const y: number = /* @__PURE__ */ (() => twice(\n  3,\n))();');
    expect(out).toContain("export const plain = 'kept';");
    const run = new Function('make', 'twice', `${out.replace(/export /g, '').replace(': number', '')}; return [x, y, plain, w];`);
    const make = Object.assign((n: number) => ({ more: (m: number) => n + m }), { more: (m: number) => m * 10 });
    expect(run(make, (n: number) => n * 2)).toEqual([3, 6, 'kept', 40]);
  });

  it("drops imports of the contract's own modules that nothing uses any more, and keeps the rest", () => {
    const code = "import { z } from 'zod';\nimport { a, b as c, type T } from './x.schemas.js';\nimport { d } from '../common/y.js';\nexport const e = endpoint({ path: c });\n";
    const out = withoutUnusedImports(code);
    expect(out).toContain("import { b as c } from './x.schemas.js';");
    expect(out).not.toContain('../common/y.js');
    expect(out).toContain("import { z } from 'zod';");
  });

  it("gives the contract's zod namespace a name of its own, and nothing else", () => {
    const out = renamedZod("import { z } from 'zod';\nconst s = z.object({ n: z.number() });\nconst t = z\n  .string()\n  .min(1);\nconst other = baz.z.call();\n");
    expect(out).toContain(`import { z as ${CONTRACT_ZOD} } from 'zod';`);
    expect(out).toContain(`const s = ${CONTRACT_ZOD}.object({ n: ${CONTRACT_ZOD}.number() });`);
    expect(out).toContain(`const t = ${CONTRACT_ZOD}\n  .string()`);
    expect(out).not.toMatch(/(?<![\w$.])z\s*\./);
    expect(out).toContain('baz.z.call()');
  });
});
