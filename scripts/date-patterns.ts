// Writes packages/client/src/date-patterns.ts: how each of the shop's languages writes a date, as Intl
// writes it here. Run again (`npx tsx scripts/date-patterns.ts`) when a language is added; the member
// app's format test fails while the table and Intl disagree.
import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGE_TAGS } from '@shop/contract/common';
import { deriveDatePatterns } from '../packages/client/src/date-patterns-derive.js';

const file = path.resolve(import.meta.dirname, '../packages/client/src/date-patterns.ts');
const patterns = deriveDatePatterns(Object.values(LANGUAGE_TAGS));
/** Spaces other than the plain one written as escapes (a no-break space is not seen). */
const visible = (text: string) => text.replace(/[^\S ]/g, (c) => (c === '\n' ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
fs.writeFileSync(
  file,
  `// Written by scripts/date-patterns.ts from Intl's own output: do not edit by hand.
import type { DatePattern } from './date-patterns-derive';

/** How each of the shop's languages writes a date, as Intl writes it, without Intl's date data (see \`dates.ts\`). */
export const DATE_PATTERNS: Record<string, DatePattern> = ${visible(JSON.stringify(patterns, null, 2))};
`,
);
console.log(`${path.relative(process.cwd(), file)}: ${Object.keys(patterns).length} languages`);
