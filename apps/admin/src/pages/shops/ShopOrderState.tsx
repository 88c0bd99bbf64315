import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../components/StatusTag';

/** A shop order's state, "refunded" when it was, and its after-sales case's state when it has one (read-only: the platform decides). */
export function ShopOrderState({ id, status, refunded, afterSale }: { id: number; status: string; refunded?: boolean; afterSale: { status: string } | null }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      <StatusTag status={status} />
      {refunded && <Tag>{t('console.status.refunded')}</Tag>}
      {afterSale && (
        <span data-after-sale={id}>
          {t('console.shops.orders.afterSale')} <StatusTag status={afterSale.status} />
        </span>
      )}
    </Space>
  );
}

/** A shop order's or slip's lines in one cell: "name × units; …". */
export const linesText = (lines: ReadonlyArray<{ name: string; num: number }>) => lines.map((l) => `${l.name} × ${l.num}`).join('; ');
