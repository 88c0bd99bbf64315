import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from 'antd-mobile';
import { CheckBox } from '@/components/check-box';
import { ResponseCode } from '@shop/contract/common';
import type { PayMethod, PaymentInfo } from '@shop/contract/payments';
import { paths } from '@/config/paths';
import { formatAmount } from '@/components/amount';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { isWeChatBrowser } from '@/lib/environment';
import { inNativeShell } from '@/lib/native-bridge';
import { useLocation, useNavigate, useSearchParams } from '@/lib/router';
import { ApiError, newIdempotencyKey } from '@/lib/request';
import { useChoosePayMethod } from '../api/choose-pay-method';
import { useMemberSecurity } from '@/lib/member-security';
import { usePayMethodFee, usePayMethods } from '../api/get-pay-methods';
import { usePayment } from '../api/get-payment';
import { usePayOrder } from '../api/pay-order';
import { useReadPayNotice } from '../api/read-notice';
import { useCreate2c2pToken, useStartAirwallexPayment } from '../api/start-gateway-payment';
import { MethodMark } from '../components/method-mark';
import { PayCountdown } from '../components/pay-countdown';
import { PayPasswordForm } from '@/components/pay-password-form';
import { payablePage } from '../components/payment-result';
import { pageAfter, paymentQuery } from '../next-page';
import { appAddress, redirectToAirwallexCheckout } from '../provider-sdk';
import { payableFrom, payableQuery } from '../payable';
import '../payments.css';
import { useTranslation } from '@/lib/i18n';

/** Gateways whose payment is started by their own call: Pay makes it, then goes to their page (ours only inside the app shell or when it cannot). */
const START_PAGES: Record<string, string> = { airwallex: paths.pay.airwallex, '2c2p': paths.pay.pay2c2p };
/** Gateways whose hosted page the browser goes to straight from Pay (the Chinese wallets' pages do more than link). */
const HOSTED_GATEWAYS = new Set(['stripe', 'airwallex', '2c2p', 'ctbc']);

