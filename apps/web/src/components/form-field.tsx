import { useRef, type ReactNode } from 'react';
import { Input, type InputProps, type InputRef } from 'antd-mobile';
import { Controller, useFieldProblem, type Control, type FieldValues, type Path } from '@/lib/form';
import { FieldItem } from '@/components/field-list';
import './form-field.css';

/**
 * One text field of a `useContractForm` form, in a `FieldList` (layout only: the values and their
 * checks are `useContractForm`'s). `keep` filters what is typed (digits only, …); an
 * emptied field is left out of the body. When a submit is refused for this field, the refusal shows
 * under the input (an alert), which is marked invalid, described by it and given the keyboard's focus.
 * An `error` the page finds while the member types (a receiver no member has) shows there too, in
 * place of a refusal, and marks the input invalid alike.
 */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  extra,
  description,
  error,
  before,
  keep,
  inputName,
  ...input
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  /** A short control at the row's end (a code button, a picker); a message goes in `description` or `error`. */
  extra?: ReactNode;
  /** The field's rule, shown under it in the words its error uses. */
  description?: ReactNode;
  /** What is wrong with the value now, shown under the field. */
  error?: ReactNode;
  /** A control in front of the input, in the input's row: a phone number's calling code. */
  before?: ReactNode;
  keep?: (typed: string) => string;
  /** The input's `name` in the page when it is not the body's field name (autofill, browser tests). */
  inputName?: string;
} & Omit<InputProps, 'name' | 'value' | 'onChange' | 'defaultValue'>) {
  const inputRef = useRef<InputRef>(null);
  const shownError = error !== undefined && error !== null && error !== false && error !== '';
  // antd-mobile's Input passes no aria attributes to its input: they are set on it (`useFieldProblem`).
  const { problem, message, errorId } = useFieldProblem(control, name, () => inputRef.current?.nativeElement, shownError);
  return (
    <FieldItem label={label} extra={extra} description={description} error={shownError ? error : message} errorId={errorId} announce={shownError ? undefined : problem?.turn}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <InputRow before={before}>
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
          </InputRow>
        )}
      />
    </FieldItem>
  );
}

/** The input, with the control in front of it (when there is one) in the same row, above the field's rule and error. */
function InputRow({ before, children }: { before?: ReactNode; children: ReactNode }) {
  if (!before) return children;
  return (
    <div className="text-field-row">
      {before}
      {children}
    </div>
  );
}

/** Digits only: codes, phone numbers, the pay password. */
export const digitsOnly = (typed: string) => typed.replace(/\D/g, '');
