import type { Plugin } from 'vite';

/**
 * Walks `code` from `from`, calling `visit` with each character that is code (not inside a string,
 * template literal, comment or regular expression) and the bracket depth before it; stops at the
 * index `visit` answers.
 */
function walkCode(code: string, from: number, visit: (c: string, i: number, depth: number) => number | void): number {
  let depth = 0;
  let previous = '';
  for (let i = from; i < code.length; i++) {
    const c = code[i]!;
    if (c === '"' || c === "'" || c === '`') {
      for (i++; i < code.length && code[i] !== c; i++) if (code[i] === '\\') i++;
    } else if (c === '/' && code[i + 1] === '/') {
      while (i < code.length && code[i] !== '\n') i++;
      continue;
    } else if (c === '/' && code[i + 1] === '*') {
      i = code.indexOf('*/', i + 2) + 1;
      continue;
    } else if (c === '/' && (previous === '' || '(,=:[!&|?{};'.includes(previous))) {
      // A regular expression (a division follows a value): to its closing slash, classes included.
      for (let inClass = false, j = i + 1; j < code.length; j++) {
        if (code[j] === '\\') j++;
        else if (code[j] === '[') inClass = true;
        else if (code[j] === ']') inClass = false;
        else if (code[j] === '/' && !inClass) {
          i = j;
          break;
        }
      }
    } else {
      const stop = visit(c, i, depth);
      if (stop !== undefined) return stop;
      if ('([{'.includes(c)) depth++;
      else if (')]}'.includes(c)) depth--;
    }
    if (!/\s/.test(c)) previous = c === '/' || c === '"' || c === "'" || c === '`' ? 'value' : c;
  }
  return code.length;
}

/** Splits the top level of an object literal's body (`a: 1, b: f({ c }), …`) into its entries. */
function topLevelEntries(body: string): string[] {
  const entries: string[] = [];
  let from = 0;
  walkCode(body, 0, (c, i, depth) => {
    if (c !== ',' || depth !== 0) return;
    entries.push(body.slice(from, i));
    from = i + 1;
  });
  if (body.slice(from).trim()) entries.push(body.slice(from));
  return entries;
}

/** The index just past the `}` that closes the `{` at `open`. */
function closingBrace(code: string, open: number): number {
  const end = walkCode(code, open, (c, i, depth) => (c === '}' && depth === 1 ? i + 1 : undefined));
  if (end >= code.length) throw new Error('unbalanced object literal');
  return end;
}

/** `code` with the `keys` entries removed from every `endpoint({ … })` declaration. */
export function withoutEndpointEntries(code: string, keys: readonly string[]): string {
  const marker = /(?<![\w$])endpoint\(\{/g;
  let out = '';
  let last = 0;
  for (let m = marker.exec(code); m; m = marker.exec(code)) {
    const open = m.index + m[0].length - 1;
    const close = closingBrace(code, open);
    const kept = topLevelEntries(code.slice(open + 1, close - 1)).filter((e) => !keys.some((k) => new RegExp(`^\\s*(?:/\\*[\\s\\S]*?\\*/\\s*|//[^\\n]*\\n\\s*)*${k}\\s*:`).test(e)));
    out += `${code.slice(last, open)}{${kept.join(',')}}`;
    last = close;
    marker.lastIndex = close;
  }
  return out + code.slice(last);
}

/** The index of the `;` that ends the statement whose expression starts at `from`. */
const statementEnd = (code: string, from: number): number => walkCode(code, from, (c, i, depth) => (c === ';' && depth === 0 ? i : undefined));

/**
 * `code` with each top-level `const NAME = <call>` built by a pure-marked function: the contract's
 * declarations (zod schemas and the helpers that build them) do nothing but build a value, so one
 * the app does not use is dropped with everything its expression calls (method calls such as
 * `idParam.optional()` included), even when its module is in use.
 */
export function pureDeclarations(code: string): string {
  // `name(`, `a.b(` or a chain broken over lines (`z\n  .string()`).
  const start = /^(?:export\s+)?const\s+[\w$]+(?:\s*:[^=\n]+)?\s*=\s*(?=[A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*\s*\()/gm;
  let out = '';
  let last = 0;
  for (let m = start.exec(code); m; m = start.exec(code)) {
    const from = m.index + m[0].length;
    const end = statementEnd(code, from);
    out += `${code.slice(last, from)}/* @__PURE__ */ (() => ${code.slice(from, end)})()`;
    last = end;
    start.lastIndex = end;
  }
  return out + code.slice(last);
}

/**
 * `code` without the names it imports from the contract's own modules (`./…`, `../…`) and no
 * longer uses: once the schemas are out of the entries, an endpoints module need not reach its
 * schemas module at all, so a page's files are grouped without the schemas it never runs.
 */
export function withoutUnusedImports(code: string): string {
  return code.replace(/^import\s+\{([^}]*)\}\s+from\s+(['"]\.{1,2}\/[^'"]+['"]);?[ \t]*\n/gm, (line, names: string, from: string) => {
    const rest = code.replace(line, '');
    const kept = names
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean)
      .filter((n) => {
        const local = n.replace(/^type\s+/, '').split(/\s+as\s+/).pop()!;
        return !n.startsWith('type ') && new RegExp(`(?<![\\w$.])${local.replace(/\$/g, '\\$')}(?![\\w$])`).test(rest);
      });
    return kept.length ? `import { ${kept.join(', ')} } from ${from};\n` : '';
  });
}

/** The name the contract's zod namespace takes in the build, which the build's tree-shaking counts as pure. */
export const CONTRACT_ZOD = '__contractZod';

/**
 * `code` with its zod namespace (`import { z } from 'zod'`, `z.object(…)`) renamed to
 * `CONTRACT_ZOD`: building a schema has no effect, so one that no page uses is left out, and the
 * name is one no library uses (pure functions are matched by name in every module).
 */
export function renamedZod(code: string): string {
  if (!/^import \{ z \} from 'zod';$/m.test(code)) return code;
  return code.replace(/^import \{ z \} from 'zod';$/m, `import { z as ${CONTRACT_ZOD} } from 'zod';`).replace(/(?<![\w$.])z(?=\s*\.\s*[A-Za-z_$])/g, CONTRACT_ZOD);
}

/**
 * The member app never checks a call against the schemas its contract entry holds (the server
 * checks what it receives, tests check what it answers, and a form checks its fields with the
 * body schema it imports itself, `useContractForm`), yet every entry it imports held them, which
 * brought zod and every schema onto the first screen. In the build, the contract's
 * `endpoint({ … })` declarations lose their `query`, `body` and `data` schemas, and its
 * declarations are built by pure functions, so what no page uses is left out. Types are
 * unchanged, as is `npm run dev`.
 */
export function wireOnlyContract(): Plugin {
  return {
    name: 'shop-wire-only-contract',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!/[\\/]packages[\\/]contract[\\/]src[\\/].*\.ts$/.test(file)) return null;
      const wire = code.includes('endpoint({') ? withoutUnusedImports(withoutEndpointEntries(code, ['query', 'body', 'data'])) : code;
      return { code: renamedZod(pureDeclarations(wire)), map: null };
    },
  };
}
