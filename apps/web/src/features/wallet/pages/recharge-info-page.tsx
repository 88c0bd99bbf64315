import { useQuery } from '@tanstack/react-query';
import { getCheckoutPayment } from '@shop/contract/orders';
import { getRechargeOrder } from '@shop/contract/wallet';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { endpointQuery, useQueryScope } from '@/lib/endpoint-query';
import { useSearchParams } from '@/lib/router';
import { RechargeRecord } from '../components/recharge-record';
import { TopUpGatewayLink } from '../components/top-up-gateway';
import { paths } from '@/config/paths';
import '../wallet.css';
import { useTranslation } from '@/lib/i18n';

/** Waits between two readings while a top-up awaits payment: 1 s, doubling up to 15 s. */
const backoff = (readings: number) => Math.min(1000 * 2 ** Math.max(0, readings - 1), 15_000);

/**
 * `pages/my/rechargeInfo?id=…[&payment_no=…]`: one top-up, where a gateway's page returns. While it
 * awaits payment it is read again with back-off (with the payment number, the payment too, which
 * makes the server ask its gateway); the page says what the server says, never more.
 */
export default function RechargeInfoPage() {
  const { t } = useTranslation();
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
  const waiting = record.data?.status === 'awaiting_payment';
  const payment = useQuery({
    ...endpointQuery(getCheckoutPayment, { payment_no: paymentNo }, scope),
    enabled: Boolean(paymentNo) && waiting,
    staleTime: 0,
    retry: false,
    refetchInterval: (q) => (q.state.data?.state === 'in_progress' ? backoff(q.state.dataUpdateCount) : false),
  });
  const r = record.data;
  return (
    <div className="page wallet-page">
      <PageHeader title={t('wallet.page.recharges')} />
      <ListState loading={record.isPending && id > 0} error={record.isError || !(id > 0)} failure={record.error} empty={false} onRetry={() => void record.refetch()}>
        {r && (
          <RechargeRecord recharge={r} live />
        )}
        {waiting && payment.data?.state === 'in_progress' && payment.data.redirect_url && <TopUpGatewayLink url={payment.data.redirect_url} recordPage={`${paths.wallet.rechargeInfo}?id=${id}&payment_no=${paymentNo}`} />}
      </ListState>
    </div>
  );
}
