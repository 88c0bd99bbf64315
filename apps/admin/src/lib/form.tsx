import { Checkbox, Form, Radio, type FormItemProps } from 'antd';
import { cloneElement, useEffect, useId, useRef, type ReactElement, type ReactNode } from 'react';
import { Controller, get, set, type Control, useForm, type DefaultValues, type FieldError, type FieldErrors, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/**
 * The console's one way to make a form: react-hook-form holds the values, antd's Form.Item draws
 * each field, and the contract's zod schema of the call's body checks them. The schema is loaded
 * at the first validation (pages load no schema code), and it checks the body the call will send,
 * made of the form's values by `toBody` (amounts typed in major units become minor units …), so a
 * form says only what the body cannot: its own texts and the checks of this screen.
 *
 *   const form = useConsoleForm({ schema: () => import('@shop/contract/orders').then((m) => m.couponBody), defaultValues, toBody });
 *   <FormField form={form} name="code" label={t('…')} message={t('…')}><Input /></FormField>
 *   <Button onClick={form.submit((body) => create.mutate(body))} />
 */

/** What the console needs of a zod schema (kept structural: pages never import zod's code). */
export interface BodySchema<B = unknown> {
  safeParseAsync(value: unknown): Promise<{ success: true; data: B } | { success: false; error: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }> } }>;
}

export interface ConsoleFormOptions<V extends FieldValues, B> {
  /** The contract's schema of the body (or a part of it), loaded when the form first validates. */
  schema?: () => Promise<BodySchema<B>>;
  defaultValues: DefaultValues<V>;
  /** The body the call sends, made of the form's values; without it the values are the body. */
  toBody?: (values: V) => unknown;
  /** Where a refusal of the body's field shows when the form names it differently (`{ percent_bp: 'percent' }`). */
  fieldOf?: Partial<Record<string, Path<V>>>;
  /** Checks of this screen the body cannot make: field → the message shown under it (already translated). */
  check?: (values: V) => Partial<Record<Path<V>, string | false | undefined>>;
}

export interface ConsoleForm<V extends FieldValues, B> extends UseFormReturn<V, unknown, B> {
  /** A click handler: checks the values, then runs `onValid` with the body the schema made of them. */
  submit: (onValid: (body: B) => unknown) => () => Promise<void>;
  /** True while `onValid` runs. */
  busy: boolean;
  /** The refusal of a field no FormField shows (the schema refused a value the screen makes itself). */
  unshown: string | null;
  /** The fields the FormFields of this form show. */
  shown: Set<string>;
  /** Where each shown field's control is: field → the control's element id (for a refusal to bring the first into view). */
  places: Map<string, string>;
}

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && !v.trim()) || (Array.isArray(v) && v.length === 0);

/** The first refused field of an error tree, as a dotted path. */
function firstPath(errors: FieldErrors, prefix = ''): string | undefined {
  for (const [k, v] of Object.entries(errors)) {
    if (!v || typeof v !== 'object') continue;
    const path = prefix ? `${prefix}.${k}` : k;
    if ('type' in v && typeof (v as FieldError).type === 'string') return path;
    const inner = firstPath(v as FieldErrors, path);
    if (inner) return inner;
  }
  return undefined;
}

/** Every refused field of an error tree, as dotted paths. */
function refusedPaths(errors: FieldErrors, prefix = ''): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(errors)) {
    if (!v || typeof v !== 'object') continue;
    const path = prefix ? `${prefix}.${k}` : k;
    if ('type' in v && typeof (v as FieldError).type === 'string') out.push(path);
    else out.push(...refusedPaths(v as FieldErrors, path));
  }
  return out;
}

const FOCUSABLE = 'input:not([type="hidden"]), textarea, select, button, [tabindex]:not([tabindex="-1"])';

/**
 * Brings the refused field that comes first on the screen into view and puts the caret in it: a
 * refused save in a long form or a drawer otherwise changes nothing the operator can see (the
 * refusal is drawn under a field scrolled out of view).
 */
function showFirstRefused(errors: FieldErrors, places: Map<string, string>) {
  // A field refused as a whole (texts in every language) is shown by its parts (`title.en-us` …).
  const ids = refusedPaths(errors).flatMap((path) => [...places].filter(([name]) => name === path || name.startsWith(`${path}.`)).map(([, id]) => id));
  const elements = ids
    .map((id) => document.getElementById(id))
    .filter((el): el is HTMLElement => el !== null);
  const first = elements.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
  if (!first) return;
  // The whole field (its label above, its refusal below) in the middle of whatever scrolls it.
  (first.closest('.ant-form-item') ?? first).scrollIntoView?.({ block: 'center' });
  const control = first.matches(FOCUSABLE) ? first : first.querySelector<HTMLElement>(FOCUSABLE);
  control?.focus({ preventScroll: true });
}

