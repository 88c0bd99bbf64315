import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@shop/contract/common';
import { loadConsolePacks } from '@shop/contract/packs';

// Two columns of one table headed alike (say "原因" over the cause and over the reason) leave the
// operator guessing which is which. Every table of the console is found in the code: an array given
// as `columns`, whose columns are titled `t('console.…')`.
const SRC = path.resolve(import.meta.dirname, '../..');
const files = (fs.readdirSync(SRC, { recursive: true }) as string[]).filter((f) => f.endsWith('.tsx') && !/(^|\/)__tests__\//.test(f));

interface Table {
  where: string;
  keys: string[];
}

/** The `t('key')` a column's `title` is, if it is one. */
function titleKey(element: ts.Expression): string | undefined {
  if (!ts.isObjectLiteralExpression(element)) return undefined;
  for (const p of element.properties) {
    if (!ts.isPropertyAssignment(p) || p.name.getText() !== 'title') continue;
    const v = p.initializer;
    if (ts.isCallExpression(v) && v.expression.getText() === 't' && v.arguments[0] && ts.isStringLiteral(v.arguments[0])) return v.arguments[0].text;
  }
  return undefined;
}

/** Whether an array is a table's columns: `columns={[…]}`, `columns: […]` or `const …columns = […]`. */
function isColumns(node: ts.ArrayLiteralExpression): boolean {
  const parent = node.parent;
  if (ts.isJsxExpression(parent) && ts.isJsxAttribute(parent.parent)) return parent.parent.name.getText() === 'columns';
  if (ts.isPropertyAssignment(parent)) return parent.name.getText() === 'columns';
  if (ts.isVariableDeclaration(parent)) return /columns$/i.test(parent.name.getText());
  return false;
}

const tables: Table[] = files.flatMap((file) => {
  const source = ts.createSourceFile(file, fs.readFileSync(path.join(SRC, file), 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Table[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isArrayLiteralExpression(node) && isColumns(node)) {
      const keys = node.elements.map(titleKey).filter((k): k is string => k !== undefined);
      if (keys.length > 1) found.push({ where: `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`, keys });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
});
const packs = loadConsolePacks();

describe("the console's tables", () => {
  it('are found in the code', () => {
    expect(tables.length).toBeGreaterThan(40);
    expect(tables.some((x) => x.where.startsWith('pages/shops/StockChanges.tsx'))).toBe(true);
  });

  it.each([...LANGUAGES])('in %s, no two columns of a table are headed alike', (lang) => {
    const pack = packs[lang];
    const alike = tables.flatMap(({ where, keys }) => {
      const byText = new Map<string, string[]>();
      for (const key of new Set(keys)) {
        const text = (pack[key] ?? key).trim().toLocaleLowerCase();
        byText.set(text, [...(byText.get(text) ?? []), key]);
      }
      return [...byText].filter(([, same]) => same.length > 1).map(([text, same]) => `${where} "${text}": ${same.join(', ')}`);
    });
    expect(alike).toEqual([]);
  });
});
