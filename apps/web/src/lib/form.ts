import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { i18n } from '@/lib/i18n';
import { showToast } from '@/lib/toast';

/**
 * The one way to make a form: react-hook-form checks the values with the contract's zod schema of
 * the call's body (through the zod resolver), and a refused submit shows one toast for the first
 * field in screen order left empty (spec §5: "Please enter <label>"), else for the first field the
 * schema refuses, with the schema's message (an i18n key of the contract) or "<label> is not valid".
 *
 *   const form = useContractForm(loginBody, { defaultValues, labels: [['account', 'account.field.account'], …] });
 *   <Button onClick={form.submit(async (body) => { await loginMember(body); })} />
 *
 * A page of the first screen passes a loader instead (`() => import('@shop/contract/account/schemas')
 * .then((m) => m.loginBody)`, the area's schemas alone: importing the area's entry would bring them
 * with the page): the schema and zod then load at the first check. The resolver loads either way.
 */

/** The form's fields in screen order, each with the i18n key of its label. */
export type FieldLabels<T extends FieldValues> = ReadonlyArray<readonly [name: Path<T>, labelKey: string]>;

type AnySchema = z.ZodType<unknown, FieldValues>;

export interface ContractForm<S extends AnySchema> extends UseFormReturn<z.input<S>, unknown, z.output<S>> {
  /** A click handler: checks the values, then runs `onValid` with the schema's output, or shows the first problem. */
  submit: (onValid: (values: z.output<S>) => unknown) => () => Promise<void>;
  /** True while `onValid` runs (a button's loading state). */
  busy: boolean;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === false || (typeof v === 'string' && !v.trim()) || (Array.isArray(v) && v.length === 0);

/** The text of one refusal: spec §5's "Please enter …" for an empty field, else the schema's message. */
export function problemText(value: unknown, labelKey: string | undefined, message: string | undefined): string {
  const field = labelKey ? i18n.t(labelKey) : '';
  if (labelKey && isEmpty(value)) return i18n.t('app.form.required', { field });
  if (message && i18n.exists(message)) return i18n.t(message, { field });
  return labelKey ? i18n.t('validation.invalid', { field }) : i18n.t('app.error.generic');
}

/**
 * What a refused submit shows: the first empty field in screen order when one is empty, else the
 * first refused field's problem (fields without a label last).
 */
export function firstProblem<T extends FieldValues>(errors: FieldErrors<T>, values: T, labels: FieldLabels<T>): string | undefined {
  const refused = labels.filter(([name]) => errors[name]);
  const [name, labelKey] = refused.find(([n]) => isEmpty(values[n])) ?? refused[0] ?? [];
  if (name && labelKey) {
    const message = errors[name]?.message;
    return problemText(values[name], labelKey, typeof message === 'string' ? message : undefined);
  }
  const [, other] = Object.entries(errors)[0] ?? [];
  if (!other) return undefined;
  return problemText(undefined, undefined, typeof other.message === 'string' ? other.message : undefined);
}

/** The zod resolver of a schema, or of the schema a loader answers, loaded at the first check. */
function lazyResolver<S extends AnySchema>(schema: S | (() => Promise<S>)): Resolver<z.input<S>, unknown, z.output<S>> {
  let resolver: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | undefined;
  return async (values, context, options) => {
    resolver ??= Promise.all([typeof schema === 'function' ? schema() : schema, import('@hookform/resolvers/zod')]).then(
      // The resolver's overloads cover zod 3 and 4; the schema is zod 4's.
      ([loaded, { zodResolver }]) => zodResolver(loaded as never) as never,
    );
    resolver.catch(() => (resolver = undefined));
    return (await resolver)(values, context, options);
  };
}

/** A react-hook-form form bound to a contract schema, with the spec §5 refusal and a busy flag. */
export function useContractForm<S extends AnySchema>(
  schema: S | (() => Promise<S>),
  options: { defaultValues: DefaultValues<z.input<S>>; labels: FieldLabels<z.input<S>> },
): ContractForm<S> {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: lazyResolver(schema),
    defaultValues: options.defaultValues,
    mode: 'onSubmit',
    shouldFocusError: false,
  });
  const submit = (onValid: (values: z.output<S>) => unknown) =>
    form.handleSubmit(
      async (values) => {
        try {
          await onValid(values);
        } catch {
          // The request client has shown the server's message.
        }
      },
      (errors) => {
        const text = firstProblem(errors, form.getValues(), options.labels);
        if (text) showToast(text);
      },
    );
  return { ...form, submit, busy: form.formState.isSubmitting };
}
