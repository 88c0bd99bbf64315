// Patterns for LIKE / ILIKE from what a person typed into a search box: their `%`, `_` and `\` are
// taken literally (a search for "%" finds names with a percent sign, not everyone).

const literal = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%`: the text anywhere. */
export const containing = (text: string): string => `%${literal(text)}%`;

/** `text%`: the text at the start. */
export const startingWith = (text: string): string => `${literal(text)}%`;

/**
 * What a person typed into a search box in the form stored texts are compared in: NFKC (half-width
 * katakana become full-width; full-width Latin letters, digits, signs and the ideographic space
 * plain ones), trimmed.
 */
export const searchText = (text: string): string => text.normalize('NFKC').trim();

/** The words of a search (`searchText`), split on any space, each word once. */
export const searchWords = (text: string): string[] => [...new Set(searchText(text).split(/\s+/u).filter(Boolean))];
