import type { ReactNode } from 'react';
import { Popup } from 'antd-mobile';

/** A bottom sheet holding one settings form. */
export function Sheet({ open, onClose, title, children }: { open: boolean; onClose: () => void; title: string; children: ReactNode }) {
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} destroyOnClose bodyClassName="account-sheet" bodyStyle={{ maxHeight: '85vh', overflowY: 'auto' }}>
      <h3 className="account-sheet-title">{title}</h3>
      {children}
    </Popup>
  );
}
