import type { ReactNode } from 'react';
// No icon drawn with a currency sign (¥): the wallet holds many currencies.
import { AddCircleOutline, ArrowDownCircleOutline, BankcardOutline, CouponOutline, FileOutline, GiftOutline, LoopOutline, SendOutline, StarOutline, UnorderedListOutline, UploadOutline, HistogramOutline } from 'antd-mobile-icons';
import { useNavigate } from '@/lib/router';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n';

interface WalletLink {
  labelKey: string;
  icon: ReactNode;
  to: string;
}

/** What a member does with the wallet's money … */
const ACTIONS: WalletLink[] = [
  { labelKey: 'wallet.action.recharge', icon: <AddCircleOutline />, to: paths.wallet.recharge },
  { labelKey: 'wallet.action.withdraw', icon: <UploadOutline />, to: paths.wallet.withdraw },
  { labelKey: 'wallet.action.transfer', icon: <SendOutline />, to: paths.wallet.transfer },
  { labelKey: 'wallet.action.bankCards', icon: <BankcardOutline />, to: paths.wallet.bankCards },
];

/** … and where its records are. */
const RECORDS: WalletLink[] = [
  { labelKey: 'wallet.page.recharges', icon: <ArrowDownCircleOutline />, to: paths.wallet.recharges },
  { labelKey: 'wallet.page.withdrawals', icon: <FileOutline />, to: paths.wallet.withdrawals },
  { labelKey: 'wallet.page.transfers', icon: <UnorderedListOutline />, to: paths.wallet.transfers },
  { labelKey: 'wallet.page.points', icon: <StarOutline />, to: paths.wallet.points },
  { labelKey: 'wallet.page.rewards', icon: <HistogramOutline />, to: paths.wallet.rewards },
  { labelKey: 'app.page.giftCards', icon: <GiftOutline />, to: paths.my.giftCards },
  { labelKey: 'wallet.action.rates', icon: <LoopOutline />, to: paths.activity.realTimePrices },
  { labelKey: 'wallet.action.shoppingPoints', icon: <CouponOutline />, to: `${paths.wallet.points}?kind=shopping_points` },
];

function LinkGrid({ links }: { links: WalletLink[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <nav className="wallet-actions">
      {links.map((l) => (
        <button key={l.to} type="button" className="wallet-action" onClick={() => navigate(l.to)}>
          <span aria-hidden>{l.icon}</span>
          <span className="wallet-action-label">{t(l.labelKey)}</span>
        </button>
      ))}
    </nav>
  );
}

/** The wallet's actions and records, as two rows of links. */
export function WalletActions() {
  const { t } = useTranslation();
  return (
    <>
      <section className="wallet-section" aria-label={t('wallet.assets.actions')}>
        <LinkGrid links={ACTIONS} />
      </section>
      <section className="wallet-section">
        <div className="wallet-section-title">{t('wallet.assets.records')}</div>
        <LinkGrid links={RECORDS} />
      </section>
    </>
  );
}
