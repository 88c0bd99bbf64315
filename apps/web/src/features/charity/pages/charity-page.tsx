import { useState } from 'react';
import { Button } from 'antd-mobile';
import { paths } from '@/config/paths';
import { Amount } from '@/components/amount';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { useActionKey } from '@/lib/action-key';
import { useNavigate } from '@/lib/router';
import { showToast } from '@/lib/toast';
import { useCharityCentre, usePledge } from '../api/charity';
import { PledgeForm } from '../components/pledge-form';
import '../charity.css';
import { useTranslation } from '@/lib/i18n';

/** `pages/lovers/index`: what the member has given, and the causes open for pledges; a pledge goes on to payment. */
export default function CharityPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const centre = useCharityCentre();
  const [open, setOpen] = useState<number | null>(null);
  // A pledge tapped again after a lost answer is the same request; once the server has answered (a refusal too), the next pledge has its own key.
  const { key, answered } = useActionKey();
  const pledge = usePledge(key);
  const c = centre.data;

  const place = async (causeId: number, amount: number, message: string) => {
    const order = await answered(pledge.mutateAsync({ cause_id: causeId, amount, message }));
    showToast(t('orders.charity.pledged'));
    navigate(`${paths.goods.payNext}?order_id=${order.id}&order_type=charity`);
  };

  return (
    <div className="page charity-page">
      <PageHeader
        title={t('orders.page.charity')}
        right={
          <button type="button" className="page-header-link" onClick={() => navigate(paths.charity.orders)}>
            {t('orders.page.charityOrders')}
          </button>
        }
      />
      <ListState loading={centre.isPending} error={centre.isError} empty={false} onRetry={() => void centre.refetch()}>
        {c && (
          <>
            <section className="charity-section charity-totals" aria-label={t('orders.charity.given')}>
              <div>
                <div className="charity-figure">
                  {c.given.length === 0
                    ? t('orders.charity.nothingGiven')
                    : c.given.map((g) => (
                        <div key={g.currency}>
                          <Amount value={g.amount} currency={g.currency} />
                        </div>
                      ))}
                </div>
                <div className="charity-label">{t('orders.charity.given')}</div>
              </div>
              <div>
                <div className="charity-figure">{c.count}</div>
                <div className="charity-label">{t('orders.charity.count')}</div>
              </div>
              <div>
                <div className="charity-figure">{c.causes_supported}</div>
                <div className="charity-label">{t('orders.charity.causesSupported')}</div>
              </div>
            </section>
            {c.causes.length === 0 && <p className="charity-section charity-meta">{t('orders.charity.noCauses')}</p>}
            {c.causes.map((cause) => (
              <article key={cause.id} className="charity-section charity-cause" data-cause={cause.id}>
                {cause.image && <img src={cause.image} alt="" loading="lazy" />}
                <h3 className="charity-cause-title">{cause.title}</h3>
                <div className="charity-cause-text">{cause.description}</div>
                <div className="charity-meta">
                  {t('orders.charity.raised')} <Amount value={cause.raised} currency={cause.currency} />
                  {cause.goal !== null && (
                    <>
                      {' / '}
                      {t('orders.charity.goal')} <Amount value={cause.goal} currency={cause.currency} />
                    </>
                  )}
                  {' · '}
                  {t('orders.charity.supporters', { count: cause.supporters })}
                </div>
                {open === cause.id ? (
                  <PledgeForm cause={cause} busy={pledge.isPending} onPledge={(amount, message) => void place(cause.id, amount, message).catch(() => {})} />
                ) : (
                  <div className="charity-actions">
                    <Button size="small" color="primary" shape="rounded" onClick={() => setOpen(cause.id)}>
                      {t('orders.charity.pledge')}
                    </Button>
                  </div>
                )}
              </article>
            ))}
          </>
        )}
      </ListState>
    </div>
  );
}
