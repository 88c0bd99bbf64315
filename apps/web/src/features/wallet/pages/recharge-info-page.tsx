import { useQuery } from '@tanstack/react-query';
import { getCheckoutPayment } from '@shop/contract/orders';
import { getRechargeOrder } from '@shop/contract/wallet';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { endpointQuery, useQueryScope } from '@/lib/endpoint-query';
import { useNavigate, useSearchParams } from '@/lib/router';
import { RechargeRecord } from '../components/recharge-record';
import { TopUpGatewayLink, TopUpPayButton, TopUpPaymentFailed } from '../components/top-up-gateway';
import { paths } from '@/config/paths';
import '../wallet.css';
import { useTranslation } from '@/lib/i18n';

/** Waits between two readings while a top-up awaits payment: 1 s, doubling up to 15 s. */
const backoff = (readings: number) => Math.min(1000 * 2 ** Math.max(0, readings - 1), 15_000);

/** Top-ups paid through a gateway's page (the others are sent, then reviewed). */
const GATEWAY_KINDS = ['online', 'ctbc'];

/**
 * `pages/my/rechargeInfo?id=…[&payment_no=…]`: one top-up, where a gateway's page returns and the
 * records list leads. While it awaits payment it is read again with back-off, and so is its payment
 * (the one in the address, else its newest), which makes the server ask its gateway; the page says
 * what the server says, never more (the gateway's word in the address, `redirect_status`, is not
 * read: only the server says a payment failed). An unpaid top-up offers its gateway's page again, or,
 * when no payment is under way and its time has not run out, to pay it: after a failed payment, it
 * says so and offers to try again.
 */
export default function RechargeInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const paymentNo = params.get('payment_no') ?? '';
  const scope = useQueryScope();
  const record = useQuery({
    ...endpointQuery(getRechargeOrder, { id }, scope),
    enabled: id > 0,
    staleTime: 0,
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 'awaiting_payment' ? backoff(q.state.dataUpdateCount) : false),
  });
  const r = record.data;
  const payable = r?.status === 'awaiting_payment' && (Boolean(paymentNo) || GATEWAY_KINDS.includes(r.kind));
  const payment = useQuery({
    ...endpointQuery(getCheckoutPayment, paymentNo ? { payment_no: paymentNo } : { order_id: id, order_type: 'recharge' }, scope),
    enabled: payable,
    staleTime: 0,
    retry: false,
    refetchInterval: (q) => (q.state.data?.state === 'in_progress' ? backoff(q.state.dataUpdateCount) : false),
  });
  const p = payment.data;
  const underWay = p?.state === 'in_progress';
  const failed = payable && p?.state === 'failed';
  // No payment yet (the server answers "not found"), or the last one failed: another may start while the top-up is open.
  const startable = r && payable && !payment.isPending && !underWay && (payment.isError || p?.state === 'failed') && (!r.expires_at || new Date(r.expires_at).getTime() > Date.now());
  return (
    <div className="page wallet-page">
      <PageHeader title={t('wallet.page.recharges')} />
      <ListState loading={record.isPending && id > 0} error={record.isError || !(id > 0)} failure={record.error} empty={false} onRetry={() => void record.refetch()}>
        {r && <RechargeRecord recharge={r} live />}
        {payable && underWay && p.redirect_url && <TopUpGatewayLink url={p.redirect_url} recordPage={`${paths.wallet.rechargeInfo}?id=${id}&payment_no=${p.payment_no}`} />}
        {failed && <TopUpPaymentFailed payment={p} />}
        {startable && <TopUpPayButton id={id} instalments={r.instalments} again={failed && !p.owed_back} onStarted={(page) => navigate(page, { replace: true })} />}
      </ListState>
    </div>
  );
}
