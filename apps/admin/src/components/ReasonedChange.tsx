import type { AnyEndpoint } from '@shop/contract/common';
import { useTranslation } from 'react-i18next';
import { DecisionModal } from './DecisionModal';

/** A settings change waiting for its reason: the question, then the call with the reason and the idempotency key of what it sends. */
export interface PendingChange {
  title: string;
  send: (reason: string, idempotencyKey: string) => Promise<unknown>;
  /** What the page says once it is saved (default: "Decision saved"), e.g. "Freight saved". */
  saved?: string;
  /** Refused as made from a copy changed since it was opened: what the refusal's Refresh does (open it again as it is now). */
  reload?: () => void;
}

/** Asks for the reason of a settings change and sends it once (one key per reason sent); the answers it changes are read again after. */
export function ReasonedChange({ change, onClose, invalidates }: { change: PendingChange | null; onClose: () => void; invalidates: readonly AnyEndpoint[] }) {
  const { t } = useTranslation();
  if (!change) return null;
  return (
    <DecisionModal
      open
      title={change.title}
      question={t('console.settings.page.reasonQuestion')}
      okText={t('console.settings.page.save')}
      fields={[{ name: 'reason', label: t('console.common.reason'), required: true, multiline: true }]}
      send={(values, key) => change.send(values.reason ?? '', key)}
      invalidates={invalidates}
      savedText={change.saved}
      onStale={change.reload}
      onClose={onClose}
    />
  );
}
