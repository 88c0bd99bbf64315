import type { ReactNode } from 'react';
import { Sheet as AppSheet } from '@/components/sheet';

/** A bottom sheet holding one settings form, named by its title. */
export function Sheet({ open, onClose, title, children }: { open: boolean; onClose: () => void; title: string; children: ReactNode }) {
  return (
    <AppSheet label={title} visible={open} onMaskClick={onClose} onClose={onClose} destroyOnClose bodyClassName="account-sheet" bodyStyle={{ maxHeight: '85vh', overflowY: 'auto' }}>
      <h3 className="account-sheet-title">{title}</h3>
      {children}
    </AppSheet>
  );
}