/** Choosing how to pay an order (or a pledge, a top-up): each usable method with its fee and total, then paying. */
export default function PayNextPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Where Settings sends the member back once the pay password is set.
  const payPage = useLocation();
  const payable = payableFrom(params);
  const methods = usePayMethods(payable);
  const data = methods.data;
  // "Cannot be paid" is also the answer for a payable already paid: its newest payment says which it is.
  const notPayable = methods.error instanceof ApiError && methods.error.code === ResponseCode.payableNotPayable;
  const last = usePayment({ order_id: payable.order_id, order_type: payable.order_type }, notPayable);
  const checkingPaid = notPayable && last.isPending;
  const paid = notPayable && last.data?.state === 'success' ? last.data : undefined;
  // In the operator's order, those the member can use first: the first of them is the shop's recommendation.
  const list = useMemo(() => {
    const here = data ? data.list.filter(payableHere(isWeChatBrowser())) : [];
    return [...here.filter((m) => m.usable), ...here.filter((m) => !m.usable)];
  }, [data]);
  // The member's pick, else the method chosen before, else the first usable one: known at the
  // first render of the list, so the page never shows it without a choice.
  const [picked, setPicked] = useState<string | undefined>();
  const chosen = picked ?? (list.find((m) => m.usable && m.pay_way === data?.chosen) ?? list.find((m) => m.usable))?.pay_way;
  const method = list.find((m) => m.pay_way === chosen);
  const { googleBound, hasPayPassword } = useMemberSecurity();
  const [key, setKey] = useState(newIdempotencyKey);
  const pay = usePayOrder(key);
  // Airwallex's and 2C2P's own start calls, each request with its own key.
  const [startKey, setStartKey] = useState(newIdempotencyKey);
  const startAirwallex = useStartAirwallexPayment(startKey);
  const start2c2p = useCreate2c2pToken(startKey);
  const [leaving, setLeaving] = useState(false);
  const notice = useReadPayNotice();
  const [useBalance, setUseBalance] = useState(false);
  const choosePayMethod = useChoosePayMethod();

  // The member's choice is fixed on the payable with its fee (the server answers the same fee later).
  const choose = (payWay: string) => {
    setPicked(payWay);
    if (payWay !== chosen) choosePayMethod.mutate({ ...payable, pay_way: payWay });
  };

  const start = async (body: { pay_password?: string; google_code?: string; use_balance?: boolean } = {}) => {
    if (!method) return;
    try {
      const payment = await pay.mutateAsync({ ...payable, pay_way: method.pay_way, ...body });
      // A hosted page is the next screen: no page of ours with a link to it in between.
      if (payment.state === 'in_progress' && payment.redirect_url && payment.balance_part === 0 && payment.gateway && HOSTED_GATEWAYS.has(payment.gateway) && !inNativeShell()) {
        window.location.assign(payment.redirect_url);
        return;
      }
      navigate(pageAfter(payment), { replace: true });
    } catch (e) {
      // Another attempt is another request.
      setKey(newIdempotencyKey());
      throw e;
    }
  };

  // The wallet balance may pay part of an online payment: what it covers is held until the gateway's part succeeds.
  const cash = list.find((m) => m.gateway === null && m.method === 'cash');
  const canMix = Boolean(method?.gateway && method.usable && cash?.balance && data && cash.balance > 0 && cash.balance < data.amount);
  const mixing = canMix && useBalance;
  // What the chosen method takes, beside the balance when mixing: the server's split is what paying charges.
  const cost = usePayMethodFee(payable, method?.usable ? method.pay_way : undefined, mixing);

  // The chosen gateway's notice (whose service, its fee, the conversion) is shown on this page, under
  // the methods, as soon as the method is chosen: Pay then goes on without a dialog in between.
  const [shown, setShown] = useState<{ pay_way: string; mixing: boolean; paragraphs: string[] }>();
  const asked = useRef<string>(undefined);
  const readNotice = notice.mutateAsync;
  // Alipay inside WeChat is not paid here at all (the member is sent to the browser): no notice to read.
  const noticeWay = method?.gateway && method.usable && !(method.gateway === 'alipay' && isWeChatBrowser()) ? method.pay_way : undefined;
  const orderId = payable.order_id;
  const orderType = payable.order_type;
  // Beside the balance the notice names what the method takes then: read again when the balance is ticked or not.
  useEffect(() => {
    const asking = `${noticeWay}:${mixing}`;
    if (!noticeWay || asked.current === asking) return;
    asked.current = asking;
    readNotice({ order_id: orderId, order_type: orderType, pay_way: noticeWay, ...(mixing ? { use_balance: true } : {}) }).then(
      (read) => {
        if (asked.current === asking) setShown({ pay_way: read.pay_way, mixing, paragraphs: read.paragraphs });
      },
      () => {
        if (asked.current === asking) asked.current = undefined;
      },
    );
  }, [noticeWay, mixing, orderId, orderType, readNotice]);
  const noticeShown = shown && method && shown.pay_way === method.pay_way && shown.mixing === mixing ? shown : undefined;

  const payOnline = async (secrets: { pay_password?: string; google_code?: string } = {}) => {
    if (!method) return;
    // WeChat does not open Alipay's pages: the member is told how to go on in the browser.
    if (method.gateway === 'alipay' && isWeChatBrowser()) return navigate(`${paths.goods.openInWechat}?${payableQuery(payable)}`);
    // The notice is on the page; read (recorded) now if it has not arrived yet.
    if (!noticeShown && !(await notice.mutateAsync({ ...payable, pay_way: method.pay_way, ...(mixing ? { use_balance: true } : {}) }).catch(() => undefined))) return;
    // Airwallex and 2C2P start their payment through their own call, made here: then their page is the next screen.
    const ownPage = !mixing && method.gateway ? START_PAGES[method.gateway] : undefined;
    if (ownPage) return startOwn(method, ownPage).catch(() => undefined);
    await start(mixing ? { ...secrets, use_balance: true } : {}).catch(() => undefined);
  };

  const startOwn = async (m: PayMethod, ownPage: string) => {
    let payment: PaymentInfo;
    try {
      payment = await (m.gateway === 'airwallex' ? startAirwallex : start2c2p).mutateAsync({ ...payable, pay_way: m.pay_way });
    } catch (e) {
      setStartKey(newIdempotencyKey());
      throw e;
    }
    const ours = `${ownPage}?${paymentQuery(payment)}`;
    if (payment.state === 'in_progress' && !inNativeShell()) {
      if (payment.redirect_url) return window.location.assign(payment.redirect_url);
      // Live Airwallex: its checkout is opened by Airwallex.js; if it cannot load, our page offers it again.
      if (m.gateway === 'airwallex' && payment.client_secret && payment.sdk_params?.intent_id) {
        setLeaving(true);
        const opened = await redirectToAirwallexCheckout({ clientSecret: payment.client_secret, sdk: payment.sdk_params, currency: payment.currency, lang: i18n.language, successUrl: appAddress(`${paths.goods.paid}?${paymentQuery(payment)}`) }).then(
          () => true,
          () => false,
        );
        setLeaving(false);
        if (opened) return;
      }
    }
    navigate(ours, { replace: true });
  };

  const total = cost.data?.total ?? method?.total ?? null;
  const currency = cost.data?.currency ?? method?.currency ?? data?.currency ?? '';
  const payText = total === null ? t('payments.pay.submit') : t('payments.pay.submitTotal', { total: formatAmount(total, currency) });

  if (paid)
    return (
      <div className="page pay-page">
        <PageHeader title={t('app.page.payNext')} />
        <section className="pay-section pay-center" role="status">
          <div className="pay-result-title success">{t('payments.pay.alreadyPaid')}</div>
          <div className="pay-muted">{t('payments.pay.orderNo', { no: paid.order_no })}</div>
        </section>
        <div className="pay-actions">
          <Button block color="primary" shape="rounded" onClick={() => navigate(payablePage(paid.order_type, paid.order_id), { replace: true })}>
            {t(paid.order_type === 'order' || paid.order_type === 'shop_order' ? 'payments.result.viewOrder' : 'payments.result.viewRecords')}
          </Button>
        </div>
      </div>
    );

  return (
    <div className="page pay-page">
      <PageHeader title={t('app.page.payNext')} />
      <ListState loading={(methods.isPending && payable.order_id > 0) || checkingPaid} error={methods.isError && !checkingPaid} failure={methods.error} missing={payable.order_id > 0 ? undefined : t('payments.missing')} empty={false} onRetry={() => void methods.refetch()}>
        {data && (
          <>
            <section className="pay-section pay-center">
              <div className="pay-muted">{t('payments.pay.amount')}</div>
              <div className="pay-amount">{formatAmount(data.amount, data.currency)}</div>
              <div className="pay-muted">{t('payments.pay.orderNo', { no: data.order_no })}</div>
              {data.expires_at && <PayCountdown expiresAt={data.expires_at} />}
            </section>
            <section className="pay-section">
              <div className="pay-muted">{t('payments.pay.chooseMethod')}</div>
              {list.length === 0 ? (
                <p>{t('payments.pay.noMethods')}</p>
              ) : (
                <div className="pay-methods" role="radiogroup" aria-label={t('payments.pay.chooseMethod')}>
                  {list.map((m, i) => (
                    <MethodRow key={m.pay_way} method={m} charge={mixing && m.pay_way === chosen ? cost.data : undefined} recommended={i === 0 && m.usable && list.length > 1} checked={m.pay_way === chosen} onChoose={() => choose(m.pay_way)} />
                  ))}
                </div>
              )}
              {method?.gateway && noticeShown && (
                <div className="pay-notice-inline" role="note">
                  {noticeShown.paragraphs.map((p) => (
                    <p key={p}>{p}</p>
                  ))}
                </div>
              )}
            </section>
            {method && method.gateway === null && method.usable && (
              <>
                {!hasPayPassword && (
                  <div className="pay-section pay-muted" role="note">
                    {t('wallet.code.payPasswordNotSet')}{' '}
                    <Button size="mini" fill="none" color="primary" onClick={() => navigate(`${paths.other.settings}?${new URLSearchParams({ section: 'payPassword', return: `${payPage.pathname}${payPage.search}` })}`)}>
                      {t('wallet.action.setPayPassword')}
                    </Button>
                  </div>
                )}
                {method.method === 'gift_card' && (
                  <p className="pay-section pay-muted" role="note">
                    {t('payments.pay.giftCardWhole')}
                  </p>
                )}
                <PayPasswordForm key={method.pay_way} googleBound={googleBound} submitText={payText} busy={pay.isPending} onSubmit={(s) => start(s)} />
              </>
            )}
            {method && method.gateway !== null && method.usable && canMix && cash && (
              <section className="pay-section">
                <CheckBox checked={useBalance} onChange={setUseBalance}>
                  {t('payments.mixed.use', { balance: formatAmount(cash.balance!, data.currency) })}
                </CheckBox>
                {mixing && cost.data && (
                  <>
                    <p className="pay-muted">{t('payments.mixed.explain', { balance: formatAmount(cost.data.balance_part, cost.data.currency), rest: formatAmount(cost.data.gateway_part - cost.data.fee, cost.data.currency), method: method.name })}</p>
                    <div className="pay-bar-total">{t('payments.mixed.parts', { balance: formatAmount(cost.data.balance_part, cost.data.currency), gateway: formatAmount(cost.data.gateway_part, cost.data.currency) })}</div>
                    {cost.data.fee > 0 && <div className="pay-muted">{t('payments.pay.feeIncluded', { fee: formatAmount(cost.data.fee, cost.data.currency) })}</div>}
                    <div className="pay-muted">{t('payments.pay.total', { total: formatAmount(cost.data.total, cost.data.currency) })}</div>
                  </>
                )}
              </section>
            )}
            {method && method.gateway !== null && method.usable && mixing && (
              <PayPasswordForm key={`${method.pay_way}-mixed`} googleBound={googleBound} submitText={t('payments.pay.submit')} busy={pay.isPending || notice.isPending} onSubmit={(s) => payOnline(s)} />
            )}
            {method && method.gateway !== null && method.usable && !mixing && (
              <div className="pay-bar">
                <div>
                  {total !== null && <div className="pay-bar-total">{t('payments.pay.total', { total: formatAmount(total, currency) })}</div>}
                  {cost.data && cost.data.fee > 0 && <div className="pay-muted">{t('payments.pay.feeIncluded', { fee: formatAmount(cost.data.fee, currency) })}</div>}
                </div>
                <Button color="primary" shape="rounded" loading={pay.isPending || notice.isPending || startAirwallex.isPending || start2c2p.isPending || leaving} onClick={() => void payOnline()}>
                  {payText}
                </Button>
              </div>
            )}
          </>
        )}
      </ListState>
    </div>
  );
}

