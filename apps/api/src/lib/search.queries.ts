import { sql, type Expression, type RawBuilder } from 'kysely';
import { containing } from './like.js';

/**
 * Every word somewhere in `text`, a column or expression holding `lower()` of NFKC text (lowered
 * once when stored: `ilike` lowered every row's text again for each word); true for no words.
 */
export const containsEveryWord = (text: Expression<string | null>, words: string[]): RawBuilder<boolean> =>
  words.length ? sql<boolean>`(${sql.join(words.map((w) => sql`${text} like lower(${containing(w)})`), sql` and `)})` : sql<boolean>`true`;
