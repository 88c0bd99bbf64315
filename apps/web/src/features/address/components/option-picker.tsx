import { useRef, useState } from 'react';
import { SearchListSheet, type ListOption as PickerOption } from '@/components/search-list-sheet';
import { useTranslation } from '@/lib/i18n';
import { FieldItem } from '@/components/field-list';

interface OptionPickerProps {
  label: string;
  /** The chosen option's text, or nothing. */
  text?: string;
  options: readonly PickerOption[];
  disabled?: boolean;
  /** Shown instead of opening when the picker cannot be used yet (the country comes first). */
  onBlocked?: () => void;
  onPick: (option: PickerOption) => void;
}

/** One row of the address form that opens a searchable list (country, province, city, district). */
export function OptionPicker({ label, text, options, disabled, onBlocked, onPick }: OptionPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      {/* The row opens the list on a tap anywhere; the button in it is what Tab reaches and Enter or Space presses (its click is the row's). */}
      <FieldItem label={label} clickable arrowIcon onClick={() => (disabled ? onBlocked?.() : setOpen(true))}>
        <button type="button" ref={trigger} className={text ? 'address-choice address-picked' : 'address-choice address-placeholder'} aria-label={`${label}: ${text || t('address.choose')}`}>
          {text || t('address.choose')}
        </button>
      </FieldItem>
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
