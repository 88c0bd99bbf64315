import { useState } from 'react';
import { Button, Input, Steps } from 'antd-mobile';
import { ChoiceChips } from '@/components/choice-chips';
import { Amount, formatAmount } from '@/components/amount';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { formatDate } from '@/lib/format';
import { paths } from '@/config/paths';
import { useNavigate, useSearchParams } from '@/lib/router';
import { showToast } from '@/lib/toast';
import { useCarriers, useCase, useCaseTracking, useSaveShipment } from '../api/after-sales';
import { CaseActions } from '../components/case-actions';
import { CaseLine } from '../components/case-line';
import type { AfterSaleCase } from '@shop/contract/after-sales';
import { refundShown } from '../refund';
import '../after-sales.css';
import { useTranslation } from '@/lib/i18n';

/**
 * The return shipment form: a listed carrier, its tracking number, the phone's last digits when the
 * carrier needs them. With `sent`, the shipment saved before, to correct (a mistyped number) while the
 * goods are on their way back.
 */
function ShipmentForm({ caseId, sent, onSaved }: { caseId: number; sent?: { carrier_code: string; tracking_number: string }; onSaved?: () => void }) {
  const { t } = useTranslation();
  const carriers = useCarriers(true);
  const save = useSaveShipment();
  const [carrier, setCarrier] = useState<string | undefined>(sent?.carrier_code || undefined);
  const [number, setNumber] = useState(sent?.tracking_number ?? '');
  const [tail, setTail] = useState('');
  const needsTail = carriers.data?.list.find((c) => c.code === carrier)?.needs_phone_tail ?? false;
  const send = async () => {
    if (!carrier) return showToast(t('afterSales.app.chooseCarrier'));
    if (!number.trim()) return showToast(t('afterSales.app.enterTracking'));
    await save.mutateAsync({ case_id: caseId, carrier_code: carrier, tracking_number: number.trim(), ...(needsTail ? { phone_tail: tail.trim() } : {}) }).then(() => (showToast(t('afterSales.app.shipmentSaved')), onSaved?.()), () => {});
  };
  return (
    <section className="as-section as-shipment-form">
      <div className="as-title">{t(sent ? 'afterSales.app.changeShipment' : 'afterSales.app.shipBack')}</div>
      <ChoiceChips label={t('afterSales.app.shipBack')} columns={2} value={carrier} onChange={setCarrier} options={(carriers.data?.list ?? []).map((c) => ({ label: c.name, value: c.code }))} />
      <Input placeholder={t('afterSales.app.trackingNumber')} aria-label={t('afterSales.app.trackingNumber')} value={number} onChange={setNumber} />
      {needsTail && <Input placeholder={t('afterSales.app.phoneTail')} aria-label={t('afterSales.app.phoneTail')} value={tail} onChange={setTail} maxLength={4} />}
      <div className="as-actions">
        <Button color="primary" shape="rounded" size="small" loading={save.isPending} onClick={() => void send()}>
          {t('afterSales.app.saveShipment')}
        </Button>
      </div>
    </section>
  );
}

/** Where a refund went, part by part ("$10.12 to your wallet", "$38.40 to your card"), else "to how you paid". */
function RefundParts({ c }: { c: Pick<AfterSaleCase, 'refund_parts' | 'currency'> }) {
  const { t, i18n } = useTranslation();
  const parts = c.refund_parts ?? [];
  if (!parts.length) return <>{` · ${t('afterSales.app.refundedTo')}`}</>;
  const methodName = (payWay: string) => (i18n.exists(`payments.method.${payWay}`) ? t(`payments.method.${payWay}`) : payWay);
  return (
    <ul className="as-refund-parts">
      {parts.map((p) => (
        <li key={`${p.to}:${p.pay_way}`}>{t(`afterSales.app.refundTo.${p.to}`, { amount: formatAmount(p.amount, c.currency), method: methodName(p.pay_way) })}</li>
      ))}
    </ul>
  );
}

/** Where a shipment of the case is, newest event first. */
function Tracking({ caseId, leg }: { caseId: number; leg: 'return' | 'replacement' }) {
  const { t } = useTranslation();
  const track = useCaseTracking(caseId, leg, true);
  const d = track.data;
  if (!d) return null;
  return (
    <div className="as-tracking" data-leg={leg}>
      <div className="as-muted">
        {d.carrier} · {d.tracking_number} · {t(`afterSales.app.parcel.${d.status}`)}
      </div>
      {d.events.length > 0 && (
        <Steps direction="vertical" current={0}>
          {d.events.map((e, k) => (
            <Steps.Step key={k} status={k === 0 ? 'process' : 'finish'} title={e.text} description={`${formatDate(e.time)}${e.place ? ` · ${e.place}` : ''}`} />
          ))}
        </Steps>
      )}
    </div>
  );
}

