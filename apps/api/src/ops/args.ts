/**
 * The words that are not flags, and `--name value` (or `--name=value`) flags; the flags named in
 * `booleans` take no value (`--apply` is `apply=1`).
 */
export function splitArgs(argv: string[], booleans: ReadonlySet<string>): { words: string[]; flags: Map<string, string> } {
  const words: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) words.push(a);
    else if (a.includes('=')) flags.set(a.slice(2, a.indexOf('=')), a.slice(a.indexOf('=') + 1));
    else if (booleans.has(a.slice(2))) flags.set(a.slice(2), '1');
    else flags.set(a.slice(2), argv[++i] ?? '');
  }
  return { words, flags };
}

/** An id given on the command line, or the error that names what is missing. */
export const idOf = (v: string | undefined, what: string): number => {
  if (!v || !/^\d+$/.test(v)) throw new Error(`give the ${what} id (a number)`);
  return Number(v);
};
