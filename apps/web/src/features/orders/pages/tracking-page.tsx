import { Steps } from 'antd-mobile';
import { useSearchParams } from '@/lib/router';
import { useTranslation } from 'react-i18next';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { useOrderPackages, useOrderTracking } from '../api/get-tracking';
import '../orders.css';

/** `pages/order/orderSn`: each package of an order with its tracking timeline, newest first. */
export default function TrackingPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const packages = useOrderPackages(id);
  const tracking = useOrderTracking(id);
  const list = packages.data?.list ?? [];
  const eventsOf = (packageId: number) => tracking.data?.list.find((p) => p.package_id === packageId)?.events ?? [];
  return (
    <div className="page orders-page tracking-page">
      <PageHeader title={t('orders.tracking.title')} />
      <ListState loading={packages.isPending && id > 0} error={packages.isError || id === 0} empty={list.length === 0} emptyText={t('orders.tracking.none')} onRetry={() => void packages.refetch()}>
        {list.map((p, i) => (
          <section key={p.id} className="order-section" data-package={p.id}>
            <div className="order-card-head">
              <span>{t('orders.tracking.package', { n: i + 1 })}</span>
              <span className="order-status">{t(`orders.tracking.${p.status}`)}</span>
            </div>
            <div className="order-muted">
              {p.carrier} · {p.tracking_number}
            </div>
            <div className="order-muted">{p.lines.map((l) => `${l.name} × ${l.num}`).join(', ')}</div>
            {eventsOf(p.id).length === 0 ? (
              <div className="order-muted">{t('orders.tracking.noEvents')}</div>
            ) : (
              <Steps direction="vertical" current={0}>
                {eventsOf(p.id).map((e, k) => (
                  <Steps.Step
                    key={k}
                    status={k === 0 ? 'process' : 'finish'}
                    title={<span className="tracking-event">{e.text}</span>}
                    description={
                      <span className="tracking-event-time">
                        {new Date(e.time).toLocaleString(i18n.language === 'jp' ? 'ja' : i18n.language)}
                        {e.place ? ` · ${e.place}` : ''}
                      </span>
                    }
                  />
                ))}
              </Steps>
            )}
          </section>
        ))}
      </ListState>
    </div>
  );
}
