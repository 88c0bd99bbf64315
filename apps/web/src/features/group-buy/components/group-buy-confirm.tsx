import { Button, Popup } from 'antd-mobile';
import { Amount } from '@/components/amount';
import { ListState } from '@/components/list-states';
import { useTranslation } from '@/lib/i18n';
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
export function GroupBuyConfirm({ choice, placing, onConfirm, onClose }: { choice: GroupBuyChoice | undefined; placing: boolean; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const preview = useGroupBuyPreview(choice);
  const a = preview.data;
  return (
    <Popup visible={choice !== undefined} onMaskClick={onClose} onClose={onClose} destroyOnClose bodyStyle={{ maxHeight: '85vh', overflowY: 'auto', padding: 12, boxSizing: 'border-box' }}>
      <h3 className="group-buy-confirm-title">{t('orders.groupBuy.confirm')}</h3>
      <ListState loading={preview.isPending} error={preview.isError} empty={false} emptyText="" onRetry={() => void preview.refetch()}>
        {a && (
          <>
            {a.address && (
              <div className="group-buy-meta">
                {a.address.name} {a.address.surname} · {[a.address.detail, a.address.city, a.address.province].filter(Boolean).join(', ')}
              </div>
            )}
            <dl className="group-buy-amounts">
              <dt>{t('orders.amount.subtotal')}</dt>
              <dd>
                <Amount value={a.subtotal} currency={a.currency} />
              </dd>
              {a.coupon_discount > 0 && (
                <>
                  <dt>{t('orders.amount.coupon')}</dt>
                  <dd>
                    <Amount value={-a.coupon_discount} currency={a.currency} />
                  </dd>
                </>
              )}
              {a.operating_fee > 0 && (
                <>
                  <dt>{t('orders.amount.operatingFee', { rate: (a.operating_fee_rate / 100).toString() })}</dt>
                  <dd>
                    <Amount value={a.operating_fee} currency={a.currency} />
                  </dd>
                </>
              )}
              <dt>{t('orders.amount.freight')}</dt>
              <dd>{a.freight === 0 ? t('orders.amount.freeShipping') : <Amount value={a.freight} currency={a.currency} />}</dd>
              <dt className="group-buy-total">{t('orders.amount.total')}</dt>
              <dd className="group-buy-total">
                <Amount value={a.total} currency={a.currency} />
              </dd>
            </dl>
            <Button block color="primary" shape="rounded" disabled={!a.can_submit} loading={placing} onClick={onConfirm}>
              {t('orders.checkout.submit')}
            </Button>
          </>
        )}
      </ListState>
    </Popup>
  );
}
