import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Input, type InputProps, type InputRef } from 'antd-mobile';
import { Controller, type Control, type FieldValues, type Path } from '@/lib/form';
import { FieldItem } from '@/components/field-list';

/**
 * One text field of a `useContractForm` form, in a `FieldList` (layout only: the values and their
 * checks are `useContractForm`'s). `keep` filters what is typed (digits only, …); an
 * emptied field is left out of the body. When a submit is refused for this field, the input is marked
 * invalid, described by the refusal's words and given the keyboard's focus.
 */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  extra,
  description,
  keep,
  inputName,
  ...input
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  extra?: ReactNode;
  /** The field's rule, shown under it in the words its error uses. */
  description?: ReactNode;
  keep?: (typed: string) => string;
  /** The input's `name` in the page when it is not the body's field name (autofill, browser tests). */
  inputName?: string;
} & Omit<InputProps, 'name' | 'value' | 'onChange' | 'defaultValue'>) {
  const inputRef = useRef<InputRef>(null);
  const problem = control.problem?.name === name ? control.problem : undefined;
  // antd-mobile's Input passes no aria attributes to its input: they are set on it here. The refusal's
  // words (the toast's) describe the field as an attribute, not as a second copy of them in the page.
  useLayoutEffect(() => {
    const el = inputRef.current?.nativeElement;
    if (!el) return;
    if (problem) {
      el.setAttribute('aria-invalid', 'true');
      el.setAttribute('aria-description', problem.text);
    } else {
      el.removeAttribute('aria-invalid');
      el.removeAttribute('aria-description');
    }
  }, [problem]);
  // Each refusal takes the keyboard (and a screen reader) to the field to put right.
  const turn = problem?.turn;
  useLayoutEffect(() => {
    if (turn) inputRef.current?.focus();
  }, [turn]);
  return (
    <FieldItem label={label} extra={extra} description={description}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Input
            ref={inputRef}
            // The label above is antd's, not tied to the input: the input carries it as its name too.
            aria-label={label}
            {...input}
            name={inputName ?? name}
            value={typeof field.value === 'string' ? field.value : ''}
            // An emptied field is left out of the body, so an optional one is not refused for ''.
            onChange={(typed) => {
              const kept = keep ? keep(typed) : typed;
              field.onChange(kept === '' ? undefined : kept);
            }}
          />
        )}
      />
    </FieldItem>
  );
}

/** Digits only: codes, phone numbers, the pay password. */
export const digitsOnly = (typed: string) => typed.replace(/\D/g, '');
