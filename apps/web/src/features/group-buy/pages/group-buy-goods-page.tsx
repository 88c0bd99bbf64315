import { useState } from 'react';
import { Button } from 'antd-mobile';
import { QuantityStepper } from '@/components/quantity-stepper';
import { paths } from '@/config/paths';
import { Amount } from '@/components/amount';
import { ListState } from '@/components/list-states';
import { MediaImage } from '@/components/media-image';
import { PageHeader } from '@/components/page-header';
import { formatDate } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/request';
import { useNavigate, useSearchParams } from '@/lib/router';
import { showToast } from '@/lib/toast';
import { useGroupBuy, useOpenGroups, useShippingAddresses } from '../api/group-buys';
import { useJoinGroupBuy } from '../api/join-group-buy';
import { GroupBuyConfirm, type GroupBuyChoice } from '../components/group-buy-confirm';
import { timeLeft } from '../components/time-left';
import '../group-buy.css';
import { useTranslation } from '@/lib/i18n';

/**
 * `pages/pintuan/goodsInfo?id=`: one group buy with its open groups; the member starts a group or
 * joins one with an order at the group price to their default address, or the one they picked
 * (`address_id`, with the quantity in `num`): the order's amounts (goods, operating fee, shipping,
 * total) are shown first, and it is placed once the member confirms them.
 */
export default function GroupBuyGoodsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const pickedAddress = Number(params.get('address_id')) || undefined;
  const activity = useGroupBuy(id);
  const groups = useOpenGroups(id);
  const addresses = useShippingAddresses();
  const [num, setNum] = useState(() => Math.max(1, Math.floor(Number(params.get('num')) || 1)));
  // One key per visit of the page: a repeated tap after a lost answer is the same order.
  const [key] = useState(newIdempotencyKey);
  const join = useJoinGroupBuy(key);
  const [choice, setChoice] = useState<GroupBuyChoice>();
  const a = activity.data;
  // Ordering is offered only while the server says it runs and units are left; otherwise the page says why instead.
  const orderable = a?.state === 'running' && a.remaining > 0;
  const closedText = !a || orderable ? '' : a.state === 'ended' ? t('orders.groupBuy.ended') : a.state === 'scheduled' ? t('orders.groupBuy.startsAt', { date: formatDate(a.starts_at) }) : t('orders.code.groupBuySoldOut');

  // The address list in pick mode comes back here with the address chosen and the quantity as it was.
  const pickAddress = () => {
    setChoice(undefined);
    const back = `${paths.groupBuy.goods}?${new URLSearchParams({ id: String(id), num: String(num) })}`;
    navigate(`${paths.address.list}?${new URLSearchParams({ pick: '1', return: back })}`);
  };

  const choose = async (groupId?: number) => {
    // A tap before the addresses have arrived waits for them: a member who has one is not sent to add one
    // (a failure to load them is told by the request layer, and nothing is ordered).
    const list = (addresses.data ?? (await addresses.refetch({ throwOnError: true })).data)?.list ?? [];
    const address = list.find((x) => x.id === pickedAddress) ?? list.find((x) => x.is_default) ?? list[0];
    if (!address) {
      showToast(t('orders.checkout.addAddress'));
      pickAddress();
      return;
    }
    setChoice({ activity_id: id, num, address_id: address.id, ...(groupId ? { group_id: groupId } : {}) });
  };

  const buy = async (chosen: GroupBuyChoice) => {
    const order = await join.mutateAsync(chosen);
    setChoice(undefined);
    showToast(t('orders.checkout.placed'));
    navigate(`${paths.goods.payNext}?order_id=${order.order_id}&order_type=order`, { replace: true });
  };

  return (
    <div className="page group-buy-page">
      <PageHeader title={t('orders.page.groupBuyGoods')} />
      <ListState loading={activity.isPending} error={activity.isError} empty={false} emptyText="" onRetry={() => void activity.refetch()}>
        {a && (
          <>
            <section className="group-buy-section group-buy-hero" style={{ display: 'flex', gap: 10 }}>
              <MediaImage src={a.image} alt="" width={120} height={120} sizes="120px" priority />
              <div className="group-buy-body">
                <div className="group-buy-name">{a.name}</div>
                <div className="group-buy-meta">{a.spec_text}</div>
                <div>
                  <span className="group-buy-tag">{t('orders.groupBuy.groupOf', { size: a.group_size })}</span>
                </div>
                <div>
                  <Amount value={a.price} currency={a.currency} className="group-buy-price" />
                  <Amount value={a.original_price} currency={a.currency} className="group-buy-original" />
                </div>
                {a.state === 'running' && (
                  <div className="group-buy-meta">
                    {t('orders.groupBuy.left', { count: a.remaining })} · {t('orders.groupBuy.ends', { date: formatDate(a.ends_at) })}
                  </div>
                )}
              </div>
            </section>
            {closedText && (
              <p className="group-buy-section group-buy-closed" role="status">
                {closedText}
              </p>
            )}
            {orderable && (
              <>
                <section className="group-buy-section">
                  <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
                    <span>{t('orders.groupBuy.quantity')}</span>
                    <QuantityStepper min={1} max={Math.max(1, Math.min(a.per_order_limit, a.remaining))} value={num} onChange={setNum} inputReadOnly label={t('orders.groupBuy.quantity')} />
                  </div>
                  <div className="group-buy-meta">{t('orders.groupBuy.limit', { perOrder: a.per_order_limit, perMember: a.per_member_limit })}</div>
                </section>
                <section className="group-buy-section" aria-label={t('orders.groupBuy.openGroups')}>
                  <h3 style={{ margin: '0 0 4px', fontSize: 14 }}>{t('orders.groupBuy.openGroups')}</h3>
                  {(groups.data?.list ?? []).length === 0 && <div className="group-buy-meta">{t('orders.groupBuy.noOpenGroups')}</div>}
                  {(groups.data?.list ?? []).map((g) => (
                    <div key={g.id} className="group-buy-group" data-group={g.id}>
                      <div className="group-buy-group-body">
                        <div>{t('orders.groupBuy.leader', { name: g.leader })}</div>
                        <div className="group-buy-meta">
                          {t('orders.groupBuy.needed', { count: g.needed })} · {t('orders.groupBuy.timeLeft', { time: timeLeft(t, g.seconds_left) })}
                        </div>
                      </div>
                      <Button size="small" color="primary" shape="rounded" loading={join.isPending} onClick={() => void choose(g.id).catch(() => {})}>
                        {t('orders.groupBuy.join')}
                      </Button>
                    </div>
                  ))}
                </section>
                <p className="group-buy-section group-buy-rule">{t('orders.groupBuy.rule')}</p>
                <div className="group-buy-bar">
                  <span>
                    <Amount value={a.price * num} currency={a.currency} className="group-buy-price" />
                  </span>
                  <Button color="primary" shape="rounded" loading={join.isPending} onClick={() => void choose().catch(() => {})}>
                    {t('orders.groupBuy.start')}
                  </Button>
                </div>
              </>
            )}
          </>
        )}
      </ListState>
      <GroupBuyConfirm choice={choice} placing={join.isPending} onChangeAddress={pickAddress} onConfirm={() => choice && void buy(choice).catch(() => {})} onClose={() => setChoice(undefined)} />
    </div>
  );
}