/** WeChat Pay's JSAPI works only inside WeChat's browser, and its H5 payment only outside it. */
const payableHere = (inWeChat: boolean) => (m: PayMethod) => (m.method === 'wechat_jsapi' ? inWeChat : m.method === 'wechat_h5' ? !inWeChat : true);

/** Points and shopping points are counted in points, not in the payable's currency. */
const inPoints = (m: PayMethod) => /points/.test(m.method) || /points/.test(m.pay_way);

/** A method to choose; beside the balance (`charge`, the server's quote) the chosen method shows what it takes then and its fee. */
function MethodRow({ method: m, charge, recommended, checked, onChoose }: { method: PayMethod; charge?: { gateway_part: number; fee: number }; recommended: boolean; checked: boolean; onChoose: () => void }) {
  const { t } = useTranslation();
  const total = charge ? charge.gateway_part : m.total;
  const fee = charge ? charge.fee : m.fee;
  return (
    <button type="button" role="radio" aria-checked={checked} className="pay-method" disabled={!m.usable} onClick={onChoose}>
      <MethodMark method={m} />
      <span className="pay-method-main">
        <span className="pay-method-name">{m.name}</span>
        {recommended && <span className="pay-method-tag">{t('payments.pay.recommended')}</span>}
        {m.balance !== null && (
          <span className="pay-muted" style={{ display: 'block' }}>
            {t(m.usable ? 'payments.pay.balance' : 'payments.pay.notEnough', { balance: inPoints(m) ? t('payments.pay.points', { count: m.balance }) : formatAmount(m.balance, m.currency) })}
          </span>
        )}
      </span>
      {total !== null && (
        <span className="pay-method-side">
          {/* Points methods spend points: the count they take, as their balance is said, not the money it stands for. */}
          <span style={{ display: 'block' }}>{inPoints(m) && m.needed !== null ? t('payments.pay.points', { count: m.needed }) : formatAmount(total, m.currency)}</span>
          {fee !== null && fee > 0 && <span className="pay-muted">{t('payments.pay.fee', { fee: formatAmount(fee, m.currency) })}</span>}
        </span>
      )}
    </button>
  );
}
