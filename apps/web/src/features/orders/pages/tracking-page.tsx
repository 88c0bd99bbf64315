import { Button } from 'antd-mobile';
import type { z } from 'zod';
import type { packageSchema } from '@shop/contract/orders';
import { formatDate } from '@/lib/format';
import { showToast } from '@/lib/toast';
import { useSearchParams } from '@/lib/router';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { useOrderPackages, useOrderTracking } from '../api/get-tracking';
import '../orders.css';
import { useTranslation } from '@/lib/i18n';

/** `pages/order/orderSn`: each package of an order with its tracking timeline, newest first. */
export default function TrackingPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const packages = useOrderPackages(id);
  const tracking = useOrderTracking(id);
  const list = packages.data?.list ?? [];
  const copy = async (number: string) => {
    try {
      await navigator.clipboard.writeText(number);
      showToast(t('orders.tracking.copied'));
    } catch {
      showToast(t('orders.tracking.copyFailed'));
    }
  };
  const eventsOf = (packageId: number) => tracking.data?.list.find((p) => p.package_id === packageId)?.events ?? [];
  return (
    <div className="page orders-page tracking-page">
      <PageHeader title={t('orders.tracking.title')} />
      <ListState loading={packages.isPending && id > 0} error={packages.isError} failure={packages.error} missing={id > 0 ? undefined : t('orders.missing')} empty={list.length === 0} emptyText={t('orders.tracking.none')} onRetry={() => void packages.refetch()}>
        {list.map((p, i) => (
          <section key={p.id} className="order-section" data-package={p.id}>
            <div className="order-card-head">
              <span>{t('orders.tracking.package', { n: i + 1 })}</span>
              <span className="order-status">{t(`orders.tracking.${p.status}`)}</span>
            </div>
            <div className="tracking-number">
              <span>
                <span className="tracking-carrier">{p.carrier}</span> · <span>{p.tracking_number}</span>
              </span>
              <Button size="mini" fill="outline" aria-label={t('orders.tracking.copyNumber', { number: p.tracking_number })} onClick={() => void copy(p.tracking_number)}>
                {t('orders.tracking.copy')}
              </Button>
            </div>
            <div className="order-muted">{p.lines.map((l) => `${l.name} × ${l.num}`).join(', ')}</div>
            <ol className="tracking-timeline" aria-label={t('orders.tracking.timeline')}>
              {timelineOf(p, eventsOf(p.id), t).map((e, k) => (
                <li key={k} className={k === 0 ? 'tracking-step tracking-step-latest' : 'tracking-step'}>
                  <span className="tracking-event">{e.text}</span>
                  <span className="tracking-event-time">
                    {formatDate(e.time, { lang: i18n.language })}
                    {e.place ? ` · ${e.place}` : ''}
                  </span>
                </li>
              ))}
            </ol>
          </section>
        ))}
      </ListState>
    </div>
  );
}

type TrackingEvent = { time: string; place: string; text: string };

/**
 * A package's timeline, newest first: the carrier's events, and the shop's own two facts around them
 * (handed to the carrier when shipped; delivered) so a parcel the carrier has not scanned yet still
 * shows where it is.
 */
function timelineOf(p: Pick<z.infer<typeof packageSchema>, 'carrier' | 'shipped_at' | 'delivered_at'>, events: TrackingEvent[], t: (key: string, params?: Record<string, string>) => string): TrackingEvent[] {
  const all = [...events, { time: p.shipped_at, place: '', text: t('orders.tracking.handedOver', { carrier: p.carrier }) }];
  if (p.delivered_at && !events.some((e) => e.time === p.delivered_at)) all.push({ time: p.delivered_at, place: '', text: t('orders.tracking.delivered') });
  return all.sort((a, b) => new Date(b.time).getTime() - new Date(a.time).getTime());
}
