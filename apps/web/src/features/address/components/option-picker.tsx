import { useMemo, useState } from 'react';
import { Popup, SearchBar } from 'antd-mobile';
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
  const shown = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    return k ? options.filter((o) => o.label.toLowerCase().includes(k)) : options;
  }, [keyword, options]);
  return (
    <>
      <FieldItem label={label} clickable arrowIcon onClick={() => (disabled ? onBlocked?.() : setOpen(true))}>
        <span className={text ? 'address-picked' : 'address-placeholder'} role="button" aria-label={`${label}: ${text || t('address.choose')}`}>
          {text || t('address.choose')}
        </span>
      </FieldItem>
      <Popup visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} bodyClassName="address-picker" destroyOnClose>
        <div className="address-picker-body" role="dialog" aria-label={label}>
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
      </Popup>
    </>
  );
}
