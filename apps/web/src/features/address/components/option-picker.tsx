import { useMemo, useRef, useState } from 'react';
import { SearchBar } from 'antd-mobile';
import { Sheet } from '@/components/sheet';
import { useTranslation } from '@/lib/i18n';
import { FieldItem } from '@/components/field-list';

export interface PickerOption {
  value: string;
  label: string;
}

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
  const [keyword, setKeyword] = useState('');
  const trigger = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);
  const shown = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    return k ? options.filter((o) => o.label.toLowerCase().includes(k)) : options;
  }, [keyword, options]);
  return (
    <>
      {/* The row opens the list on a tap anywhere; the button in it is what Tab reaches and Enter or Space presses (its click is the row's). */}
      <FieldItem label={label} clickable arrowIcon onClick={() => (disabled ? onBlocked?.() : setOpen(true))}>
        <button type="button" ref={trigger} className={text ? 'address-choice address-picked' : 'address-choice address-placeholder'} aria-label={`${label}: ${text || t('address.choose')}`}>
          {text || t('address.choose')}
        </button>
      </FieldItem>
      {/* A dialog named by the field: the keyboard goes into it when it opens, Escape closes it, and the focus comes back to the row's button. */}
      <Sheet label={label} visible={open} onMaskClick={close} onClose={close} bodyClassName="address-picker" destroyOnClose afterClose={() => trigger.current?.focus({ preventScroll: true })}>
        <div className="address-picker-body">
          <div className="address-picker-title">{label}</div>
          <SearchBar placeholder={t('address.search')} value={keyword} onChange={setKeyword} aria-label={t('address.search')} />
          <div className="address-picker-list">
            {shown.length ? (
              <div role="listbox" aria-label={label}>
                {shown.map((o) => (
                  <button
                    type="button"
                    key={o.value}
                    role="option"
                    className="address-option"
                    aria-selected={o.label === text}
                    onClick={() => {
                      setOpen(false);
                      setKeyword('');
                      onPick(o);
                    }}
                  >
                    {o.label}
                  </button>
                ))}
              </div>
            ) : (
              <div className="address-picker-empty">{t('address.noMatch')}</div>
            )}
          </div>
        </div>
      </Sheet>
    </>
  );
}
