import type { ClosingBalances as Balances } from '@shop/contract/account';
import { formatMoney, formatNumber } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';

/**
 * What closing the account weighs, before the member applies and before they confirm: the money still
 * in it (which keeps it open until withdrawn or spent) and the points and shopping points it gives up.
 */
export function ClosingBalances({ balances }: { balances: Balances }) {
  const { t } = useTranslation();
  const { money, forfeited } = balances;
  const points = [
    { key: 'points', label: t('account.cancel.points'), count: forfeited.points },
    { key: 'shopping_points', label: t('account.cancel.shoppingPoints'), count: forfeited.shopping_points },
  ].filter((p) => p.count > 0);
  return (
    <>
      {money.length > 0 && (
        <section className="account-card" aria-labelledby="closing-money">
          <h3 id="closing-money">{t('account.cancel.moneyTitle')}</h3>
          <p className="account-warning">{t('account.cancel.moneyText')}</p>
          <ul className="account-amounts">
            {money.map((m) => (
              <li key={`${m.kind}:${m.currency}`}>
                <span>{t(`account.cancel.moneyKind.${m.kind}`)}</span>
                <strong>{formatMoney(m.amount, m.currency)}</strong>
              </li>
            ))}
          </ul>
        </section>
      )}
      {points.length > 0 && (
        <section className="account-card" aria-labelledby="closing-points">
          <h3 id="closing-points">{t('account.cancel.forfeitTitle')}</h3>
          <p>{t('account.cancel.forfeitText')}</p>
          <ul className="account-amounts">
            {points.map((p) => (
              <li key={p.key}>
                <span>{p.label}</span>
                <strong>{formatNumber(p.count)}</strong>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
