import type { z } from 'zod';

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

/**
 * A date or time from the command line as the contract takes it (ISO): an ISO time as given, a day
 * (2026-12-31) as its start in UTC, or with `endOfDay` as its last second in this machine's time zone
 * (what an expiry means, as the console's date fields take it); anything else refused naming the flag.
 */
export function timeFlag(v: string | undefined, what: string, opts: { endOfDay?: boolean } = {}): string | undefined {
  if (v === undefined) return undefined;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(v.trim());
  const t = new Date(day && opts.endOfDay ? `${v.trim()}T23:59:59` : v);
  // A day past the month's end (2026-02-30) rolls over in Date: refused, not moved.
  if (Number.isNaN(t.getTime()) || (day && !isCalendarDay(v.trim()))) throw new Error(`${what}: not a date (2026-12-31 or an ISO time)`);
  return t.toISOString();
}

const isCalendarDay = (d: string) => new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d;

/** An id given on the command line, or the error that names what is missing. */
export const idOf = (v: string | undefined, what: string): number => {
  if (!v || !/^\d+$/.test(v)) throw new Error(`give the ${what} id (a number)`);
  return Number(v);
};

/** A field's own schema inside a body's schema (through optional, nullable and default wrappers), or undefined. */
function fieldSchema(schema: z.ZodType, path: PropertyKey[]): Record<string, unknown> | undefined {
  const inner = (s: unknown): Record<string, unknown> | undefined => {
    let x = s as { _zod?: { def?: { innerType?: unknown } } } | undefined;
    while (x?._zod?.def?.innerType) x = x._zod.def.innerType as typeof x;
    return x as Record<string, unknown> | undefined;
  };
  let s = inner(schema);
  for (const key of path) s = inner((s?.shape as Record<PropertyKey, unknown> | undefined)?.[key]);
  return s;
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * One refusal of the contract as a plain sentence: the field and the rule it breaks, with the whole
 * allowed range where the field has one ("auto_confirm_days must be a whole number from 1 to 90"),
 * not the validator's own wording.
 */
function plainIssue(schema: z.ZodType, issue: z.core.$ZodIssue, input: unknown): string {
  const name = issue.path.map(String).join('.') || 'input';
  const field = fieldSchema(schema, issue.path);
  const given = issue.path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined), input);
  switch (issue.code) {
    case 'too_small':
    case 'too_big': {
      if (issue.origin === 'number' || issue.origin === 'int') {
        const [min, max] = [field?.minValue, field?.maxValue];
        const kind = field?.isInt ? 'a whole number' : 'a number';
        if (finite(min) && finite(max)) return `${name} must be ${kind} from ${min} to ${max}`;
        return issue.code === 'too_small' ? `${name} must be at least ${String(issue.minimum)}` : `${name} must be at most ${String(issue.maximum)}`;
      }
      if (issue.origin === 'string') {
        const [min, max] = [field?.minLength, field?.maxLength];
        if (finite(min) && finite(max)) return `${name} must be ${min} to ${max} characters long`;
        return issue.code === 'too_small' ? `${name} must be at least ${String(issue.minimum)} characters long` : `${name} must be at most ${String(issue.maximum)} characters long`;
      }
      return issue.code === 'too_small' ? `${name} needs at least ${String(issue.minimum)}` : `${name} takes at most ${String(issue.maximum)}`;
    }
    case 'invalid_type':
      if (given === undefined || given === '') return `${name} is required`;
      if (issue.expected === 'int') return `${name} must be a whole number`;
      return `${name} must be a ${issue.expected === 'number' ? 'number' : String(issue.expected)}`;
    case 'invalid_value':
      return `${name} must be one of ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      if (issue.format === 'regex' && 'pattern' in issue && String(issue.pattern) === String(/^[A-Za-z0-9-]+$/)) return `${name} may hold only letters, digits and "-"`;
      return `${name} is not in an accepted form`;
    default:
      if (issue.message === 'validation.required') return `${name} is required`;
      return `${name} is not valid`;
  }
}

/** Checks input as the operator call does; a refusal names each field and the rule it breaks, in plain words. */
export function valid<S extends z.ZodType>(schema: S | undefined, input: unknown): z.output<S> {
  const r = schema!.safeParse(input);
  if (!r.success) throw new Error(`invalid: ${r.error.issues.map((i) => plainIssue(schema!, i, input)).join('; ')}`);
  return r.data;
}
