import { DotLoading } from 'antd-mobile';
import { formatAmount } from '@/components/amount';
import { useTranslation } from '@/lib/i18n';
import type { useFeeQuote } from '../api/withdraw';

type Quote = ReturnType<typeof useFeeQuote>;

/**
 * What a withdrawal or a transfer costs, as the member types its amount: the fee rule (with the
 * limits when asked), then the fee and the total of the amount in the field, or a spinner while that
 * amount's fee is asked for. `testId` names the fee's figure (`<testId>` and `<testId>-pending`).
 */
export function FeeQuote({ currency, rule, fee, pending, limits = false, testId }: { currency: string; rule?: Quote['rule']; fee: Quote['fee']; pending: boolean; limits?: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <dl className="wallet-quote">
      {rule && (
        <>
          <dt>{t('wallet.withdraw.feeRule')}</dt>
          <dd>{t('wallet.withdraw.feeRuleValue', { percent: (rule.fee_bp / 100).toString(), fixed: formatAmount(rule.fee_fixed, currency) })}</dd>
          {limits && (
            <>
              <dt>{t('wallet.withdraw.limits')}</dt>
              <dd>{`${formatAmount(rule.min, currency)} – ${formatAmount(rule.max, currency)}`}</dd>
            </>
          )}
        </>
      )}
      {fee ? (
        <>
          <dt>{t('wallet.withdraw.fee')}</dt>
          <dd data-testid={testId}>{formatAmount(fee.fee, currency)}</dd>
          <dt>{t('wallet.withdraw.total')}</dt>
          <dd>{formatAmount(fee.total, currency)}</dd>
        </>
      ) : (
        pending && (
          <>
            <dt>{t('wallet.withdraw.fee')}</dt>
            <dd data-testid={`${testId}-pending`} aria-busy="true">
              <DotLoading />
            </dd>
          </>
        )
      )}
    </dl>
  );
}
