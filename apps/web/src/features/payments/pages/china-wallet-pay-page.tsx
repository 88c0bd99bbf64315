import { useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import type { PaymentInfo } from '@shop/contract/payments';
import { paths } from '@/config/paths';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { isWeChatBrowser } from '@/lib/environment';
import { useNavigate, useSearchParams } from '@/lib/router';
import { pageNamesPayment, usePaymentOfPage } from '../api/get-payment';
import { GatewayHandoff } from '../components/gateway-handoff';
import { Unavailable } from '../components/unavailable';
import { paymentQuery } from '../next-page';
import { payableQuery } from '../payable';
import PayFinishPage from './pay-finish-page';
import '../payments.css';
import { useTranslation } from '@/lib/i18n';

/**
 * Paying with WeChat Pay or Alipay. Inside WeChat's browser a JSAPI payment opens WeChat's own pay
 * sheet through its bridge; otherwise the member goes to the wallet's page (WeChat Pay H5, Alipay's
 * mobile page, or the sandbox's). Alipay cannot be opened inside WeChat: the member is shown how
 * to continue in the browser. The payment is read until it ended; the wallet's word is not taken.
 */
export default function ChinaWalletPayPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const payment = usePaymentOfPage(params);
  const named = pageNamesPayment(params);
  const p = payment.data;
  const blocked = p?.gateway === 'alipay' && isWeChatBrowser();
  useEffect(() => {
    if (blocked && p) navigate(`${paths.goods.openInWechat}?${payableQuery(p)}`, { replace: true });
  }, [blocked, p, navigate]);
  if (p && p.state !== 'in_progress') return <PayFinishPage />;
  const wallet = p?.gateway === 'alipay' ? 'alipay' : 'wechat';
  const bridge = wallet === 'wechat' && isWeChatBrowser() && Boolean(p?.sdk_params?.paySign);

  return (
    <div className="page pay-page">
      <PageHeader title={t(p ? `payments.chinaWallet.${wallet}` : 'payments.page.chinaWalletPay')} />
      <ListState loading={payment.isPending && named} missing={named ? undefined : t('payments.missing')} error={payment.isError} failure={payment.error} empty={false} onRetry={() => void payment.refetch()}>
        {p &&
          !blocked &&
          (bridge ? (
            <GatewayHandoff payment={p} text={t('payments.chinaWallet.bridgeText')}>
              <WeChatPaySheetButton payment={p} params={p.sdk_params!} />
            </GatewayHandoff>
          ) : p.redirect_url ? (
            <GatewayHandoff payment={p} text={t(`payments.chinaWallet.${wallet}Text`)} />
          ) : (
            <Unavailable payment={p} />
          ))}
      </ListState>
    </div>
  );
}

/** WeChat's pay sheet (`getBrandWCPayRequest`) with the server's signed parameters. */
function WeChatPaySheetButton({ payment: p, params }: { payment: PaymentInfo; params: Record<string, string> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string>();
  const open = () => {
    const bridge = window.WeixinJSBridge;
    if (!bridge) return setProblem(t('payments.chinaWallet.noBridge'));
    setProblem(undefined);
    const { appId, timeStamp, nonceStr, package: pkg, signType, paySign } = params;
    bridge.invoke('getBrandWCPayRequest', { appId: appId!, timeStamp: timeStamp!, nonceStr: nonceStr!, package: pkg!, signType: signType!, paySign: paySign! }, (res) => {
      // "ok" only means the sheet closed after paying: the result page waits for the server's word.
      if (res.err_msg === 'get_brand_wcpay_request:ok') navigate(`${paths.goods.paid}?${paymentQuery(p)}`, { replace: true });
      else setProblem(t(res.err_msg === 'get_brand_wcpay_request:cancel' ? 'payments.chinaWallet.cancelled' : 'payments.chinaWallet.notOpened'));
    });
  };
  return (
    <>
      {problem && (
        <p role="alert" className="pay-problem">
          {problem}
        </p>
      )}
      <Button block color="primary" shape="rounded" onClick={open}>
        {t('payments.chinaWallet.openSheet')}
      </Button>
    </>
  );
}