/** The resolver: the screen's checks, then the contract's schema over the body made of the values. */
function contractResolver<V extends FieldValues, B>(options: ConsoleFormOptions<V, B>): Resolver<V, unknown, B> {
  return async (values) => {
    const errors: Record<string, unknown> = {};
    for (const [field, text] of Object.entries(options.check?.(values) ?? {})) if (text) set(errors, field, { type: 'check', message: text });
    let body: unknown = values;
    if (options.toBody) {
      try {
        body = options.toBody(values);
      } catch {
        // A value the body cannot be made of (an amount with too many decimals …): the schema refuses what is left.
        body = undefined;
      }
    }
    let data = body as B;
    if (options.schema) {
      const schema = await options.schema();
      const parsed = await schema.safeParseAsync(body);
      if (parsed.success) data = parsed.data;
      else
        for (const issue of parsed.error.issues) {
          const path = issue.path.map(String);
          const field = options.fieldOf?.[path[0] ?? ''] ?? (path.join('.') || 'root');
          if (get(errors, field) === undefined) set(errors, field, { type: 'schema', message: issue.message });
        }
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors: errors as FieldErrors<V> };
    return { values: data, errors: {} };
  };
}

/** A react-hook-form form checked by a contract schema, with a submit that hands over the body. */
export function useConsoleForm<V extends FieldValues, B = V>(options: ConsoleFormOptions<V, B>): ConsoleForm<V, B> {
  const { t } = useTranslation();
  const latest = useRef(options);
  latest.current = options;
  const shown = useRef(new Set<string>()).current;
  const places = useRef(new Map<string, string>()).current;
  const form = useForm<V, unknown, B>({
    // The options of the latest render: a form whose checks read the page's state sees it as it is now.
    resolver: (values, context, o) => contractResolver(latest.current)(values, context, o),
    defaultValues: options.defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const submit = (onValid: (body: B) => unknown) =>
    form.handleSubmit(
      async (body) => void (await onValid(body)),
      // Once the refusals are drawn (a field's help text moves what is below it).
      (errors) => void setTimeout(() => showFirstRefused(errors as FieldErrors, places), 0),
    );
  const refused = firstPath(form.formState.errors as FieldErrors);
  const unshownPath = refused && ![...shown].some((name) => refused === name || refused.startsWith(`${name}.`)) ? refused : undefined;
  const unshownError = unshownPath ? (get(form.formState.errors, unshownPath) as FieldError | undefined) : undefined;
  const unshown = unshownError ? (unshownError.type === 'check' ? String(unshownError.message) : t('console.common.invalidField', { field: unshownPath })) : null;
  return { ...form, submit, busy: form.formState.isSubmitting, unshown, shown, places };
}

/** Any console form, for pieces that draw fields of several forms (texts in every language …). */
export interface AnyForm {
  control: any;
  shown?: Set<string>;
  places?: Map<string, string>;
}

/** What a field's control carries so a screen reader names it by its label and reads its refusal and hint. */
export interface FieldControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
  'aria-describedby'?: string;
  'aria-labelledby'?: string;
}

// Choices drawn as a group of boxes: a label's `for` cannot name them, their group is named by the label's text.
const GROUPS = new Set<unknown>([Radio.Group, Checkbox.Group]);

interface FieldItemProps extends Omit<FormItemProps, 'name' | 'children' | 'validateStatus' | 'help' | 'htmlFor'> {
  /** The refusal shown under the field, already translated (none: the field is fine). */
  error?: ReactNode;
  /** The control, given its id and aria attributes; or a function drawing controls with them (a choice beside a typed value …). */
  children: ReactElement<Record<string, unknown>> | ((control: FieldControlProps) => ReactNode);
  /** The control is a group of several controls (pictures with their buttons …): it is named by the label's text, not by `for`. */
  group?: boolean;
}

/**
 * One labelled field of the console: antd's Form.Item, with its label tied to the control and the
 * refusal and hint under it read with the control (antd ties them only for fields antd's own form holds).
 */
export function FieldItem({ error, extra, label, children, group, ...item }: FieldItemProps) {
  const uid = useId();
  const own = typeof children === 'function' ? undefined : children.props;
  const id = typeof own?.id === 'string' ? own.id : `field${uid}`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const hasExtra = extra !== undefined && extra !== null && extra !== false && extra !== '';
  const describedBy = [typeof own?.['aria-describedby'] === 'string' ? own['aria-describedby'] : null, hasError ? `${id}-help` : null, hasExtra ? `${id}-extra` : null].filter(Boolean).join(' ');
  const isGroup = group === true || (typeof children !== 'function' && GROUPS.has(children.type));
  const control: FieldControlProps = {
    id,
    ...(hasError ? { 'aria-invalid': true as const } : {}),
    ...(item.required ? { 'aria-required': true as const } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(isGroup && label ? { 'aria-labelledby': `${id}-label` } : {}),
  };
  return (
    <Form.Item
      {...item}
      label={label && isGroup ? <span id={`${id}-label`}>{label}</span> : label}
      htmlFor={isGroup ? undefined : id}
      extra={hasExtra ? <span id={`${id}-extra`}>{extra}</span> : undefined}
      validateStatus={hasError ? 'error' : undefined}
      // An alert: the refusal is read out when it appears, not only when the field is reached again.
      help={hasError ? <span id={`${id}-help`} role="alert">{error}</span> : undefined}
    >
      {typeof children === 'function' ? children(control) : cloneElement(children, control as unknown as Record<string, unknown>)}
    </Form.Item>
  );
}

interface FieldProps<V extends FieldValues> extends Omit<FieldItemProps, 'error' | 'children'> {
  form: { control: Control<V, any, any>; shown?: Set<string>; places?: Map<string, string> };
  name: Path<V>;
  /** What any refusal of the field shows (default: `requiredMessage` when empty, else "Not valid"). */
  message?: string;
  /** What a refused empty value shows (default: "Required"). */
  requiredMessage?: string;
  /** The input's prop holding the value: `checked` for switches and checkboxes. */
  valuePropName?: 'value' | 'checked';
  children: ReactElement<Record<string, unknown>>;
}

/** One field: a labelled FieldItem around an input controlled by react-hook-form, with the field's refusal under it. */
export function FormField<V extends FieldValues>({ form, name, message, requiredMessage, valuePropName = 'value', children, ...item }: FieldProps<V>) {
  const { t } = useTranslation();
  const shown = form.shown;
  const places = form.places;
  const uid = useId();
  // The control's id, its own if it has one: where a refusal of the field brings the operator.
  const id = typeof children.props.id === 'string' ? children.props.id : `field${uid}`;
  useEffect(() => {
    if (!shown) return;
    shown.add(name);
    return () => void shown.delete(name);
  }, [shown, name]);
  useEffect(() => {
    if (!places) return;
    places.set(name, id);
    return () => void (places.get(name) === id && places.delete(name));
  }, [places, name, id]);
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldState.error;
        const help = error ? (error.type === 'check' ? error.message : (message ?? (isEmpty(field.value) ? (requiredMessage ?? t('console.auth.required')) : t('console.common.invalid')))) : undefined;
        const onChange = (v: unknown) => {
          if (valuePropName === 'checked') field.onChange(typeof v === 'object' && v !== null && 'target' in v ? (v as { target: { checked: boolean } }).target.checked : v);
          else field.onChange(typeof v === 'object' && v !== null && 'target' in v && !('$d' in v) ? (v as { target: { value: unknown } }).target.value : v);
        };
        return (
          <FieldItem {...item} error={help}>
            {cloneElement(children, { id, [valuePropName]: valuePropName === 'checked' ? Boolean(field.value) : (field.value ?? undefined), onChange, onBlur: field.onBlur })}
          </FieldItem>
        );
      }}
    />
  );
}

/** The fields a refusal of the server names with their messages (a 422's `data.errors`), for a form to show each under its field; none for any other failure. */
export function refusedFieldsOf(error: unknown): Array<{ field: string; msg: string }> {
  const errors = (error as { data?: { errors?: unknown } } | null)?.data?.errors;
  return Array.isArray(errors) ? errors.filter((e): e is { field: string; msg: string } => typeof e?.field === 'string' && typeof e?.msg === 'string') : [];
}

/** `datetime-local` text in the browser's zone from an ISO moment (empty for none). */
export const toLocalInput = (iso: unknown): string => {
  if (typeof iso !== 'string' || !iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** The ISO moment of `datetime-local` text (null for none or nonsense: the schema refuses it). */
export const fromLocalInput = (local: unknown): string | null => {
  if (typeof local !== 'string' || !local) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};

/** Texts per language as a body takes them: the languages shown but left empty are left out (the member app shows English for them). */
export const filledTexts = (texts: Partial<Record<string, string | undefined>> | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(texts ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== ''));