/** `pages/order/saleInfo`: a case's state and history, its goods and evidence, the return address and shipment, the replacement, the refund. */
export default function CaseInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const query = useCase(id);
  const c = query.data;
  const [correcting, setCorrecting] = useState(false);
  return (
    <div className="page after-sales-page as-case-page">
      <PageHeader title={t('app.page.afterSaleInfo')} />
      {/* A malformed id is a case that does not exist, as the server says of an unknown one: not a network failure to retry. */}
      <ListState loading={query.isPending && id > 0} error={query.isError} failure={query.error} missing={id > 0 ? undefined : t('afterSales.code.afterSaleNotFound')} empty={false} onRetry={() => void query.refetch()}>
        {c && (
          <>
            <section className="as-section">
              <div className="as-status" role="status">
                {t(`afterSales.status.${c.status}`)}
              </div>
              <div className="as-muted">
                {t(`afterSales.kind.${c.kind}`)} · {c.case_no} · {c.reason}
                {c.shop && ` · ${c.shop.name}`}
              </div>
              {c.reject_reason && <div className="as-problem">{t('afterSales.app.rejectReason', { reason: c.reject_reason })}</div>}
              {c.ship_back_by && c.status === 'awaiting_return' && <div className="as-muted">{t('afterSales.app.shipBackBy', { date: formatDate(c.ship_back_by) })}</div>}
              {refundShown(c) && (
                <div className="as-muted">
                  {c.refunded !== null ? t('afterSales.app.refunded') : t('afterSales.app.refundable')} <Amount className="as-refund" value={c.refunded ?? c.refund ?? c.refundable} currency={c.currency} />
                  {c.refunded_at && (
                    <>
                      {` · ${formatDate(c.refunded_at)}`}
                      <RefundParts c={c} />
                    </>
                  )}
                </div>
              )}
              {/* A refund approved below what the case may refund says so, with both amounts and the shop's reason, before anything is sent back:
                  the first the figure the approval kept (the console's and the message's, a card's surcharge in it named), the same before and after the refund. */}
              {refundShown(c) && c.refund_reason && c.refund !== null && (
                <div className="as-notice" data-refund-reduced>
                  {c.refund_reduced_from && c.refund_reduced_from.surcharge > 0
                    ? t('afterSales.app.refundReducedSurcharge', { from: formatAmount(c.refund_reduced_from.amount, c.currency), surcharge: formatAmount(c.refund_reduced_from.surcharge, c.currency), to: formatAmount(c.refund, c.currency), reason: c.refund_reason })
                    : t('afterSales.app.refundReduced', { from: formatAmount(c.refund_reduced_from?.amount ?? c.refundable, c.currency), to: formatAmount(c.refund, c.currency), reason: c.refund_reason })}
                </div>
              )}
              {c.refund_delayed && <div className="as-notice">{t('afterSales.app.refundDelayed')}</div>}
              <CaseActions c={c} detailed />
            </section>
            <section className="as-section">
              {c.lines.map((l) => <CaseLine key={l.order_line_id} line={l} />)}
              {c.description && <div className="as-muted">{c.description}</div>}
              {(c.images.length > 0 || c.video) && (
                <div className="as-evidence">
                  {c.images.map((src) => (
                    <img key={src} src={src} alt="" />
                  ))}
                  {c.video && <video src={c.video} controls />}
                </div>
              )}
            </section>
            {c.return_address && (
              <section className="as-section as-return-address">
                <div className="as-title">{t('afterSales.app.returnAddress')}</div>
                <div>{c.return_address.name}</div>
                <div className="as-muted">
                  {c.return_address.address} · {c.return_address.phone}
                </div>
              </section>
            )}
            {!c.return_address && c.actions.can_ship_back && (
              // Approved, to be sent back, and no return address for the order's country: the member is not left guessing.
              <section className="as-section as-return-address">
                <div className="as-title">{t('afterSales.app.returnAddress')}</div>
                <p className="as-muted">{t('afterSales.app.returnAddressMissing')}</p>
                {/* The chat opens with the case and its order named, ready to send: the member need not type them. */}
                <Button size="small" onClick={() => navigate(`${paths.other.customerChat}?${new URLSearchParams({ case_no: c.case_no, order_no: c.order_no })}`)}>
                  {t('afterSales.app.askService')}
                </Button>
              </section>
            )}
            {c.actions.can_ship_back && <ShipmentForm caseId={c.id} />}
            {c.return_shipment && (
              <section className="as-section">
                <div className="as-title">{t('afterSales.app.returnShipment')}</div>
                <Tracking caseId={c.id} leg="return" />
                {/* On its way back and not yet received: a mistyped number or another carrier can still be corrected. */}
                {c.status === 'return_shipped' && !correcting && (
                  <div className="as-actions">
                    <Button size="small" shape="rounded" onClick={() => setCorrecting(true)}>
                      {t('afterSales.app.changeShipment')}
                    </Button>
                  </div>
                )}
              </section>
            )}
            {c.status === 'return_shipped' && c.return_shipment && correcting && <ShipmentForm caseId={c.id} sent={c.return_shipment} onSaved={() => setCorrecting(false)} />}
            {c.replacement_shipment && (
              <section className="as-section">
                <div className="as-title">{t('afterSales.app.replacementShipment')}</div>
                <Tracking caseId={c.id} leg="replacement" />
              </section>
            )}
            <section className="as-section">
              <div className="as-title">{t('afterSales.app.history')}</div>
              <Steps direction="vertical" current={c.events.length - 1}>
                {c.events.map((e, k) => {
                  // The server answers only the notes written for the member; a case sent again names the case it follows.
                  const note = e.follows_case_no ? t('afterSales.app.followsCase', { case_no: e.follows_case_no }) : e.reason;
                  return <Steps.Step key={k} status="finish" title={t(`afterSales.event.${e.kind}`)} description={`${formatDate(e.at)}${note ? ` · ${note}` : ''}`} />;
                })}
              </Steps>
            </section>
          </>
        )}
      </ListState>
    </div>
  );
}
