import type { ReactNode } from 'react';
import { Sheet as AppSheet } from '@/components/sheet';
import { useTranslation } from '@/lib/i18n';

/** A bottom sheet holding one settings form, named by its title, with a Close button beside it (as the agreement sheet). */
export function Sheet({ open, onClose, title, children }: { open: boolean; onClose: () => void; title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <AppSheet label={title} visible={open} onMaskClick={onClose} onClose={onClose} destroyOnClose bodyClassName="account-sheet" bodyStyle={{ maxHeight: '85vh', overflowY: 'auto' }}>
      <div className="account-sheet-head">
        <h3 className="account-sheet-title">{title}</h3>
        <button type="button" className="account-sheet-close" onClick={onClose}>
          {t('app.action.close')}
        </button>
      </div>
      {children}
    </AppSheet>
  );
}
