import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { SearchListSheet, type ListOption as PickerOption } from '@/components/search-list-sheet';
import { useTranslation } from '@/lib/i18n';
import { FieldItem } from '@/components/field-list';
import { useFieldProblem, type Control } from '@/lib/form';

interface OptionPickerProps {
  label: string;
  /** The chosen option's text, or nothing. */
  text?: string;
  options: readonly PickerOption[];
  disabled?: boolean;
  /** Shown instead of opening when the picker cannot be used yet (the country comes first). */
  onBlocked?: () => void;
  onPick: (option: PickerOption) => void;
  /** The form and its field this row chooses, when a refused submit can stop at it: the refusal then shows under the row. */
  field?: { control: Control<any>; name: string };
}

/** One row of the address form that opens a searchable list (country, province, city, district). */
export function OptionPicker({ label, text, options, disabled, onBlocked, onPick, field }: OptionPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      {/* The row opens the list on a tap anywhere; the button in it is what Tab reaches and Enter or Space presses (its click is the row's). */}
      {field ? (
        <RefusableRow field={field} label={label} trigger={trigger} onClick={() => (disabled ? onBlocked?.() : setOpen(true))}>
          <Trigger trigger={trigger} label={label} text={text} />
        </RefusableRow>
      ) : (
        <FieldItem label={label} clickable arrowIcon onClick={() => (disabled ? onBlocked?.() : setOpen(true))}>
          <Trigger trigger={trigger} label={label} text={text} />
        </FieldItem>
      )}
      {/* A dialog named by the field: the keyboard goes into it when it opens, Escape closes it, and the focus comes back to the row's button. */}
      <SearchListSheet
        label={label}
        open={open}
        onClose={() => setOpen(false)}
        options={options}
        chosen={options.find((o) => o.label === text)?.value}
        onPick={onPick}
        afterClose={() => trigger.current?.focus({ preventScroll: true })}
        searchText={t('address.search')}
        noMatchText={t('address.noMatch')}
      />
    </>
  );
}

/** The row's button: what Tab reaches, named by the field and what is chosen. */
function Trigger({ trigger, label, text }: { trigger: RefObject<HTMLButtonElement | null>; label: string; text?: string }) {
  const { t } = useTranslation();
  return (
    <button type="button" ref={trigger} className={text ? 'address-choice address-picked' : 'address-choice address-placeholder'} aria-label={`${label}: ${text || t('address.choose')}`}>
      {text || t('address.choose')}
    </button>
  );
}

/** The row of a field a refused submit can stop at: the refusal under it, its button marked invalid and focused. */
function RefusableRow({ field, label, trigger, onClick, children }: { field: { control: Control<any>; name: string }; label: string; trigger: RefObject<HTMLButtonElement | null>; onClick: () => void; children: ReactNode }) {
  const { problem, message, errorId } = useFieldProblem(field.control, field.name, () => trigger.current);
  return (
    <FieldItem label={label} clickable arrowIcon onClick={onClick} error={message} errorId={errorId} announce={problem?.turn}>
      {children}
    </FieldItem>
  );
}
