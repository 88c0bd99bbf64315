import { Button, Tag } from 'antd-mobile';
import { confirmDialog } from '@/components/dialog';
import { useNavigate } from '@/lib/router';
import { paths } from '@/config/paths';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { showToast } from '@/lib/toast';
import { useBankCards, useDeleteBankCard } from '../api/bank-cards';
import '../wallet.css';
import { useTranslation } from '@/lib/i18n';

/** `pages/my/bankCards`: the member's bank cards (account numbers masked), added and deleted here. */
export default function BankCardsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cards = useBankCards();
  const remove = useDeleteBankCard();
  const list = cards.data?.list ?? [];

  const del = async (id: number, name: string) => {
    const yes = await confirmDialog({ content: t('wallet.bankCard.deleteConfirm', { card: name }), confirmText: t('wallet.bankCard.delete'), cancelText: t('wallet.action.cancel') });
    if (!yes) return;
    try {
      await remove.mutateAsync({ id });
      showToast(t('wallet.bankCard.deleted'));
    } catch {
      // The request client has shown the server's message.
    }
  };

  return (
    <div className="page wallet-page">
      <PageHeader title={t('wallet.page.bankCards')} />
      <ListState loading={cards.isPending} error={cards.isError} failure={cards.error} empty={list.length === 0} emptyText={t('wallet.bankCard.none')} onRetry={() => void cards.refetch()}>
        {list.map((c) => (
          <article key={c.id} className="wallet-record" data-card={c.id}>
            <div className="wallet-row">
              <strong>{c.bank_name}</strong>
              <span>{c.currency}</span>
            </div>
            <div className="wallet-row">
              <span>{c.account_masked}</span>
              {c.in_use && <Tag color="warning">{t('wallet.bankCard.inUse')}</Tag>}
            </div>
            <div className="wallet-row wallet-muted">
              <span>{[c.holder_name, c.branch_name].filter(Boolean).join(' · ')}</span>
              <span className="wallet-card-buttons">
                <Button size="mini" fill="outline" disabled={c.in_use} onClick={() => navigate(`${paths.wallet.bankCardEdit}?id=${c.id}`)}>
                  {t('wallet.bankCard.edit')}
                </Button>
                <Button size="mini" fill="outline" disabled={c.in_use} onClick={() => void del(c.id, `${c.bank_name} ${c.account_masked}`)}>
                  {t('wallet.bankCard.delete')}
                </Button>
              </span>
            </div>
          </article>
        ))}
      </ListState>
      <div className="wallet-form-actions">
        <Button block color="primary" size="large" onClick={() => navigate(paths.wallet.bankCardEdit)}>
          {t('wallet.bankCard.add')}
        </Button>
      </div>
    </div>
  );
}
