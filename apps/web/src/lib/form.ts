import { useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { showFieldRefusalsWith, type FieldRefusal } from '@/lib/field-refusals';
import { i18n } from '@/lib/i18n';
import { showToast } from '@/lib/toast';

/**
 * The one way to make a form: its values are kept here, and a submit checks them with the contract's
 * zod schema of the call's body; a refused submit names the first field in screen order left empty
 * (spec §5: "Please enter <label>", "Please choose <label>" for one chosen from a list), else the first
 * field the schema refuses, with the schema's message (an i18n key of the contract) or "<label> is not
 * valid". That field is marked invalid, the message shows under it (an alert for screen readers), and
 * the keyboard's focus moves to it (`useFieldProblem`: `TextField` and the app's pickers). A refusal no
 * field on screen shows (a problem of the whole body, a field drawn without it) is a toast instead.
 * The server's refusal of a sent body (HTTP 422, its `errors` naming fields) is shown alike: under
 * the field on screen it names, a toast for the rest (`lib/field-refusals.ts`).
 *
 *   const form = useContractForm(loginBody, { defaultValues, labels: [['account', 'account.field.account'], …] });
 *   <TextField control={form.control} name="account" … />
 *   <Button onClick={form.submit(async (body) => { await loginMember(body); })} />
 *
 * A page of the first screen passes a loader instead (`() => import('@shop/contract/account/schemas')
 * .then((m) => m.loginBody)`, the area's schemas alone: importing the area's entry would bring them
 * with the page): the schema and zod then load at the first check.
 *
 * The app's forms are a few fields each, checked when sent: a form library (react-hook-form was 14 KB
 * compressed of the login page's first-screen code) is not needed for that.
 */

export type FieldValues = Record<string, any>;
/** A field of the form: the body's top-level fields are the form's. */
export type Path<T> = Extract<keyof T, string>;

/**
 * The form's fields in screen order, each with the i18n key of its label; `'choose'` marks one whose
 * value is chosen from a list (a country, a card), which an empty refusal asks to choose, not to enter.
 */
export type FieldLabels<T extends FieldValues> = ReadonlyArray<readonly [name: Path<T>, labelKey: string, kind?: 'choose']>;

/** What the schema refused, per field: its first problem's message (and the values its text names). */
export type FieldErrors = Partial<Record<string, { message?: string; params?: Record<string, string> }>>;

/**
 * How a field's text becomes the body's value before the check (an amount in the member's own
 * number format becomes the API's): the value, or the refusal's message (an i18n key) and its values.
 */
export type FieldReader = (typed: string) => { value: string } | { problem: string; params?: Record<string, string> };

/** The form's fields that are read before the check, each with its reader. */
export type FieldReaders<T extends FieldValues> = Partial<Record<Path<T>, FieldReader>>;

/** The field a refused submit stopped at, with what the toast said; `turn` counts the refusals (focus moves at each). */
export interface FieldProblem {
  name: string;
  text: string;
  turn: number;
}

/** What a field component is given to read and change its field (`Controller`, `TextField`). */
export interface Control<T extends FieldValues = FieldValues> {
  readonly values: T;
  setValue<P extends Path<T>>(name: P, value: T[P]): void;
  /** The field the last refused submit stopped at, until it is changed. */
  readonly problem?: FieldProblem;
  /** Says that a field on screen shows its refusal itself (under it), until the answered function is called: no toast is then shown for it. */
  readonly claim?: (name: string) => () => void;
}

type AnySchema = z.ZodType<unknown, FieldValues>;

export interface ContractForm<S extends AnySchema> {
  control: Control<z.input<S>>;
  /** The field's value as this render shows it. */
  watch<P extends Path<z.input<S>>>(name: P): z.input<S>[P];
  setValue<P extends Path<z.input<S>>>(name: P, value: z.input<S>[P]): void;
  /** The values as they are now (set in this event too). */
  getValues(): z.input<S>;
  getValues<P extends Path<z.input<S>>>(name: P): z.input<S>[P];
  /** Starts again from `values` (else from the first default values). */
  reset(values?: Partial<z.input<S>>): void;
  /** A click handler: checks the values, then runs `onValid` with the schema's output, or shows the first problem. */
  submit: (onValid: (values: z.output<S>) => unknown) => () => Promise<void>;
  /** Refuses the submit for a field from a check of the page's own (a limit it reads from the server): said and marked as the schema's refusals are. */
  refuse(name: Path<z.input<S>>, text: string): void;
  /** True while a submit is checked and `onValid` runs (a button's loading state). */
  busy: boolean;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === false || (typeof v === 'string' && !v.trim()) || (Array.isArray(v) && v.length === 0);

/** The text of one refusal: spec §5's "Please enter …" for an empty field ("Please choose …" for one chosen from a list), else the schema's message. */
export function problemText(value: unknown, labelKey: string | undefined, message: string | undefined, params?: Record<string, string>, kind?: 'choose'): string {
  const field = labelKey ? i18n.t(labelKey) : '';
  if (labelKey && isEmpty(value)) return i18n.t(kind === 'choose' ? 'app.form.chooseRequired' : 'app.form.required', { field });
  if (message && i18n.exists(message)) return i18n.t(message, { ...params, field });
  return labelKey ? i18n.t('validation.invalid', { field }) : i18n.t('app.error.generic');
}

/**
 * What a refused submit shows: the first empty field in screen order when one is empty, else the
 * first refused field's problem (fields without a label last).
 */
export function firstProblem<T extends FieldValues>(errors: FieldErrors, values: T, labels: FieldLabels<T>): string | undefined {
  return firstRefusal(errors, values, labels)?.text;
}

/** `firstProblem`, with the field it is about (none for a problem of the whole body). */
export function firstRefusal<T extends FieldValues>(errors: FieldErrors, values: T, labels: FieldLabels<T>): { name?: string; text: string } | undefined {
  const refused = labels.filter(([name]) => errors[name]);
  const [name, labelKey, kind] = refused.find(([n]) => isEmpty(values[n])) ?? refused[0] ?? [];
  if (name && labelKey) return { name, text: problemText(values[name], labelKey, errors[name]?.message, errors[name]?.params, kind) };
  const [field, other] = Object.entries(errors)[0] ?? [];
  if (!other) return undefined;
  return { name: field || undefined, text: problemText(undefined, undefined, other.message, other.params) };
}

/** The schema's first problem with each top-level field (a problem of the whole body under `''`). */
export function errorsOf(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.length ? String(issue.path[0]) : '';
    errors[field] ??= { message: issue.message };
  }
  return errors;
}

/** The values with each read field's text replaced by what its reader makes of it, and the fields it could not read. */
export function readFields<T extends FieldValues>(values: T, readers: FieldReaders<T> | undefined): { values: T; errors: FieldErrors } {
  const read: FieldValues = { ...values };
  const errors: FieldErrors = {};
  for (const [name, reader] of Object.entries(readers ?? {}) as Array<[string, FieldReader]>) {
    const typed = values[name];
    // An empty field is left to the schema: "Please enter …".
    if (typeof typed !== 'string' || !typed.trim()) continue;
    const answer = reader(typed);
    if ('value' in answer) read[name] = answer.value;
    else errors[name] = { message: answer.problem, params: answer.params };
  }
  return { values: read as T, errors };
}

/**
 * A form's values checked by a contract schema (or one a loader answers, loaded at the first check),
 * with the spec §5 refusal and a busy flag. Fields in `read` keep the member's text (an amount in their
 * number format; `watch` gives the text), read into the body's value before the check. Its functions
 * are the same at every render (effects name them among their dependencies); `control` and `watch`
 * change with the values.
 */
export function useContractForm<S extends AnySchema>(
  schema: S | (() => Promise<S>),
  options: { defaultValues: Partial<z.input<S>>; labels: FieldLabels<z.input<S>>; read?: FieldReaders<z.input<S>> },
): ContractForm<S> {
  type Values = z.input<S>;
  const [values, setValues] = useState(options.defaultValues as Values);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<FieldProblem>();
  // What the functions read: the values as set so far (also within the event that set them, before
  // the next render shows them), and this render's schema and labels.
  const now = useRef({ values, first: options.defaultValues, schema, labels: options.labels, read: options.read, loaded: undefined as Promise<S> | undefined, sending: false, shownBy: new Map<string, number>() });
  now.current.schema = schema;
  now.current.labels = options.labels;
  now.current.read = options.read;

  const [fns] = useState(() => {
    const replace = (next: Values) => {
      now.current.values = next;
      setValues(next);
    };
    const setValue = <P extends Path<Values>>(name: P, value: Values[P]) => {
      if (Object.is(now.current.values[name], value)) return;
      replace({ ...now.current.values, [name]: value });
      // A refused field the member changes is no longer said to be invalid.
      setProblem((p) => (p?.name === name ? undefined : p));
    };
    // A refusal is said under its field when a field on screen shows it, else by a toast.
    const say = (refusal: { name?: string; text: string }) => {
      if (!refusal.name || !now.current.shownBy.get(refusal.name)) showToast(refusal.text);
    };
    const claim = (name: string) => {
      const shownBy = now.current.shownBy;
      shownBy.set(name, (shownBy.get(name) ?? 0) + 1);
      return () => {
        const left = (shownBy.get(name) ?? 1) - 1;
        if (left > 0) shownBy.set(name, left);
        else shownBy.delete(name);
      };
    };
    const load = () => {
      const { schema: given } = now.current;
      const loaded = (now.current.loaded ??= Promise.resolve(typeof given === 'function' ? (given as () => Promise<S>)() : given));
      loaded.catch(() => (now.current.loaded = undefined));
      return loaded;
    };
    const submit = (onValid: (values: z.output<S>) => unknown) => async () => {
      // A second tap while the first is being sent sends nothing more.
      if (now.current.sending) return;
      now.current.sending = true;
      setBusy(true);
      try {
        const typed = now.current.values;
        const { values: sent, errors: unread } = readFields(typed, now.current.read);
        const loadedSchema = await load().catch(() => undefined);
        // The schema's code did not arrive (the connection): said, and the next tap loads it again.
        if (!loadedSchema) return showToast(problemText(undefined, undefined, undefined));
        const checked = await loadedSchema.safeParseAsync(sent);
        if (!checked.success || Object.keys(unread).length > 0) {
          // A field that could not be read is refused in the reader's words, not the schema's.
          const errors = { ...(checked.success ? {} : errorsOf(checked.error.issues)), ...unread };
          const refusal = firstRefusal(errors, typed, now.current.labels);
          if (refusal) say(refusal);
          setProblem((p) => (refusal?.name ? { name: refusal.name, text: refusal.text, turn: (p?.turn ?? 0) + 1 } : undefined));
          return;
        }
        setProblem(undefined);
        // While it is sent, the server's refusal of a field on screen shows under that field.
        const lent = showFieldRefusalsWith(showRefusals);
        try {
          await onValid(checked.data as z.output<S>);
        } catch {
          // The request client has shown the server's message, or this form under its field.
        } finally {
          lent();
        }
      } finally {
        now.current.sending = false;
        setBusy(false);
      }
    };
    // A server's refusals (HTTP 422): those of fields on screen are this form's, the first in screen
    // order shown under its field as the schema's refusals are (the others when sent again); the rest
    // are left to the toast.
    const showRefusals = (refusals: readonly FieldRefusal[]): readonly FieldRefusal[] => {
      const fieldOf = (r: FieldRefusal) => r.field.split('.')[0]!;
      const mine = refusals.filter((r) => now.current.shownBy.get(fieldOf(r)));
      if (mine.length === 0) return refusals;
      const order = now.current.labels.map(([name]) => name as string);
      const rank = (r: FieldRefusal) => (order.includes(fieldOf(r)) ? order.indexOf(fieldOf(r)) : order.length);
      const first = mine.reduce((a, b) => (rank(b) < rank(a) ? b : a));
      setProblem((p) => ({ name: fieldOf(first), text: first.msg, turn: (p?.turn ?? 0) + 1 }));
      return refusals.filter((r) => !mine.includes(r));
    };
    const refuse = (name: Path<Values>, text: string) => {
      say({ name, text });
      setProblem((p) => ({ name, text, turn: (p?.turn ?? 0) + 1 }));
    };
    return {
      setValue,
      claim,
      refuse,
      getValues: ((name?: Path<Values>) => (name === undefined ? now.current.values : now.current.values[name])) as ContractForm<S>['getValues'],
      reset: (next?: Partial<Values>) => {
        setProblem(undefined);
        replace({ ...(next ?? now.current.first) } as Values);
      },
      submit,
    };
  });

  const { claim, ...rest } = fns;
  const shown = useMemo(() => ({ control: { values, setValue: fns.setValue, problem, claim }, watch: <P extends Path<Values>>(name: P) => values[name] }), [values, problem, fns]);
  return { ...rest, ...shown, busy };
}

/**
 * What a field on screen does with a refused submit that stopped at it: it shows the refusal under
 * itself (`message`, with `errorId`, for `FieldItem`'s `error`; `turn` tells a new refusal from the
 * last), marks its control (`target`) invalid and described by it, and takes the keyboard's focus there
 * at each refusal. `error` is a problem the page shows itself while the member types (marked alike).
 */
export function useFieldProblem(
  control: Control<any>,
  name: string,
  target: () => HTMLElement | null | undefined,
  error?: boolean,
): { problem?: FieldProblem; message?: string; errorId: string } {
  const problem = control.problem?.name === name ? control.problem : undefined;
  const errorId = useId();
  const { claim } = control;
  useLayoutEffect(() => claim?.(name), [claim, name]);
  const invalid = Boolean(problem) || Boolean(error);
  const read = useRef(target);
  read.current = target;
  useLayoutEffect(() => {
    const el = read.current();
    if (!el) return;
    if (invalid) {
      el.setAttribute('aria-invalid', 'true');
      el.setAttribute('aria-describedby', errorId);
    } else {
      el.removeAttribute('aria-invalid');
      el.removeAttribute('aria-describedby');
    }
  }, [invalid, errorId]);
  // Each refusal takes the keyboard (and a screen reader) to the field to put right.
  const turn = problem?.turn;
  useLayoutEffect(() => {
    if (turn) read.current()?.focus();
  }, [turn]);
  return { problem, message: problem?.text, errorId };
}

/** One field of a form, drawn by `render` with its value and the way to change it. */
export function Controller<T extends FieldValues, P extends Path<T>>({
  control,
  name,
  render,
}: {
  control: Control<T>;
  name: P;
  /** `onChange` takes what the control gives (a field component is generic over the form's values). */
  render: (props: { field: { name: P; value: T[P]; onChange: (value: any) => void } }) => ReactNode;
}) {
  return render({ field: { name, value: control.values[name], onChange: (value: T[P]) => control.setValue(name, value) } });
}
