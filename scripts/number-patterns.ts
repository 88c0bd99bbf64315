// Writes apps/web/src/lib/number-patterns.ts: how each of the app's languages writes numbers and
// money, as Intl writes them. Run again (`npx tsx scripts/number-patterns.ts`) when a language or a
// currency is added; the member app's format test fails while the table and Intl disagree.
import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGE_TAGS } from '@shop/contract/common';
import { derivePatterns, PATTERN_CURRENCIES } from '../apps/web/src/lib/number-patterns-derive.js';

const file = path.resolve(import.meta.dirname, '../apps/web/src/lib/number-patterns.ts');
/** A string as source text, its spaces other than the plain one written as escapes (a no-break space is not seen). */
const text = (s: string) => `'${s.replace(/[\\']/g, (c) => `\\${c}`).replace(/[^\x21-\x7e ]/g, (c) => (/\s/.test(c) ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c))}'`;
const patterns = derivePatterns(Object.values(LANGUAGE_TAGS), PATTERN_CURRENCIES);
fs.writeFileSync(
  file,
  `// Written by scripts/number-patterns.ts from Intl's own output: do not edit by hand.
import type { NumberPattern } from './number-patterns-derive';

/** How each of the app's languages writes numbers and money (see \`formatMoney\`). */
export const NUMBER_PATTERNS: Record<string, NumberPattern> = {
${Object.entries(patterns)
  .map(([tag, { money, ...separators }]) => {
    const rows = Object.entries(money).map(([currency, [prefix, suffix]]) => `      ${currency}: [${text(prefix)}, ${text(suffix)}],`);
    const fields = Object.entries(separators).map(([k, v]) => `${k}: ${typeof v === 'string' ? text(v) : v}`);
    return `  '${tag}': {\n    ${fields.join(', ')},\n    money: {\n${rows.join('\n')}\n    },\n  },`;
  })
  .join('\n')}
};
`,
);
console.log(`${path.relative(process.cwd(), file)}: ${Object.keys(patterns).length} languages, ${PATTERN_CURRENCIES.length} currencies`);
