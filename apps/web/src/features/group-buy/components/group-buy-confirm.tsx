import { Button } from 'antd-mobile';
import { addressText } from '@shop/contract/common';
import { Sheet } from '@/components/sheet';
import { OrderAmounts } from '@/components/order-amounts';
import { ListState } from '@/components/list-states';
import { useTranslation } from '@/lib/i18n';
import { useFullName } from '@/lib/person-name';
import { useGroupBuyPreview } from '../api/group-buys';

export interface GroupBuyChoice {
  activity_id: number;
  group_id?: number;
  num: number;
  address_id: number;
}

/**
 * What a group-buy order will cost before it is placed: goods at the group price, the operating fee,
 * shipping and the total, as the shop computes them for the address (the same amounts the order gets).
 * Nothing is ordered until the member confirms.
 */
export function GroupBuyConfirm({ choice, placing, onConfirm, onChangeAddress, onClose }: { choice: GroupBuyChoice | undefined; placing: boolean; onConfirm: () => void; onChangeAddress: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const fullName = useFullName();
  const preview = useGroupBuyPreview(choice);
  const a = preview.data;
  return (
    <Sheet label={t('orders.groupBuy.confirm')} visible={choice !== undefined} onMaskClick={onClose} onClose={onClose} destroyOnClose bodyStyle={{ maxHeight: '85vh', overflowY: 'auto', padding: 12, boxSizing: 'border-box' }}>
      <h3 className="group-buy-confirm-title">{t('orders.groupBuy.confirm')}</h3>
      <ListState loading={preview.isPending} error={preview.isError} empty={false} emptyText="" onRetry={() => void preview.refetch()}>
        {a && (
          <>
            {a.address && (
              <div className="group-buy-meta group-buy-confirm-address">
                <span>
                  {fullName(a.address.name, a.address.surname, a.address.country_code)} · {addressText({ country_code: a.address.country_code, province: a.address.province, city: a.address.city, district: a.address.district, street: a.address.detail, house_number: a.address.house_number })}
                </span>
                <Button size="mini" fill="none" color="primary" onClick={onChangeAddress}>
                  {t('orders.groupBuy.changeAddress')}
                </Button>
              </div>
            )}
            <div className="group-buy-confirm-amounts">
              <OrderAmounts amounts={a} />
            </div>
            <Button block color="primary" shape="rounded" disabled={!a.can_submit} loading={placing} onClick={onConfirm}>
              {t('orders.checkout.submit')}
            </Button>
          </>
        )}
      </ListState>
    </Sheet>
  );
}
