import './search-list-sheet.css';
import { useMemo, useState } from 'react';
import { SearchBar } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { Sheet } from './sheet';

export interface ListOption {
  value: string;
  label: string;
}

interface SearchListSheetProps {
  /** The sheet's title and the dialog's name. */
  label: string;
  open: boolean;
  onClose: () => void;
  options: readonly ListOption[];
  /** The chosen option's value, marked in the list. */
  chosen?: string;
  onPick: (option: ListOption) => void;
  /** Once closed and gone (the focus back on the control that opened it). */
  afterClose?: () => void;
  searchText?: string;
  noMatchText?: string;
}

/**
 * A sheet with a list to choose one from, searched by typing (the address's country and province, a
 * phone's calling code): a dialog named `label` the keyboard goes into (Tab reaches the search box and
 * every option, Enter chooses, Escape leaves it as it was), and the focus comes back on closing.
 */
export function SearchListSheet({ label, open, onClose, options, chosen, onPick, afterClose, searchText, noMatchText }: SearchListSheetProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const shown = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    return k ? options.filter((o) => o.label.toLowerCase().includes(k)) : options;
  }, [keyword, options]);
  const search = searchText ?? t('app.component.search');
  return (
    <Sheet
      label={label}
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="search-list-sheet"
      destroyOnClose
      afterClose={() => {
        setKeyword('');
        afterClose?.();
      }}
    >
      <div className="search-list-body">
        <div className="search-list-title">{label}</div>
        <SearchBar placeholder={search} value={keyword} onChange={setKeyword} aria-label={search} />
        <div className="search-list">
          {shown.length ? (
            <div role="listbox" aria-label={label}>
              {shown.map((o) => (
                <button
                  type="button"
                  key={o.value}
                  role="option"
                  className="search-list-option"
                  aria-selected={o.value === chosen}
                  onClick={() => {
                    onClose();
                    onPick(o);
                  }}
                >
                  {o.label}
                </button>
              ))}
            </div>
          ) : (
            <div className="search-list-empty">{noMatchText ?? t('app.component.emptyTitle')}</div>
          )}
        </div>
      </div>
    </Sheet>
  );
}
