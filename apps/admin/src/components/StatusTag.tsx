import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = {
  pending: 'gold',
  under_review: 'gold',
  awaiting_payment: 'default',
  approved: 'blue',
  paid: 'green',
  shipped: 'cyan',
  completed: 'green',
  delivered: 'green',
  active: 'green',
  rejected: 'red',
  banned: 'red',
  cancelled: 'default',
  closed: 'default',
  expired: 'default',
  withdrawn: 'default',
};

/** A state with its colour and its name in the console's language. */
export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status] ?? 'default'}>{t(`console.status.${status}`, { defaultValue: status })}</Tag>;
}
