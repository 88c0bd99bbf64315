// Patterns for LIKE / ILIKE from what a person typed into a search box: their `%`, `_` and `\` are
// taken literally (a search for "%" finds names with a percent sign, not everyone).

const literal = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%`: the text anywhere. */
export const containing = (text: string): string => `%${literal(text)}%`;

/** `text%`: the text at the start. */
export const startingWith = (text: string): string => `${literal(text)}%`;
