import { useTranslation } from 'react-i18next';
import { DecisionModal } from '../../components/DecisionModal';

/** A settings change waiting for its reason: the question, then the call with the reason and the dialog's idempotency key. */
export interface PendingChange {
  title: string;
  send: (reason: string, idempotencyKey: string) => Promise<unknown>;
}

/** Asks for the reason of a settings change and sends it once (one key per dialog); the settings are read again after. */
export function ReasonedChange({ change, onClose, invalidate = [['admin', 'settings']] }: { change: PendingChange | null; onClose: () => void; invalidate?: unknown[][] }) {
  const { t } = useTranslation();
  if (!change) return null;
  return (
    <DecisionModal
      open
      title={change.title}
      question={t('settings.page.reasonQuestion')}
      okText={t('settings.page.save')}
      fields={[{ name: 'reason', label: t('common.reason'), required: true, multiline: true }]}
      send={(values, key) => change.send(values.reason ?? '', key)}
      invalidate={invalidate}
      onClose={onClose}
    />
  );
}
